// The device-wide scans against std::exclusive_scan: the chained scan (64-bit
// and 32-bit status words, several tile shapes) and reduce-then-scan, at the
// tile boundaries and up to 2^22 values; and a stress test of the chained
// scan's fallback on a device that promises no forward progress between
// workgroups.

#include "GpuTest.h"

#include <numeric>
#include <random>
#include <vector>

#include "engine/scan/ChainedScan.h"
#include "engine/scan/PrefixSum.h"

namespace {

using namespace frontier;
using frontier::test::GpuTest;

std::vector<uint32_t> randomValues(uint32_t count, uint32_t bound, uint64_t seed) {
  std::mt19937_64 random(seed);
  std::vector<uint32_t> values(count);
  for (uint32_t& v : values) {
    v = bound == 0 ? static_cast<uint32_t>(random()) : static_cast<uint32_t>(random() % bound);
  }
  return values;
}

std::vector<uint32_t> expectedScan(const std::vector<uint32_t>& values) {
  std::vector<uint32_t> out(values.size());
  std::exclusive_scan(values.begin(), values.end(), out.begin(), 0U);  // wraps modulo 2^32, as on the GPU
  return out;
}

class ScanTest : public GpuTest {
protected:
  // Uploads `values`, records `scan` over them, returns the output.
  std::vector<uint32_t> run(const engine::DeviceScan& scan, const gpu::Buffer& input, const gpu::Buffer& output,
                            const std::vector<uint32_t>& values) {
    context().upload(input, std::span<const uint32_t>(values));
    gpu::CommandBuffer commands = context().createCommandBuffer("scan test");
    commands.begin();
    scan.record(commands, static_cast<uint32_t>(values.size()));
    commands.end();
    context().submitAndWait(commands);
    std::vector<uint32_t> out(values.size());
    context().download(output, std::span<uint32_t>(out));
    return out;
  }

  gpu::Buffer buffer(uint32_t count, const char* name) {
    return context().createBuffer(uint64_t{std::max(count, 1U)} * 4, gpu::BufferKind::Device, name,
                                  gpu::BufferAccess::Address);
  }

