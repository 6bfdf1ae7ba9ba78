#version 460
// Ends the searches the level decided (one invocation per search): a search
// whose sides met records the sum of both sides' levels; a search whose
// advancing side reached no new vertex has no path (that side's reachable
// set is complete and disjoint from the other side's visited set, which
// holds the other end). Either way it leaves the active set, so its words do
// no more work.
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
  if ((state[kBidirStateMet + w] & bit) != 0) {
    lengths[pc.batchOffset + s] = int(state[kBidirStateLevel + w] + state[kBidirStateLevel + 32u + w]);
    atomicAnd(activeMask[w], ~bit);
  } else if ((state[kBidirStateAlive + w] & bit) == 0) {
    atomicAnd(activeMask[w], ~bit);
  }
}
