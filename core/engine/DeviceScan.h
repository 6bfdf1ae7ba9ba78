#pragma once
// One interface over the engine's device-wide exclusive prefix sums of uint
// values, so a caller can pick the scan: the single-pass chained scan
// (ChainedScan) or the portable three-pass reduce-then-scan (PrefixSum).
// Both read `input` and write `output` (which may be the same buffer only for
// reduce-then-scan), and are recorded into a command buffer the caller owns.

#include <cstdint>
#include <memory>

#include "ScanKind.h"
#include "vk/Buffer.h"
#include "vk/CommandBuffer.h"
#include "vk/Context.h"

namespace frontier::engine {

class DeviceScan {
public:
  virtual ~DeviceScan() = default;
  // Records the exclusive scan of the first `count` input values
  // (count <= capacity) into output, followed by a barrier.
  virtual void record(gpu::CommandBuffer& commands, uint32_t count) const = 0;
  virtual ScanKind kind() const noexcept = 0;
};

// `input` and `output` must outlive the scan and hold `capacity` values.
// Throws std::invalid_argument when a chained scan is asked to work in place.
std::unique_ptr<DeviceScan> makeDeviceScan(gpu::Context& context, ScanKind kind, const gpu::Buffer& input,
                                           const gpu::Buffer& output, uint32_t capacity);

} // namespace frontier::engine
