#include "Selftest.h"

#include <chrono>
#include <random>
#include <vector>

#include "PrefixSum.h"
#include "vk/TimestampPool.h"

namespace frontier::engine {

SelftestResult runSelftest(gpu::Context& context, uint32_t count, uint64_t seed) {
  SelftestResult result;
  result.count = count;
  std::vector<uint32_t> input(count);
  std::mt19937_64 random(seed);
  for (uint32_t& v : input) {
    v = static_cast<uint32_t>(random());  // full range: the sum wraps, as on the GPU
  }

  const gpu::Buffer data = context.createBuffer(uint64_t{count} * sizeof(uint32_t), gpu::BufferKind::Device,
                                                "selftest data");
  context.upload(data, std::span<const uint32_t>(input));
  const PrefixSum scan(context, data, count);

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
  scan.record(commands, count);
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

  std::vector<uint32_t> output(count);
  context.download(data, std::span<uint32_t>(output));
  uint32_t expected = 0;
  for (uint32_t i = 0; i < count; ++i) {
    if (output[i] != expected) {
      if (result.mismatches == 0) {
        result.firstMismatch = i;
      }
      ++result.mismatches;
    }
    expected += input[i];
  }
  result.correct = result.mismatches == 0;
  return result;
}

} // namespace frontier::engine
