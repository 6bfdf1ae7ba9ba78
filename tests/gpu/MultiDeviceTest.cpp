// Runs spread over several devices (run/MultiDevice.h), here two logical
// devices of the one physical device (lavapipe in CI): lengths equal the
// CPU reference and a one-device run's whatever device answers which chunk
// or shared batch; a device that fails hands its chunk (its batches) to the
// other; every device failing is an error naming each failure.

#include <gtest/gtest.h>

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "GpuTest.h"
#include "graph/Generators.h"
#include "graph/Pairs.h"
#include "reference/Bfs.h"
#include "reference/Dijkstra.h"
#include "run/Comparison.h"
#include "run/DeviceInputs.h"
#include "run/MultiDevice.h"
#include "run/Registry.h"
#include "run/RunSpec.h"
#include "vk/DeviceChoice.h"
#include "vk/FaultInjection.h"

namespace frontier::test {
namespace {

// Turns injected faults off again whatever the test's outcome.
struct FaultsOff {
  ~FaultsOff() { gpu::faults::configure(""); }
};

class MultiDevice : public GpuTest {
protected:
  void SetUp() override {
    GpuTest::SetUp();
    // Sparse: several components, so some pairs are unreachable.
    m_graph = std::make_shared<const graph::Graph>(
        graph::withRandomWeights(graph::generate("erdos-renyi:n=400,m=700,seed=5"), 9, 3));
    m_pairs = graph::randomPairs(*m_graph, 700, 17);
    // The first device is the fixture's context; the second a context of
    // its own on the same physical device, validation on as well.
    gpu::ContextOptions options;
    options.validation = gpu::Validation::On;
    options.deviceRequest = gpu::resolveDeviceRequest("");
    m_second = std::make_unique<gpu::Context>(options);
    m_inputs.push_back(std::make_unique<run::DeviceInputs>(context(), m_graph));
    m_inputs.push_back(std::make_unique<run::DeviceInputs>(*m_second, m_graph));
  }

  void TearDown() override {
    EXPECT_EQ(m_second->validationErrorCount(), 0U) << "validation errors on the second device";
    m_inputs.clear();
    m_second.reset();
    GpuTest::TearDown();
  }

  // Sets `fault` at the given submission after the devices' preparation: the
  // preparation (graph copies, made here already, one run over the first
  // pair on each device and, with shared batches, the making of each
  // device's run over all pairs) is measured first, counting submissions.
  void faultAfterPreparation(const run::RunSpec& spec, const std::string& fault, uint64_t after,
                             bool sharedBatches = false) const {
    gpu::faults::configure("lost@1000000000");  // counts submissions, fails none
    for (const auto& inputs : m_inputs) {
      run::familyOf(spec.engine).prepare(*inputs, spec);
    }
    gpu::faults::configure("lost@1000000000");
    for (const auto& inputs : m_inputs) {
      run::makeRun(*inputs, {m_pairs.front()}, spec)->run();
      if (sharedBatches) {
        run::RunOptions options;
        options.claimBatch = [] { return std::optional<engine::SearchRange>(); };
        run::makeRun(*inputs, m_pairs, spec, options);
      }
    }
    const uint64_t preparation = gpu::faults::submissionsCounted();
    ASSERT_GT(preparation, 0U);
    gpu::faults::configure(fault + "@" + std::to_string(preparation + after));
  }

  std::vector<run::DeviceInputs*> both() const { return {m_inputs[0].get(), m_inputs[1].get()}; }

  std::vector<double> expectedHops() const {
    std::vector<double> out;
    for (const graph::Length length : reference::pathLengths(*m_graph, m_pairs)) {
      out.push_back(length == graph::kUnreachable ? reference::kNoPath : static_cast<double>(length));
    }
    return out;
  }

