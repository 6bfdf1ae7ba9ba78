#pragma once
// `frontier-cli selftest`: a device-wide prefix sum over many values, checked
// on the CPU and timed with GPU timestamps. Proves the device, the shader
// pipeline and the timing path work together.

#include <cstdint>
#include <string>

#include "vk/Context.h"

namespace frontier::engine {

struct SelftestResult {
  uint32_t count = 0;
  bool correct = false;
  uint64_t mismatches = 0;
  uint32_t firstMismatch = 0;  // index, valid when mismatches > 0
  double gpuMs = 0.0;          // GPU timestamps around the scan
  double wallMs = 0.0;         // host wall clock around submit and wait
  bool timestampsAvailable = false;
};

SelftestResult runSelftest(gpu::Context& context, uint32_t count, uint64_t seed = 1);

} // namespace frontier::engine
