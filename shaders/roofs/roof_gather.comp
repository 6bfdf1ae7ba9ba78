#version 460
// Random 4-byte gather roof: each invocation loads kRoofsGathersPerInvocation
// words at hashed indices spread over the whole source (larger than the
// caches on a real GPU), all issued before they are summed, and writes one
// word, so the loads dominate. The index hash needs no memory.
// Bindings: RoofKernels.h (source uint[count], target uint per invocation).
// Push constants: RoofsPush (count, a power of two; invocations; seed).
#extension GL_GOOGLE_include_directive : require
#extension GL_EXT_control_flow_attributes : require
#include "RoofKernels.h"

layout(local_size_x = kRoofsWorkgroupSize) in;
layout(std430, binding = kRoofsBindingSource) readonly buffer Source { uint source[]; };
layout(std430, binding = kRoofsBindingTarget) writeonly buffer Target { uint target[]; };
layout(push_constant) uniform Push { RoofsPush pc; };

// A 32-bit integer mix (lowbias32): neighbouring invocations land far apart.
uint mixBits(uint x) {
  x ^= x >> 16u;
  x *= 0x7feb352du;
  x ^= x >> 15u;
  x *= 0x846ca68bu;
  x ^= x >> 16u;
  return x;
}

void main() {
  const uint i = gl_GlobalInvocationID.x;
  if (i >= pc.invocations) {
    return;
  }
  uint values[kRoofsGathersPerInvocation];
  [[unroll]] for (uint j = 0; j < kRoofsGathersPerInvocation; ++j) {
    values[j] = source[mixBits(i * kRoofsGathersPerInvocation + j + pc.seed) & (pc.count - 1u)];
  }
  uint sum = 0;
  [[unroll]] for (uint j = 0; j < kRoofsGathersPerInvocation; ++j) {
    sum += values[j];
  }
  target[i] = sum;
}
