// Shortest paths on the device against CPU Dijkstra: every algorithm on real
// weighted graphs, generated graphs with random weights, zero weights, real
// weights, unreachable pairs, source = destination, several batch shapes;
// stepping, tracked state and the trace.

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <iomanip>
#include <memory>
#include <string>
#include <vector>

#include "GpuTest.h"
#include "SsspGraphs.h"
#include "TestData.h"
#include "engine/DeviceGraph.h"
#include "engine/sssp/DeviceWeights.h"
#include "engine/sssp/SsspSearch.h"
#include "graph/Generators.h"
#include "graph/GraphBuilder.h"
#include "graph/GraphIO.h"
#include "graph/Pairs.h"
#include "reference/Dijkstra.h"
#include "vk/FaultInjection.h"

namespace frontier::test {
namespace {

using engine::SsspAlgorithm;
using engine::SsspOptions;
using engine::SsspSearch;

// How the device must sum the weights of a test's graph, decided from the
// weights the test built or read (never from the device's own choice):
// integers below 2^32 are summed exactly (equal to Dijkstra's lengths), other
// weights in float32 (within Dijkstra.h's rounding bound).
enum class Sums { Exact, Float32 };

class Sssp : public GpuTest, public ::testing::WithParamInterface<SsspAlgorithm> {
protected:
  // Runs the pairs on the device and compares every length with Dijkstra's.
  // Returns the search for further checks.
  std::unique_ptr<SsspSearch> expectDijkstra(const std::shared_ptr<const graph::Graph>& g,
                                             const std::vector<graph::Pair>& pairs, Sums sums,
                                             SsspOptions options = {}) {
    options.algorithm = GetParam();
    auto deviceGraph = std::make_shared<const engine::DeviceGraph>(context(), g);
    auto weights = std::make_shared<const engine::DeviceWeights>(context(), *g);
    auto search = std::make_unique<SsspSearch>(context(), deviceGraph, weights, pairs, options);
    EXPECT_EQ(search->integerWeights(), sums == Sums::Exact) << "the device chose the other arithmetic";
    EXPECT_TRUE(search->run());
    EXPECT_TRUE(search->finished());
    expectDijkstraLengths(*g, pairs, *search, sums == Sums::Exact);
    return search;
  }
};

TEST_P(Sssp, HandComputedDirectedGraph) {
  // 0 -4-> 1, 0 -1-> 2, 2 -2-> 1, 1 -1-> 3, 2 -5-> 3, 3 -3-> 4; 5 unreachable.
  const auto g = weighted(true, 6, {{0, 1, 4}, {0, 2, 1}, {2, 1, 2}, {1, 3, 1}, {2, 3, 5}, {3, 4, 3}});
  const std::vector<graph::Pair> pairs = {{0, 4}, {0, 1}, {0, 5}, {4, 0}, {2, 2}, {2, 4}, {0, 3}};
  SsspOptions options;
  options.delta = 2;
  const auto search = expectDijkstra(g, pairs, Sums::Exact, options);
  const std::vector<double> lengths = search->lengths();
  EXPECT_EQ(lengths, (std::vector<double>{7, 3, reference::kNoPath, reference::kNoPath, 0, 6, 4}));
}

TEST_P(Sssp, AmsterdamRoads) {
  const auto g = dataGraph("amsterdam-roads.gr");
  if (!g) {
    GTEST_SKIP() << "amsterdam-roads.gr not found in " << dataDir();
  }
  // Bellman-Ford sweeps every vertex of every query per iteration, for the
  // graph's whole hop depth: one pair keeps it to seconds on lavapipe.
  const bool bellmanFord = GetParam() == SsspAlgorithm::BellmanFord;
  expectDijkstra(g, graph::randomPairs(*g, bellmanFord ? 1 : 8, 7), Sums::Exact);  // DIMACS weights are integers
}

TEST_P(Sssp, LesMiserablesEdgeWeights) {
  const auto g = dataGraph("lesmis.graph");
  if (!g) {
    GTEST_SKIP() << "lesmis.graph not found in " << dataDir();
  }
  ASSERT_TRUE(g->weighted());
  expectDijkstra(g, graph::randomPairs(*g, 40, 3), Sums::Exact);  // METIS edge weights are integers
}

TEST_P(Sssp, GridWithRandomWeights) {
  const auto g = share(graph::withRandomWeights(graph::generate("grid:30x30"), 100, 5));
  expectDijkstra(g, graph::randomPairs(*g, 24, 11), Sums::Exact);
}

TEST_P(Sssp, KroneckerWithRandomWeights) {
  // Skewed degrees: hubs take the subgroup-wide path of the relax kernel.
  graph::KroneckerParams params;
  params.scale = 10;
  params.edgeFactor = 8;
  params.seed = 4;
  const auto g = share(graph::withRandomWeights(graph::generateKronecker(params), 1000, 9));
  expectDijkstra(g, graph::randomPairs(*g, 24, 13), Sums::Exact);
}

TEST_P(Sssp, ZeroWeightsAndZeroWeightCycles) {
  // A 12 x 12 grid whose weights are 0 on a third of the edges, and a
  // directed zero-weight cycle hanging off it.
  std::vector<std::tuple<uint32_t, uint32_t, double>> arcs;
  const uint32_t n = 12;
  for (uint32_t r = 0; r < n; ++r) {
    for (uint32_t c = 0; c < n; ++c) {
      const uint32_t v = r * n + c;
      if (c + 1 < n) {
        arcs.emplace_back(v, v + 1, (v * 7) % 3 == 0 ? 0.0 : static_cast<double>((v * 13) % 9));
        arcs.emplace_back(v + 1, v, (v * 5) % 3 == 0 ? 0.0 : static_cast<double>((v * 11) % 9));
      }
      if (r + 1 < n) {
        arcs.emplace_back(v, v + n, (v * 3) % 3 == 0 ? 0.0 : static_cast<double>((v * 17) % 9));
        arcs.emplace_back(v + n, v, (v * 2) % 3 == 0 ? 0.0 : static_cast<double>((v * 19) % 9));
      }
    }
  }
  const uint32_t c0 = n * n;
  arcs.emplace_back(77, c0, 0.0);
  arcs.emplace_back(c0, c0 + 1, 0.0);
  arcs.emplace_back(c0 + 1, c0 + 2, 0.0);
  arcs.emplace_back(c0 + 2, c0, 0.0);
  arcs.emplace_back(c0 + 2, 5, 0.0);
  const auto g = weighted(true, c0 + 3, arcs);
  ASSERT_GT(g->out().weights.size(), 0U);
  std::vector<graph::Pair> pairs = graph::randomPairs(*g, 20, 17);
  pairs.push_back({*g->denseId(77), *g->denseId(5)});
  SsspOptions options;
  options.delta = 3;
  expectDijkstra(g, pairs, Sums::Exact, options);
}

TEST_P(Sssp, RealWeightsWithinFloat32Rounding) {
  graph::GraphBuilder builder({.directed = true, .weighted = true});
  const uint32_t n = 20;
  builder.declareVertices(n * n, 0);
  for (uint32_t v = 0; v < n * n; ++v) {
    const double w = 0.1 + static_cast<double>((v * 2654435761U) % 1000) / 97.0;
    if (v % n + 1 < n) {
      builder.addEdge(v, v + 1, w);
      builder.addEdge(v + 1, v, w * 1.5);
    }
    if (v + n < n * n) {
      builder.addEdge(v, v + n, w * 0.7);
      builder.addEdge(v + n, v, w + 0.25);
    }
  }
  const auto g = share(builder.build());
  expectDijkstra(g, graph::randomPairs(*g, 16, 19), Sums::Float32);
}

TEST_P(Sssp, RoadsWithRealWeightsWithinFloat32Rounding) {
  // Amsterdam's arcs with real weights (the integer weight in metres, in
  // kilometres times an irrational-looking factor): shortest paths of
  // hundreds of arcs, where float32 rounding accumulates, against the exact
  // Dijkstra within the bound for each path's arcs.
  const auto roads = dataGraph("amsterdam-roads.gr");
  if (!roads) {
    GTEST_SKIP() << "amsterdam-roads.gr not found in " << dataDir();
  }
  graph::GraphBuilder builder({.directed = true, .weighted = true});
  builder.declareVertices(roads->vertexCount(), 0);
  const graph::Csr& out = roads->out();
  for (graph::VertexId u = 0; u < out.vertexCount(); ++u) {
    for (graph::EdgeIndex a = out.offsets[u]; a < out.offsets[u + 1]; ++a) {
      builder.addEdge(u, out.targets[a], out.weights[a] * 0.001 * 1.0471975511965976 + 0.0001);
    }
  }
  const auto g = share(builder.build());
  ASSERT_FALSE(g->integerWeights());
  // Reachable pairs only (the graph is not connected), one for Bellman-Ford.
  const std::vector<graph::Pair> candidates = graph::randomPairs(*g, 30, 41);
  const std::vector<reference::PathLength> cpu = reference::shortestPaths(*g, candidates);
  std::vector<graph::Pair> pairs;
  uint32_t longest = 0;
  const size_t wanted = GetParam() == SsspAlgorithm::BellmanFord ? 1 : 6;
  for (size_t i = 0; i < candidates.size() && pairs.size() < wanted; ++i) {
    if (cpu[i].reachable()) {
      pairs.push_back(candidates[i]);
      longest = std::max(longest, cpu[i].arcs);
    }
  }
  ASSERT_EQ(pairs.size(), wanted);
  EXPECT_GT(longest, 50U);  // long paths, or the bound was not put to the test
  expectDijkstra(g, pairs, Sums::Float32);
}

TEST_P(Sssp, UnreachablePairsSourceEqualsDestinationAndSharedSources) {
  // Two components: 0-1-2-3 and 4-5.
  const auto g = weighted(false, 6, {{0, 1, 2}, {1, 2, 3}, {2, 3, 1}, {0, 3, 10}, {4, 5, 7}});
  const std::vector<graph::Pair> pairs = {{0, 3}, {0, 4}, {4, 4}, {0, 0}, {5, 4}, {0, 3}, {0, 2}, {3, 5}, {2, 0}};
  const auto search = expectDijkstra(g, pairs, Sums::Exact);
  EXPECT_EQ(search->queryCount(), 5U);  // sources 0, 4, 5, 3, 2
  const std::vector<double> lengths = search->lengths();
  const double none = reference::kNoPath;
  EXPECT_EQ(lengths, (std::vector<double>{6, none, 0, 0, 7, 6, 5, none, 5}));
}

TEST_P(Sssp, BatchShapes) {
  // Iterations per submission (B) and queries per batch (Q), including a
  // last batch that is not full and B larger than a batch needs.
  const auto g = share(graph::withRandomWeights(graph::generate("grid:12x17"), 50, 21));
  const std::vector<graph::Pair> pairs = graph::randomPairs(*g, 23, 23);
  for (const auto& [b, q] : std::vector<std::pair<uint32_t, uint32_t>>{{1, 1}, {3, 5}, {64, 7}, {0, 0}}) {
    SCOPED_TRACE("B=" + std::to_string(b) + " Q=" + std::to_string(q));
    SsspOptions options;
    options.iterationsPerSubmit = b;
    options.queriesPerBatch = q;
    const auto search = expectDijkstra(g, pairs, Sums::Exact, options);
    EXPECT_EQ(search->batchCount(), (search->queryCount() + search->queriesPerBatch() - 1) / search->queriesPerBatch());
  }
}

TEST_P(Sssp, DeltaDoesNotChangeTheLengths) {
  const auto g = share(graph::withRandomWeights(graph::generate("grid:16x16"), 30, 25));
  const std::vector<graph::Pair> pairs = graph::randomPairs(*g, 12, 27);
  for (const double delta : {1.0, 7.0, 100.0, 1e9}) {
    SCOPED_TRACE("delta=" + std::to_string(delta));
    SsspOptions options;
    options.delta = delta;
    expectDijkstra(g, pairs, Sums::Exact, options);
  }
}

TEST_P(Sssp, UnweightedGraphCountsHops) {
  const auto g = share(graph::generate("grid:9x9"));
  ASSERT_FALSE(g->weighted());
  const std::vector<graph::Pair> pairs = {{0, 80}, {4, 4}, {8, 72}};
  const auto search = expectDijkstra(g, pairs, Sums::Exact);  // every arc weighs 1
  EXPECT_EQ(search->lengths(), (std::vector<double>{16, 0, 16}));
}

TEST_P(Sssp, StepRunsOneIterationAndTracksTheQuery) {
  const auto g = share(graph::withRandomWeights(graph::generate("grid:10x10"), 20, 29));
  const std::vector<graph::Pair> pairs = {{0, 99}, {45, 46}, {99, 0}};
  SsspOptions options;
  options.algorithm = GetParam();
  options.trackedPair = 1;
  options.queriesPerBatch = 2;
  auto deviceGraph = std::make_shared<const engine::DeviceGraph>(context(), g);
  auto weights = std::make_shared<const engine::DeviceWeights>(context(), *g);
  SsspSearch search(context(), deviceGraph, weights, pairs, options);
  EXPECT_TRUE(search.trackedState().empty());  // its batch has not started
  uint32_t steps = 0;
  bool sawNear = false;
  while (!search.finished()) {
    const uint32_t batch = search.currentBatch();
    const uint32_t iteration = search.currentIteration();
    const engine::IterationStats it = search.step();
    ++steps;
    EXPECT_EQ(it.batch, batch);
    EXPECT_EQ(it.level, iteration);
    EXPECT_EQ(search.trace().iterations.size(), steps);
    if (batch == 0 && !search.trackedState().empty()) {
      const std::vector<engine::VertexState> state = search.trackedState();
      sawNear = sawNear || std::count(state.begin(), state.end(), engine::VertexState::Near) > 0;
    }
  }
  // The resident engine runs a whole batch per step: its tracked query is
  // seen finished, never with vertices still near.
  EXPECT_EQ(sawNear, GetParam() != SsspAlgorithm::Resident);
  const std::vector<reference::PathLength> cpu = reference::shortestPaths(*g, pairs);
  const std::vector<double> lengths = search.lengths();
  for (size_t i = 0; i < pairs.size(); ++i) {
    EXPECT_EQ(lengths[i], cpu[i].length) << "pair " << i;
  }
  // The tracked query ran to the end: every vertex settled, distances exact.
  const std::vector<engine::VertexState> state = search.trackedState();
  ASSERT_EQ(state.size(), g->vertexCount());
  EXPECT_EQ(std::count(state.begin(), state.end(), engine::VertexState::Settled), 100);
  EXPECT_EQ(search.trackedDistances(), reference::dijkstra(g->out(), pairs[1].source));
  // Every iteration has its relax span.
  const engine::RunTrace& trace = search.trace();
  if (context().info().timestampsSupported) {
    const auto relaxSpans = std::count_if(trace.kernels.begin(), trace.kernels.end(), [](const auto& span) {
      return span.kind == engine::KernelKind::Relax;
    });
    EXPECT_GE(static_cast<size_t>(relaxSpans), trace.iterations.size());
  }
  EXPECT_EQ(trace.algorithm, "sssp");
  EXPECT_GT(trace.totals.edgesExamined, 0U);
}

TEST_P(Sssp, ResetRunsTheSameAgain) {
  const auto g = share(graph::withRandomWeights(graph::generate("grid:8x8"), 9, 31));
  const std::vector<graph::Pair> pairs = graph::randomPairs(*g, 6, 33);
  const auto search = expectDijkstra(g, pairs, Sums::Exact);
  const std::vector<double> first = search->lengths();
  const uint32_t iterations = search->trace().totals.iterations;
  search->reset();
  EXPECT_FALSE(search->finished());
  EXPECT_TRUE(search->trace().iterations.empty());
  search->step();
  ASSERT_TRUE(search->run());
  EXPECT_EQ(search->lengths(), first);
  if (GetParam() != SsspAlgorithm::Batched) {
    // Batched steps depend on whether a lane sees a concurrent lowering of
    // its key in this step or the next, so only its lengths repeat exactly.
    EXPECT_EQ(search->trace().totals.iterations, iterations);
  }
}

// A batch larger than the device can spare (budget@8: lavapipe made to
// report 8 MiB) is refused before anything runs, saying what to lower; the
// lowered batch runs and equals Dijkstra.
TEST_F(GpuTest, SsspBatchTooLargeSaysWhatToLower) {
  const auto g = share(graph::withRandomWeights(graph::generate("grid:64x65"), 20, 3));
  auto deviceGraph = std::make_shared<const engine::DeviceGraph>(context(), g);
  auto weights = std::make_shared<const engine::DeviceWeights>(context(), *g);
  const std::vector<graph::Pair> pairs = graph::randomPairs(*g, 300, 5);
  SsspOptions options;
  options.algorithm = SsspAlgorithm::NearFar;
  options.queriesPerBatch = 256;  // 256 x 4160 entries of 29 bytes: 31 MB
  struct FaultsOff {
    ~FaultsOff() { gpu::faults::configure(""); }
  } faultsOff;  // also when a search below throws
  gpu::faults::configure("budget@8");
  uint32_t lowered = 0;
  try {
    SsspSearch search(context(), deviceGraph, weights, pairs, options);
    ADD_FAILURE() << "expected ResourceError";
  } catch (const engine::ResourceError& error) {
    const std::string text = error.what();
    const std::string key = "lower queries per batch to ";
    const size_t at = text.find(key);
    EXPECT_NE(at, std::string::npos) << text;
    if (at != std::string::npos) {
      lowered = static_cast<uint32_t>(std::stoul(text.substr(at + key.size())));
    }
  }
  EXPECT_GT(lowered, 0U);
  EXPECT_LT(lowered, 256U);
  if (lowered > 0) {
    options.queriesPerBatch = lowered;
    SsspSearch search(context(), deviceGraph, weights, pairs, options);
    EXPECT_TRUE(search.run());
    EXPECT_EQ(search.lengths(), dijkstraLengths(*g, pairs));
  }
}

INSTANTIATE_TEST_SUITE_P(Algorithms, Sssp,
                         ::testing::Values(SsspAlgorithm::NearFar, SsspAlgorithm::DeltaStepping,
                                           SsspAlgorithm::BellmanFord, SsspAlgorithm::Batched,
                                           SsspAlgorithm::Resident),
                         [](const auto& param) {
                           std::string name(engine::algorithmName(param.param));
                           name.erase(std::remove(name.begin(), name.end(), '-'), name.end());
                           return name;
                         });

} // namespace
} // namespace frontier::test
