#version 460
// Expands the level's advancing sides: a team of W invocations (one per
// word) per queue entry, forward entries first, then backward ones. For an
// entry of side q, invocation w ORs the frontier bits of word w's active
// searches that advance side q into the new words of the entry's arc
// targets (out-arcs forward, in-arcs backward), skipping bits the target has
// already visited on that side, and marks a target that got new bits for
// the collect kernel (a plain store: every writer stores 1). Strided over
// the entries of both queues; the arcs of an entry in batches of kBatch
// whose loads are issued together.
// Bindings: Bidir.h (reads the queues, frontier and visited words, state,
//   active; writes the new words, the targets' marks, stats, arcs and words
//   touched per side, the level's queue count).
// Push constants: BidirPush (words, slot, outTargets, inTargets).
#extension GL_GOOGLE_include_directive : require
#extension GL_EXT_control_flow_attributes : require
#include "BidirCommon.glsl"

layout(local_size_x = 256) in;

const uint kBatch = kIbfsExpandBatch;

// ORs `fresh` (bits the target has not visited on `side`) into the target's
// new word and marks the target for the collect kernel (a plain store:
// every writer stores 1; a read first to skip set marks was slower on the
// H100). Returns the status words written (the bytes model).
uint spread(uint side, uint target, uint fresh) {
  if (fresh == 0) {
    return 0;
  }
  orNew(side, target * pc.words + gl_LocalInvocationID.x % pc.words, fresh);
  markFlag(target) = 1u;
  return 2;  // the new word and the mark
}

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
  // 32-bit counts (fewer registers): an invocation handles at most
  // ceil(entries / teams) entries (teams >= 8) of up to 128 arcs, and a
  // level's arcs are fewer than 2^32, so it counts fewer than 2^30 arcs and
  // 2^31 words.
  uint examined[2] = {0, 0};
  uint words[2] = {0, 0};  // status words read or written (Bidir.h, kBidirArcsWordsLevel)
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
    // kBatch arcs at a time: their targets, then their visited words, are
    // loaded before any test, so a chunk of kBidirChunkArcs arcs costs about
    // two memory latencies per batch instead of two per arc (a team walks
    // its chunk alone: a hub's chunks are the longest chains of the level).
    uint a = first;
    for (; a + kBatch <= end; a += kBatch) {
      uint target[kBatch];
      uint seen[kBatch];
      [[unroll]] for (uint j = 0; j < kBatch; ++j) {
        target[j] = arcTarget(side, a + j);
      }
      [[unroll]] for (uint j = 0; j < kBatch; ++j) {
        seen[j] = visitedWord(side, target[j] * W + lane);
      }
      [[unroll]] for (uint j = 0; j < kBatch; ++j) {
        words[side] += spread(side, target[j], bits & ~seen[j]);
      }
    }
    for (; a < end; ++a) {
      const uint target = arcTarget(side, a);
      words[side] += spread(side, target, bits & ~visitedWord(side, target * W + lane));
    }
  }
  for (uint q = 0; q < 2; ++q) {
    const uint64_t sum = subgroupAdd(uint64_t(examined[q]));
    if (subgroupElect() && sum != 0) {
      atomicAdd(arcs[kBidirArcsLevel + pc.slot * 2u + q], sum);
      atomicAdd(stats[pc.slot].edgesExamined, sum);
    }
    const uint64_t touched = subgroupAdd(uint64_t(words[q]));
    if (subgroupElect() && touched != 0) {
      atomicAdd(arcs[kBidirArcsWordsLevel + pc.slot * 2u + q], touched);
    }
  }
}
