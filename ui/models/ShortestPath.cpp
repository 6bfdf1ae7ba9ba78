#include "ShortestPath.h"

#include <algorithm>

namespace frontier::ui {

namespace {

// From `from`, step to a neighbour over `arcs` one level lower until level
// 0: the vertices walked, `from` first; empty when the levels do not fit
// the graph.
std::vector<graph::VertexId> descend(const graph::Csr& arcs, const std::vector<uint32_t>& levels,
                                     graph::VertexId from) {
  std::vector<graph::VertexId> walk{from};
  graph::VertexId at = from;
  while (levels[at] > 0) {
    const uint32_t want = levels[at] - 1;
    graph::VertexId next = at;
    for (const graph::VertexId u : arcs.neighbours(at)) {
      if (levels[u] == want) {
        next = u;
        break;
      }
    }
    if (next == at) {
      return {};
    }
    walk.push_back(next);
    at = next;
  }
  return walk;
}

} // namespace

std::vector<graph::VertexId> shortestPathFromLevels(const graph::Graph& graph, const std::vector<uint32_t>& levels,
                                                    graph::VertexId source, graph::VertexId destination) {
  if (levels.size() != graph.vertexCount() || destination >= levels.size() || source >= levels.size() ||
      levels[source] != 0 || levels[destination] == UINT32_MAX) {
    return {};
  }
  // In-arcs: on a directed graph the path's arcs point towards the destination.
  std::vector<graph::VertexId> path = descend(graph.in(), levels, destination);
  if (path.empty() || path.back() != source) {
    return {};
  }
  std::reverse(path.begin(), path.end());
  return path;
}

graph::VertexId meetingVertex(const std::vector<uint32_t>& forward, const std::vector<uint32_t>& backward) {
  const auto n = static_cast<graph::VertexId>(std::min(forward.size(), backward.size()));
  graph::VertexId meeting = n;
  uint64_t least = UINT64_MAX;
  for (graph::VertexId v = 0; v < n; ++v) {
    if (forward[v] != UINT32_MAX && backward[v] != UINT32_MAX && uint64_t{forward[v]} + backward[v] < least) {
      least = uint64_t{forward[v]} + backward[v];
      meeting = v;
    }
  }
  return meeting;
}

std::vector<graph::VertexId> shortestPathThrough(const graph::Graph& graph, const std::vector<uint32_t>& forward,
                                                 const std::vector<uint32_t>& backward, graph::VertexId source,
                                                 graph::VertexId destination) {
  if (forward.size() != graph.vertexCount() || backward.size() != graph.vertexCount()) {
    return {};
  }
  const graph::VertexId meeting = meetingVertex(forward, backward);
  if (meeting == graph.vertexCount()) {
    return {};
  }
  std::vector<graph::VertexId> path = shortestPathFromLevels(graph, forward, source, meeting);
  // Out-arcs from the meeting on: each one hop nearer the destination.
  const std::vector<graph::VertexId> rest = descend(graph.out(), backward, meeting);
  if (path.empty() || rest.empty() || rest.back() != destination) {
    return {};
  }
  path.insert(path.end(), rest.begin() + 1, rest.end());
  return path;
}

} // namespace frontier::ui
