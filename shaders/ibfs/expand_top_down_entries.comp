#version 460
// Top-down expand over JFQ entries (vertex, first arc), vertex-major layout:
// a team of W invocations per entry ORs the vertex's fresh words (its
// frontier bits, stored by identify) into the next words of the entry's arcs (at most pc.chunkArcs of them, or all of the
// vertex's arcs when chunkArcs is 0). High-degree vertices arrive as many
// entries, so their arcs spread over many teams (load balance).
// Bindings: Ibfs.h. Push constants: IbfsPush (words, slot, chunkArcs).
#extension GL_GOOGLE_include_directive : require
#include "IbfsCommon.glsl"

layout(local_size_x = kIbfsWorkgroupSize) in;

#include "IbfsStats.glsl"

void main() {
  beginStats();
  const uint W = pc.words;
  const uint teams = kIbfsWorkgroupSize / W;
  const uint lane = gl_LocalInvocationIndex % W;
  const uint count = queueCounts[pc.slot * kIbfsMaxInstances];
  const uint totalTeams = gl_NumWorkGroups.x * teams;
  const bool record = control[kIbfsControlSparse] != 0;
  uint64_t totals[kStatCount] = {0, 0, 0, 0, 0, 0};
  for (uint i = gl_WorkGroupID.x * teams + gl_LocalInvocationIndex / W; i < count; i += totalTeams) {
    const uint v = queue[2 * i];
    const uint begin = queue[2 * i + 1];
    const uint vertexEnd = outOffsets[v + 1];
    const uint end = pc.chunkArcs == 0 ? vertexEnd : min(vertexEnd, begin + pc.chunkArcs);
    if (lane == 0) {
      totals[kStatEdges] += end - begin;
    }
    const uint bits = freshWords[v * W + lane];
    if (bits == 0) {
      continue;
    }
    for (uint e = begin; e < end; ++e) {
      const uint u = outTargets[e];
      const uint index = u * W + lane;
      const uint old = next[index];
      const bool changes = (old | bits) != old;
      if (changes) {
        atomicOr(next[index], bits);
      }
      if (record) {
        markTouched(u, changes);
      }
    }
  }
  flushStats(totals, 0, 0);
}
