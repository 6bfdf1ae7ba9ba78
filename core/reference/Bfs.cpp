#include "Bfs.h"

#include <algorithm>
#include <numeric>
#include <stdexcept>
#include <string>

namespace frontier::reference {

std::vector<uint32_t> bfsLevels(const graph::Graph& graph, graph::VertexId source) {
  if (source >= graph.vertexCount()) {
    throw std::out_of_range("bfsLevels: source " + std::to_string(source) + " is not a vertex");
  }
  std::vector<uint32_t> level(graph.vertexCount(), kUnreached);
  std::vector<graph::VertexId> queue;
  queue.reserve(graph.vertexCount());
  level[source] = 0;
  queue.push_back(source);
  for (size_t head = 0; head < queue.size(); ++head) {
    const graph::VertexId v = queue[head];
    for (const graph::VertexId u : graph.out().neighbours(v)) {
      if (level[u] == kUnreached) {
        level[u] = level[v] + 1;
        queue.push_back(u);
      }
    }
  }
  return level;
}

std::vector<graph::Length> pathLengths(const graph::Graph& graph, std::span<const graph::Pair> pairs) {
  for (const graph::Pair& pair : pairs) {
    if (pair.source >= graph.vertexCount() || pair.destination >= graph.vertexCount()) {
      throw std::out_of_range("pathLengths: a pair names a vertex the graph does not have");
    }
  }
  std::vector<size_t> order(pairs.size());
  std::iota(order.begin(), order.end(), size_t{0});
  std::stable_sort(order.begin(), order.end(),
                   [&](size_t a, size_t b) { return pairs[a].source < pairs[b].source; });
  std::vector<graph::Length> lengths(pairs.size(), graph::kUnreachable);
  std::vector<uint32_t> level;
  for (size_t i = 0; i < order.size(); ++i) {
    const graph::Pair& pair = pairs[order[i]];
    if (i == 0 || pairs[order[i - 1]].source != pair.source) {
      level = bfsLevels(graph, pair.source);
    }
    const uint32_t hops = level[pair.destination];
    lengths[order[i]] = hops == kUnreached ? graph::kUnreachable : static_cast<graph::Length>(hops);
  }
  return lengths;
}

} // namespace frontier::reference
