#version 460
// Top-down expand, instance-major layout (`workgroups`): workgroup row y is
// one instance; local x strides over its JFQ and local y over the arcs of one
// queue vertex, ORing the vertex's word of S_k into each neighbour's word of
// S_{k+1}. Each invocation loads several arc targets before their updates,
// so the loads overlap.
// Bindings: Ibfs.h. Push constants: IbfsPush (vertexCount, slot).
#extension GL_GOOGLE_include_directive : require
#extension GL_EXT_control_flow_attributes : require
#include "IbfsCommon.glsl"

layout(local_size_x = kIbfsInstanceLocalX, local_size_y = kIbfsInstanceLocalY) in;

#include "IbfsStats.glsl"

const uint kBatch = 4;  // arc targets loaded ahead per invocation

void main() {
  beginStats();
  const uint instance = gl_WorkGroupID.y;
  const uint base = instance * pc.vertexCount;
  const uint count = queueCounts[pc.slot * kIbfsMaxInstances + instance];
  const uint stride = gl_NumWorkGroups.x * kIbfsInstanceLocalX;
  uint64_t totals[kStatCount] = {0, 0, 0, 0, 0, 0};
  for (uint i = gl_WorkGroupID.x * kIbfsInstanceLocalX + gl_LocalInvocationID.x; i < count; i += stride) {
    const uint v = queue(base + i);
    const uint bits = current(base + v);
    const uint begin = outOffsets(v);
    const uint end = outOffsets(v + 1);
    if (gl_LocalInvocationID.y == 0) {
      totals[kStatEdges] += end - begin;
    }
    const uint Y = kIbfsInstanceLocalY;
    uint e = begin + gl_LocalInvocationID.y;
    for (; e + (kBatch - 1) * Y < end; e += kBatch * Y) {
      uint index[kBatch];
      uint old[kBatch];
      [[unroll]] for (uint j = 0; j < kBatch; ++j) {
        index[j] = base + outTarget(e + j * Y);
      }
      [[unroll]] for (uint j = 0; j < kBatch; ++j) {
        old[j] = next(index[j]);
      }
      [[unroll]] for (uint j = 0; j < kBatch; ++j) {
        if ((old[j] | bits) != old[j]) {
          atomicOr(next(index[j]), bits);
        }
      }
    }
    for (; e < end; e += Y) {
      const uint index = base + outTarget(e);
      const uint old = next(index);
      if ((old | bits) != old) {
        atomicOr(next(index), bits);
      }
    }
  }
  flushStats(totals, 0, 0);
}
