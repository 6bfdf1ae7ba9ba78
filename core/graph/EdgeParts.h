#pragma once
// The edges of one range of a parallel parse (LineRanges.h), and their
// hand-over to the builder on the loading thread. IdEdgePart: formats whose
// ids are any 64-bit integers (SNAP, LDBC).
//
// A worker narrows each id to 32 bits and marks it in the builder's SeenIds
// while every id of its range is one SeenIds covers (`narrow`); from the
// first id it does not cover on, it keeps raw file ids. The loading thread
// appends a narrow range's arcs as they are while the builder's ids stay
// direct (GraphBuilder::addSeen), and maps any other range edge by edge as
// a serial parse does: the graph is the same either way (SeenIds.h).

#include <algorithm>
#include <cstdint>
#include <utility>
#include <vector>

#include "GraphBuilder.h"
#include "SeenIds.h"

namespace frontier::graph::detail {

struct IdEdgePart {
  std::vector<EdgeList::Arc> arcs;               // while narrow
  std::vector<std::pair<FileId, FileId>> edges;  // once not narrow
  std::vector<double> weights;  // weighted files: one per edge
  FileId largest = 0;           // the largest id marked
  bool narrow = true;

  void clear() noexcept {
    arcs.clear();
    edges.clear();
    weights.clear();
    largest = 0;
    narrow = true;
  }
  size_t size() const noexcept { return narrow ? arcs.size() : edges.size(); }

  // Adds one edge (its weight, if any, goes to `weights` by the caller);
  // `seen` null: raw ids only.
  void add(SeenIds* seen, FileId source, FileId target) {
    if (narrow && seen != nullptr && SeenIds::covers(source) && SeenIds::covers(target)) {
      seen->mark(source);
      seen->mark(target);
      largest = std::max({largest, source, target});
      arcs.push_back({static_cast<VertexId>(source), static_cast<VertexId>(target)});
      return;
    }
    if (narrow) {
      narrow = false;
      edges.reserve(arcs.size() + 1);
      for (const EdgeList::Arc& arc : arcs) {
        edges.emplace_back(arc.u, arc.v);
      }
      arcs.clear();
    }
    edges.emplace_back(source, target);
  }
};

// The arcs of one range of a parallel parse of a format whose vertices are
// declared (Matrix Market, DIMACS, METIS), already dense: the loading
// thread appends them as they are (GraphBuilder::addDeclared), after what a
// range cannot know alone (the count so far, METIS's first vertex) is
// settled.
struct DenseArcPart {
  std::vector<EdgeList::Arc> arcs;
  std::vector<double> weights;  // weighted files: one per arc
  uint64_t records = 0;         // entries, arc lines or vertex lines read (the one with an error included)
  bool serial = false;          // stopped at a line only the serial reading can judge
  void clear() noexcept {
    arcs.clear();
    weights.clear();
    records = 0;
    serial = false;
  }
};

// On the loading thread, in file order: appends a narrow part's arcs as
// they are when `marked` (its workers marked the builder's seenIds()) and
// the ids are still direct, else adds its edges by file id, one by one.
inline void addIdEdgePart(GraphBuilder& builder, const IdEdgePart& part, bool marked) {
  if (part.narrow && marked && builder.takesSeenIds()) {
    if (!part.arcs.empty()) {
      builder.addSeen(part.arcs, part.weights, part.largest / 64 + 1);
    }
    return;
  }
  const bool weighted = builder.options().weighted;
  const auto addEach = [&](const auto& list, const auto& ends) {
    for (size_t e = 0; e < list.size(); ++e) {
      const auto [source, target] = ends(list[e]);
      if (weighted) {
        builder.addEdge(source, target, part.weights[e]);
      } else {
        builder.addEdge(source, target);
      }
    }
  };
  // Narrow arcs are their own file ids.
  if (part.narrow) {
    addEach(part.arcs, [](const EdgeList::Arc& arc) { return std::pair<FileId, FileId>{arc.u, arc.v}; });
  } else {
    addEach(part.edges, [](const std::pair<FileId, FileId>& edge) { return edge; });
  }
}

} // namespace frontier::graph::detail
