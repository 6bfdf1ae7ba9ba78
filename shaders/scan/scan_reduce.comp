#version 460
// Reduce-then-scan, pass 1: the sum of each tile into partials[tile].
// Values read by address (ScanPush::values).
// Bindings: kScanBindingPartials (write), kScanBindingLength (read,
//   device-side length).
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

layout(std430, set = 0, binding = kScanBindingPartials) writeonly buffer Partials { uint partials[]; };
layout(std430, set = 0, binding = kScanBindingLength) readonly buffer Length { uint lengthWords[]; };
layout(push_constant) uniform Push { ScanPush push; };

#include "ScanCommon.glsl"
#include "ScanLength.glsl"

void main() {
  uint tile = gl_WorkGroupID.x;
  const uint count = scanCount();
  if (tile >= scanTiles(gl_WorkGroupSize.x * kItems)) {
    return;  // past a device-side length: uniform over the workgroup
  }
  uint base = tile * gl_WorkGroupSize.x * kItems;
  uint sum = 0;
  for (uint i = 0; i < kItems; ++i) {
    uint index = base + i * gl_WorkGroupSize.x + gl_LocalInvocationIndex;
    if (index < count) {
      sum += scanInput(index);
    }
  }
  uint total = workgroupAdd(sum);
  if (gl_LocalInvocationIndex == 0) {
    partials[tile] = total;
  }
}
