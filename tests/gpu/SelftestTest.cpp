#include "GpuTest.h"

#include <vector>

#include "engine/PrefixSum.h"
#include "engine/Selftest.h"

using frontier::test::GpuTest;
namespace engine = frontier::engine;
namespace gpu = frontier::gpu;

class Selftest : public GpuTest {};

TEST_F(Selftest, SixteenMillionValuePrefixSumMatchesTheCpu) {
  const engine::SelftestResult r = engine::runSelftest(context(), 1U << 24U, 7);
  EXPECT_TRUE(r.correct) << r.mismatches << " wrong, first at " << r.firstMismatch;
  EXPECT_EQ(r.count, 1U << 24U);
  if (context().info().timestampsSupported) {
    EXPECT_GT(r.gpuMs, 0.0);
    EXPECT_LT(r.gpuMs, r.wallMs * 1.5 + 1.0);  // GPU time cannot exceed the wall time around it by much
  }
}

TEST_F(Selftest, ScanHandlesPartialTilesAndTinyInputs) {
  // Sizes around the tile and workgroup boundaries.
  for (uint32_t count : {1U, 7U, 255U, 256U, 257U, 4095U, 4096U, 4097U, 1000003U}) {
    const engine::SelftestResult r = engine::runSelftest(context(), count, count);
    EXPECT_TRUE(r.correct) << "count " << count << ": " << r.mismatches << " wrong, first at " << r.firstMismatch;
  }
}

TEST_F(Selftest, ScanOfOnesGivesIndices) {
  constexpr uint32_t count = 70000;
  const gpu::Buffer data = context().createBuffer(count * 4ULL, gpu::BufferKind::Device, "ones");
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
  const engine::SelftestResult r = engine::runSelftest(context(), 1U << 22U, 9, engine::ScanKind::Chained);
  EXPECT_EQ(r.kind, engine::ScanKind::Chained);
  EXPECT_TRUE(r.correct) << r.mismatches << " wrong, first at " << r.firstMismatch;
}
