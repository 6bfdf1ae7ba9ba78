#version 460
// Reduce-then-scan, pass 3: each tile scans its values (exclusive) into the
// output, starting from its scanned partial. In place when data and output
// are one buffer: every invocation reads a value before it writes it.
// Values read and prefixes written by address (ScanPush::values, prefixes).
// Bindings: kScanBindingPartials (read), kScanBindingLength (read).
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

layout(std430, set = 0, binding = kScanBindingPartials) readonly buffer Partials { uint partials[]; };
layout(std430, set = 0, binding = kScanBindingLength) readonly buffer Length { uint lengthWords[]; };
layout(push_constant) uniform Push { ScanPush push; };

#include "ScanCommon.glsl"
#include "ScanLength.glsl"

shared uint sCarry;

void main() {
  uint tile = gl_WorkGroupID.x;
  const uint count = scanCount();
  if (tile >= scanTiles(gl_WorkGroupSize.x * kItems)) {
    return;  // past a device-side length: uniform over the workgroup
  }
  uint base = tile * gl_WorkGroupSize.x * kItems;
  if (gl_LocalInvocationIndex == 0) {
    sCarry = partials[tile];
  }
  barrier();
  for (uint i = 0; i < kItems; ++i) {
    uint index = base + i * gl_WorkGroupSize.x + gl_LocalInvocationIndex;
    uint value = index < count ? scanInput(index) : 0;
    uint inclusive = workgroupInclusiveAdd(value);
    uint carry = sCarry;
    if (index < count) {
      scanOutput(index) = carry + inclusive - value;
    }
    barrier();
    if (gl_LocalInvocationIndex == gl_WorkGroupSize.x - 1) {
      sCarry = carry + inclusive;
    }
    barrier();
  }
}
