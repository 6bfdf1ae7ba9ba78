#pragma once
// CPU Dijkstra with a binary heap: the oracle of the GPU shortest-path engine
// and the baseline a user would otherwise run.
//
// Weights are the CSR's (one per arc); an unweighted CSR counts every arc as
// 1. Distances are computed exactly, or as near to it as the input allows:
// integer weights (every weight a whole number below 2^53) are summed in
// 64-bit integers (std::overflow_error if a sum would not fit), other weights
// in long double (a 64-bit significand, 2^11 times finer than a double's, so
// that the only rounding left in a comparison is the GPU's). Weights must be
// non-negative (std::invalid_argument otherwise, naming the arc).
//
// Lengths are doubles: exact for integer weights up to 2^53, the long double
// sum rounded once otherwise, +infinity when the destination cannot be
// reached. Pure functions, safe from any thread.

#include <cstdint>
#include <limits>
#include <span>
#include <vector>

#include "graph/Csr.h"
#include "graph/Pairs.h"

namespace frontier::graph { class Graph; }

namespace frontier::reference {

inline constexpr double kNoPath = std::numeric_limits<double>::infinity();

// A shortest path's length and the number of arcs on it. Among shortest paths
// of exactly equal length Dijkstra keeps one with the most arcs of positive
// weight (the arcs that can round a float32 sum; see agrees()). 0 arcs when
// unreachable or when source = destination.
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
// source, stopped once all of that source's destinations are settled. The
// sources are shared out over `threads` threads (0 = every core); each
// thread keeps its own V-sized run state. The lengths do not depend on it.
std::vector<PathLength> shortestPaths(const graph::Csr& out, std::span<const graph::Pair> pairs,
                                      DijkstraStats* stats = nullptr, unsigned threads = 1);
std::vector<PathLength> shortestPaths(const graph::Graph& graph, std::span<const graph::Pair> pairs,
                                      DijkstraStats* stats = nullptr, unsigned threads = 1);

// Whether a length computed elsewhere (the GPU) agrees with Dijkstra's.
// `exactSums`: the other side summed whole-number weights exactly (the GPU
// engine does when every weight is an integer below 2^32, see
// DeviceWeights); then only equality agrees. Otherwise the other side summed
// float32 weights in float32 and may differ by the rounding of that sum:
//
//   |length - cpu.length| <= ((1 + u)^m - 1) * cpu.length + 2^-50 * cpu.length
//                            + m * 2^-149,      u = 2^-24, m = cpu.arcs.
//
// Derivation. The GPU's distance is a float32 sum along some path of m arcs
// with weights w_1..w_m, started at 0: w'_i = fl32(w_i) = w_i (1 + e_i) and
// s_i = fl32(s_{i-1} + w'_i) = (s_{i-1} + w'_i)(1 + d_i), with |e_i|, |d_i| <= u
// (round to nearest; Vulkan requires float addition to be correctly rounded).
// s_1 = w'_1 is exact, so
//   s_m = sum_i w_i (1 + e_i) prod_{j = max(i,2)..m} (1 + d_j),
// where every term carries at most m factors (1 +- u). With non-negative
// weights, (1 - u)^m W <= s_m <= (1 + u)^m W for the exact length W of the
// path, hence |s_m - W| <= ((1 + u)^m - 1) W (about m * 2^-24 * W). An arc of
// weight 0 adds nothing and rounds nothing, so only positive arcs count.
// Upper side: fl32 addition is monotone, so the GPU's value is at most the
// float32 sum along the shortest path Dijkstra found: <= (1 + u)^m W.
// Lower side: the bound holds whenever the GPU's path is a shortest path
// with at most m positive arcs; cpu.arcs is at least the most positive arcs
// of any exactly shortest path (Dijkstra breaks ties that way), so it covers
// every exact tie. It can fail only for a strictly longer path, within about m u of the
// shortest, with more arcs: a spurious report, never a missed error.
// 2^-50 cpu.length covers the rounding of cpu.length itself (the long double
// sum, then one rounding to double) and of this formula; m * 2^-149 covers
// weights and sums below the float32 normal range (absolute error <= 2^-150
// per operation). Unreachable agrees only with unreachable.
bool agrees(const PathLength& cpu, double length, bool exactSums);

// The tolerance above for a path of `arcs` arcs and exact length `length`.
double float32SumTolerance(double length, uint32_t arcs);

} // namespace frontier::reference
