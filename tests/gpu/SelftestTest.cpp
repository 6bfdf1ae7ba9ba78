#include "GpuTest.h"

#include <random>
#include <string>
#include <vector>

#include "engine/scan/PrefixSum.h"
#include "engine/scan/Selftest.h"

using frontier::test::GpuTest;
namespace engine = frontier::engine;
namespace gpu = frontier::gpu;

class Selftest : public GpuTest {};

namespace {

// Random values from the test's own generator; below `bound` when not 0.
std::vector<uint32_t> randomValues(uint32_t count, uint64_t seed, uint64_t bound = 0) {
  std::mt19937_64 random(seed);
  std::vector<uint32_t> values(count);
  for (uint32_t& v : values) {
    v = static_cast<uint32_t>(bound == 0 ? random() : random() % bound);
  }
  return values;
}

// The exclusive prefix sum modulo 2^32, as the device computes it.
std::vector<uint32_t> cpuPrefixSum(const std::vector<uint32_t>& input) {
  std::vector<uint32_t> out(input.size());
  uint64_t sum = 0;
  for (size_t i = 0; i < input.size(); ++i) {
    out[i] = static_cast<uint32_t>(sum & 0xFFFFFFFFULL);
    sum += input[i];
  }
  return out;
}

// The device's output against the test's own prefix sum; reports the first
// few differences.
void expectPrefixSum(const std::vector<uint32_t>& input, const std::vector<uint32_t>& gpu, const std::string& what) {
  const std::vector<uint32_t> expected = cpuPrefixSum(input);
  ASSERT_EQ(gpu.size(), expected.size()) << what;
  uint64_t wrong = 0;
  for (size_t i = 0; i < expected.size(); ++i) {
    if (gpu[i] != expected[i] && ++wrong <= 3) {
      ADD_FAILURE() << what << ": index " << i << " is " << gpu[i] << ", expected " << expected[i];
    }
  }
  EXPECT_EQ(wrong, 0U) << what;
}

} // namespace

TEST_F(Selftest, SixteenMillionValuePrefixSumMatchesTheCpu) {
  // Full 32-bit values: the sums wrap many times.
  const std::vector<uint32_t> input = randomValues(1U << 24U, 7);
  std::vector<uint32_t> gpu;
  const engine::SelftestResult r = engine::runSelftest(context(), input, engine::ScanKind::ReduceThenScan, &gpu);
  expectPrefixSum(input, gpu, "16 M values");
  EXPECT_EQ(r.count, 1U << 24U);
  EXPECT_EQ(r.correct, r.mismatches == 0);
  if (context().info().timestampsSupported) {
    EXPECT_GT(r.gpuMs, 0.0);
    EXPECT_LT(r.gpuMs, r.wallMs * 1.5 + 1.0);  // GPU time cannot exceed the wall time around it by much
  }
}

TEST_F(Selftest, ScanHandlesPartialTilesAndTinyInputs) {
  // Sizes around the tile and workgroup boundaries.
  for (uint32_t count : {1U, 7U, 255U, 256U, 257U, 4095U, 4096U, 4097U, 1000003U}) {
    const std::vector<uint32_t> input = randomValues(count, count);
    std::vector<uint32_t> gpu;
    engine::runSelftest(context(), input, engine::ScanKind::ReduceThenScan, &gpu);
    expectPrefixSum(input, gpu, "count " + std::to_string(count));
  }
}

TEST_F(Selftest, SelftestReportsWhatItFound) {
  // The CLI's self-check: its own verdict on its own random input.
  const engine::SelftestResult r = engine::runSelftest(context(), 100000, 3);
  EXPECT_EQ(r.count, 100000U);
  EXPECT_TRUE(r.correct) << r.mismatches << " wrong, first at " << r.firstMismatch;
  EXPECT_EQ(r.mismatches, 0U);
}

TEST_F(Selftest, ScanOfOnesGivesIndices) {
  constexpr uint32_t count = 70000;
  const gpu::Buffer data = context().createBuffer(count * 4ULL, gpu::BufferKind::Device, "ones",
                                                  gpu::BufferAccess::Address);
  const std::vector<uint32_t> ones(count, 1);
  context().upload(data, std::span<const uint32_t>(ones));
  const engine::PrefixSum scan(context(), data, count);
  gpu::CommandBuffer commands = context().createCommandBuffer("scan ones");
  commands.begin();
  scan.record(commands, count);
  commands.end();
  context().submitAndWait(commands);
  std::vector<uint32_t> out(count);
  context().download(data, std::span<uint32_t>(out));
  for (uint32_t i = 0; i < count; ++i) {
    ASSERT_EQ(out[i], i) << "at index " << i;
  }
}

TEST_F(Selftest, DeviceReportsItsProperties) {
  const gpu::DeviceInfo& info = context().info();
  EXPECT_FALSE(info.name.empty());
  EXPECT_GE(info.subgroupSize, 4U);
  EXPECT_GT(info.maxStorageBufferRange, 0U);
  EXPECT_TRUE(info.hasComputeQueue);
  EXPECT_FALSE(info.heaps.empty());
}

TEST_F(Selftest, ChainedScanSelftestMatchesTheCpu) {
  constexpr uint32_t count = 1U << 22U;
  // With 64-bit atomics the chained scan's status words hold any sum, so the
  // values use the full range (the sums wrap); its 32-bit packed words are
  // exact below 2^30 only, so without them the values stay below 2^30 / count.
  const bool wide = context().info().bufferInt64Atomics && context().info().shaderInt64;
  const std::vector<uint32_t> input = randomValues(count, 9, wide ? 0 : (uint64_t{1} << 30U) / count);
  std::vector<uint32_t> gpu;
  const engine::SelftestResult r = engine::runSelftest(context(), input, engine::ScanKind::Chained, &gpu);
  EXPECT_EQ(r.kind, engine::ScanKind::Chained);
  expectPrefixSum(input, gpu, "chained scan");
}
