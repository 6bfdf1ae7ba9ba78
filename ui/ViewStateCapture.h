#pragma once
// What the views need from a run after a step (ViewState), read back from
// the device (run::Run::view), and the snapshots of a finished run remade so
// that Back works after Run to end: Run to end stays one fast, timed run, and
// a second run without timestamps steps through the same iterations
// afterwards (a run is deterministic, so its iteration i is the run's
// iteration i).
//
// Thread affinity: the EngineWorker's thread (they drive the device).

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <vector>

#include "EngineMessages.h"

#include "run/RunSpec.h"

namespace frontier::run {
class DeviceInputs;
class Run;
} // namespace frontier::run

namespace frontier::ui {

// The state after the run's latest step; `trackedPair` is the pair the run
// was made to track (-1: none).
std::shared_ptr<ViewState> captureViewState(run::Run& run, std::shared_ptr<const graph::Graph> graph,
                                            int trackedPair);

// Snapshots of replays are kept in memory up to this many bytes in all.
inline constexpr uint64_t kReplayBudgetBytes = uint64_t{512} << 20U;

// Whether snapshots of `iterations` steps over `graph` fit the budget and
// the vertex limit of ViewHistory (`twoSided`: each holds both sides' levels).
bool replayFits(const graph::Graph& graph, size_t iterations, bool twoSided);

// Steps a new run of the same spec over the same graph and pairs through
// the first `iterations` iterations and hands each step's state (marked
// replayed) to `deliver`. Stops early when `cancel` becomes true.
void replaySnapshots(run::DeviceInputs& inputs, const std::vector<graph::Pair>& pairs, const run::RunSpec& spec,
                     int trackedPair, size_t iterations, const std::atomic<bool>& cancel,
                     const std::function<void(std::shared_ptr<const ViewState>)>& deliver);

} // namespace frontier::ui
