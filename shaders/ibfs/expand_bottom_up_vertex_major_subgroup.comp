#version 460
// Bottom-up expand, vertex-major layout, teams inside subgroups: as
// expand_bottom_up_vertex_major, but a team scans the in-arcs in lockstep and
// stops as soon as every word of the vertex has all its active searches
// (checked with shuffles every few arcs), so edges examined is exactly the
// arcs the team read. The loop runs until every team of the subgroup is done.
// Bindings: Ibfs.h. Push constants: IbfsPush (vertexCount, words, slot).
#extension GL_KHR_shader_subgroup_shuffle : require
#extension GL_KHR_shader_subgroup_vote : require
#extension GL_GOOGLE_include_directive : require
#include "IbfsCommon.glsl"
#include "SubgroupTeams.glsl"

layout(local_size_x = kIbfsWorkgroupSize) in;

#include "IbfsStats.glsl"

const uint kCheckEvery = 4;  // arcs between two team-wide "all arrived" checks

void main() {
  beginStats();
  const uint W = pc.words;
  const uint teamsPerSubgroup = gl_SubgroupSize / W;
  const uint lane = gl_SubgroupInvocationID % W;
  const uint team = gl_SubgroupInvocationID / W;
  const uint subgroups = gl_NumWorkGroups.x * gl_NumSubgroups;
  const uint firstBlock = gl_WorkGroupID.x * gl_NumSubgroups + gl_SubgroupID;
  const uint activeWord = activeMask[lane];
  uint64_t totals[kStatCount] = {0, 0, 0, 0, 0, 0};
  const uint blocks = (pc.vertexCount + teamsPerSubgroup - 1) / teamsPerSubgroup;
  for (uint block = firstBlock; block < blocks; block += subgroups) {
    const uint v = block * teamsPerSubgroup + team;
    uint word = 0;
    uint begin = 0;
    uint end = 0;
    if (v < pc.vertexCount) {
      word = next(v * W + lane);
      begin = inOffsets(v);
      end = inOffsets(v + 1);
    }
    // A team with every active search already at v has nothing to read.
    bool teamDone = teamAnd((word & activeWord) == activeWord ? 1u : 0u, W) != 0 || v >= pc.vertexCount;
    uint e = begin;
    while (!subgroupAll(teamDone)) {
      for (uint i = 0; i < kCheckEvery && e < end && !teamDone; ++i, ++e) {
        word |= current(inTarget(e) * W + lane);
      }
      // Every invocation takes part in the team reduction (its shuffles need
      // the whole subgroup), so it is not short-circuited by teamDone.
      const uint arrived = teamAnd((word & activeWord) == activeWord ? 1u : 0u, W);
      teamDone = teamDone || e >= end || arrived != 0;
    }
    if (v < pc.vertexCount && word != next(v * W + lane)) {
      next(v * W + lane) = word;
    }
    if (lane == 0 && v < pc.vertexCount) {
      totals[kStatEdges] += e - begin;
    }
  }
  flushStats(totals, 0, 0);
}
