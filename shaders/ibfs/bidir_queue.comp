#version 460
// Builds the level's two queues: a vertex enters the forward (backward)
// queue when an active search that advances forward (backward) this level
// has the vertex in that side's frontier. Only the vertices on the level's
// frontier list are looked at (Bidir.h: every vertex with a frontier bit of
// an active search is on it). A team of W invocations (one per word) votes
// in shared memory (TeamVotes.glsl); its first invocation appends the vertex as ceil(deg / kBidirChunkArcs)
// entries (vertex, first arc), at least one, with deg its arcs on that
// side. Strided over the list x W; barriers stay in uniform control flow
// (the loop bound depends only on the workgroup).
// Bindings: Bidir.h (reads the frontier list and words, state, active;
//   writes the queues, state queue counts, stats).
// Push constants: BidirPush (vertexCount, words, level, slot).
#extension GL_GOOGLE_include_directive : require
#include "BidirCommon.glsl"
#include "TeamVotes.glsl"

layout(local_size_x = 256) in;

void main() {
  if (batchDone()) {
    return;
  }
  const uint W = pc.words;
  const uint lane = gl_LocalInvocationID.x % W;
  const uint team = gl_LocalInvocationID.x / W;
  const uint total = listLength(pc.level & 1u) * W;
  const uint activeWord = activeMask[lane];
  const uint expanding[2] = {advancing(0, lane) & activeWord, advancing(1, lane) & activeWord};
  uint queued = 0;
  uint64_t frontierArcs = 0;
  clearVotes();
  barrier();
  uint round = 0;
  for (uint base = gl_WorkGroupID.x * 256u; base < total; base += gl_NumWorkGroups.x * 256u) {
    const uint i = base + gl_LocalInvocationID.x;
    const uint v = i < total ? frontierList(pc.level & 1u, i / W) : 0u;
    if (i < total) {
      for (uint side = 0; side < 2; ++side) {
        if (expanding[side] != 0 && (frontierWord(side, v * W + lane) & expanding[side]) != 0) {
          castVote(round, team, 1u << side);
        }
      }
    }
    barrier();
    const uint vote = takeVote(round++, team, lane);
    if (lane == 0 && i < total) {
      for (uint q = 0; q < 2; ++q) {
        if ((vote & (1u << q)) == 0) {
          continue;
        }
        const uint begin = arcBegin(q, v);
        const uint degree = arcEnd(q, v) - begin;
        const uint entries = max(1u, (degree + kBidirChunkArcs - 1) / kBidirChunkArcs);
        const uint at = atomicAdd(state[kBidirStateQueueCount + q], entries);
        for (uint e = 0; e < entries; ++e) {
          if (q == 0) {
            queueF(2 * (at + e)) = v;
            queueF(2 * (at + e) + 1) = begin + e * kBidirChunkArcs;
          } else {
            queueB(2 * (at + e)) = v;
            queueB(2 * (at + e) + 1) = begin + e * kBidirChunkArcs;
          }
        }
        queued += 1;
        frontierArcs += degree;
      }
    }
  }
  const uint jfq = subgroupAdd(queued);
  if (subgroupElect() && jfq != 0) {
    atomicAdd(stats[pc.slot].jfqLength, jfq);
  }
  BIDIR_ADD_STAT(frontierArcs, frontierArcs);
}
