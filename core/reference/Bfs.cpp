#include "Bfs.h"

#include "PairOrder.h"

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
  const std::vector<size_t> order = pairsBySource(graph, pairs, "pathLengths");
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

std::vector<graph::Length> pathLengthsEarlyExit(const graph::Graph& graph, std::span<const graph::Pair> pairs) {
  const graph::VertexId n = graph.vertexCount();
  const std::vector<size_t> order = pairsBySource(graph, pairs, "pathLengthsEarlyExit");
  std::vector<graph::Length> lengths(pairs.size(), graph::kUnreachable);
  std::vector<uint32_t> level(n, kUnreached);
  std::vector<uint32_t> wanted(n, 0);  // open destinations at a vertex
  std::vector<graph::VertexId> queue;
  for (size_t first = 0; first < order.size();) {
    const graph::VertexId source = pairs[order[first]].source;
    size_t last = first;
    size_t open = 0;
    for (; last < order.size() && pairs[order[last]].source == source; ++last) {
      if (wanted[pairs[order[last]].destination]++ == 0) {
        ++open;
      }
    }
    queue.assign(1, source);
    level[source] = 0;
    if (wanted[source] > 0) {
      --open;
    }
    for (size_t head = 0; head < queue.size() && open > 0; ++head) {
      const graph::VertexId v = queue[head];
      for (const graph::VertexId u : graph.out().neighbours(v)) {
        if (level[u] == kUnreached) {
          level[u] = level[v] + 1;
          queue.push_back(u);
          if (wanted[u] > 0) {
            --open;
          }
        }
      }
    }
    for (size_t i = first; i < last; ++i) {
      const uint32_t hops = level[pairs[order[i]].destination];
      lengths[order[i]] = hops == kUnreached ? graph::kUnreachable : static_cast<graph::Length>(hops);
      wanted[pairs[order[i]].destination] = 0;
    }
    // Reset only what this search touched.
    for (const graph::VertexId v : queue) {
      level[v] = kUnreached;
    }
    first = last;
  }
  return lengths;
}

} // namespace frontier::reference
