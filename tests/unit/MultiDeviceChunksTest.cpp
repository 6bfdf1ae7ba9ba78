// The pure parts of run/MultiDevice.h: how pairs are cut into chunks and how
// a device's chunk traces join into one.

#include <gtest/gtest.h>

#include "run/MultiDevice.h"

using namespace frontier;

TEST(MultiDeviceChunks, AboutFourChunksPerDeviceInWholeBatches) {
  EXPECT_EQ(run::chunkPairsFor(65536, 2, 0), 8192U);
  EXPECT_EQ(run::chunkPairsFor(65536, 4, 0), 4096U);
  EXPECT_EQ(run::chunkPairsFor(65536, 3, 0), 6144U);  // 5462 rounded up to whole 1024s
  EXPECT_EQ(run::chunkPairsFor(100, 2, 0), 1024U);    // never less than a full batch
  EXPECT_EQ(run::chunkPairsFor(5000, 1, 0), 5000U);   // one device: one run of every pair
  EXPECT_EQ(run::chunkPairsFor(0, 2, 0), 1U);
  EXPECT_EQ(run::chunkPairsFor(65536, 2, 100), 100U); // asked for
}

namespace {

engine::IterationStats iteration(uint32_t batch) {
  engine::IterationStats it;
  it.batch = batch;
  return it;
}

engine::KernelSpan span(uint32_t batch, double startNs, double endNs) {
  engine::KernelSpan k;
  k.kind = engine::KernelKind::Identify;
  k.batch = batch;
  k.startNs = startNs;
  k.endNs = endNs;
  return k;
}

} // namespace

TEST(MultiDeviceChunks, ChunkTracesJoinBatchAfterBatch) {
  engine::RunTrace a;
  a.algorithm = "ibfs";
  a.strategy = "coalesced";
  a.pairs = 64;
  a.batches = 2;
  a.skippedPairs = 3;
  a.iterations = {iteration(0), iteration(1)};
  a.kernels = {span(1, 10, 20)};
  a.totals.iterations = 2;
  a.totals.gpuMs = 1.5;
  a.totals.edgesExamined = 100;
  a.deviceBytes = 1000;
  engine::RunTrace b = a;
  b.pairs = 10;
  b.batches = 1;
  b.iterations = {iteration(0)};
  b.kernels = {span(0, 5, 7)};
  b.totals.iterations = 1;
  b.totals.gpuMs = 0.5;
  b.deviceBytes = 400;

  engine::RunTrace joined;
  joined.device = "[1] lavapipe";
  run::appendTrace(joined, a, 0);
  run::appendTrace(joined, b, 1000);
  EXPECT_EQ(joined.device, "[1] lavapipe");
  EXPECT_EQ(joined.strategy, "coalesced");
  EXPECT_EQ(joined.pairs, 74U);
  EXPECT_EQ(joined.batches, 3U);
  EXPECT_EQ(joined.skippedPairs, 6U);
  ASSERT_EQ(joined.iterations.size(), 3U);
  EXPECT_EQ(joined.iterations[2].batch, 2U);
  ASSERT_EQ(joined.kernels.size(), 2U);
  EXPECT_EQ(joined.kernels[1].batch, 2U);
  EXPECT_DOUBLE_EQ(joined.kernels[1].startNs, 1005);
  EXPECT_DOUBLE_EQ(joined.kernels[1].endNs, 1007);
  EXPECT_EQ(joined.totals.iterations, 3U);
  EXPECT_DOUBLE_EQ(joined.totals.gpuMs, 2.0);
  EXPECT_EQ(joined.totals.edgesExamined, 200U);
  EXPECT_EQ(joined.deviceBytes, 1000U);
}
