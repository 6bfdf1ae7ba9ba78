#pragma once
// One interface over the engine's device-wide exclusive prefix sums of uint
// values, so a caller can pick the scan: the single-pass chained scan
// (ChainedScan) or the portable three-pass reduce-then-scan (PrefixSum).
// Both read `input` and write `output` (which may be the same buffer only for
// reduce-then-scan), and are recorded into a command buffer the caller owns.

#include <cstdint>
#include <memory>

#include "engine/scan/ScanKind.h"
#include "vk/Buffer.h"
#include "vk/CommandBuffer.h"
#include "vk/Context.h"

namespace frontier::engine {

// A length known only on the device: word `index` of `buffer`, written by an
// earlier dispatch of the same submission.
struct DeviceLength {
  const gpu::Buffer* buffer = nullptr;
  uint32_t index = 0;
};

class DeviceScan {
public:
  virtual ~DeviceScan() = default;
  // Records the exclusive scan of the first `count` input values
  // (count <= capacity) into output, followed by a barrier.
  virtual void record(gpu::CommandBuffer& commands, uint32_t count) const = 0;
  // The same over as many values as the DeviceLength given at construction
  // says when the scan runs (at most capacity): dispatches enough workgroups
  // for the capacity; those past the length end at once. std::logic_error
  // without a DeviceLength.
  virtual void recordDeviceLength(gpu::CommandBuffer& commands) const = 0;
  virtual ScanKind kind() const noexcept = 0;
};

// `input` and `output` (and the length's buffer) must outlive the scan and
// hold `capacity` values; the kernels reach input and output by device
// address, so both must be made with gpu::BufferAccess::Address. Throws
// std::invalid_argument when a chained scan is asked to work in place or a
// buffer has no address.
std::unique_ptr<DeviceScan> makeDeviceScan(gpu::Context& context, ScanKind kind, const gpu::Buffer& input,
                                           const gpu::Buffer& output, uint32_t capacity,
                                           DeviceLength length = {});

// The device address of a scan's `what` ("input" or "output") buffer;
// std::invalid_argument when it was made without BufferAccess::Address.
uint64_t scanAddress(const gpu::Buffer& buffer, const char* what);

} // namespace frontier::engine
