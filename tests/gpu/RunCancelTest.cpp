// A cancel that arrives while a submission is on the GPU: run() must give up
// the fence wait within a slice (FenceWait.h) instead of waiting the
// submission out, leave it in flight for settle() to take in, raise no
// validation error, and leave the run usable: resumed to the end and, after
// a reset, run again, both equal to the CPU reference.
//
// No test hook holds the submission: the graph is large enough that one
// submission takes a good fraction of a second on lavapipe, and the cancel
// comes from another thread halfway through a run timed just before. That a
// cancel hit a submission in flight is proven, not assumed: settle() then
// takes in iterations that run() had not. A cancel that missed (the thread
// started late, the machine was faster) is tried again.

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <cstdint>
#include <cctype>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "GpuTest.h"
#include "graph/Generators.h"
#include "graph/Pairs.h"
#include "reference/Bfs.h"
#include "reference/Dijkstra.h"
#include "run/DeviceInputs.h"
#include "run/Registry.h"
#include "run/RunSpec.h"

namespace frontier::test {
namespace {

using Clock = std::chrono::steady_clock;

struct CancelCase {
  const char* spec;
  uint32_t pairs;
};

class RunCancel : public GpuTest, public ::testing::WithParamInterface<CancelCase> {
protected:
  void SetUp() override {
    GpuTest::SetUp();
    m_graph = std::make_shared<const graph::Graph>(
        graph::withRandomWeights(graph::generate("kronecker:scale=14,edgefactor=16,seed=5"), 100, 3));
    m_pairs = graph::randomPairs(*m_graph, GetParam().pairs, 21);
  }

  // The CPU reference of the run's unit, computed once.
  void expectReference(const run::Run& r, const std::string& when) {
    const run::RunResults results = r.results();
    ASSERT_EQ(results.lengths.size(), m_pairs.size()) << when;
    if (m_expected.empty()) {
      if (results.unit == run::Unit::Hops) {
        for (const graph::Length length : reference::pathLengths(*m_graph, m_pairs)) {
          m_expected.push_back(length == graph::kUnreachable ? reference::kNoPath : length);
        }
      } else {
        for (const reference::PathLength& path : reference::shortestPaths(*m_graph, m_pairs)) {
          m_expected.push_back(path.length);
        }
      }
    }
    for (size_t i = 0; i < m_pairs.size(); ++i) {
      EXPECT_EQ(results.lengths[i], m_expected[i]) << when << ": pair " << i;
    }
  }

  std::shared_ptr<const graph::Graph> m_graph;
  std::vector<graph::Pair> m_pairs;
  std::vector<double> m_expected;
};

TEST_P(RunCancel, CancelDuringASubmissionStopsCleanlyAndTheRunStaysExact) {
  run::DeviceInputs inputs(context(), m_graph);
  const std::unique_ptr<run::Run> r = run::makeRun(inputs, m_pairs, run::parseRunSpec(GetParam().spec));

  // How long the whole run takes here, uncancelled.
  const Clock::time_point begin = Clock::now();
  ASSERT_TRUE(r->run());
  const Clock::duration whole = Clock::now() - begin;
  const size_t iterations = r->trace().iterations.size();
  // Hop levels are the same in every run; how many relax iterations a
  // shortest-path run takes can differ by one from run to run (the order in
  // which the device's threads relax), its distances cannot.
  const bool sameIterations = r->results().unit == run::Unit::Hops;
  expectReference(*r, "uncancelled");

  bool hitInFlight = false;
  for (int attempt = 0; attempt < 4 && !hitInFlight; ++attempt) {
    r->reset();
    std::atomic<bool> cancel{false};
    std::atomic<bool> returned{false};
    bool finished = true;
    std::thread runner([&] {
      finished = r->run({}, &cancel);
      returned = true;
    });
    std::this_thread::sleep_for(whole / 2);
    cancel = true;
    runner.join();
    ASSERT_TRUE(returned.load());
    if (finished) {
      continue; // the run ended before the cancel: try again
    }
    EXPECT_FALSE(r->finished());
    // run() gave up its wait: the submission it left is taken in now.
    const size_t before = r->trace().iterations.size();
    r->settle();
    hitInFlight = r->trace().iterations.size() > before;
    // Resumed from where it stopped, to the reference's answer.
    cancel = false;
    ASSERT_TRUE(r->run({}, &cancel));
    if (sameIterations) {
      EXPECT_EQ(r->trace().iterations.size(), iterations) << "resuming repeats or skips levels";
    }
    expectReference(*r, "cancelled and resumed");
  }
  EXPECT_TRUE(hitInFlight) << "no cancel arrived while a submission was in flight (whole run "
                           << std::chrono::duration<double, std::milli>(whole).count() << " ms)";

  // The engine is reusable: reset and run again, exact.
  r->reset();
  ASSERT_TRUE(r->run());
  if (sameIterations) {
    EXPECT_EQ(r->trace().iterations.size(), iterations);
  }
  expectReference(*r, "after the cancels");
}

// Many levels (iterations) per submission, so that the submissions hold
// nearly all of the run's time: iBFS with 64 levels per submission (a
// submission per batch of searches), shortest paths with 64 relax
// iterations per submission.
INSTANTIATE_TEST_SUITE_P(Specs, RunCancel,
                         ::testing::Values(CancelCase{"coalesced+k=64", 256}, CancelCase{"near-far+delta=100+B=64", 32}),
                         [](const ::testing::TestParamInfo<CancelCase>& param) {
                           std::string name;
                           for (const char c : std::string(param.param.spec)) {
                             name += std::isalnum(static_cast<unsigned char>(c)) ? c : '_';
                           }
                           return name;
                         });

} // namespace
} // namespace frontier::test
