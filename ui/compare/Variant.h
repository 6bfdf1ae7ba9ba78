#pragma once
// One entry of a comparison: an iBFS strategy spec (engine::strategyFromSpec,
// e.g. "coalesced+lb+agg") or, for weighted graphs, a shortest-path algorithm
// with its knobs ("near-far", "near-far+delta=2000+batch=8",
// "delta-step+delta=500+queries=64", "bellman-ford"). The spec text is the
// entry's name everywhere (panels, table, trace processes).
//
// Pure values, no Qt objects: built on the GUI thread, run on the engine's.

#include <string>
#include <string_view>
#include <vector>

#include "engine/SsspOptions.h"
#include "engine/Strategy.h"

namespace frontier::ui {

struct Variant {
  std::string spec; // as given, trimmed
  bool sssp = false;
  engine::Strategy strategy;       // when !sssp
  engine::SsspOptions ssspOptions; // when sssp
};

// Parses one spec. std::invalid_argument naming the spec and what is wrong
// (unknown strategy, unknown switch, a bad delta).
Variant variantFromSpec(std::string_view spec);

// A comma-separated list of 2 to 4 specs ("workgroups,coalesced"); the
// message names the first bad one. std::invalid_argument.
std::vector<Variant> variantsFromList(std::string_view list);

inline constexpr size_t kMinVariants = 2;
inline constexpr size_t kMaxVariants = 4;

} // namespace frontier::ui
