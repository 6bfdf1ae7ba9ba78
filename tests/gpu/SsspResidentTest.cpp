// The resident shortest-path engine (one workgroup per query, buckets as
// bitmaps in shared memory) against CPU Dijkstra: long thin grids (thousands
// of rounds, several dispatches per batch on lavapipe), batch sizes, hubs
// with integer and real weights, per-query progress, the automatic choice
// between it and the batched engine, and a graph too large for its bitmaps;
// hubs past lavapipe's loop budget, which both engines refuse there.
// The shared cases (stepping, tracked query, reset, zero weights, the data
// graphs) run in SsspTest.cpp's suite with the other algorithms.

#include <gtest/gtest.h>

#include <algorithm>
#include <initializer_list>
#include <iomanip>
#include <memory>
#include <string>
#include <string_view>
#include <tuple>
#include <vector>

#include "GpuTest.h"
#include "SsspGraphs.h"
#include "engine/DeviceGraph.h"
#include "engine/sssp/DeviceWeights.h"
#include "engine/sssp/ResidentSssp.h"
#include "engine/sssp/SsspSearch.h"
#include "graph/Generators.h"
#include "graph/Pairs.h"
#include "reference/Dijkstra.h"
#include "vk/DeviceInfo.h"

namespace frontier::test {
namespace {

using engine::SsspAlgorithm;
using engine::SsspOptions;
using engine::SsspSearch;

class SsspResident : public GpuTest {
protected:
  std::unique_ptr<SsspSearch> search(const std::shared_ptr<const graph::Graph>& g,
                                     const std::vector<graph::Pair>& pairs, SsspOptions options) {
    auto deviceGraph = std::make_shared<const engine::DeviceGraph>(context(), g);
    auto weights = std::make_shared<const engine::DeviceWeights>(context(), *g);
    return std::make_unique<SsspSearch>(context(), deviceGraph, weights, pairs, options);
  }

  // Runs the pairs with the resident engine and compares every length with
  // Dijkstra's (exactly for integer weights, within float32 rounding else).
  std::unique_ptr<SsspSearch> expectDijkstra(const std::shared_ptr<const graph::Graph>& g,
                                             const std::vector<graph::Pair>& pairs, SsspOptions options = {}) {
    options.algorithm = SsspAlgorithm::Resident;
    auto s = search(g, pairs, options);
    EXPECT_TRUE(s->run());
    expectDijkstraLengths(*g, pairs, *s, g->integerWeights() || !g->weighted());
    return s;
  }

