#version 460
// Streaming copy roof: target[i] = source[i] over 16-byte elements, strided
// over the grid; every byte is read once and written once, in order.
// Bindings: RoofKernels.h (source, target as uvec4). Push constants: RoofsPush (count).
#extension GL_GOOGLE_include_directive : require
#include "RoofKernels.h"

layout(local_size_x = kRoofsWorkgroupSize) in;
layout(std430, binding = kRoofsBindingSource) readonly buffer Source { uvec4 source[]; };
layout(std430, binding = kRoofsBindingTarget) writeonly buffer Target { uvec4 target[]; };
layout(push_constant) uniform Push { RoofsPush pc; };

void main() {
  const uint stride = gl_NumWorkGroups.x * gl_WorkGroupSize.x;
  for (uint i = gl_GlobalInvocationID.x; i < pc.count; i += stride) {
    target[i] = source[i];
  }
}
