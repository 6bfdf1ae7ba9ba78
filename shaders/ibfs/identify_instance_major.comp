#version 460
// Identify, instance-major layout (`workgroups`): workgroup row y is one
// instance of 32 searches with its own JFQ; invocations stride over vertices,
// each appending with its own atomic (the thesis' scheme).
// Bindings: Ibfs.h. Push constants: IbfsPush (vertexCount, level, slot, trackedSearch).
#extension GL_GOOGLE_include_directive : require
#include "IbfsCommon.glsl"

layout(local_size_x = kIbfsWorkgroupSize) in;

void main() {
  const uint instance = gl_WorkGroupID.y;
  const uint base = instance * pc.vertexCount;
  const uint activeWord = activeMask[instance];
  const bool tracks = pc.trackedSearch != kIbfsNoSearch && (pc.trackedSearch >> 5u) == instance;
  const uint trackedBit = 1u << (pc.trackedSearch & 31u);
  const uint stride = gl_NumWorkGroups.x * gl_WorkGroupSize.x;

  uint appended = 0;
  uint64_t newly = 0;
  uint64_t searchEdges = 0;
  uint64_t frontierArcs = 0;
  for (uint v = gl_GlobalInvocationID.x; v < pc.vertexCount; v += stride) {
    const uint n = next[base + v];
    const uint c = current[base + v];
    if (n == c) {
      continue;
    }
    current[base + v] = n;
    const uint fresh = (n ^ c) & activeWord;
    if (fresh != 0) {
      const uint slotIndex = pc.slot * kIbfsMaxInstances + instance;
      queue[base + atomicAdd(queueCounts[slotIndex], 1u)] = v;
      const uint degree = outDegree(v);
      appended += 1;
      newly += bitCount(fresh);
      searchEdges += uint64_t(bitCount(fresh)) * degree;
      frontierArcs += degree;
      if (tracks && (fresh & trackedBit) != 0) {
        trackedLevels[v] = pc.level;
      }
    }
  }
  const uint total = subgroupAdd(appended);
  if (subgroupElect() && total != 0) {
    atomicAdd(stats[pc.slot].jfqLength, total);
  }
  FRONTIER_ADD_STAT(newlyVisited, newly)
  FRONTIER_ADD_STAT(searchEdges, searchEdges)
  FRONTIER_ADD_STAT(frontierArcs, frontierArcs)
  if (gl_WorkGroupID.x == 0 && gl_WorkGroupID.y == 0 && gl_LocalInvocationIndex == 0) {
    stats[pc.slot].executed = 1;
  }
}