  // Every size in `sizes` through one scan of the largest capacity.
  void checkSizes(engine::ScanKind kind, const engine::ChainedScanShape* shape, uint32_t tile, uint32_t bound) {
    const std::vector<uint32_t> sizes = {1, 2, tile - 1, tile, tile + 1, 2 * tile + 7, 37 * tile + 5, 1U << 22U};
    const uint32_t capacity = 1U << 22U;
    const gpu::Buffer input = buffer(capacity, "scan input");
    const gpu::Buffer output = buffer(capacity, "scan output");
    std::unique_ptr<engine::DeviceScan> scan =
        shape != nullptr ? std::make_unique<engine::ChainedScan>(context(), input, output, capacity, *shape)
                         : engine::makeDeviceScan(context(), kind, input, output, capacity);
    for (const uint32_t count : sizes) {
      const std::vector<uint32_t> values = randomValues(count, bound, count);
      const std::vector<uint32_t> got = run(*scan, input, output, values);
      const std::vector<uint32_t> expected = expectedScan(values);
      size_t wrong = 0;
      for (size_t i = 0; i < got.size(); ++i) {
        if (got[i] != expected[i] && ++wrong <= 3) {
          ADD_FAILURE() << engine::scanKindName(kind) << " count " << count << " index " << i << ": got " << got[i]
                        << ", expected " << expected[i];
        }
      }
      EXPECT_EQ(wrong, 0U) << "count " << count;
    }
  }
};

TEST_F(ScanTest, ReduceThenScanMatchesStdExclusiveScan) {
  checkSizes(engine::ScanKind::ReduceThenScan, nullptr, 4096, 0);
}

TEST_F(ScanTest, ChainedScanMatchesStdExclusiveScan) {
  const engine::ChainedScanShape shape;
  checkSizes(engine::ScanKind::Chained, &shape, shape.workgroupSize * shape.itemsPerThread,
             context().info().bufferInt64Atomics ? 0U : 256U);
}

TEST_F(ScanTest, ChainedScanWith32BitStatusWords) {
  engine::ChainedScanShape shape;
  shape.forcePacked32 = true;
  // Totals stay below 2^30 (values < 256, at most 2^22 of them): exact.
  checkSizes(engine::ScanKind::Chained, &shape, shape.workgroupSize * shape.itemsPerThread, 256);
}

TEST_F(ScanTest, ChainedScanSmallTilesOddItems) {
  // Tiles of 3 values per invocation in the smallest workgroup allowed (32
  // invocations, or one subgroup where they are larger): many tiles, tile
  // sizes that are not powers of two.
  engine::ChainedScanShape shape;
  shape.workgroupSize = std::max(32U, context().info().maxSubgroupSize);
  shape.itemsPerThread = 3;
  shape.spinLimit = 4;
  checkSizes(engine::ScanKind::Chained, &shape, shape.workgroupSize * 3, 0);
}

TEST_F(ScanTest, ChainedScanRefusesToWorkInPlace) {
  const gpu::Buffer data = buffer(100, "in place");
  EXPECT_THROW(engine::makeDeviceScan(context(), engine::ScanKind::Chained, data, data, 100), std::invalid_argument);
  // Reduce-then-scan may: it never reads a value another workgroup writes.
  const std::vector<uint32_t> ones(100, 1);
  const auto scan = engine::makeDeviceScan(context(), engine::ScanKind::ReduceThenScan, data, data, 100);
  const std::vector<uint32_t> got = run(*scan, data, data, ones);
  EXPECT_EQ(got, expectedScan(ones));
}

// The kernels read and write by device address: a buffer made for bindings
// only is refused with its name, before any Vulkan object is made.
TEST_F(ScanTest, RefusesBuffersWithoutAnAddress) {
  const gpu::Buffer boundOnly = context().createBuffer(400, gpu::BufferKind::Device, "bound only");
  const gpu::Buffer addressed = buffer(100, "addressed");
  for (const engine::ScanKind kind : {engine::ScanKind::Chained, engine::ScanKind::ReduceThenScan}) {
    EXPECT_THROW(engine::makeDeviceScan(context(), kind, boundOnly, addressed, 100), std::invalid_argument);
    EXPECT_THROW(engine::makeDeviceScan(context(), kind, addressed, boundOnly, 100), std::invalid_argument);
  }
}

// The length read on the device when the scan runs: the scans cover exactly
// that many values and leave the rest of the output alone.
TEST_F(ScanTest, DeviceSideLength) {
  constexpr uint32_t kCapacity = 300000;
  constexpr uint32_t kSentinel = 0xDEADBEEFU;
  const gpu::Buffer input = buffer(kCapacity, "scan input");
  const gpu::Buffer output = buffer(kCapacity, "scan output");
  const gpu::Buffer lengths = buffer(8, "scan lengths");
  const std::vector<uint32_t> values = randomValues(kCapacity, 1000, 5);
  context().upload(input, std::span<const uint32_t>(values));
  for (const engine::ScanKind kind : {engine::ScanKind::Chained, engine::ScanKind::ReduceThenScan}) {
    const auto scan = engine::makeDeviceScan(context(), kind, input, output, kCapacity, {&lengths, 5});
    {
      // Without a length source there is nothing to read on the device.
      const auto hostOnly = engine::makeDeviceScan(context(), kind, input, output, kCapacity);
      gpu::CommandBuffer unused = context().createCommandBuffer("unused");
      EXPECT_THROW(hostOnly->recordDeviceLength(unused), std::logic_error);
    }
    for (const uint32_t length : {0U, 1U, 4095U, 4097U, 123457U, kCapacity}) {
      const std::vector<uint32_t> words = {7, 7, 7, 7, 7, length, 7, 7};
      context().upload(lengths, std::span<const uint32_t>(words));
      const std::vector<uint32_t> sentinels(kCapacity, kSentinel);
      context().upload(output, std::span<const uint32_t>(sentinels));
      gpu::CommandBuffer commands = context().createCommandBuffer("device length");
      commands.begin();
      scan->recordDeviceLength(commands);
      commands.end();
      context().submitAndWait(commands);
      std::vector<uint32_t> got(kCapacity);
      context().download(output, std::span<uint32_t>(got));
      std::vector<uint32_t> expected(values.begin(), values.begin() + length);
      expected = expectedScan(expected);
      expected.resize(kCapacity, kSentinel);
      EXPECT_EQ(got, expected) << engine::scanKindName(kind) << " length " << length;
    }
  }
}

// 10,240 tiles of 256 values with no spinning before the fallback: a
// workgroup whose predecessor has not yet published reduces that tile
// itself. Run repeatedly; every run must finish and be exact. Then with the
// tiles in reverse launch order, where on a device that runs workgroups in
// launch order (lavapipe, one after another per thread) a waiting workgroup's
// predecessors have not even started: without the fallback it would wait
// forever.
TEST_F(ScanTest, ChainedScanFallbackStress) {
  constexpr uint32_t kTiles = 10240;
  engine::ChainedScanShape shape;
  shape.workgroupSize = 64;
  shape.itemsPerThread = 4;
  shape.spinLimit = 0;
  shape.countLookbacks = true;
  const uint32_t count = kTiles * shape.workgroupSize * shape.itemsPerThread;
  const gpu::Buffer input = buffer(count, "stress input");
  const gpu::Buffer output = buffer(count, "stress output");
  uint64_t tickets = 0;
  for (const bool packed : {false, true}) {
    shape.forcePacked32 = packed;
    const engine::ChainedScan scan(context(), input, output, count, shape);
    for (uint32_t round = 0; round < 4; ++round) {
      const std::vector<uint32_t> values = randomValues(count, packed ? 64U : 0U, round * 2 + (packed ? 1 : 0));
      ASSERT_EQ(run(scan, input, output, values), expectedScan(values)) << "ticket order, run " << round;
      tickets += scan.fallbackCount();
      EXPECT_GE(scan.lookbackCount(), kTiles - 1);  // every tile but the first looks back
    }
  }
  std::printf("[          ] ticket order: %llu fallbacks over 8 runs of %u tiles\n",
              static_cast<unsigned long long>(tickets), kTiles);

  // Reverse order: the look-back of tile t meets up to t unstarted tiles, so
  // fewer tiles keep the quadratic walk short.
  constexpr uint32_t kReverseTiles = 2048;
  const uint32_t reverseCount = kReverseTiles * shape.workgroupSize * shape.itemsPerThread;
  shape.reverseTiles = true;
  uint64_t reversed = 0;
  for (const bool packed : {false, true}) {
    shape.forcePacked32 = packed;
    const engine::ChainedScan scan(context(), input, output, reverseCount, shape);
    for (uint32_t round = 0; round < 2; ++round) {
      const std::vector<uint32_t> values = randomValues(reverseCount, packed ? 64U : 0U, 100 + round);
      ASSERT_EQ(run(scan, input, output, values), expectedScan(values)) << "reverse order, run " << round;
      EXPECT_GT(scan.fallbackCount(), 0U) << "reverse order, run " << round;
      reversed += scan.fallbackCount();
    }
  }
  std::printf("[          ] reverse order: %llu fallbacks over 4 runs of %u tiles\n",
              static_cast<unsigned long long>(reversed), kReverseTiles);
  EXPECT_GT(tickets + reversed, 0U);
}

} // namespace
