#pragma once
// The oracle: textbook single-source BFS with a FIFO queue over out-arcs.
// Every other search (MS-BFS, the GPU engine) is checked against it, so it
// stays as simple as it can be. Thread-safe (reads the graph only).

#include <cstdint>
#include <span>
#include <vector>

#include "graph/Graph.h"
#include "graph/Pairs.h"

namespace frontier::reference {

inline constexpr uint32_t kUnreached = UINT32_MAX;

// Hops from `source` to every vertex (dense ids), kUnreached where there is
// no path. std::out_of_range for a source that is not a vertex.
std::vector<uint32_t> bfsLevels(const graph::Graph& graph, graph::VertexId source);

// The length of every pair (graph::kUnreachable when there is no path), one
// bfsLevels() per distinct source. std::out_of_range for ids not in the graph.
std::vector<graph::Length> pathLengths(const graph::Graph& graph, std::span<const graph::Pair> pairs);

// The same answers from one textbook BFS per distinct source that stops as
// soon as all of that source's destinations are reached: the fair
// single-search baseline for path queries (bench-cpu), not the oracle.
std::vector<graph::Length> pathLengthsEarlyExit(const graph::Graph& graph, std::span<const graph::Pair> pairs);

} // namespace frontier::reference
