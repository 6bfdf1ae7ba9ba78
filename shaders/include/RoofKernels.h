// Host/shader interface of the roof kernels (shaders/roofs/): what
// `frontier-cli selftest` measures as the device's limits (engine/Roofs.h).
#ifndef FRONTIER_SHADER_ROOF_KERNELS_H
#define FRONTIER_SHADER_ROOF_KERNELS_H
#include "Common.h"

FRONTIER_SHADER_NAMESPACE_BEGIN

// Bindings (set 0), the same for every roof kernel.
FRONTIER_CONST kRoofsBindingSource = 0;  // copy: uvec4[count]; gather: uint[count], count a power of two
FRONTIER_CONST kRoofsBindingTarget = 1;  // copy: uvec4[count]; gather: uint per invocation
FRONTIER_CONST kRoofsBindingCount = 2;

FRONTIER_CONST kRoofsWorkgroupSize = 256;
// Gathers per invocation: enough independent loads in flight per thread.
FRONTIER_CONST kRoofsGathersPerInvocation = 16;

struct RoofsPush {
  uint count;        // copy: uvec4 elements; gather: words of the source (a power of two)
  uint invocations;  // gather: invocations that each load kRoofsGathersPerInvocation words
  uint seed;         // gather: varies the indices between repeats
  uint pad;
};
FRONTIER_PUSH_CONSTANTS_FIT(RoofsPush);

FRONTIER_SHADER_NAMESPACE_END
#endif
