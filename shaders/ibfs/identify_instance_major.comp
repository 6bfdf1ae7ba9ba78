#version 460
// Identify, instance-major layout (`workgroups`): workgroup row y is one
// instance of 32 searches with its own JFQ; invocations stride over vertices,
// each appending with its own atomic (the thesis' scheme).
// Bindings: Ibfs.h. Push constants: IbfsPush (vertexCount, level, slot, trackedSearch).
#extension GL_GOOGLE_include_directive : require
#include "IbfsCommon.glsl"

layout(local_size_x = kIbfsWorkgroupSize) in;

#include "IbfsStats.glsl"

void main() {
  beginStats();
  const uint instance = gl_WorkGroupID.y;
  const uint base = instance * pc.vertexCount;
  const uint activeWord = activeMask[instance];
  const bool tracks = pc.trackedSearch != kIbfsNoSearch && (pc.trackedSearch >> 5u) == instance;
  const uint trackedBit = 1u << (pc.trackedSearch & 31u);
  const uint stride = gl_NumWorkGroups.x * gl_WorkGroupSize.x;

  noteExamined(pc.vertexCount * gl_NumWorkGroups.y);  // every (instance, vertex)
  uint64_t totals[kStatCount] = {0, 0, 0, 0, 0, 0};
  uint alive = 0;
  for (uint v = gl_GlobalInvocationID.x; v < pc.vertexCount; v += stride) {
    const uint n = next(base + v);
    const uint c = current(base + v);
    if (n == c) {
      continue;  // no barrier in this loop, so invocations may leave early
    }
    current(base + v) = n;
    const uint fresh = (n ^ c) & activeWord;
    if (fresh != 0) {
      const uint slotIndex = pc.slot * kIbfsMaxInstances + instance;
      queue(base + atomicAdd(queueCounts[slotIndex], 1u)) = v;
      const uint degree = outDegree(v);
      alive |= fresh;
      totals[kStatJfq] += 1;
      totals[kStatNewly] += bitCount(fresh);
      totals[kStatSearchEdges] += uint64_t(bitCount(fresh)) * degree;
      totals[kStatFrontierArcs] += degree;
      if (tracks && (fresh & trackedBit) != 0) {
        trackedLevels(v) = pc.level;
      }
    }
  }
  flushStats(totals, alive, instance);
}
