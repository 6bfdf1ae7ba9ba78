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

// From a search from both ends (`forward`: hops from the source, `backward`:
// hops to the destination, UINT32_MAX where that side did not reach): the
// first vertex both sides reached with the least sum of hops, where they
// met; the vertex count before they have.
graph::VertexId meetingVertex(const std::vector<uint32_t>& forward, const std::vector<uint32_t>& backward);

// From a search from both ends: `forward` holds hops from the source,
// `backward` hops to the destination (UINT32_MAX where that side did not
// reach). The path runs through a vertex both reached with the least sum
// (where the sides met): the forward levels lead to it, out-arcs to
// vertices one hop nearer the destination lead on. Empty before the sides
// have met.
std::vector<graph::VertexId> shortestPathThrough(const graph::Graph& graph, const std::vector<uint32_t>& forward,
                                                 const std::vector<uint32_t>& backward, graph::VertexId source,
                                                 graph::VertexId destination);

} // namespace frontier::ui
