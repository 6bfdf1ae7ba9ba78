#pragma once
// CPU Dijkstra with a binary heap: the oracle of the GPU shortest-path engine
// and the baseline a user would otherwise run.
//
// Weights are the CSR's (one per arc); an unweighted CSR counts every arc as
// 1. Integer weights (every weight a whole number) are summed exactly in 64
// bits; other weights in double precision. Weights must be non-negative
// (std::invalid_argument otherwise, naming the arc).
//
// Lengths are doubles: exact for integer weights up to 2^53, +infinity when
// the destination cannot be reached. Pure functions, safe from any thread.

#include <cstdint>
#include <limits>
#include <span>
#include <vector>

#include "graph/Csr.h"
#include "graph/Pairs.h"

namespace frontier::graph { class Graph; }

namespace frontier::reference {

inline constexpr double kNoPath = std::numeric_limits<double>::infinity();

// A shortest path's length and the number of arcs on the path Dijkstra chose
// (used to bound the rounding of float32 sums; 0 when unreachable).
struct PathLength {
  double length = kNoPath;
  uint32_t arcs = 0;
  bool reachable() const noexcept { return length != kNoPath; }
};

struct DijkstraStats {
  uint64_t settled = 0;  // vertices taken from the heap with their final distance
  uint64_t relaxed = 0;  // arcs relaxed
  uint64_t runs = 0;     // single-source runs (distinct sources)
};

// True when every weight of `csr` is a whole number below 2^53 (or it has no weights).
bool hasIntegerWeights(const graph::Csr& csr);

// Distances from `source` to every vertex (kNoPath where unreachable).
std::vector<double> dijkstra(const graph::Csr& out, graph::VertexId source, DijkstraStats* stats = nullptr);

// One length per pair. Pairs are grouped by source: one run per distinct
// source, stopped once all of that source's destinations are settled.
std::vector<PathLength> shortestPaths(const graph::Csr& out, std::span<const graph::Pair> pairs,
                                      DijkstraStats* stats = nullptr);
std::vector<PathLength> shortestPaths(const graph::Graph& graph, std::span<const graph::Pair> pairs,
                                      DijkstraStats* stats = nullptr);

// Whether a length computed elsewhere (the GPU) agrees with Dijkstra's:
// equal for integer weights; for real weights, which the GPU sums in float32,
// within the rounding of such a sum over the path: a relative 2^-22 per arc
// of the path (at least 64 arcs' worth, since an equally short path with
// more arcs may be found). Unreachable agrees only with unreachable.
bool agrees(const PathLength& cpu, double length, bool integerWeights);

} // namespace frontier::reference
