#version 460
// Reduce-then-scan, pass 2: one workgroup turns partials into their exclusive
// prefix sums, in rounds of one workgroup width with a running carry.
// Bindings: kScanBindingPartials (read/write), kScanBindingLength (read).
// Specialization: kScanSpecWorkgroupSize, kScanSpecItemsPerThread.
// Push constants: ScanPush.
#extension GL_KHR_shader_subgroup_basic : require
#extension GL_KHR_shader_subgroup_arithmetic : require
#extension GL_KHR_shader_subgroup_ballot : require
#extension GL_EXT_shader_explicit_arithmetic_types_int64 : require
#extension GL_EXT_buffer_reference : require
#extension GL_GOOGLE_include_directive : require
#include "Scan.h"

layout(local_size_x_id = kScanSpecWorkgroupSize) in;
layout(constant_id = kScanSpecItemsPerThread) const uint kItems = 8;

layout(std430, set = 0, binding = kScanBindingPartials) buffer Partials { uint partials[]; };
layout(std430, set = 0, binding = kScanBindingLength) readonly buffer Length { uint lengthWords[]; };
layout(push_constant) uniform Push { ScanPush push; };

#include "ScanCommon.glsl"
#include "ScanLength.glsl"

shared uint sCarry;

void main() {
  const uint tiles = scanTiles(gl_WorkGroupSize.x * kItems);
  if (gl_LocalInvocationIndex == 0) {
    sCarry = 0;
  }
  barrier();
  for (uint base = 0; base < tiles; base += gl_WorkGroupSize.x) {
    uint index = base + gl_LocalInvocationIndex;
    uint value = index < tiles ? partials[index] : 0;
    uint inclusive = workgroupInclusiveAdd(value);
    uint carry = sCarry;
    if (index < tiles) {
      partials[index] = carry + inclusive - value;
    }
    barrier();  // everyone has read sCarry
    if (gl_LocalInvocationIndex == gl_WorkGroupSize.x - 1) {
      sCarry = carry + inclusive;
    }
    barrier();
  }
}
