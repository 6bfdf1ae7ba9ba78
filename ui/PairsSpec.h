#pragma once
// How the run's pairs are chosen (RunConfig::pairs), and the bounds of the
// random setting. Qt Core and the graph library only, so that the session
// reader (fuzzed on its own) checks a session's values against the same bounds.
//
// Pure values.

#include <cstdint>
#include <limits>
#include <optional>
#include <utility>
#include <vector>

#include <QString>

#include "graph/Graph.h"

namespace frontier::ui {

// Pairs fixed one by one: read from a file, typed, picked in a view, or a
// session's. Kept as ids of the graph's file, the ids the user sees and the
// ones a session stores.
struct GivenPairs {
  std::vector<std::pair<graph::FileId, graph::FileId>> ids;
  QString description; // how they came ("3 pairs from p.csv", "2 typed pairs")
  bool showText = false; // the pairs panel writes them into its editor (a session's: nobody typed them there)
};

// How the pairs are chosen. `count` pairs drawn with `seed`
// (graph::randomPairs) unless `given`; the random setting is kept while
// pairs are given, and a graph loaded later starts with its random pairs, so
// the same count and seed always give the same pairs on the same graph.
struct PairsSpec {
  uint32_t count = 64;
  uint64_t seed = 1;
  std::optional<GivenPairs> given;
};

// The seeds the pairs panel can show (its spin box holds an int).
inline constexpr uint64_t kMaxPairSeed = std::numeric_limits<int>::max();
// The most random pairs the window draws.
inline constexpr uint32_t kMaxRandomPairs = 1'000'000;

} // namespace frontier::ui
