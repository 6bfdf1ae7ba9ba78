#version 460
// Reduce-then-scan, pass 3: each tile scans its values in place (exclusive),
// starting from its scanned partial.
// Bindings: kScanBindingData (read/write), kScanBindingPartials (read).
// Specialization: kScanSpecWorkgroupSize, kScanSpecItemsPerThread.
// Push constants: ScanPush {count, tileCount}.
#extension GL_KHR_shader_subgroup_basic : require
#extension GL_KHR_shader_subgroup_arithmetic : require
#extension GL_KHR_shader_subgroup_ballot : require
#extension GL_GOOGLE_include_directive : require
#include "Scan.h"

layout(local_size_x_id = kScanSpecWorkgroupSize) in;
layout(constant_id = kScanSpecItemsPerThread) const uint kItems = 8;

layout(std430, set = 0, binding = kScanBindingData) buffer Data { uint data[]; };
layout(std430, set = 0, binding = kScanBindingPartials) readonly buffer Partials { uint partials[]; };
layout(push_constant) uniform Push { ScanPush push; };

#include "ScanCommon.glsl"

shared uint sCarry;

void main() {
  uint tile = gl_WorkGroupID.x;
  uint base = tile * gl_WorkGroupSize.x * kItems;
  if (gl_LocalInvocationIndex == 0) {
    sCarry = partials[tile];
  }
  barrier();
  for (uint i = 0; i < kItems; ++i) {
    uint index = base + i * gl_WorkGroupSize.x + gl_LocalInvocationIndex;
    uint value = index < push.count ? data[index] : 0;
    uint inclusive = workgroupInclusiveAdd(value);
    uint carry = sCarry;
    if (index < push.count) {
      data[index] = carry + inclusive - value;
    }
    barrier();
    if (gl_LocalInvocationIndex == gl_WorkGroupSize.x - 1) {
      sCarry = carry + inclusive;
    }
    barrier();
  }
}
