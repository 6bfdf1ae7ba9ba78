#include "engine/scan/Selftest.h"

#include <algorithm>
#include <chrono>
#include <memory>
#include <random>
#include <stdexcept>
#include <utility>
#include <vector>

#include "engine/RequestChecks.h"
#include "engine/scan/ChainedScan.h"
#include "engine/scan/PrefixSum.h"
#include "vk/TimestampPool.h"

namespace frontier::engine {

SelftestResult runSelftest(gpu::Context& context, uint32_t count, uint64_t seed, ScanKind kind) {
  std::vector<uint32_t> input(count);
  std::mt19937_64 random(seed);
  // Full range: the sum wraps, as on the GPU. The chained scan's 32-bit
  // status words (devices without 64-bit atomics) are exact below 2^30 only.
  const bool packed = kind == ScanKind::Chained && !(context.info().bufferInt64Atomics && context.info().shaderInt64);
  const uint64_t bound = packed ? (uint64_t{1} << 30U) / std::max(count, 1U) : 0;
  for (uint32_t& v : input) {
    v = static_cast<uint32_t>(bound == 0 ? random() : random() % bound);
  }
  return runSelftest(context, input, kind);
}

SelftestResult runSelftest(gpu::Context& context, std::span<const uint32_t> input, ScanKind kind,
                           std::vector<uint32_t>* output) {
  if (input.size() > UINT32_MAX) {
    throw std::invalid_argument("selftest: more than 2^32 - 1 values");
  }
  const auto count = static_cast<uint32_t>(input.size());
  // The scans read and write by device address (Scan.h).
  requireBufferDeviceAddress(context, "the device-wide scan");
  SelftestResult result;
  result.count = count;
  result.kind = kind;

  const gpu::Buffer data = context.createBuffer(uint64_t{count} * sizeof(uint32_t), gpu::BufferKind::Device,
                                                "selftest data", gpu::BufferAccess::Address);
  context.upload(data, input);
  const bool chained = kind == ScanKind::Chained;
  const gpu::Buffer scanned = chained ? context.createBuffer(uint64_t{count} * sizeof(uint32_t),
                                                             gpu::BufferKind::Device, "selftest output",
                                                             gpu::BufferAccess::Address)
                                      : gpu::Buffer();
  std::unique_ptr<DeviceScan> scan;
  const ChainedScan* chainedScan = nullptr;
  if (chained) {
    auto owned = std::make_unique<ChainedScan>(context, data, scanned, count);
    chainedScan = owned.get();
    scan = std::move(owned);
  } else {
    scan = std::make_unique<PrefixSum>(context, data, count);
  }

  result.timestampsAvailable = context.info().timestampsSupported;
  gpu::TimestampPool timestamps;
  if (result.timestampsAvailable) {
    timestamps = gpu::TimestampPool(context, 2, "selftest timestamps");
  }
  gpu::CommandBuffer commands = context.createCommandBuffer("selftest scan");
  commands.begin();
  if (result.timestampsAvailable) {
    commands.resetTimestamps(timestamps, 0, 2);
    commands.writeTimestamp(timestamps, 0);
  }
  commands.beginLabel("selftest scan");
  scan->record(commands, count);
  commands.endLabel();
  if (result.timestampsAvailable) {
    commands.writeTimestamp(timestamps, 1);
  }
  commands.end();
  const auto start = std::chrono::steady_clock::now();
  context.submitAndWait(commands);
  result.wallMs = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  if (result.timestampsAvailable) {
    const std::vector<uint64_t> ticks = timestamps.read(0, 2);
    result.gpuMs = context.timestampClock().elapsedNs(ticks[0], ticks[1]) / 1e6;
  }

  std::vector<uint32_t> values(count);
  context.download(chained ? scanned : data, std::span<uint32_t>(values));
  if (chainedScan != nullptr) {
    result.fallbacks = chainedScan->fallbackCount();
  }
  uint32_t expected = 0;
  for (uint32_t i = 0; i < count; ++i) {
    if (values[i] != expected) {
      if (result.mismatches == 0) {
        result.firstMismatch = i;
      }
      ++result.mismatches;
    }
    expected += input[i];
  }
  result.correct = result.mismatches == 0;
  if (output != nullptr) {
    *output = std::move(values);
  }
  return result;
}

} // namespace frontier::engine
