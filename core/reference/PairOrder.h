#pragma once
// Shared by the path-length functions: checks that every pair names vertices
// of the graph (std::out_of_range naming `caller` otherwise) and returns the
// pair indices ordered by source (stable), so each distinct source is one
// search over a run of indices.

#include <algorithm>
#include <numeric>
#include <span>
#include <stdexcept>
#include <string>
#include <vector>

#include "graph/Graph.h"
#include "graph/Pairs.h"

namespace frontier::reference {

inline std::vector<size_t> pairsBySource(const graph::Graph& graph, std::span<const graph::Pair> pairs,
                                         const char* caller) {
  for (const graph::Pair& pair : pairs) {
    if (pair.source >= graph.vertexCount() || pair.destination >= graph.vertexCount()) {
      throw std::out_of_range(std::string(caller) + ": a pair names a vertex the graph does not have");
    }
  }
  std::vector<size_t> order(pairs.size());
  std::iota(order.begin(), order.end(), size_t{0});
  std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) { return pairs[a].source < pairs[b].source; });
  return order;
}

} // namespace frontier::reference
