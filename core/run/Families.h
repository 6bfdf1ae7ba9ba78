#pragma once
// The registry's families, one per engine room (Registry.cpp lists them).

#include "engine/sssp/SsspOptions.h"
#include "run/Registry.h"

namespace frontier::run {

Family ibfsFamily();
Family shortestPathsFamily();

// Hop counts by a shortest-path engine (every arc weighs 1): the resident
// engine or the pair engine, for the iBFS preset `runName` that hands its
// pairs over (IbfsRun.cpp); the trace carries that name.
std::unique_ptr<Run> makeHopCounts(DeviceInputs& inputs, std::vector<graph::Pair> pairs, const RunOptions& options,
                                   engine::SsspAlgorithm algorithm, std::string runName);

} // namespace frontier::run
