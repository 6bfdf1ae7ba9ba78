#version 460
// Ends the searches the level decided (one invocation per search), with a
// and b the sides' levels after this one (the plan counted it):
//   met                  -> a + b, or a + b - 1 when both sides advanced
//                           (one side's new vertex lies within the other's
//                           previous level);
//   metBoth (no met)     -> a + b;
//   an advancing side reached no new vertex -> no path: that side's
//   reachable set is complete and disjoint from the other side's visited
//   set, which holds the other end.
// A search that ends leaves the active set, so its words do no more work.
// Bindings: Bidir.h (reads state; writes lengths, active).
// Push constants: BidirPush (batchOffset, batchSize).
#extension GL_GOOGLE_include_directive : require
#include "BidirCommon.glsl"

layout(local_size_x = 256) in;

void main() {
  const uint s = gl_GlobalInvocationID.x;
  if (s >= pc.batchSize || batchDone()) {
    return;
  }
  const uint w = s >> 5u;
  const uint bit = 1u << (s & 31u);
  if ((activeMask[w] & bit) == 0) {
    return;
  }
  const bool forward = (advancing(0, w) & bit) != 0;
  const bool backward = (advancing(1, w) & bit) != 0;
  const uint levels = state[kBidirStateLevel + s] + state[kBidirStateLevel + 1024u + s];
  int length = -1;
  if ((state[kBidirStateMet + w] & bit) != 0) {
    length = int(forward && backward ? levels - 1u : levels);
  } else if ((state[kBidirStateMetBoth + w] & bit) != 0) {
    length = int(levels);
  }
  const bool exhausted = (forward && (state[kBidirStateAlive + w] & bit) == 0) ||
                         (backward && (state[kBidirStateAlive + 32u + w] & bit) == 0);
  if (length >= 0) {
    lengths[pc.batchOffset + s] = length;
  }
  if (length >= 0 || exhausted) {
    atomicAnd(activeMask[w], ~bit);
  }
}
