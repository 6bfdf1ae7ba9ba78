#version 460
// Reduce-then-scan, pass 2: one workgroup turns partials into their exclusive
// prefix sums, in rounds of one workgroup width with a running carry.
// Bindings: kScanBindingPartials (read/write).
// Specialization: kScanSpecWorkgroupSize.
// Push constants: ScanPush {count, tileCount}.
#extension GL_KHR_shader_subgroup_basic : require
#extension GL_KHR_shader_subgroup_arithmetic : require
#extension GL_KHR_shader_subgroup_ballot : require
#extension GL_GOOGLE_include_directive : require
#include "Scan.h"

layout(local_size_x_id = kScanSpecWorkgroupSize) in;

layout(std430, set = 0, binding = kScanBindingPartials) buffer Partials { uint partials[]; };
layout(push_constant) uniform Push { ScanPush push; };

#include "ScanCommon.glsl"

shared uint sCarry;

void main() {
  if (gl_LocalInvocationIndex == 0) {
    sCarry = 0;
  }
  barrier();
  for (uint base = 0; base < push.tileCount; base += gl_WorkGroupSize.x) {
    uint index = base + gl_LocalInvocationIndex;
    uint value = index < push.tileCount ? partials[index] : 0;
    uint inclusive = workgroupInclusiveAdd(value);
    uint carry = sCarry;
    if (index < push.tileCount) {
      partials[index] = carry + inclusive - value;
    }
    barrier();  // everyone has read sCarry
    if (gl_LocalInvocationIndex == gl_WorkGroupSize.x - 1) {
      sCarry = carry + inclusive;
    }
    barrier();
  }
}