  std::shared_ptr<const graph::Graph> m_graph;
  std::vector<graph::Pair> m_pairs;
  std::unique_ptr<gpu::Context> m_second;
  std::vector<std::unique_ptr<run::DeviceInputs>> m_inputs;
};

TEST_F(MultiDevice, LengthsEqualTheReferenceAndOneDeviceInInputOrder) {
  const std::vector<double> expected = expectedHops();
  for (const char* text : {"coalesced", "tuned", "workgroups"}) {
    const run::RunSpec spec = run::parseRunSpec(text);
    run::MultiDeviceOptions options;
    options.chunkPairs = 64;  // 11 chunks, the last one short
    const run::MultiDeviceResult two = run::runOnDevices(both(), m_pairs, spec, options);
    ASSERT_EQ(two.results.lengths.size(), m_pairs.size());
    EXPECT_EQ(two.results.lengths, expected) << text;
    EXPECT_EQ(two.chunks, 11U);
    EXPECT_EQ(two.rerunChunks, 0U);
    uint32_t pairs = 0;
    uint32_t chunks = 0;
    for (const run::DeviceShare& share : two.devices) {
      EXPECT_TRUE(share.failure.empty()) << share.failure;
      pairs += share.pairs;
      chunks += share.chunks;
      // Each device's chunks join into one trace: as many batches as its
      // chunks had, their iterations numbered after each other.
      EXPECT_EQ(share.trace.pairs, share.pairs);
      for (const engine::IterationStats& it : share.trace.iterations) {
        EXPECT_LT(it.batch, share.trace.batches);
      }
    }
    EXPECT_EQ(pairs, m_pairs.size());
    EXPECT_EQ(chunks, 11U);
    EXPECT_FALSE(two.cancelled);

    const run::MultiDeviceResult one = run::runOnDevices({m_inputs[0].get()}, m_pairs, spec);
    EXPECT_EQ(one.chunks, 1U) << "one device runs the pairs as one run";
    EXPECT_EQ(one.results.lengths, two.results.lengths) << text;
  }
}

TEST_F(MultiDevice, SharedBatchesGiveTheReferenceWithEachBatchAnsweredOnce) {
  const std::vector<double> expected = expectedHops();
  // 32 searches per batch: 700 pairs (fewer with the component filter) make
  // a couple of dozen batches for the two devices to share.
  for (const char* text : {"coalesced+omega=32", "tuned+omega=32", "coalesced-bottom-up+omega=64"}) {
    const run::RunSpec spec = run::parseRunSpec(text);
    std::vector<std::pair<uint64_t, uint64_t>> progress;
    run::MultiDeviceOptions options;
    options.progress = [&](uint64_t done, uint64_t total) { progress.emplace_back(done, total); };
    const run::MultiDeviceResult two = run::runOnDevices(both(), m_pairs, spec, options);
    EXPECT_TRUE(two.sharedBatches) << text;
    EXPECT_EQ(two.results.lengths, expected) << text;
    EXPECT_EQ(two.rerunChunks, 0U);
    EXPECT_GT(two.chunks, 10U) << text;
    uint32_t pairs = 0;
    uint32_t batches = 0;
    for (const run::DeviceShare& share : two.devices) {
      EXPECT_TRUE(share.failure.empty()) << share.failure;
      EXPECT_EQ(share.setupMs, 0.0) << "no run made after the preparation";
      pairs += share.pairs;
      batches += share.chunks;
      EXPECT_EQ(share.trace.batches, share.chunks);
      EXPECT_EQ(share.trace.pairs, share.pairs);
      for (const engine::IterationStats& it : share.trace.iterations) {
        EXPECT_LT(it.batch, share.trace.batches) << "batches numbered in the order the device took them";
      }
    }
    EXPECT_EQ(batches, two.chunks) << text << ": every batch answered by one device";
    EXPECT_EQ(pairs, m_pairs.size()) << text;
    ASSERT_FALSE(progress.empty());
    EXPECT_EQ(progress.back().first, m_pairs.size()) << text;
    for (size_t i = 1; i < progress.size(); ++i) {
      EXPECT_LE(progress[i - 1].first, progress[i].first);
    }

    const run::MultiDeviceResult one = run::runOnDevices({m_inputs[0].get()}, m_pairs, spec);
    EXPECT_EQ(one.results.lengths, expected) << text;
    EXPECT_EQ(one.devices[0].chunks, one.chunks);
  }
}

TEST_F(MultiDevice, EnginesWithoutSharedBatchesAreRefusedTheClaim) {
  run::RunOptions options;
  options.claimBatch = [] { return std::optional<engine::SearchRange>(); };
  EXPECT_THROW(run::makeRun(*m_inputs[0], m_pairs, run::parseRunSpec("near-far"), options), std::invalid_argument);
  EXPECT_FALSE(run::sharesBatches(run::parseRunSpec("near-far")));
  EXPECT_TRUE(run::sharesBatches(run::parseRunSpec("tuned")));
}

TEST_F(MultiDevice, AFailedDeviceGivesItsSharedBatchesToTheOther) {
  const FaultsOff restore;
  const run::RunSpec spec = run::parseRunSpec("coalesced+omega=32");
  // The fifth submission after the preparation fails as a lost device: that
  // device's run stops, every batch it took (those it answered too: their
  // lengths are on the lost device) runs again on the other.
  faultAfterPreparation(spec, "lost", 5, true);
  const run::MultiDeviceResult result = run::runOnDevices(both(), m_pairs, spec);
  EXPECT_TRUE(result.sharedBatches);
  EXPECT_EQ(result.results.lengths, expectedHops());
  EXPECT_GE(result.rerunChunks, 1U);
  size_t failed = 0;
  uint32_t batches = 0;
  for (const run::DeviceShare& share : result.devices) {
    failed += share.failure.empty() ? 0U : 1U;
    batches += share.failure.empty() ? share.chunks : 0U;
  }
  EXPECT_EQ(failed, 1U);
  EXPECT_EQ(batches, result.chunks) << "every batch answered by the device that did not fail";
}

TEST_F(MultiDevice, EveryDeviceFailingWithSharedBatchesIsAnError) {
  const FaultsOff restore;
  const run::RunSpec spec = run::parseRunSpec("coalesced+omega=32");
  faultAfterPreparation(spec, "lost-from", 1, true);
  try {
    run::runOnDevices(both(), m_pairs, spec);
    FAIL() << "expected an error";
  } catch (const std::runtime_error& error) {
    const std::string message = error.what();
    EXPECT_NE(message.find("every device failed"), std::string::npos) << message;
    EXPECT_NE(message.find("[1]"), std::string::npos) << message;
  }
}

TEST_F(MultiDevice, WeightedLengthsEqualDijkstra) {
  const std::vector<reference::PathLength> expected = reference::shortestPaths(*m_graph, m_pairs);
  run::MultiDeviceOptions options;
  options.chunkPairs = 200;
  const run::MultiDeviceResult two =
      run::runOnDevices(both(), m_pairs, run::parseRunSpec("near-far+delta=5"), options);
  ASSERT_EQ(two.results.lengths.size(), m_pairs.size());
  EXPECT_EQ(two.results.unit, run::Unit::Weight);
  EXPECT_TRUE(two.results.exact);
  for (size_t i = 0; i < m_pairs.size(); ++i) {
    EXPECT_EQ(two.results.lengths[i], expected[i].length) << "pair " << i;
  }
}

TEST_F(MultiDevice, AFailedDeviceHandsItsChunkToTheOther) {
  const FaultsOff restore;
  // The third queue submission after the preparation fails as a lost
  // device: on whichever device made it, that device stops and its chunk
  // runs again on the other.
  faultAfterPreparation(run::parseRunSpec("coalesced"), "lost", 3);
  run::MultiDeviceOptions options;
  options.chunkPairs = 100;
  const run::MultiDeviceResult result =
      run::runOnDevices(both(), m_pairs, run::parseRunSpec("coalesced"), options);
  EXPECT_EQ(result.results.lengths, expectedHops());
  EXPECT_EQ(result.rerunChunks, 1U);
  size_t failed = 0;
  uint32_t pairs = 0;
  for (const run::DeviceShare& share : result.devices) {
    failed += share.failure.empty() ? 0U : 1U;
    pairs += share.pairs;
  }
  EXPECT_EQ(failed, 1U);
  EXPECT_EQ(pairs, m_pairs.size()) << "every pair answered once by a device that did not fail";
}

TEST_F(MultiDevice, EveryDeviceFailingIsAnErrorNamingEach) {
  const FaultsOff restore;
  gpu::faults::configure("lost-from@1");
  run::MultiDeviceOptions options;
  options.chunkPairs = 350;
  try {
    run::runOnDevices(both(), m_pairs, run::parseRunSpec("coalesced"), options);
    FAIL() << "expected an error";
  } catch (const std::runtime_error& error) {
    const std::string message = error.what();
    EXPECT_NE(message.find("every device failed"), std::string::npos) << message;
    EXPECT_NE(message.find("[0]"), std::string::npos) << message;
    EXPECT_NE(message.find("[1]"), std::string::npos) << message;
  }
}

TEST_F(MultiDevice, CancelStopsEveryDevice) {
  for (const uint32_t chunkPairs : {64U, 0U}) {  // chunks, shared batches
    std::atomic<bool> cancel{true};
    run::MultiDeviceOptions options;
    options.chunkPairs = chunkPairs;
    options.cancel = &cancel;
    const run::MultiDeviceResult result =
        run::runOnDevices(both(), m_pairs, run::parseRunSpec("coalesced+omega=32"), options);
    EXPECT_TRUE(result.cancelled);
  }
}

TEST_F(MultiDevice, ComparisonRunsEachEntryOnItsDevice) {
  run::Comparison comparison(both(), m_pairs);
  const std::vector<run::RunSpec> specs = {run::parseRunSpec("coalesced"), run::parseRunSpec("workgroups"),
                                           run::parseRunSpec("tuned")};
  run::CompareSettings settings;
  settings.warmups = 1;
  settings.repeats = 3;
  std::vector<run::ComparedRun> last(specs.size());
  std::atomic<int> results{0};
  const bool done = comparison.compare(
      specs, settings, [](int, double) {},
      [&](const run::ComparedRun& r) {
        last[static_cast<size_t>(r.index)] = r;
        ++results;
      },
      nullptr);
  ASSERT_TRUE(done);
  EXPECT_EQ(results.load(), 9);
  const std::vector<double> expected = expectedHops();
  for (size_t i = 0; i < specs.size(); ++i) {
    EXPECT_TRUE(last[i].verified()) << last[i].spec << ": " << last[i].error;
    EXPECT_EQ(last[i].lengths, expected) << last[i].spec;
    EXPECT_EQ(last[i].timedCount(), 3U);
    EXPECT_EQ(last[i].device.rfind(i % 2 == 0 ? "[0] " : "[1] ", 0), 0U) << last[i].device;
  }
}

} // namespace
} // namespace frontier::test
