#version 460
// Batch start, part 1: every distance of the batch to infinity, the processed
// and in-far bitsets to zero. Dispatched indirectly (kSsspArgsInit): zero
// groups unless a batch is about to start. Strided over Q * V entries.
// Arrays (bound or by address): Sssp.h (distances, bits). Push constants: SsspPush (capacity,
// bitWords).
#extension GL_GOOGLE_include_directive : require
#include "SsspCommon.glsl"

layout(local_size_x = kSsspWorkgroupSize) in;

void main() {
  const uint stride = gl_NumWorkGroups.x * kSsspWorkgroupSize;
  for (uint i = gl_GlobalInvocationID.x; i < pc.capacity; i += stride) {
    dist(i) = kSsspInfinity;
  }
  for (uint i = gl_GlobalInvocationID.x; i < 2 * pc.bitWords; i += stride) {
    bits(i) = 0;
  }
}
