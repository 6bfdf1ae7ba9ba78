#pragma once
// One entry of a comparison: a spec of the one grammar (run::parseRunSpec,
// e.g. "coalesced+lb+agg", "near-far+delta=2000+B=8", "bellman-ford"), or a
// saved run reopened from a report (named, not runnable). The spec text is
// the entry's name everywhere (panels, table, trace processes).
//
// Pure values, no Qt objects: built on the GUI thread, run on the engine's.

#include <string>
#include <string_view>
#include <vector>

#include "run/RunSpec.h"

namespace frontier::ui {

struct Variant {
  std::string spec;  // the entry's name: the spec as given, trimmed
  bool sssp = false; // weighted lengths rather than hops
  run::RunSpec run;  // what runs
};

// The entry of a parsed spec (RunConfig::comparison's).
Variant variantOf(run::RunSpec spec);

// Parses one spec. std::invalid_argument (run::SpecError) naming the spec
// and what is wrong.
Variant variantFromSpec(std::string_view spec);

// A comma-separated list of 2 to 4 specs ("workgroups,coalesced"); the
// message names the first bad one. std::invalid_argument.
std::vector<Variant> variantsFromList(std::string_view list);

inline constexpr size_t kMinVariants = 2;
inline constexpr size_t kMaxVariants = 4;

} // namespace frontier::ui
