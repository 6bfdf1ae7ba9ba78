#include "ShortestPath.h"

#include <algorithm>

namespace frontier::ui {

std::vector<graph::VertexId> shortestPathFromLevels(const graph::Graph& graph, const std::vector<uint32_t>& levels,
                                                    graph::VertexId source, graph::VertexId destination) {
  if (levels.size() != graph.vertexCount() || destination >= levels.size() || source >= levels.size() ||
      levels[source] != 0 || levels[destination] == UINT32_MAX) {
    return {};
  }
  std::vector<graph::VertexId> path{destination};
  graph::VertexId at = destination;
  // In-arcs: on a directed graph the path's arcs point towards the destination.
  const graph::Csr& in = graph.in();
  while (levels[at] > 0) {
    const uint32_t want = levels[at] - 1;
    graph::VertexId previous = at;
    for (const graph::VertexId u : in.neighbours(at)) {
      if (levels[u] == want) {
        previous = u;
        break;
      }
    }
    if (previous == at) {
      return {}; // levels inconsistent with the graph
    }
    path.push_back(previous);
    at = previous;
  }
  if (at != source) {
    return {};
  }
  std::reverse(path.begin(), path.end());
  return path;
}

std::vector<graph::VertexId> shortestPathThrough(const graph::Graph& graph, const std::vector<uint32_t>& forward,
                                                 const std::vector<uint32_t>& backward, graph::VertexId source,
                                                 graph::VertexId destination) {
  if (forward.size() != graph.vertexCount() || backward.size() != graph.vertexCount()) {
    return {};
  }
  graph::VertexId meeting = graph.vertexCount();
  uint64_t least = UINT64_MAX;
  for (graph::VertexId v = 0; v < graph.vertexCount(); ++v) {
    if (forward[v] != UINT32_MAX && backward[v] != UINT32_MAX && uint64_t{forward[v]} + backward[v] < least) {
      least = uint64_t{forward[v]} + backward[v];
      meeting = v;
    }
  }
  if (meeting == graph.vertexCount()) {
    return {};
  }
  std::vector<graph::VertexId> path = shortestPathFromLevels(graph, forward, source, meeting);
  if (path.empty()) {
    return {};
  }
  graph::VertexId at = meeting;
  const graph::Csr& out = graph.out();
  while (backward[at] > 0) {
    graph::VertexId next = at;
    for (const graph::VertexId u : out.neighbours(at)) {
      if (backward[u] == backward[at] - 1) {
        next = u;
        break;
      }
    }
    if (next == at) {
      return {};  // levels inconsistent with the graph
    }
    path.push_back(next);
    at = next;
  }
  return at == destination ? path : std::vector<graph::VertexId>{};
}

} // namespace frontier::ui
