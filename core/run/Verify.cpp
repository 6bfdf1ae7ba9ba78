#include "run/Verify.h"

#include "reference/MultiSourceBfs.h"

namespace frontier::run {

std::vector<reference::PathLength> referenceLengths(const graph::Graph& graph, std::span<const graph::Pair> pairs,
                                                    Unit unit) {
  if (unit == Unit::Weight) {
    return reference::shortestPaths(graph, pairs);
  }
  return asReference(reference::msbfsPathLengths(graph, pairs));
}

std::vector<reference::PathLength> asReference(std::span<const graph::Length> hops) {
  std::vector<reference::PathLength> out;
  out.reserve(hops.size());
  for (const graph::Length length : hops) {
    out.push_back(length == graph::kUnreachable
                      ? reference::PathLength{}
                      : reference::PathLength{static_cast<double>(length), static_cast<uint32_t>(length)});
  }
  return out;
}

std::string_view referenceName(Unit unit) {
  return unit == Unit::Hops ? "CPU BFS" : "CPU Dijkstra";
}

bool agrees(const reference::PathLength& expected, double length, Unit unit, bool exact) {
  return unit == Unit::Hops ? expected.length == length : reference::agrees(expected, length, exact);
}

Verification verify(std::span<const reference::PathLength> expected, const RunResults& results) {
  Verification out;
  out.checked = results.lengths.size();
  if (expected.size() != results.lengths.size()) {
    out.mismatches = results.lengths.size();
    return out;
  }
  for (size_t i = 0; i < expected.size(); ++i) {
    if (!agrees(expected[i], results.lengths[i], results.unit, results.exact)) {
      if (++out.mismatches <= kListedDifferences) {
        out.firstDiffering.push_back(i);
      }
    }
  }
  return out;
}

Verification verify(const graph::Graph& graph, std::span<const graph::Pair> pairs, const RunResults& results) {
  return verify(referenceLengths(graph, pairs, results.unit), results);
}

} // namespace frontier::run
