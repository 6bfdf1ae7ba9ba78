// The pair engine (one workgroup per pair, searched from both ends until the
// sides meet) against the CPU BFS: hop counts on generated graphs with hubs,
// lattices of odd and even sizes, rings whose pairs meet at one vertex or at
// two at once, many components (unreachable pairs), directed arcs (forward
// over out-arcs, backward over in-arcs), weighted graphs (hops all the
// same), the data graphs, every pair count of issue 15 with duplicates and
// self pairs, several pairs per workgroup and several batches, and identical
// lengths on repeated runs. `tuned` hands graphs with hubs to it.

#include <gtest/gtest.h>

#include <algorithm>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "GpuTest.h"
#include "SsspGraphs.h"
#include "engine/DeviceGraph.h"
#include "engine/sssp/DeviceWeights.h"
#include "engine/sssp/PairHops.h"
#include "engine/sssp/SsspSearch.h"
#include "graph/GraphBuilder.h"
#include "graph/Generators.h"
#include "graph/Pairs.h"
#include "reference/Bfs.h"
#include "vk/DeviceInfo.h"

namespace frontier::test {
namespace {

using engine::SsspAlgorithm;
using engine::SsspOptions;
using engine::SsspSearch;

class PairHops : public GpuTest {
protected:
  // Every arc weighs 1 for the pair engine: the run layer gives it unit
  // weights; here the graph's own weights, which it must not read.
  std::unique_ptr<SsspSearch> search(const std::shared_ptr<const graph::Graph>& g,
                                     const std::vector<graph::Pair>& pairs, uint32_t workgroups = 0) {
    SsspOptions options;
    options.algorithm = SsspAlgorithm::Pairs;
    options.queriesPerBatch = workgroups;
    auto deviceGraph = std::make_shared<const engine::DeviceGraph>(context(), g);
    auto weights = std::make_shared<const engine::DeviceWeights>(context(), *g, 0, engine::ArcWeights::Unit);
    return std::make_unique<SsspSearch>(context(), deviceGraph, weights, pairs, options);
  }

