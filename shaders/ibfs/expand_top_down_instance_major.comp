#version 460
// Top-down expand, instance-major layout (`workgroups`): workgroup row y is
// one instance; local x strides over its JFQ and local y over the arcs of one
// queue vertex, ORing the vertex's word of S_k into each neighbour's word of
// S_{k+1}.
// Bindings: Ibfs.h. Push constants: IbfsPush (vertexCount, slot).
#extension GL_GOOGLE_include_directive : require
#include "IbfsCommon.glsl"

layout(local_size_x = kIbfsInstanceLocalX, local_size_y = kIbfsInstanceLocalY) in;

#include "IbfsStats.glsl"

void main() {
  beginStats();
  const uint instance = gl_WorkGroupID.y;
  const uint base = instance * pc.vertexCount;
  const uint count = queueCounts[pc.slot * kIbfsMaxInstances + instance];
  const uint stride = gl_NumWorkGroups.x * kIbfsInstanceLocalX;
  uint64_t totals[kStatCount] = {0, 0, 0, 0, 0, 0};
  for (uint i = gl_WorkGroupID.x * kIbfsInstanceLocalX + gl_LocalInvocationID.x; i < count; i += stride) {
    const uint v = queue[base + i];
    const uint bits = current[base + v];
    const uint begin = outOffsets[v];
    const uint end = outOffsets[v + 1];
    if (gl_LocalInvocationID.y == 0) {
      totals[kStatEdges] += end - begin;
    }
    for (uint e = begin + gl_LocalInvocationID.y; e < end; e += kIbfsInstanceLocalY) {
      const uint index = base + outTargets[e];
      const uint old = next[index];
      if ((old | bits) != old) {
        atomicOr(next[index], bits);
      }
    }
  }
  flushStats(totals, 0, 0);
}
