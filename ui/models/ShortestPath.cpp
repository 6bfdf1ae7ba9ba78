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

} // namespace frontier::ui
