#pragma once
// One shortest path recovered from the BFS levels of a search: from the
// destination, step to an in-neighbour one level lower until the source.
// Pure, no Qt; the graph view highlights the result.

#include <vector>

#include "graph/Graph.h"

namespace frontier::ui {

// Vertices from source to destination (dense ids); empty when the
// destination was not reached or the levels do not belong to this source.
std::vector<graph::VertexId> shortestPathFromLevels(const graph::Graph& graph, const std::vector<uint32_t>& levels,
                                                    graph::VertexId source, graph::VertexId destination);

} // namespace frontier::ui
