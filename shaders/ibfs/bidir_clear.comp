#version 460
// Clears, before a batch starts, the visited and frontier words of only the
// vertices the previous batch listed as touched (its sources, destinations
// and every vertex a side reached), instead of a pass over V x words. The
// new words need no clearing: the update empties them every level.
// Strided over (touched vertex, word) with the previous batch's words.
// Bindings: Bidir.h (reads touched, state; writes the four status arrays).
// Push constants: BidirPush (previousWords).
#extension GL_GOOGLE_include_directive : require
#include "BidirCommon.glsl"

layout(local_size_x = 256) in;

void main() {
  const uint W = pc.previousWords;
  const uint count = state[kBidirStateTouchedCount] * W;
  for (uint i = gl_GlobalInvocationID.x; i < count; i += gl_NumWorkGroups.x * 256u) {
    const uint index = touched(i / W) * W + i % W;
    visitedF(index) = 0;
    frontierF(index) = 0;
    visitedB(index) = 0;
    frontierB(index) = 0;
  }
}
