#pragma once
// The registry's families, one per engine room (Registry.cpp lists them).

#include "run/Registry.h"

namespace frontier::run {

Family ibfsFamily();
Family shortestPathsFamily();

// Hop counts by the resident shortest-path engine (every arc weighs 1), for
// the iBFS preset `runName` that hands its pairs over (IbfsRun.cpp); the
// trace carries that name.
std::unique_ptr<Run> makeResidentHops(DeviceInputs& inputs, std::vector<graph::Pair> pairs, const RunOptions& options,
                                      std::string runName);

} // namespace frontier::run