  // Making the search must throw engine::ResourceError whose message holds
  // every one of `fragments` (what the user is told to do instead).
  void expectRefused(const std::shared_ptr<const graph::Graph>& g, const std::vector<graph::Pair>& pairs,
                     const SsspOptions& options, std::initializer_list<std::string_view> fragments) {
    try {
      search(g, pairs, options);
      ADD_FAILURE() << engine::algorithmName(options.algorithm) << " was not refused";
    } catch (const engine::ResourceError& error) {
      const std::string text = error.what();
      for (const std::string_view fragment : fragments) {
        EXPECT_NE(text.find(fragment), std::string::npos) << text;
      }
    }
  }
};

size_t relaxSpans(const engine::RunTrace& trace) {
  return static_cast<size_t>(std::count_if(trace.kernels.begin(), trace.kernels.end(), [](const auto& span) {
    return span.kind == engine::KernelKind::Relax;
  }));
}

TEST_F(SsspResident, LongThinGridsRunThousandsOfRounds) {
  // Paths of thousands of arcs: thousands of rounds per query, so on a CPU
  // device each batch takes many dispatches of a few dozen rounds (a long
  // dispatch once lost state on lavapipe: searches that stopped short).
  // One bucket (delta 1e9) makes every round a Bellman-Ford sweep of the
  // near bitmap.
  for (const char* spec : {"grid:2x3000", "grid:20x600"}) {
    const auto g = share(graph::withRandomWeights(graph::generate(spec), 100, 3));
    const std::vector<graph::Pair> pairs = graph::randomPairs(*g, 40, 5);
    for (const double delta : {0.0, 1e9}) {
      SCOPED_TRACE(std::string(spec) + " delta=" + std::to_string(delta));
      SsspOptions options;
      options.delta = delta;
      const auto s = expectDijkstra(g, pairs, options);
      if (context().info().timestampsSupported && context().info().type == gpu::DeviceType::Cpu) {
        EXPECT_GT(relaxSpans(s->trace()), 1U);  // the round limit took several dispatches
      }
    }
  }
}

TEST_F(SsspResident, ChainsDoNotChangeTheLengths) {
  // An invocation relaxing on from its improved targets: none, one hop, the
  // roads' default, and chains longer than most paths (longer ones pass
  // lavapipe's loop budget and are refused there), on a grid and on a
  // Kronecker graph (hubs: many improved targets per vertex), with one
  // bucket too (chains through everything).
  graph::KroneckerParams params;
  params.scale = 9;
  params.edgeFactor = 8;
  params.seed = 8;
  const auto kronecker = share(graph::withRandomWeights(graph::generateKronecker(params), 100, 27));
  const auto grid = share(graph::withRandomWeights(graph::generate("grid:25x25"), 40, 29));
  for (const uint32_t chain : {0U, 1U, 2U, 64U}) {
    for (const double delta : {0.0, 1e9}) {
      SCOPED_TRACE("chain=" + std::to_string(chain) + " delta=" + std::to_string(delta));
      SsspOptions options;
      options.chainRounds = chain;
      options.delta = delta;
      expectDijkstra(grid, graph::randomPairs(*grid, 50, 31), options);
      expectDijkstra(kronecker, graph::randomPairs(*kronecker, 50, 33), options);
    }
  }
}

TEST_F(SsspResident, BatchSizesAndAPartialLastBatch) {
  const auto g = share(graph::withRandomWeights(graph::generate("grid:15x21"), 60, 7));
  const std::vector<graph::Pair> pairs = graph::randomPairs(*g, 150, 9);
  for (const uint32_t q : {1U, 7U, 64U, 0U}) {
    SCOPED_TRACE("Q=" + std::to_string(q));
    SsspOptions options;
    options.queriesPerBatch = q;
    const auto s = expectDijkstra(g, pairs, options);
    EXPECT_EQ(s->batchCount(), (s->queryCount() + s->queriesPerBatch() - 1) / s->queriesPerBatch());
    EXPECT_EQ(s->trace().iterations.size(), s->batchCount());  // one iteration per batch
  }
}

TEST_F(SsspResident, DirectedGraphDuplicatePairsAndUnreachable) {
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
    const auto s = expectDijkstra(g, pairs, options);
    const double none = reference::kNoPath;
    EXPECT_EQ(s->lengths(), (std::vector<double>{6, 6, none, 0, 0, 7, none, 10, 0, none, 5, 6, 7}));
  }
}

TEST_F(SsspResident, KeysOf32BitsUpToTheirLimitAnd64BitsPastIt) {
  // A path of 1000 vertices whose arcs weigh w: with w = 2,147,483 every
  // distance and candidate fits 31 bits (maxWeight * V <= 2^31 - 2) and the
  // kernel keeps 32-bit keys; the far end lies at 2,145,335,517, just below
  // 2^31. One more unit of weight takes 64-bit keys. Both exact.
  constexpr uint32_t kVertices = 1000;
  for (const uint32_t w : {2147483U, 2147484U}) {
    std::vector<std::tuple<uint32_t, uint32_t, double>> arcs;
    for (uint32_t v = 0; v + 1 < kVertices; ++v) {
      arcs.emplace_back(v, v + 1, w);
      arcs.emplace_back(v + 1, v, w);
    }
    const auto g = weighted(true, kVertices, arcs);
    const std::vector<graph::Pair> pairs = {{0, kVertices - 1}, {kVertices - 1, 0}, {0, 500}, {7, 7}, {999, 998}};
    for (const double delta : {0.0, 1e12}) {
      SCOPED_TRACE("w=" + std::to_string(w) + " delta=" + std::to_string(delta));
      SsspOptions options;
      options.delta = delta;
      const auto s = expectDijkstra(g, pairs, options);
      EXPECT_EQ(s->lengths()[0], static_cast<double>(w) * (kVertices - 1));
      EXPECT_NE(s->trace().options.find(w == 2147483U ? "keys=32" : "keys=64"), std::string::npos)
          << s->trace().options;
    }
  }
}

TEST_F(SsspResident, KroneckerHubsWithIntegerAndRealWeights) {
  // One invocation walks a vertex's arcs: hubs of hundreds of arcs.
  graph::KroneckerParams params;
  params.scale = 10;
  params.edgeFactor = 8;
  params.seed = 6;
  const auto g = share(graph::withRandomWeights(graph::generateKronecker(params), 1000, 19));
  expectDijkstra(g, graph::randomPairs(*g, 60, 21));

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

TEST_F(SsspResident, PerQueryProgressCountsWhatDijkstraReaches) {
  // A sparse random graph of many components; the tracked query runs to
  // the end, the others stop once their destinations are final.
  const auto g = share(graph::withRandomWeights(graph::generate("er:n=400,m=260,seed=4"), 40, 11));
  const std::vector<graph::Pair> pairs = graph::randomPairs(*g, 150, 21);
  const QueryReach reach = dijkstraReach(*g, pairs);
  for (const uint32_t q : {0U, 40U}) {
    SCOPED_TRACE("Q=" + std::to_string(q));
    SsspOptions options;
    options.delta = 3;
    options.queriesPerBatch = q;
    options.trackedPair = 7;
    const auto s = expectDijkstra(g, pairs, options);
    expectQueryProgress(s->trace(), reach, pairs[7].source);
    EXPECT_EQ(s->trackedDistances(), reference::dijkstra(g->out(), pairs[7].source));
  }
}

TEST_F(SsspResident, AutomaticPicksResidentOnRoadLikeGraphsAndBatchedElsewhere) {
  const auto grid = share(graph::withRandomWeights(graph::generate("grid:30x31"), 50, 13));
  graph::KroneckerParams params;
  params.scale = 9;
  params.edgeFactor = 16;  // mean out-degree about 30
  params.seed = 2;
  const auto kronecker = share(graph::withRandomWeights(graph::generateKronecker(params), 100, 15));
  for (const auto& [g, engineName] : {std::pair{grid, "resident"}, std::pair{kronecker, "batched"}}) {
    SCOPED_TRACE(engineName);
    const std::vector<graph::Pair> pairs = graph::randomPairs(*g, 30, 17);
    SsspOptions options;  // the default: SsspAlgorithm::Automatic
    ASSERT_EQ(options.algorithm, SsspAlgorithm::Automatic);
    const auto s = search(g, pairs, options);
    EXPECT_EQ(s->trace().strategy, engineName);
    EXPECT_TRUE(s->run());
    EXPECT_EQ(s->lengths(), dijkstraLengths(*g, pairs));
  }
}

TEST_F(SsspResident, GraphTooLargeForTheBitmapsIsRefusedAndAutomaticRunsBatched) {
  // 250,000 vertices: two bitmaps of 31,250 bytes, more shared memory than
  // any device this runs on gives a workgroup (lavapipe 32 KiB, NVIDIA 48).
  const auto g = share(graph::withRandomWeights(graph::generate("grid:500x500"), 10, 19));
  const std::vector<graph::Pair> pairs = {{0, 1}, {5, 7}};
  const engine::DeviceGraph deviceGraph(context(), g);
  ASSERT_FALSE(
      engine::residentFits(context().info(), engine::residentShape(context().info(), deviceGraph, 0, pairs.size())));
  SsspOptions options;
  options.algorithm = SsspAlgorithm::Resident;
  expectRefused(g, pairs, options, {"250000 vertices", "use batched"});
  options.algorithm = SsspAlgorithm::Automatic;
  EXPECT_EQ(search(g, pairs, options)->trace().strategy, "batched");
}

TEST_F(SsspResident, HubsAreWalkedWholeOrRefusedOnCpuDevices) {
  // Two adjacent hubs of 33,000 leaves each (mean degree 2): lavapipe ends
  // a shader's loops after 65,535 iterations, which one invocation walking
  // a hub's arcs passes, so a CPU device refuses the resident engine here
  // (it once gave "unreachable" for these pairs) and auto runs batched; a
  // GPU walks the hubs and must match Dijkstra.
  const uint32_t leaves = 33000;
  std::vector<std::tuple<uint32_t, uint32_t, double>> arcs = {{0, 1, 1}};
  for (uint32_t hub = 0; hub < 2; ++hub) {
    for (uint32_t i = 0; i < leaves; ++i) {
      arcs.emplace_back(hub, 2 + hub * leaves + i, 1 + i % 7);
    }
  }
  const auto g = weighted(false, 2 + 2 * leaves, arcs);
  const std::vector<graph::Pair> pairs = {{0, 65999}, {0, 66001}, {2, 40000}, {7, 7}};
  SsspOptions options;
  options.algorithm = SsspAlgorithm::Resident;
  if (context().info().type == gpu::DeviceType::Cpu) {
    EXPECT_THROW(search(g, pairs, options), engine::ResourceError);
  } else {
    expectDijkstra(g, pairs, options);
  }
  // Hubs: batched on GPUs. The batched relax walks a vertex's arcs in one
  // workgroup too, a hub's once per chain round (12 here): past the budget
  // on CPU devices, which refuse it there, so auto runs near-far.
  const bool cpu = context().info().type == gpu::DeviceType::Cpu;
  options.algorithm = SsspAlgorithm::Automatic;
  const auto s = search(g, pairs, options);
  EXPECT_EQ(s->trace().strategy, cpu ? "near-far" : "batched");
  EXPECT_TRUE(s->run());
  EXPECT_EQ(s->lengths(), dijkstraLengths(*g, pairs));
  options.algorithm = SsspAlgorithm::Batched;
  if (cpu) {
    EXPECT_THROW(search(g, pairs, options), engine::ResourceError);
  } else {
    const auto batched = search(g, pairs, options);
    EXPECT_TRUE(batched->run());
    expectDijkstraLengths(*g, pairs, *batched, true);
  }
}

// A star of 69,999 leaves: one walk of its centre's arcs passes lavapipe's
// loop budget (once a silent "unreachable" from the batched engine there),
// so CPU devices refuse batched and auto runs near-far; exact everywhere.
TEST_F(SsspResident, AStarPastTheLoopBudgetIsRefusedByBatchedOnCpuDevices) {
  const auto g = share(graph::withRandomWeights(graph::generate("star:70000"), 100, 5));
  const std::vector<graph::Pair> pairs = {{1, 69999}, {0, 35000}, {42, 42}, {69998, 3}};
  const bool cpu = context().info().type == gpu::DeviceType::Cpu;
  SsspOptions options;
  options.chainRounds = 0;
  options.algorithm = SsspAlgorithm::Batched;
  if (cpu) {
    expectRefused(g, pairs, options, {"use near-far"});  // a 69,999-arc hub
  } else {
    const auto batched = search(g, pairs, options);
    EXPECT_TRUE(batched->run());
    expectDijkstraLengths(*g, pairs, *batched, true);
  }
  options.algorithm = SsspAlgorithm::Automatic;
  const auto s = search(g, pairs, options);
  EXPECT_EQ(s->trace().strategy, cpu ? "near-far" : "batched");
  EXPECT_TRUE(s->run());
  EXPECT_EQ(s->lengths(), dijkstraLengths(*g, pairs));
}

// One source to every vertex of a 180 x 180 grid: 32,400 destinations. The
// per-query and batched engines check and write them in one invocation at
// a phase end, which passes lavapipe's loop budget (near-far and batched
// gave 14,466 wrong lengths of 40,000 on a 200 x 200 grid there), so CPU
// devices refuse them naming the count; the resident engine spreads them
// over its workgroup and is exact everywhere.
TEST_F(SsspResident, ASourceWithTensOfThousandsOfDestinations) {
  const auto g = share(graph::withRandomWeights(graph::generate("grid:180x180"), 10, 3));
  std::vector<graph::Pair> pairs;
  for (graph::VertexId v = 0; v < g->vertexCount(); ++v) {
    pairs.push_back({17, v});
  }
  expectDijkstra(g, pairs);
  for (const SsspAlgorithm algorithm : {SsspAlgorithm::NearFar, SsspAlgorithm::Batched}) {
    SsspOptions options;
    options.algorithm = algorithm;
    if (context().info().type == gpu::DeviceType::Cpu) {
      expectRefused(g, pairs, options, {"32400 destinations"});
    } else {
      const auto s = search(g, pairs, options);
      EXPECT_TRUE(s->run());
      expectDijkstraLengths(*g, pairs, *s, true);
    }
  }
}

// The round limit per dispatch: none on GPUs; on a CPU device rounds that
// keep an invocation's loop iterations within lavapipe's budget, fewer for
// larger bitmaps and larger vertices, and none at all past it.
TEST(SsspResidentRounds, CpuDevicesBoundTheLoopIterationsOfADispatch) {
  gpu::DeviceInfo cpu;
  cpu.type = gpu::DeviceType::Cpu;
  cpu.maxSharedMemory = 32768;
  gpu::DeviceInfo gpuDevice = cpu;
  gpuDevice.type = gpu::DeviceType::DiscreteGpu;
  const engine::ResidentShape roads{.vertices = 68213, .maxOutDegree = 9, .chainHops = 2, .destinations = 1024};
  EXPECT_EQ(engine::residentRoundLimit(gpuDevice, roads), 0xFFFFFFFFU);
  const uint32_t roadRounds = engine::residentRoundLimit(cpu, roads);
  EXPECT_GT(roadRounds, 10U);
  EXPECT_LT(roadRounds, 100U);
  engine::ResidentShape small = roads;
  small.vertices = 1000;
  EXPECT_GT(engine::residentRoundLimit(cpu, small), roadRounds);
  engine::ResidentShape hub = roads;
  hub.maxOutDegree = 33000;
  EXPECT_EQ(engine::residentRoundLimit(cpu, hub), 0U);
  EXPECT_EQ(engine::residentRoundLimit(gpuDevice, hub), 0xFFFFFFFFU);
  engine::ResidentShape large = roads;
  large.vertices = 120000;  // two bitmaps of 15,000 bytes: past 32 KiB with the rest
  EXPECT_EQ(engine::residentRoundLimit(cpu, large), 0U);
}

// Invocations per query: 512 on GPUs, 256 on CPU devices, within the
// device's workgroup size and the kernel's kResidentMaxSubgroups minima.
TEST(SsspResidentRounds, GroupSizeFollowsTheDevice) {
  gpu::DeviceInfo device;
  device.type = gpu::DeviceType::DiscreteGpu;
  device.maxWorkgroupInvocations = 1024;
  device.maxWorkgroupSize[0] = 1024;
  device.subgroupSize = 32;
  device.minSubgroupSize = 32;
  EXPECT_EQ(engine::residentGroupSize(device), 512U);
  device.maxWorkgroupInvocations = 256;
  EXPECT_EQ(engine::residentGroupSize(device), 256U);
  device.maxWorkgroupInvocations = 1024;
  device.maxWorkgroupSize[0] = 128;  // a narrower x dimension
  EXPECT_EQ(engine::residentGroupSize(device), 128U);
  device.maxWorkgroupSize[0] = 1024;
  device.minSubgroupSize = 2;  // 128 subgroups of 2 lanes at most
  EXPECT_EQ(engine::residentGroupSize(device), 256U);
  device.type = gpu::DeviceType::Cpu;
  device.minSubgroupSize = 8;
  EXPECT_EQ(engine::residentGroupSize(device), 256U);
}

} // namespace
} // namespace frontier::test
