#pragma once
// `frontier-cli selftest`: a device-wide prefix sum over many values, checked
// on the CPU and timed with GPU timestamps. Proves the device, the shader
// pipeline and the timing path work together, and times the two scans
// (reduce-then-scan, chained) against each other.

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "engine/scan/ScanKind.h"
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
  ScanKind kind = ScanKind::ReduceThenScan;
  uint32_t fallbacks = 0;  // chained scan: tiles reduced by a waiting workgroup
};

// Reduce-then-scan works in place; the chained scan from a copy of the input.
SelftestResult runSelftest(gpu::Context& context, uint32_t count, uint64_t seed = 1,
                           ScanKind kind = ScanKind::ReduceThenScan);

// The same over given values (the exclusive prefix sum wraps modulo 2^32);
// the device's output, one value per input, goes to `output` when it is not
// null, so that a caller can check it on its own.
SelftestResult runSelftest(gpu::Context& context, std::span<const uint32_t> input, ScanKind kind,
                           std::vector<uint32_t>* output = nullptr);

} // namespace frontier::engine
