#version 460
// Expands the level's advancing sides: a team of W invocations (one per
// word) per queue entry, forward entries first, then backward ones. For an
// entry of side q, invocation w ORs the frontier bits of word w's active
// searches that advance side q into the new words of the entry's arc
// targets (out-arcs forward, in-arcs backward), skipping bits the target has
// already visited on that side, and marks a target that got new bits for
// the collect kernel (a plain store: every writer stores 1). Strided over
// the entries of both queues.
// Bindings: Bidir.h (reads the queues, frontier and visited words, state,
//   active; writes the new words, the targets' marks, stats, arcs and words
//   touched per side, the level's queue count).
// Push constants: BidirPush (words, slot, outTargets, inTargets).
#extension GL_GOOGLE_include_directive : require
#include "BidirCommon.glsl"

layout(local_size_x = 256) in;

void main() {
  if (batchDone()) {
    return;
  }
  const uint W = pc.words;
  const uint lane = gl_LocalInvocationID.x % W;
  const uint forwardEntries = state[kBidirStateQueueCount];
  const uint entries = forwardEntries + state[kBidirStateQueueCount + 1];
  const uint activeWord = activeMask[lane];
  const uint expanding[2] = {advancing(0, lane) & activeWord, advancing(1, lane) & activeWord};
  const uint teams = gl_NumWorkGroups.x * (256u / W);
  if (gl_GlobalInvocationID.x == 0) {
    queueCounts[pc.slot * kIbfsMaxInstances] = entries;  // the trace's JFQ entries
  }
  uint64_t examined[2] = {0, 0};
  uint64_t words[2] = {0, 0};  // status words read or written (Bidir.h, kBidirArcsWordsLevel)
  for (uint t = gl_GlobalInvocationID.x / W; t < entries; t += teams) {
    const uint side = t < forwardEntries ? 0u : 1u;
    const uint e = t - side * forwardEntries;
    const uint v = side == 0 ? queueF(2 * e) : queueB(2 * e);
    const uint first = side == 0 ? queueF(2 * e + 1) : queueB(2 * e + 1);
    const uint end = min(first + kBidirChunkArcs, arcEnd(side, v));
    if (lane == 0) {
      examined[side] += end - first;
    }
    words[side] += expanding[side] != 0 ? 1u : 0u;
    const uint bits = expanding[side] != 0 ? frontierWord(side, v * W + lane) & expanding[side] : 0u;
    if (bits == 0) {
      continue;
    }
    words[side] += end - first;
    for (uint a = first; a < end; ++a) {
      const uint target = arcTarget(side, a);
      const uint index = target * W + lane;
      const uint fresh = bits & ~visitedWord(side, index);
      if (fresh != 0) {
        orNew(side, index, fresh);
        markFlag(target) = 1u;  // (a read first to skip set marks was slower on the H100)
        words[side] += 2;  // the new word and the mark
      }
    }
  }
  for (uint q = 0; q < 2; ++q) {
    const uint64_t sum = subgroupAdd(examined[q]);
    if (subgroupElect() && sum != 0) {
      atomicAdd(arcs[kBidirArcsLevel + pc.slot * 2u + q], sum);
      atomicAdd(stats[pc.slot].edgesExamined, sum);
    }
    const uint64_t touched = subgroupAdd(words[q]);
    if (subgroupElect() && touched != 0) {
      atomicAdd(arcs[kBidirArcsWordsLevel + pc.slot * 2u + q], touched);
    }
  }
}
