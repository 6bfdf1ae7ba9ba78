#version 460
// Clears, before a batch starts, the visited and frontier words of only the
// vertices the previous batch listed as touched (its sources, destinations
// and every vertex a side reached), instead of a pass over V x words, and
// their listed flags (every listed vertex is on the touched list). The new
// words and the marks need no clearing: the update and the collect kernel
// empty them every level.
// Strided over (touched vertex, word) with the previous batch's words.
// Bindings: Bidir.h (reads touched, state; writes the four status arrays and
//   the listed flags).
// Push constants: BidirPush (previousWords).
#extension GL_GOOGLE_include_directive : require
#include "BidirCommon.glsl"

layout(local_size_x = 256) in;

void main() {
  const uint W = pc.previousWords;
  const uint count = state[kBidirStateTouchedCount] * W;
  for (uint i = gl_GlobalInvocationID.x; i < count; i += gl_NumWorkGroups.x * 256u) {
    const uint v = touched(i / W);
    const uint index = v * W + i % W;
    if (i % W == 0) {
      listedFlag(v) = 0;
    }
    visitedF(index) = 0;
    frontierF(index) = 0;
    visitedB(index) = 0;
    frontierB(index) = 0;
  }
}
