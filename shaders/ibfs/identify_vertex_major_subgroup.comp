#version 460
// Identify, vertex-major layout, teams inside subgroups (W <= subgroup size):
// as identify_vertex_major but the team votes with shuffles instead of
// shared memory and barriers. A subgroup takes chunks of S vertices (S its
// size), gathers each vertex's JFQ entry count into lane i, and with
// aggregated appends claims the whole chunk's queue space with one atomic.
// Each JFQ vertex becomes ceil(deg / C) entries (vertex, first arc) when
// pc.chunkArcs = C > 0 (load balance), else one; its fresh words are stored
// for the expand. Entries are counted in queueCounts[slot * 32], vertices in
// stats.jfqLength. With the scan-built JFQ (kIbfsFlagScanJfq) lane i writes
// the entry count of the chunk's i-th vertex to scanCounts instead of
// appending (scatter_jfq.comp builds the queue). Examines every vertex, or
// only those on the touched list (sparse). Needs full subgroups.
// Bindings: Ibfs.h. Push constants: IbfsPush (vertexCount, words, level, slot,
//   trackedSearch, chunkArcs, flags).
#extension GL_KHR_shader_subgroup_shuffle : require
#extension GL_GOOGLE_include_directive : require
#include "IbfsCommon.glsl"
#include "SubgroupTeams.glsl"

layout(local_size_x = kIbfsWorkgroupSize) in;

#include "IbfsStats.glsl"

void main() {
  beginStats();
  const uint S = gl_SubgroupSize;
  const uint W = pc.words;
  const uint T = S / W;  // teams per subgroup
  const uint lane = gl_SubgroupInvocationID % W;
  const uint team = gl_SubgroupInvocationID / W;
  const uint subgroups = gl_NumWorkGroups.x * gl_NumSubgroups;
  const uint activeWord = activeMask[lane];
  const uint trackedLane = pc.trackedSearch == kIbfsNoSearch ? 0xFFFFFFFFu : pc.trackedSearch >> 5u;
  const uint trackedBit = 1u << (pc.trackedSearch & 31u);
  const bool aggregated = (pc.flags & kIbfsFlagAggregatedAppends) != 0;

  uint64_t totals[kStatCount] = {0, 0, 0, 0, 0, 0};
  uint alive = 0;
  const bool sparse = sparseIdentify();
  const uint listed = identifyCount(sparse);
  noteExamined(listed);
  const uint chunks = (listed + S - 1) / S;
  if (scanBuiltJfq() && gl_GlobalInvocationID.x == 0) {
    control[kIbfsControlScanLength] = listed;  // the scan covers the examined list
  }
  for (uint chunk = gl_WorkGroupID.x * gl_NumSubgroups + gl_SubgroupID; chunk < chunks; chunk += subgroups) {
    uint myEntries = 0;  // lane i: JFQ entries of vertex chunk * S + i
    uint myBegin = 0;
    for (uint round = 0; round < W; ++round) {
      const uint i = chunk * S + round * T + team;
      const uint v = i < listed ? identifyVertex(sparse, i) : 0xFFFFFFFFu;
      uint fresh = 0;
      uint missing = 0;
      if (v < pc.vertexCount) {
        const uint index = v * W + lane;
        const uint n = next(index);
        const uint c = current(index);
        if (n != c) {
          current(index) = n;
        }
        fresh = (n ^ c) & activeWord;
        missing = (n & activeWord) != activeWord ? 1u : 0u;
        alive |= fresh;
        if (lane == trackedLane && (fresh & trackedBit) != 0) {
          trackedLevels(v) = pc.level;
        }
      }
      const uint count = teamAdd(bitCount(fresh), W);
      missing = teamOr(missing, W);
      if (count != 0) {
        freshWords(v * W + lane) = fresh;
      }
      uint entries = 0;
      uint begin = 0;
      if (lane == 0 && v < pc.vertexCount) {
        if (count != 0) {
          begin = outOffsets(v);
          const uint degree = outOffsets(v + 1) - begin;
          entries = jfqEntries(degree);
          totals[kStatJfq] += 1;
          totals[kStatNewly] += count;
          totals[kStatSearchEdges] += uint64_t(count) * degree;
          totals[kStatFrontierArcs] += degree;
        }
        if (missing != 0) {
          totals[kStatUnexplored] += inDegree(v);
        }
      }
      // Lane i = round * T + t receives the counts of team t's vertex.
      const uint leader = (gl_SubgroupInvocationID % T) * W;
      const uint gotEntries = subgroupShuffle(entries, leader);
      const uint gotBegin = subgroupShuffle(begin, leader);
      if (gl_SubgroupInvocationID / T == round) {
        myEntries = gotEntries;
        myBegin = gotBegin;
      }
    }
    const uint mine = chunk * S + gl_SubgroupInvocationID;
    if (scanBuiltJfq()) {
      if (mine < listed) {
        scanCounts(mine) = myEntries;
      }
      continue;
    }
    const uint at = appendEntries(myEntries, aggregated);
    const uint v = mine < listed ? identifyVertex(sparse, mine) : 0;
    for (uint i = 0; i < myEntries; ++i) {
      queueEntry(at + i) = uvec2(v, myBegin + i * pc.chunkArcs);
    }
  }
  flushStats(totals, alive, lane);
}
