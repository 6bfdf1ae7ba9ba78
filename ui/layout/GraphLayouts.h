#pragma once
// Vertex positions for the graph view, in world coordinates (y up):
//   - the file's coordinates (DIMACS .co) when the graph has them;
//   - a force-directed layout (Fruchterman-Reingold with Barnes-Hut
//     repulsion, O(V log V) per round), slow enough for large graphs to run
//     off the GUI thread with progress and cancel;
//   - a radial layout by BFS level around a source (teaching): ring k holds
//     the vertices k hops away, each near its BFS parent's angle.
// Pure functions of an immutable graph: callable from any thread.

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <vector>

#include <QPointF>

#include "graph/Graph.h"

namespace frontier::ui {

using Positions = std::vector<QPointF>;

Positions fileCoordinates(const graph::Graph& graph);

// `progress` gets the fraction done after each round; the layout stops early
// (returns empty) once `cancel` is true.
Positions forceLayout(const graph::Graph& graph, const std::function<void(double)>& progress = {},
                      const std::atomic<bool>* cancel = nullptr);

// Vertices not reachable from `source` go on an outer ring.
Positions radialLayout(const graph::Graph& graph, graph::VertexId source);

} // namespace frontier::ui
