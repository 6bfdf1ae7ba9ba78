// Host/shader interface of the reduce-then-scan kernels (shaders/scan/).
// An exclusive prefix sum of `count` uint values, wrapping modulo 2^32.
#ifndef FRONTIER_SHADER_SCAN_H
#define FRONTIER_SHADER_SCAN_H
#include "Common.h"

FRONTIER_SHADER_NAMESPACE_BEGIN

// Bindings (set 0): data is scanned in place; partials holds one value per tile.
FRONTIER_CONST kScanBindingData = 0;
FRONTIER_CONST kScanBindingPartials = 1;

// Specialization constants.
FRONTIER_CONST kScanSpecWorkgroupSize = 0;  // invocations per workgroup
FRONTIER_CONST kScanSpecItemsPerThread = 1; // values per invocation in a tile

struct ScanPush {
  uint count;      // number of values in data
  uint tileCount;  // number of tiles (= partials)
};
FRONTIER_PUSH_CONSTANTS_FIT(ScanPush);

FRONTIER_SHADER_NAMESPACE_END
#endif
