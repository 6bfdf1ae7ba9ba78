#pragma once
// Graphs for the shortest-path GPU tests: shared ownership for the device
// graph, small weighted graphs from (u, v, w) triples, the data graphs
// (nullptr when the data folder lacks them, so the test can skip), and
// Dijkstra's lengths to compare with.

#include <filesystem>
#include <memory>
#include <string>
#include <tuple>
#include <vector>

#include "TestData.h"
#include "graph/GraphBuilder.h"
#include "graph/GraphIO.h"
#include "graph/Pairs.h"
#include "reference/Dijkstra.h"

namespace frontier::test {

inline std::shared_ptr<const graph::Graph> share(graph::Graph g) {
  return std::make_shared<const graph::Graph>(std::move(g));
}

// A small weighted graph from (u, v, w) triples with file ids.
inline std::shared_ptr<const graph::Graph> weighted(bool directed, uint32_t vertices,
                                                    const std::vector<std::tuple<uint32_t, uint32_t, double>>& arcs) {
  graph::GraphBuilder builder({.directed = directed, .weighted = true});
  builder.declareVertices(vertices, 0);
  for (const auto& [u, v, w] : arcs) {
    builder.addEdge(u, v, w);
  }
  return share(builder.build());
}

inline std::shared_ptr<const graph::Graph> dataGraph(const std::string& name) {
  const std::filesystem::path path = dataFile(name);
  if (!std::filesystem::exists(path)) {
    return nullptr;
  }
  return share(graph::loadGraph(path));
}

// CPU Dijkstra's length of every pair (reference::kNoPath: unreachable).
inline std::vector<double> dijkstraLengths(const graph::Graph& g, const std::vector<graph::Pair>& pairs) {
  std::vector<double> lengths;
  for (const reference::PathLength& p : reference::shortestPaths(g, pairs)) {
    lengths.push_back(p.length);
  }
  return lengths;
}

} // namespace frontier::test
