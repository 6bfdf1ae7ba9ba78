#pragma once
// Graphs for the shortest-path GPU tests: shared ownership for the device
// graph, small weighted graphs from (u, v, w) triples, the data graphs
// (nullptr when the data folder lacks them, so the test can skip),
// Dijkstra's lengths to compare with, and what Dijkstra reaches per query
// (for the traces' per-query progress).

#include <filesystem>
#include <iomanip>
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
#include "engine/sssp/SsspSearch.h"
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

// `count` random pairs of every kind: duplicates among them on small
// graphs, and from three on a source equal to its destination and the first
// pair again at the end.
inline std::vector<graph::Pair> mixedPairs(const graph::Graph& g, uint32_t count, uint64_t seed) {
  std::vector<graph::Pair> pairs = graph::randomPairs(g, count, seed);
  if (pairs.size() >= 3) {
    pairs[1].destination = pairs[1].source;
    pairs.back() = pairs.front();
  }
  return pairs;
}

inline std::shared_ptr<const graph::Graph> dataGraph(const std::string& name) {
  const std::filesystem::path path = dataFile(name);
  if (!std::filesystem::exists(path)) {
    return nullptr;
  }
  return share(graph::loadGraph(path));
}

// Compares a finished search's lengths with Dijkstra's, exactly (`exact`:
// integer weights, or none) or within float32 rounding (reference::agrees);
// reports the first five differences as failures.
inline void expectDijkstraLengths(const graph::Graph& g, const std::vector<graph::Pair>& pairs,
                                  const engine::SsspSearch& search, bool exact) {
  const std::vector<double> gpu = search.lengths();
  const std::vector<reference::PathLength> cpu = reference::shortestPaths(g, pairs);
  size_t mismatches = 0;
  for (size_t i = 0; i < pairs.size(); ++i) {
    if (!reference::agrees(cpu[i], gpu[i], exact) && ++mismatches <= 5) {
      ADD_FAILURE() << "pair " << i << " (" << g.fileId(pairs[i].source) << " -> " << g.fileId(pairs[i].destination)
                    << "): GPU " << std::setprecision(17) << gpu[i] << ", Dijkstra " << cpu[i].length << " over "
                    << cpu[i].arcs << " arcs (" << search.trace().strategy << ", Q " << search.queriesPerBatch()
                    << ", delta " << search.delta() << ")";
    }
  }
  EXPECT_EQ(mismatches, 0U);
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

// The trace's last count per query against Dijkstra: the query of
// `trackedSource` ran to the end and reached all it can; every other one
// stopped early, having reached at least what lies below its farthest
// destination and at most all it can; the counts add up to the run's.
inline void expectQueryProgress(const engine::RunTrace& trace, const QueryReach& reach,
                                graph::VertexId trackedSource) {
  const std::map<uint32_t, uint64_t> last = lastCounts(trace);
  uint64_t total = 0;
  for (uint32_t query = 0; query < reach.sources.size(); ++query) {
    const uint64_t count = last.count(query) != 0 ? last.at(query) : 0;
    total += count;
    if (reach.sources[query] == trackedSource) {
      EXPECT_EQ(count, reach.reached[query]) << "tracked query " << query;
    } else {
      EXPECT_GE(count, reach.belowFarthest[query]) << "query " << query;
      EXPECT_LE(count, reach.reached[query]) << "query " << query;
    }
  }
  EXPECT_EQ(total, trace.totals.newlyVisited);
}

} // namespace frontier::test
