#pragma once
// What the views need from an iBFS search after a step (ViewState), read
// back from the device, and the snapshots of a finished run remade so that
// Back works after Run to end: Run to end stays one fast, timed run, and a
// second search without timestamps steps through the same levels afterwards
// (a search is deterministic, so its iteration i is the run's iteration i).
//
// Thread affinity: the EngineWorker's thread (they drive the device).

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <vector>

#include "EngineMessages.h"

namespace frontier::gpu {
class Context;
}
namespace frontier::engine {
class DeviceGraph;
class Search;
} // namespace frontier::engine

namespace frontier::ui {

// The state after the search's latest step; `trackedPair` is the pair the
// search was made to track (-1: none).
std::shared_ptr<ViewState> captureViewState(engine::Search& search, std::shared_ptr<const graph::Graph> graph,
                                            int trackedPair);

// Snapshots of replays are kept in memory up to this many bytes in all.
inline constexpr uint64_t kReplayBudgetBytes = uint64_t{512} << 20U;

// Whether snapshots of `iterations` steps over `graph` fit the budget and
// the vertex limit of ViewHistory.
bool replayFits(const graph::Graph& graph, size_t iterations);

// Steps a new search over the same graph, pairs and strategy through the
// first `iterations` iterations and hands each step's state (marked
// replayed) to `deliver`. Stops early when `cancel` becomes true.
void replaySnapshots(gpu::Context& context, std::shared_ptr<const engine::DeviceGraph> deviceGraph,
                     std::shared_ptr<const graph::Graph> graph, const std::vector<graph::Pair>& pairs,
                     const engine::Strategy& strategy, int trackedPair, size_t iterations,
                     const std::atomic<bool>& cancel,
                     const std::function<void(std::shared_ptr<const ViewState>)>& deliver);

} // namespace frontier::ui
