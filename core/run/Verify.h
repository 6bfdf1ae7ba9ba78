#pragma once
// The one check of a run's lengths against the CPU references, for the CLI,
// the bench, the results table and the comparison: hop counts against CPU
// BFS (the multi-source BFS, itself checked against the textbook BFS),
// weighted lengths against Dijkstra, exactly or within the float32 rounding
// of the engine's sums (reference::agrees). Pure functions, any thread.

#include <cstddef>
#include <span>
#include <string_view>
#include <vector>

#include "graph/Graph.h"
#include "graph/Pairs.h"
#include "reference/Dijkstra.h"
#include "run/Run.h"

namespace frontier::run {

// What the check compares with: one length per pair (+infinity when there is
// no path) and, for weighted lengths, the arcs that bound the rounding.
std::vector<reference::PathLength> referenceLengths(const graph::Graph& graph, std::span<const graph::Pair> pairs,
                                                    Unit unit);

// Hop counts computed elsewhere (a baseline the caller times itself) in the
// reference's form.
std::vector<reference::PathLength> asReference(std::span<const graph::Length> hops);

// "CPU BFS" or "CPU Dijkstra", as messages name the reference.
std::string_view referenceName(Unit unit);

// Whether one length agrees with the reference's: equal for hops and exact
// sums, within the float32 tolerance otherwise.
bool agrees(const reference::PathLength& expected, double length, Unit unit, bool exact);

struct Verification {
  size_t checked = 0;                 // pairs compared
  size_t mismatches = 0;              // of those, how many differ
  std::vector<size_t> firstDiffering; // the first kListedDifferences of them, by pair index
  bool passed() const noexcept { return mismatches == 0; }
};

inline constexpr size_t kListedDifferences = 10;

Verification verify(std::span<const reference::PathLength> expected, const RunResults& results);
// The same, with the reference computed here.
Verification verify(const graph::Graph& graph, std::span<const graph::Pair> pairs, const RunResults& results);

} // namespace frontier::run
