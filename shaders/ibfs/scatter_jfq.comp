#version 460
// Scan-built JFQ, last step: after identify wrote the entry count of the i-th
// examined vertex to scanCounts(i) and a device-wide exclusive scan wrote
// scanPrefix, each vertex with entries writes them, (vertex, first arc), at
// queue position scanPrefix(i). The queue thus follows the identify's vertex
// list: ascending vertex ids for a full identify, the touched list's order
// for a sparse one. One invocation stores the entry total (last prefix + last
// count) in queueCounts[slot * 32], where the plan and the expand read it.
// Strided over the list; dispatched with the identify's indirect arguments.
// Bindings: Ibfs.h. Push constants: IbfsPush (vertexCount, level, slot, chunkArcs).
#extension GL_GOOGLE_include_directive : require
#include "IbfsCommon.glsl"

layout(local_size_x = kIbfsWorkgroupSize) in;

void main() {
  const bool sparse = sparseIdentify();
  const uint count = identifyCount(sparse);
  const uint stride = gl_NumWorkGroups.x * gl_WorkGroupSize.x;
  for (uint i = gl_GlobalInvocationID.x; i < count; i += stride) {
    const uint entries = scanCounts(i);
    if (entries == 0) {
      continue;
    }
    const uint v = identifyVertex(sparse, i);
    const uint at = scanPrefix(i);
    const uint begin = outOffsets(v);
    for (uint e = 0; e < entries; ++e) {
      queueEntry(at + e) = uvec2(v, begin + e * pc.chunkArcs);
    }
  }
  if (gl_GlobalInvocationID.x == 0) {
    queueCounts[pc.slot * kIbfsMaxInstances] = count == 0 ? 0u : scanPrefix(count - 1) + scanCounts(count - 1);
  }
}
