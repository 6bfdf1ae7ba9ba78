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
// Bindings: Bidir.h (reads state; writes lengths, active, and the tracked
// search's end in arcs).
// Push constants: BidirPush (batchOffset, batchSize).
#extension GL_GOOGLE_include_directive : require
#include "BidirCommon.glsl"

layout(local_size_x = 256) in;

// The elements one search's decision read and wrote (Bidir.h,
// kBidirArcsSettleLevel): its active word; while active the eight state
// words, read up front (no short cut) so that the count is the same every
// time, its length and its active bit when it ends.
uint decide(uint s) {
  const uint w = s >> 5u;
  const uint bit = 1u << (s & 31u);
  if ((activeMask[w] & bit) == 0) {
    return 1;
  }
  const bool forward = (advancing(0, w) & bit) != 0;
  const bool backward = (advancing(1, w) & bit) != 0;
  const uint levels = state[kBidirStateLevel + s] + state[kBidirStateLevel + 1024u + s];
  const bool met = (state[kBidirStateMet + w] & bit) != 0;
  const bool metBoth = (state[kBidirStateMetBoth + w] & bit) != 0;
  const bool aliveForward = (state[kBidirStateAlive + w] & bit) != 0;
  const bool aliveBackward = (state[kBidirStateAlive + 32u + w] & bit) != 0;
  int length = -1;
  if (met) {
    length = int(forward && backward ? levels - 1u : levels);
  } else if (metBoth) {
    length = int(levels);
  }
  const bool exhausted = (forward && !aliveForward) || (backward && !aliveBackward);
  uint elements = 9;
  if (length >= 0) {
    lengths[pc.batchOffset + s] = length;
    elements += 1;
  }
  if (length >= 0 || exhausted) {
    atomicAnd(activeMask[w], ~bit);
    elements += 1;
    if (s == pc.trackedSearch) {
      arcs[kBidirArcsTracked + pc.slot * kBidirTrackedWords + kBidirTrackedEnded] = 1;  // the views' record
    }
  }
  return elements;
}

void main() {
  const uint s = gl_GlobalInvocationID.x;
  if (batchDone()) {
    return;  // uniform: the level's plan ended the batch
  }
  const uint64_t elements = subgroupAdd(uint64_t(s < pc.batchSize ? decide(s) : 0u));
  if (subgroupElect() && elements != 0) {
    atomicAdd(arcs[kBidirArcsSettleLevel + pc.slot], elements);
  }
}
