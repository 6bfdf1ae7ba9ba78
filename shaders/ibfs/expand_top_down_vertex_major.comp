#version 460
// Top-down expand, vertex-major layout: a team of `words` invocations per JFQ
// vertex v ORs v's words of S_k (current) into every out-neighbour's words of
// S_{k+1} (next). Each arc touches one contiguous run of words: coalesced.
// The atomic is skipped when the neighbour already has every bit.
// Strided over the JFQ; dispatched indirectly by the plan kernel.
// Bindings: Ibfs.h. Push constants: IbfsPush (words, slot).
#extension GL_GOOGLE_include_directive : require
#include "IbfsCommon.glsl"

layout(local_size_x = kIbfsWorkgroupSize) in;

void main() {
  const uint W = pc.words;
  const uint teams = kIbfsWorkgroupSize / W;
  const uint lane = gl_LocalInvocationIndex % W;
  const uint count = stats[pc.slot].jfqLength;
  const uint totalTeams = gl_NumWorkGroups.x * teams;
  uint64_t examined = 0;
  for (uint i = gl_WorkGroupID.x * teams + gl_LocalInvocationIndex / W; i < count; i += totalTeams) {
    const uint v = queue[i];
    const uint bits = current[v * W + lane];
    const uint begin = outOffsets[v];
    const uint end = outOffsets[v + 1];
    if (lane == 0) {
      examined += end - begin;
    }
    if (bits == 0) {
      continue;
    }
    for (uint e = begin; e < end; ++e) {
      const uint index = outTargets[e] * W + lane;
      const uint old = next[index];
      if ((old | bits) != old) {
        atomicOr(next[index], bits);
      }
    }
  }
  FRONTIER_ADD_STAT(edgesExamined, examined)
}
