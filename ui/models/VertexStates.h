#pragma once
// What the graph view colours: a kind per vertex (four kinds, each with its
// name in the legend) and an optional value per vertex (a BFS level, a
// distance, a count) that reached vertices are coloured by on a ramp and that
// the hover text shows. One shape for BFS (unvisited / visited at level k /
// current frontier / in the JFQ), for "reached by N searches" and for SSSP
// (unreached / settled / near / far, with distances).
//
// Immutable once built; shared between the views by shared_ptr.

#include <array>
#include <cstdint>
#include <memory>
#include <vector>

#include <QString>

#include "graph/Csr.h"

namespace frontier::ui {

struct VertexStates {
  // The last three only for a search from both ends (fromTwoSides).
  enum Kind : uint8_t {
    Unreached = 0,
    Reached = 1,
    Frontier = 2,
    Queued = 3,
    BackReached = 4,
    BackFrontier = 5,
    Meeting = 6
  };
  static constexpr size_t kKinds = 7;

  std::vector<uint8_t> kind;         // per vertex
  std::vector<double> value;         // per vertex, or empty; shown for Reached and Frontier/Queued
  double maxValue = 0;               // the top of the ramp
  QString valueName;                 // "level", "distance", "searches"
  std::array<QString, kKinds> names; // legend text per kind
  bool integerValues = true;

  uint32_t count(Kind k) const;

  // BFS: vertices with a level below `level` are reached (coloured by level),
  // those at `level` are the search's frontier, other vertices in `jfq` are in
  // the joint frontier queue of the other searches.
  static std::shared_ptr<const VertexStates> fromLevels(const std::vector<uint32_t>& levels, uint32_t level,
                                                        const std::vector<graph::VertexId>& jfq);
  // BFS from both ends (UINT32_MAX: not reached by that side): what the
  // forward side reached, coloured by hops from the source, and its
  // frontier (its deepest hops); what the backward side reached and its
  // frontier; where the sides met (reached by both with the least sum of
  // hops: on a shortest path). A finished search (`done`) has no frontier.
  // Other vertices in `jfq` are in the joint frontier queue.
  static std::shared_ptr<const VertexStates> fromTwoSides(const std::vector<uint32_t>& forward,
                                                          const std::vector<uint32_t>& backward, bool done,
                                                          const std::vector<graph::VertexId>& jfq);
  // How many of `searches` searches have reached each vertex.
  static std::shared_ptr<const VertexStates> fromReachedCounts(const std::vector<uint16_t>& counts,
                                                               uint32_t searches);
  // SSSP: the engine's state per vertex (engine::VertexState: unreached,
  // far, near, settled) and distances (infinite: unreached). Settled
  // vertices are coloured by distance; near = frontier, far = queued.
  static std::shared_ptr<const VertexStates> fromSssp(const std::vector<double>& distances,
                                                      const std::vector<uint8_t>& states);
};

} // namespace frontier::ui
