#include <algorithm>
#include <cmath>
#include <numbers>

#include "GraphLayouts.h"

namespace frontier::ui {

Positions radialLayout(const graph::Graph& graph, graph::VertexId source) {
  const uint32_t V = graph.vertexCount();
  Positions positions(V);
  if (source >= V) {
    return positions;
  }
  // BFS by levels; each vertex remembers the angle of its parent so that
  // children sit near their parent and the rings show the tree.
  std::vector<uint32_t> level(V, UINT32_MAX);
  std::vector<double> angle(V, 0.0);
  std::vector<graph::VertexId> ring{source};
  level[source] = 0;
  uint32_t k = 0;
  const graph::Csr& out = graph.out();
  while (!ring.empty()) {
    const double step = 2 * std::numbers::pi / static_cast<double>(ring.size());
    for (size_t i = 0; i < ring.size(); ++i) {
      angle[ring[i]] = static_cast<double>(i) * step;
      positions[ring[i]] = QPointF(k * std::cos(angle[ring[i]]), k * std::sin(angle[ring[i]]));
    }
    std::vector<std::pair<double, graph::VertexId>> next;
    for (const graph::VertexId v : ring) {
      for (const graph::VertexId u : out.neighbours(v)) {
        if (level[u] == UINT32_MAX) {
          level[u] = k + 1;
          next.emplace_back(angle[v] + 1e-9 * static_cast<double>(next.size()), u);
        }
      }
    }
    std::sort(next.begin(), next.end());
    ring.clear();
    for (const auto& entry : next) {
      ring.push_back(entry.second);
    }
    ++k;
  }
  // Unreached vertices on a ring outside the last level.
  std::vector<graph::VertexId> rest;
  for (uint32_t v = 0; v < V; ++v) {
    if (level[v] == UINT32_MAX) {
      rest.push_back(v);
    }
  }
  const double radius = k + 1.0;
  for (size_t i = 0; i < rest.size(); ++i) {
    const double a = 2 * std::numbers::pi * static_cast<double>(i) / static_cast<double>(rest.size());
    positions[rest[i]] = QPointF(radius * std::cos(a), radius * std::sin(a));
  }
  return positions;
}

} // namespace frontier::ui
