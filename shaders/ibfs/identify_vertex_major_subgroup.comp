#version 460
// Identify, vertex-major layout, teams inside subgroups (W <= subgroup size):
// as identify_vertex_major but the team votes with shuffles instead of
// shared memory and barriers. Each JFQ vertex is appended as ceil(deg / C)
// entries (vertex, first arc) when pc.chunkArcs = C > 0, so that the expand
// can spread the arcs of high-degree vertices over many teams; one entry per
// vertex otherwise. Entries are counted in queueCounts[slot * 32]; vertices
// in stats.jfqLength.
// Bindings: Ibfs.h. Push constants: IbfsPush (vertexCount, words, level, slot,
//   trackedSearch, chunkArcs, flags).
#extension GL_KHR_shader_subgroup_shuffle : require
#extension GL_GOOGLE_include_directive : require
#include "IbfsCommon.glsl"
#include "SubgroupTeams.glsl"

layout(local_size_x = kIbfsWorkgroupSize) in;

void main() {
  const uint W = pc.words;
  const uint teamsPerSubgroup = gl_SubgroupSize / W;
  const uint lane = gl_SubgroupInvocationID % W;
  const uint team = gl_SubgroupInvocationID / W;
  const uint subgroups = gl_NumWorkGroups.x * gl_NumSubgroups;
  const uint firstBlock = gl_WorkGroupID.x * gl_NumSubgroups + gl_SubgroupID;
  const uint activeWord = activeMask[lane];
  const uint trackedLane = pc.trackedSearch == kIbfsNoSearch ? 0xFFFFFFFFu : pc.trackedSearch >> 5u;
  const uint trackedBit = 1u << (pc.trackedSearch & 31u);
  const bool aggregated = (pc.flags & kIbfsFlagAggregatedAppends) != 0;

  uint vertices = 0;
  uint64_t newly = 0;
  uint64_t searchEdges = 0;
  uint64_t frontierArcs = 0;
  uint64_t unexplored = 0;
  const uint blocks = (pc.vertexCount + teamsPerSubgroup - 1) / teamsPerSubgroup;
  for (uint block = firstBlock; block < blocks; block += subgroups) {
    const uint v = block * teamsPerSubgroup + team;
    uint fresh = 0;
    uint missing = 0;
    if (v < pc.vertexCount) {
      const uint index = v * W + lane;
      const uint n = next[index];
      const uint c = current[index];
      if (n != c) {
        current[index] = n;
      }
      fresh = (n ^ c) & activeWord;
      missing = (n & activeWord) != activeWord ? 1u : 0u;
      if (lane == trackedLane && (fresh & trackedBit) != 0) {
        trackedLevels[v] = pc.level;
      }
    }
    const uint count = teamAdd(bitCount(fresh), W);
    missing = teamOr(missing, W);
    const bool leader = lane == 0 && v < pc.vertexCount;
    uint entries = 0;
    uint begin = 0;
    uint degree = 0;
    if (leader && count != 0) {
      begin = outOffsets[v];
      degree = outOffsets[v + 1] - begin;
      entries = pc.chunkArcs == 0 ? 1u : max(1u, (degree + pc.chunkArcs - 1) / pc.chunkArcs);
      vertices += 1;
      newly += count;
      searchEdges += uint64_t(count) * degree;
      frontierArcs += degree;
    }
    const uint at = appendEntries(entries, aggregated);
    for (uint i = 0; i < entries; ++i) {
      queue[2 * (at + i)] = v;
      queue[2 * (at + i) + 1] = begin + i * pc.chunkArcs;
    }
    if (leader && missing != 0) {
      unexplored += inDegree(v);
    }
  }
  const uint totalVertices = subgroupAdd(vertices);
  if (subgroupElect() && totalVertices != 0) {
    atomicAdd(stats[pc.slot].jfqLength, totalVertices);
  }
  FRONTIER_ADD_STAT(newlyVisited, newly)
  FRONTIER_ADD_STAT(searchEdges, searchEdges)
  FRONTIER_ADD_STAT(frontierArcs, frontierArcs)
  FRONTIER_ADD_STAT(unexploredArcs, unexplored)
  if (gl_WorkGroupID.x == 0 && gl_LocalInvocationIndex == 0) {
    stats[pc.slot].executed = 1;
  }
}
