#pragma once
// Graphs for the shortest-path GPU tests: shared ownership for the device
// graph, small weighted graphs from (u, v, w) triples, the data graphs
// (nullptr when the data folder lacks them, so the test can skip),
// Dijkstra's lengths to compare with, and what Dijkstra reaches per query
// (for the traces' per-query progress).

#include <filesystem>
#include <map>
#include <memory>
#include <string>
#include <tuple>
#include <vector>

#include <gtest/gtest.h>

#include "TestData.h"
#include "graph/GraphBuilder.h"
#include "graph/GraphIO.h"
#include "graph/Pairs.h"
#include "engine/Trace.h"
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

// Per query, the vertices Dijkstra reaches from its source (the source left
// out), and how many lie below the farthest of its destinations (all it
// reaches when one is unreachable): a query that stops early has reached
// at least those. Queries in the order of their first pair.
struct QueryReach {
  std::vector<graph::VertexId> sources;
  std::vector<uint64_t> reached;
  std::vector<uint64_t> belowFarthest;
};

inline QueryReach dijkstraReach(const graph::Graph& g, const std::vector<graph::Pair>& pairs) {
  QueryReach out;
  std::map<graph::VertexId, uint32_t> queryOf;
  for (const graph::Pair& p : pairs) {
    if (queryOf.try_emplace(p.source, static_cast<uint32_t>(out.sources.size())).second) {
      out.sources.push_back(p.source);
    }
  }
  for (const graph::VertexId s : out.sources) {
    const std::vector<double> dist = reference::dijkstra(g.out(), s);
    double farthest = 0;
    for (const graph::Pair& p : pairs) {
      farthest = p.source == s ? std::max(farthest, dist[p.destination]) : farthest;
    }
    uint64_t reached = 0;
    uint64_t below = 0;
    for (graph::VertexId v = 0; v < g.vertexCount(); ++v) {
      reached += v != s && dist[v] != reference::kNoPath ? 1U : 0U;
      below += v != s && dist[v] < farthest ? 1U : 0U;
    }
    out.reached.push_back(reached);
    out.belowFarthest.push_back(below);
  }
  return out;
}

// The last count of every query in the trace's per-query progress (rows in
// run order; each query's counts must grow).
inline std::map<uint32_t, uint64_t> lastCounts(const engine::RunTrace& trace) {
  std::map<uint32_t, uint64_t> last;
  for (const engine::QueryProgress& p : trace.queryProgress) {
    EXPECT_GT(p.settled, last[p.query]) << "query " << p.query;
    last[p.query] = p.settled;
  }
  return last;
}

} // namespace frontier::test
