// The batched shortest-path engine (interleaved distances, one frontier per
// block of queries) against CPU Dijkstra: block sizes that are and are not
// multiples of the 64 lanes per workgroup, several blocks, duplicate pairs,
// unreachable pairs, source = destination, the real data graphs, Kronecker
// hubs, real weights and zero weights; the shared cases (stepping, tracked
// query, reset) run in SsspTest.cpp's suite with the other algorithms.

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <iomanip>
#include <map>
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

namespace frontier::test {
namespace {

using engine::SsspAlgorithm;
using engine::SsspOptions;
using engine::SsspSearch;

class SsspBatched : public GpuTest {
protected:
  // Runs the pairs with the batched engine and compares every length with
  // Dijkstra's (exactly for integer weights, within float32 rounding else).
  std::unique_ptr<SsspSearch> expectDijkstra(const std::shared_ptr<const graph::Graph>& g,
                                             const std::vector<graph::Pair>& pairs, SsspOptions options = {}) {
    options.algorithm = SsspAlgorithm::Batched;
    auto deviceGraph = std::make_shared<const engine::DeviceGraph>(context(), g);
    auto weights = std::make_shared<const engine::DeviceWeights>(context(), *g);
    auto search = std::make_unique<SsspSearch>(context(), deviceGraph, weights, pairs, options);
    EXPECT_TRUE(search->run());
    expectDijkstraLengths(*g, pairs, *search, g->integerWeights() || !g->weighted());
    return search;
  }
};

TEST_F(SsspBatched, BlockSizesAroundTheWorkgroupWidth) {
  // 150 queries in blocks of 1 .. 150: one lane of a workgroup, partial
  // workgroups (5, 63, 65, 130), exactly one and two workgroups (64, 128),
  // a last block that is not full.
  const auto g = share(graph::withRandomWeights(graph::generate("grid:15x21"), 60, 3));
  const std::vector<graph::Pair> pairs = graph::randomPairs(*g, 150, 5);
  for (const uint32_t q : {1U, 5U, 63U, 64U, 65U, 128U, 130U, 0U}) {
    SCOPED_TRACE("Q=" + std::to_string(q));
    SsspOptions options;
    options.queriesPerBatch = q;
    options.iterationsPerSubmit = q == 1 ? 64 : 16;
    const auto search = expectDijkstra(g, pairs, options);
    EXPECT_EQ(search->batchCount(), (search->queryCount() + search->queriesPerBatch() - 1) / search->queriesPerBatch());
  }
}

TEST_F(SsspBatched, DefaultBlocksAreEvenAndAtMostTheDefault) {
  const auto g = share(graph::withRandomWeights(graph::generate("grid:40x40"), 9, 7));
  std::vector<graph::Pair> pairs;
  for (uint32_t v = 0; v < 1100; ++v) {
    pairs.push_back({v, (v * 7919U) % g->vertexCount()});
  }
  SsspOptions options;
  options.iterationsPerSubmit = 64;
  const auto search = expectDijkstra(g, pairs, options);
  EXPECT_EQ(search->queriesPerBatch(), 550U);  // 1100 queries in two blocks, not 1024 + 76
  EXPECT_EQ(search->batchCount(), 2U);
}

// The trace's per-query progress (RunTrace::queryProgress) against
// Dijkstra, on a sparse random graph of many components (sources reach
// from a few vertices to a few dozen), with queries reordered by locality
// (more than 64 queries, chains on): numbering, counts and steps.
TEST_F(SsspBatched, PerQueryProgressCountsWhatDijkstraReaches) {
  const auto g = share(graph::withRandomWeights(graph::generate("er:n=400,m=260,seed=4"), 40, 11));
  const std::vector<graph::Pair> pairs = graph::randomPairs(*g, 150, 21);
  const QueryReach reach = dijkstraReach(*g, pairs);
  ASSERT_GT(reach.sources.size(), 64U);
  ASSERT_NE(*std::min_element(reach.reached.begin(), reach.reached.end()),
            *std::max_element(reach.reached.begin(), reach.reached.end()));

  {
    SCOPED_TRACE("one bucket, a submission per step: every query runs to the end");
    SsspOptions options;
    options.delta = 1e9;
    options.iterationsPerSubmit = 1;
    const auto search = expectDijkstra(g, pairs, options);
    const engine::RunTrace& trace = search->trace();
    const std::map<uint32_t, uint64_t> last = lastCounts(trace);
    for (uint32_t q = 0; q < reach.sources.size(); ++q) {
      EXPECT_EQ(last.count(q) != 0 ? last.at(q) : 0, reach.reached[q]) << "query " << q;
    }
    // A row per step: the step's growth over the queries is its settled count.
    std::map<std::pair<uint32_t, uint32_t>, uint64_t> grown;
    std::map<uint32_t, uint64_t> before;
    for (const engine::QueryProgress& p : trace.queryProgress) {
      grown[{p.batch, p.level}] += p.settled - before[p.query];
      before[p.query] = p.settled;
    }
    for (const engine::IterationStats& it : trace.iterations) {
      const uint64_t total = grown[{it.batch, it.level}];
      EXPECT_EQ(total, it.newlyVisited) << "batch " << it.batch << " step " << it.level;
    }
  }
  for (const uint32_t q : {0U, 40U}) {
    SCOPED_TRACE("narrow buckets, queries stop early, Q=" + std::to_string(q));
    SsspOptions options;
    options.delta = 3;
    options.queriesPerBatch = q;
    options.iterationsPerSubmit = 4;
    options.trackedPair = 7;
    const auto search = expectDijkstra(g, pairs, options);
    expectQueryProgress(search->trace(), reach, pairs[7].source);
    EXPECT_EQ(search->trackedDistances(), reference::dijkstra(g->out(), pairs[7].source));
  }
}

TEST_F(SsspBatched, DuplicatePairsUnreachableAndSourceEqualsDestination) {
  // Components 0-1-2-3 and 4-5; 6 isolated; directed arc 3 -> 6 only.
  const auto g = weighted(true, 7,
                          {{0, 1, 2}, {1, 0, 2}, {1, 2, 3}, {2, 1, 3}, {2, 3, 1}, {3, 2, 1}, {0, 3, 10}, {3, 0, 10},
                           {4, 5, 7}, {5, 4, 7}, {3, 6, 4}});
  const std::vector<graph::Pair> pairs = {{0, 3}, {0, 3}, {0, 4}, {4, 4}, {0, 0}, {5, 4}, {6, 0},
                                          {0, 6}, {6, 6}, {3, 5}, {2, 0}, {0, 3}, {5, 4}};
  for (const uint32_t q : {0U, 1U, 2U}) {
    SCOPED_TRACE("Q=" + std::to_string(q));
    SsspOptions options;
    options.queriesPerBatch = q;
    const auto search = expectDijkstra(g, pairs, options);
    const double none = reference::kNoPath;
    EXPECT_EQ(search->lengths(), (std::vector<double>{6, 6, none, 0, 0, 7, none, 10, 0, none, 5, 6, 7}));
  }
}

TEST_F(SsspBatched, AmsterdamRoadsManyQueries) {
  const auto g = dataGraph("amsterdam-roads.gr");
  if (!g) {
    GTEST_SKIP() << "amsterdam-roads.gr not found in " << dataDir();
  }
  SsspOptions options;
  options.queriesPerBatch = 20;  // two blocks, the second partly empty
  options.iterationsPerSubmit = 64;
  expectDijkstra(g, graph::randomPairs(*g, 30, 9), options);
}

TEST_F(SsspBatched, LuxembourgWithRandomWeights) {
  const auto roads = dataGraph("luxembourg_osm.mtx");
  if (!roads) {
    GTEST_SKIP() << "luxembourg_osm.mtx not found in " << dataDir();
  }
  const auto g = share(graph::withRandomWeights(*roads, 1000, 13));
  SsspOptions options;
  options.iterationsPerSubmit = 64;
  expectDijkstra(g, graph::randomPairs(*g, 40, 15), options);
}

TEST_F(SsspBatched, LesMiserablesAndEveryDelta) {
  const auto g = dataGraph("lesmis.graph");
  if (!g) {
    GTEST_SKIP() << "lesmis.graph not found in " << dataDir();
  }
  for (const double delta : {1.0, 3.0, 50.0, 1e9}) {
    SCOPED_TRACE("delta=" + std::to_string(delta));
    SsspOptions options;
    options.delta = delta;
    expectDijkstra(g, graph::randomPairs(*g, 60, 17), options);
  }
}

TEST_F(SsspBatched, KroneckerHubsWithIntegerAndRealWeights) {
  graph::KroneckerParams params;
  params.scale = 11;
  params.edgeFactor = 8;
  params.seed = 6;
  const auto g = share(graph::withRandomWeights(graph::generateKronecker(params), 1000, 19));
  expectDijkstra(g, graph::randomPairs(*g, 90, 21));

  // The same arcs with real weights (float32 sums on the device).
  graph::GraphBuilder builder({.directed = true, .weighted = true});
  builder.declareVertices(g->vertexCount(), 0);
  const graph::Csr& out = g->out();
  for (graph::VertexId u = 0; u < out.vertexCount(); ++u) {
    for (graph::EdgeIndex a = out.offsets[u]; a < out.offsets[u + 1]; ++a) {
      builder.addEdge(u, out.targets[a], out.weights[a] * 0.0137 + 0.001);
    }
  }
  const auto real = share(builder.build());
  ASSERT_FALSE(real->integerWeights());
  expectDijkstra(real, graph::randomPairs(*real, 40, 23));
}

TEST_F(SsspBatched, ChainRoundsDoNotChangeTheLengths) {
  // Chains off, short, and longer than the workgroup's stack, on a grid
  // (long waves) and on a Kronecker graph (hubs: chains that fan out).
  graph::KroneckerParams params;
  params.scale = 9;
  params.edgeFactor = 8;
  params.seed = 8;
  const auto kronecker = share(graph::withRandomWeights(graph::generateKronecker(params), 100, 27));
  const auto grid = share(graph::withRandomWeights(graph::generate("grid:25x25"), 40, 29));
  for (const uint32_t chain : {0U, 1U, 3U, 200U}) {
    SCOPED_TRACE("chain=" + std::to_string(chain));
    SsspOptions options;
    options.chainRounds = chain;
    options.delta = chain == 3 ? 1e9 : 0;  // one bucket: chains through everything
    expectDijkstra(grid, graph::randomPairs(*grid, 70, 31), options);
    expectDijkstra(kronecker, graph::randomPairs(*kronecker, 70, 33), options);
  }
}

TEST_F(SsspBatched, ZeroWeightsEverywhere) {
  // A grid whose arcs weigh 0 or 1: long zero-weight runs, ties everywhere.
  graph::GraphBuilder builder({.directed = true, .weighted = true});
  const uint32_t n = 14;
  builder.declareVertices(n * n, 0);
  for (uint32_t v = 0; v < n * n; ++v) {
    if (v % n + 1 < n) {
      builder.addEdge(v, v + 1, (v % 3) == 0 ? 1.0 : 0.0);
      builder.addEdge(v + 1, v, 0.0);
    }
    if (v + n < n * n) {
      builder.addEdge(v, v + n, (v % 5) == 0 ? 0.0 : 1.0);
      builder.addEdge(v + n, v, (v % 2) == 0 ? 0.0 : 1.0);
    }
  }
  const auto g = share(builder.build());
  expectDijkstra(g, graph::randomPairs(*g, 70, 25));
}

} // namespace
} // namespace frontier::test