  // Runs the pairs to the end and compares every length with the CPU BFS.
  std::vector<double> expectBfs(const std::shared_ptr<const graph::Graph>& g, const std::vector<graph::Pair>& pairs,
                                uint32_t workgroups = 0) {
    const auto s = search(g, pairs, workgroups);
    EXPECT_TRUE(s->run());
    const std::vector<double> got = s->lengths();
    const std::vector<graph::Length> expected = reference::pathLengths(*g, pairs);
    EXPECT_EQ(got.size(), pairs.size());
    size_t wrong = 0;
    for (size_t i = 0; i < pairs.size() && i < got.size(); ++i) {
      const double want = expected[i] == graph::kUnreachable ? reference::kNoPath : expected[i];
      if (got[i] != want && ++wrong <= 5) {
        ADD_FAILURE() << g->name() << ": pair " << i << " (" << pairs[i].source << " -> " << pairs[i].destination
                      << ") got " << got[i] << ", CPU BFS " << want << " (" << pairs.size() << " pairs, "
                      << workgroups << " workgroups asked)";
      }
    }
    EXPECT_EQ(wrong, 0U) << g->name();
    m_forward = m_backward = 0;
    for (const engine::IterationStats& it : s->trace().iterations) {
      m_forward += it.edgesForward;
      m_backward += it.edgesBackward;
    }
    return got;
  }
  // The last expectBfs()'s arcs examined from the sources and from the destinations.
  uint64_t m_forward = 0;
  uint64_t m_backward = 0;
};

// Each edge of `g` as one arc, its direction from a hash of its ends (every
// seventh both ways): a directed graph with the same hubs.
std::shared_ptr<const graph::Graph> oriented(const graph::Graph& g) {
  graph::GraphBuilder builder({.directed = true, .weighted = false});
  builder.declareVertices(g.vertexCount(), 0);
  for (graph::VertexId u = 0; u < g.vertexCount(); ++u) {
    for (const graph::VertexId v : g.out().neighbours(u)) {
      const uint64_t hash = (uint64_t{std::min(u, v)} * 2654435761U) ^ (uint64_t{std::max(u, v)} * 40503U);
      if (u < v ? hash % 7 == 0 || hash % 2 == 0 : hash % 7 == 0 || hash % 2 == 1) {
        builder.addEdge(u, v);
      }
    }
  }
  return share(builder.build());
}

TEST_F(PairHops, EveryPairCountOnAGraphWithHubs) {
  // Kronecker: hubs, and many isolated vertices (unreachable pairs).
  const auto g = share(graph::generate("kronecker:scale=11,edgefactor=16,seed=3"));
  for (const uint32_t count : {1U, 31U, 32U, 33U, 1000U, 1024U, 1025U, 5000U}) {
    expectBfs(g, mixedPairs(*g, count, 40 + count));
    if (count >= 1000) {
      EXPECT_GT(m_forward, 0U) << count << " pairs";  // both sides advance somewhere
      EXPECT_GT(m_backward, 0U) << count << " pairs";
    }
  }
}

TEST_F(PairHops, LatticesRingsAndComponents) {
  const std::vector<std::shared_ptr<const graph::Graph>> graphs = {
      share(graph::generate("grid:31x17")),
      share(graph::generate("grid:30x20")),
      // Rings: across an even ring the sides meet at two vertices at once,
      // across an odd one on an arc between two marked vertices.
      share(graph::generate("ws:n=100,k=2,beta=0")),
      share(graph::generate("ws:n=101,k=2,beta=0")),
      share(graph::generate("path:300")),
      share(graph::generate("erdos-renyi:n=2000,m=1500,seed=4")),
      share(graph::generate("ba:n=2000,m=2,seed=5")),
      share(graph::withRandomWeights(graph::generate("grid:20x21"), 1000, 5)),
  };
  for (const auto& g : graphs) {
    expectBfs(g, mixedPairs(*g, 1025, 7));
  }
  // Every pair of the even and the odd ring.
  for (const uint32_t n : {100U, 101U}) {
    const auto ring = share(graph::generate("ws:n=" + std::to_string(n) + ",k=2,beta=0"));
    std::vector<graph::Pair> all;
    for (uint32_t u = 0; u < n; ++u) {
      for (uint32_t v = 0; v < n; ++v) {
        all.push_back({u, v});
      }
    }
    expectBfs(ring, all);
  }
}

TEST_F(PairHops, DirectedArcsForwardAndBackward) {
  // 0 -> 1 -> 2 -> 3 and 3 -> 0: 3 reaches 0 in one hop, 0 reaches 3 in
  // three; 4 reaches 0 and is reached by nobody; 5 -> 1 is a shortcut only
  // from 5. The backward side follows in-arcs.
  const auto g = weighted(true, 6, {{0, 1, 1}, {1, 2, 1}, {2, 3, 1}, {3, 0, 500}, {4, 0, 1}, {5, 1, 1}, {5, 3, 9}});
  std::vector<graph::Pair> all;
  for (uint32_t u = 0; u < 6; ++u) {
    for (uint32_t v = 0; v < 6; ++v) {
      all.push_back({u, v});
    }
  }
  expectBfs(g, all);
  const auto directedHubs = oriented(graph::generate("kronecker:scale=10,edgefactor=8,seed=2"));
  expectBfs(directedHubs, mixedPairs(*directedHubs, 1025, 3));
}

TEST_F(PairHops, SeveralPairsPerWorkgroupAndSeveralBatches) {
  const auto g = share(graph::generate("kronecker:scale=10,edgefactor=16,seed=6"));
  const std::vector<graph::Pair> pairs = mixedPairs(*g, 1025, 8);
  const std::vector<double> wide = expectBfs(g, pairs);
  // One workgroup: 16 pairs per batch, 65 batches, its marks cleared 1025 times.
  EXPECT_EQ(expectBfs(g, pairs, 1), wide);
  EXPECT_EQ(expectBfs(g, pairs, 3), wide);
}

TEST_F(PairHops, RepeatedRunsAndResetGiveTheSameLengths) {
  const auto g = share(graph::generate("kronecker:scale=11,edgefactor=16,seed=9"));
  const std::vector<graph::Pair> pairs = mixedPairs(*g, 1024, 10);
  const auto s = search(g, pairs, 5);
  ASSERT_TRUE(s->run());
  const std::vector<double> first = s->lengths();
  EXPECT_EQ(s->trace().iterations.size(), s->batchCount()) << "one iteration per batch";
  EXPECT_GT(s->trace().totals.edgesExamined, 0U);
  s->reset();
  EXPECT_FALSE(s->finished());
  while (!s->finished()) {
    s->step();
  }
  EXPECT_EQ(s->lengths(), first);
  EXPECT_EQ(expectBfs(g, pairs), first);
}

TEST_F(PairHops, DataGraphs) {
  // wiki-Vote is directed; lesmis is weighted (hops all the same). A graph
  // whose pairs may pass a CPU device's loop budget is refused there with
  // a message (4elt and wiki-Vote on lavapipe); GPUs run them all.
  for (const char* name : {"karate.txt", "lesmis.graph", "facebook_combined.txt", "wiki-Vote.txt", "4elt.graph"}) {
    const auto g = dataGraph(name);
    ASSERT_NE(g, nullptr) << name << " is missing from the shared data";
    if (engine::pairHopsFit(context().info(), engine::DeviceGraph(context(), g))) {
      expectBfs(g, mixedPairs(*g, 1025, 11));
    } else {
      EXPECT_EQ(context().info().type, gpu::DeviceType::Cpu) << name;
      EXPECT_THROW(search(g, mixedPairs(*g, 3, 11)), engine::ResourceError) << name;
    }
  }
}

TEST_F(PairHops, TrackedPairsAndWeightsAreRefused) {
  const auto g = share(graph::withRandomWeights(graph::generate("grid:5x5"), 9, 1));
  const std::vector<graph::Pair> pairs = {{0, 24}};
  SsspOptions options;
  options.algorithm = SsspAlgorithm::Pairs;
  auto deviceGraph = std::make_shared<const engine::DeviceGraph>(context(), g);
  auto weights = std::make_shared<const engine::DeviceWeights>(context(), *g);
  EXPECT_THROW(SsspSearch(context(), deviceGraph, weights, pairs, options), std::invalid_argument) << "weights";
  options.trackedPair = 0;
  auto unit = std::make_shared<const engine::DeviceWeights>(context(), *g, 0, engine::ArcWeights::Unit);
  EXPECT_THROW(SsspSearch(context(), deviceGraph, unit, pairs, options), std::invalid_argument) << "a tracked pair";
}

} // namespace
} // namespace frontier::test
