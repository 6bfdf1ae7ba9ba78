// Every engine driven through run::Run only (made from a spec by the
// registry): stepped to the end, reset, run to the end, cancelled and
// resumed, each time against the CPU reference (textbook BFS for hops,
// Dijkstra for weighted lengths), never against another run.

#include <gtest/gtest.h>

#include <atomic>
#include <cctype>
#include <memory>
#include <string>
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

class RunInterface : public GpuTest, public ::testing::WithParamInterface<std::string> {
protected:
  void SetUp() override {
    GpuTest::SetUp();
    // Sparse (m < 2n): several components, so some pairs are unreachable.
    m_graph = std::make_shared<const graph::Graph>(
        graph::withRandomWeights(graph::generate("erdos-renyi:n=150,m=260,seed=3"), 9, 7));
    m_pairs = graph::randomPairs(*m_graph, 70, 11);
  }

  // Each pair's length against the CPU reference of the run's unit.
  void expectReference(const run::Run& r, const std::string& when) const {
    const run::RunResults results = r.results();
    ASSERT_EQ(results.lengths.size(), m_pairs.size()) << when;
    if (results.unit == run::Unit::Hops) {
      const std::vector<graph::Length> expected = reference::pathLengths(*m_graph, m_pairs);
      for (size_t i = 0; i < m_pairs.size(); ++i) {
        const double want = expected[i] == graph::kUnreachable ? reference::kNoPath : expected[i];
        EXPECT_EQ(results.lengths[i], want) << when << ": pair " << i;
      }
    } else {
      const std::vector<reference::PathLength> expected = reference::shortestPaths(*m_graph, m_pairs);
      EXPECT_TRUE(results.exact) << "integer weights are summed exactly";
      for (size_t i = 0; i < m_pairs.size(); ++i) {
        EXPECT_EQ(results.lengths[i], expected[i].length) << when << ": pair " << i;
      }
    }
  }

  std::shared_ptr<const graph::Graph> m_graph;
  std::vector<graph::Pair> m_pairs;
};

TEST_P(RunInterface, StepResetRunCancelResumeAllGiveTheReference) {
  const run::RunSpec spec = run::parseRunSpec(GetParam());
  run::DeviceInputs inputs(context(), m_graph);
  const std::unique_ptr<run::Run> r = run::makeRun(inputs, m_pairs, spec);
  EXPECT_EQ(r->pairs().size(), m_pairs.size());

  // Stepped to the end: one iteration per step, in the trace.
  size_t steps = 0;
  while (!r->finished()) {
    const engine::IterationStats it = r->step();
    ++steps;
    ASSERT_EQ(r->trace().iterations.size(), steps);
    EXPECT_EQ(r->trace().iterations.back().level, it.level);
    ASSERT_LT(steps, 100000U) << "the run does not end";
  }
  EXPECT_GT(steps, 0U);
  EXPECT_EQ(r->progress().pairsDone, m_pairs.size());
  expectReference(*r, "stepped");

  // Reset: the trace is cleared and the run starts over.
  r->reset();
  EXPECT_FALSE(r->finished());
  EXPECT_TRUE(r->trace().iterations.empty());
  EXPECT_EQ(r->progress().batch, 0U);

  // Cancelled before it starts: nothing runs, and it can still be resumed.
  std::atomic<bool> cancel{true};
  EXPECT_FALSE(r->run({}, &cancel));
  EXPECT_FALSE(r->finished());
  EXPECT_TRUE(r->trace().iterations.empty());

  // Cancelled from the first progress report: it stops there, unfinished
  // when there was more to do, and resumes to the same answer.
  cancel = false;
  int reports = 0;
  const bool done = r->run(
      [&](const engine::Progress&) {
        ++reports;
        cancel = true;
      },
      &cancel);
  EXPECT_EQ(reports, 1);
  EXPECT_EQ(done, r->finished());
  cancel = false;
  EXPECT_TRUE(r->run({}, &cancel));
  EXPECT_TRUE(r->finished());
  expectReference(*r, "cancelled and resumed");

  // Run to the end after a reset: the same iterations as stepping.
  r->reset();
  EXPECT_TRUE(r->run());
  EXPECT_TRUE(r->finished());
  EXPECT_EQ(r->trace().iterations.size(), steps);
  expectReference(*r, "run");
}

// iBFS presets with and without switches (`tuned` on this sparse graph of
// a long diameter hands its pairs to the resident engine, `tuned+omega=1024`
// keeps the BFS engine) and one of each shortest-path algorithm; B=1
// and k=1 make every iteration its own submission, so that a cancel after
// the first submission leaves work to resume.
INSTANTIATE_TEST_SUITE_P(Specs, RunInterface,
                         ::testing::Values("coalesced+k=1", "workgroups", "coalesced+adaptive+lb", "tuned", "tuned+omega=1024",
                                           "near-far+delta=4+B=1+Q=16", "delta-step+delta=3+B=1", "bellman-ford+B=1"),
                         [](const ::testing::TestParamInfo<std::string>& param) {
                           std::string name;
                           for (const char c : param.param) {
                             name += std::isalnum(static_cast<unsigned char>(c)) ? c : '_';
                           }
                           return name;
                         });

} // namespace
} // namespace frontier::test
