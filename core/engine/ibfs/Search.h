#pragma once
// One iBFS run: pairs processed in batches of omega searches over a graph on
// the device, one level at a time (step) or to the end (run).
//
// Thread affinity: the thread that owns the gpu::Context. run() may be
// cancelled from another thread through the atomic flag.
// Errors: std::invalid_argument for bad requests (unknown ids, omega out of
// range), ResourceError when the graph or the batch does not fit the device
// (the message says what to lower), gpu::VulkanError for device failures.

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <stdexcept>
#include <vector>

#include "engine/ibfs/StatusBins.h"
#include "engine/ibfs/Strategy.h"
#include "engine/Trace.h"
#include "graph/Pairs.h"

namespace frontier::gpu { class Context; }

namespace frontier::engine {

class DeviceGraph;

class ResourceError : public std::runtime_error {
public:
  using std::runtime_error::runtime_error;
};

// Searches `first` to `first + count - 1` of a run, in its order of
// searches (the pairs it searches, after the component filter and GroupBy).
struct SearchRange {
  uint32_t first = 0;
  uint32_t count = 0;
};

struct SearchOptions {
  // A pair whose search is followed to the last vertex it can reach (it is not
  // stopped at its destination), so that trackedLevels() covers the graph;
  // two-sided runs search it from both ends until they meet, like the others.
  std::optional<uint32_t> trackedPair;
  bool timestamps = true;  // per-kernel GPU timestamps (when the device has them)
  // Batches shared with searches on other devices: set, the search takes
  // each batch it works on from this call (a range of its searches, at most
  // searches-per-batch of them; nullopt when none is left) instead of going
  // through its batches in order, numbers them 0, 1, ... as it takes them,
  // and is finished when the call returns nullopt. Every search sharing the
  // work must be made over the same pairs and strategy, so that a range
  // means the same pairs to each (searchedPairs()). Called on the search's
  // thread, when a batch is about to start.
  std::function<std::optional<SearchRange>()> claimBatch;
};

struct Progress {
  uint32_t batch = 0;
  uint32_t batches = 0;
  uint32_t level = 0;
  uint32_t pairsDone = 0;
  uint32_t pairs = 0;
  double fraction() const noexcept { return pairs == 0 ? 1.0 : static_cast<double>(pairsDone) / pairs; }
};

class Search {
public:
  Search(gpu::Context& context, std::shared_ptr<const DeviceGraph> graph, std::vector<graph::Pair> pairs,
         const Strategy& strategy, const SearchOptions& options = {});
  ~Search();
  Search(const Search&) = delete;
  Search& operator=(const Search&) = delete;

  bool finished() const noexcept;
  uint32_t batchCount() const noexcept;
  uint32_t currentBatch() const noexcept;  // the batch the next step() works on
  uint32_t currentLevel() const noexcept;  // the level the next step() computes

  // Exactly one level of the current batch (check destinations, identify,
  // expand); starts the next batch when the current one has ended. Returns
  // that level's statistics. With `bidir`, the step whose plan finds every
  // search of the batch done records no level (trace() does not grow) and
  // returns that batch and level with nothing queued, visited or examined.
  // Must not be called once finished() (with
  // shared batches: std::logic_error when none was left to claim).
  IterationStats step();

  // To the end. `progress` is called after every submission; returns false
  // when `cancel` became true (the search can be resumed or reset).
  bool run(const std::function<void(const Progress&)>& progress = {},
           const std::atomic<bool>* cancel = nullptr);

  // Starts again from the first batch; the trace is cleared.
  void reset();
  // Takes in a submission that a cancelled run() left in flight (it waits
  // for it; the GPU cannot withdraw it), so that trace() and the position
  // include its iterations. Every other call does this first on its own.
  void settle();

  // Length per pair in hops, graph::kUnreachable when not (yet) reached.
  std::vector<graph::Length> lengths() const;
  // Level of every vertex for the tracked pair's search (UINT32_MAX where not
  // reached); empty without a tracked pair or before its batch has started.
  // Two-sided runs: the hops from the source of what the forward side reached.
  std::vector<uint32_t> trackedLevels() const;
  // Two-sided runs: the hops to the destination of what the tracked search's
  // backward side reached (UINT32_MAX elsewhere); empty when trackedLevels()
  // is, and for one-way runs. The vertices both sides reached are where
  // they met: the least sum of the two is the pair's length.
  std::vector<uint32_t> trackedBackwardLevels() const;
  // The tracked search's batch has ended: its levels are final (no frontier).
  bool trackedDone() const noexcept;
  // Vertices of the joint frontier queue of the last completed level (with
  // `bidir` both sides' queues: the vertices some search advanced from).
  std::vector<graph::VertexId> lastJfq() const;
  // The same queue as stored (vertex-major layouts): the vertex of every JFQ
  // entry in queue order, one per entry (a vertex split by the load-balanced
  // or the two-sided expand appears once per chunk, with word lists once per
  // status word, with `bidir` once per side). Ordered only with the
  // scan-built JFQ.
  std::vector<graph::VertexId> lastJfqEntries() const;

  // The status arrays of the batch being searched, or of the last one run
  // when none is (its words stay on the device until the next batch starts).
  // binStatus() reduces them on the device to rows x cols counts
  // (StatusBins.h; rows and cols are clamped to the searches and vertices) and
  // reads back only those; statusWords() reads back both arrays in full.
  // Both return searches == 0 before the first batch has started.
  StatusBins binStatus(uint32_t rows, uint32_t cols);
  StatusWords statusWords() const;
  // Allocations a status array and the JFQ are spread over (1 when one
  // holds them; docs/ENGINE.md): for tests and diagnostics.
  size_t statusChunks() const noexcept;
  size_t queueChunks() const noexcept;
  // Chunks of the stamps (one word per vertex; the tracked levels have as
  // many) and of the touched lists (tests).
  size_t stampChunks() const noexcept;
  size_t touchedChunks() const noexcept;
  // The pair searched by each search of a batch (index into pairs()).
  std::vector<uint32_t> batchPairs(uint32_t batch) const;
  // The pairs searches `range` search (indices into pairs()), clamped to the run's.
  std::vector<uint32_t> searchedPairs(SearchRange range) const;
  // How many searches the run makes (pairs less those the filter answers)
  // and how many a batch holds at most: what shared batches are cut from.
  uint32_t searchCount() const noexcept;
  uint32_t searchesPerBatch() const noexcept;

  const RunTrace& trace() const noexcept;
  const std::vector<graph::Pair>& pairs() const noexcept;

private:
  struct Impl;
  std::unique_ptr<Impl> m_impl;
};

} // namespace frontier::engine
