#pragma once
// One run of any engine (iBFS, shortest paths) behind one interface, so that
// the CLI, the bench, the window's worker and the comparison drive every
// algorithm through the same loop and never ask which one runs.
//
// A Run starts when it is made (makeRun, Registry.h): its first step() or
// run() works on the first batch. Results are one type whatever the engine,
// with the unit named (hops or weight units).
//
// Thread affinity: the thread that owns the gpu::Context. run() may be
// cancelled from another thread through the atomic flag, also while it waits
// for a submission.
// Errors: as the engine's (std::invalid_argument for bad requests,
// engine::ResourceError when a batch does not fit, gpu::VulkanError for
// device failures).

#include <atomic>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/ibfs/Search.h"
#include "engine/ibfs/StatusBins.h"
#include "engine/Trace.h"
#include "graph/Pairs.h"

namespace frontier::run {

enum class Unit : uint8_t {
  Hops,   // arcs on a shortest path, every arc counted as one (iBFS)
  Weight, // sum of the arc weights of a shortest path (shortest-path engines)
};

std::string_view unitName(Unit unit); // "hops", "weight units"

// The answer of a run: one length per pair, in the order of the pairs.
struct RunResults {
  Unit unit = Unit::Hops;
  // Per pair; +infinity (reference::kNoPath) when unreachable or not yet
  // answered (its batch has not finished). Hops are whole numbers.
  std::vector<double> lengths;
  // Exact: hop counts, and sums of integer weights. Otherwise float32 sums
  // (see reference::agrees for the tolerance).
  bool exact = true;
};

// What the views (graph, status arrays) show of a run after a step. iBFS
// fills the levels, queue and bins; shortest paths the distances and states.
struct RunView {
  int iteration = -1;                   // index of the last iteration in the trace, -1 before the first
  uint32_t level = 0;                   // the level (iteration) the next step computes
  bool tracked = false;                 // the tracked pair's search has started (its fields below are filled)
  std::vector<uint32_t> trackedLevels;  // iBFS: per vertex, UINT32_MAX where not (yet) reached
  // iBFS from both ends: hops to the destination per vertex of the tracked
  // search's backward side (trackedLevels is then its forward side); empty one way.
  std::vector<uint32_t> trackedBackward;
  bool trackedDone = false;             // iBFS: the tracked search's levels are final
  std::vector<double> trackedDistances; // shortest paths: per vertex, +infinity where not reached
  std::vector<uint8_t> trackedStates;   // shortest paths: engine::VertexState per vertex
  std::vector<graph::VertexId> jfq;     // iBFS: the last level's joint frontier queue
  engine::StatusBins bins;              // iBFS: searches x vertices, binned (searches == 0: none)
  std::vector<uint32_t> batchPairs;     // iBFS: the pair of each search of the binned batch
  std::vector<uint16_t> reachedBy;      // iBFS: per vertex, searches of the binned batch that reached it
};

struct RunOptions {
  // A pair whose search is followed to the end of what it can reach, so that
  // view() covers the graph.
  std::optional<uint32_t> trackedPair;
  bool timestamps = true; // per-kernel GPU timestamps (when the device has them)
  // The caller steps or draws the run level by level (frontier-cli run
  // --step; a tracked pair implies it): an iBFS preset then runs on the
  // level-synchronous engine even where another answers it faster (tuned's
  // resident hop counts, run/IbfsRun.cpp).
  bool levels = false;
  // Batches shared with runs of the same pairs and spec on other devices
  // (engine::SearchOptions::claimBatch); iBFS only (run::sharesBatches).
  std::function<std::optional<engine::SearchRange>()> claimBatch;
};


class Run {
public:
  virtual ~Run() = default;

  virtual bool finished() const = 0;
  // Where the run stands: batch (the one the next step works on), batches,
  // level (the iteration the next step computes), pairs done.
  virtual engine::Progress progress() const = 0;

  // Exactly one iteration (an iBFS level, a relax iteration); starts the next
  // batch when the current one has ended. Must not be called once finished().
  virtual engine::IterationStats step() = 0;
  // To the end. `progress` after every submission; false when `cancel` became
  // true (the run can be resumed or reset).
  virtual bool run(const std::function<void(const engine::Progress&)>& progress = {},
                   const std::atomic<bool>* cancel = nullptr) = 0;
  // Starts again from the first batch; the trace is cleared.
  virtual void reset() = 0;
  // Takes in a submission that a cancelled run() left in flight (waits for
  // it): trace() and progress() then include its iterations.
  virtual void settle() = 0;

  virtual const engine::RunTrace& trace() const = 0;
  virtual RunResults results() const = 0;
  virtual const std::vector<graph::Pair>& pairs() const = 0;
  // Shared batches: the pairs (indices into pairs()) searches `range`
  // search, and how many searches there are and how many a batch holds at
  // most (empty, 0 for an engine without shared batches).
  virtual std::vector<uint32_t> searchedPairs(engine::SearchRange /*range*/) const { return {}; }
  virtual uint32_t searchCount() const { return 0; }
  virtual uint32_t searchesPerBatch() const { return 0; }
  // The engine's own figures in words, for a summary line ("12 queries in 1
  // batch of 256, delta 500, integer weights").
  virtual std::string details() const = 0;

  // The views' state; the status arrays binned to at most rows x cols (none
  // when either is 0).
  virtual RunView view(uint32_t rows, uint32_t cols) = 0;
};

} // namespace frontier::run
