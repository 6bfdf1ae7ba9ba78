#pragma once
// What a run records: per-iteration statistics and the GPU start and end of
// every dispatch. Plain values, copied freely (the GUI receives snapshots).
//
// Units: times in nanoseconds from the first timestamp of the run (GPU clock,
// converted once by gpu::TimestampClock); wall times in milliseconds, labelled
// as such. Counts are exact and deterministic for a given input.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/PipelineResources.h"

namespace frontier::engine {

// Every kind of dispatch (and transfer) the engines record. A track per kind
// in the kernel timeline and in the Chrome trace.
enum class KernelKind : uint8_t {
  Clear,             // fills of status arrays, counters and results
  SetSources,        // sets each search's bit at its source
  CheckDestinations, // records lengths of searches whose destination was reached
  Identify,          // builds the joint frontier queue from the status arrays
  Plan,              // decides direction and sizes the next dispatches on the GPU
  ExpandTopDown,     // pushes frontier words along out-arcs
  ExpandBottomUp,    // pulls words along in-arcs for vertices not yet seen
  Scan,              // prefix sums (scan-built JFQ)
  Compact,           // queue compaction
  Relax,             // SSSP: relax edges of the near bucket
  SplitBuckets,      // SSSP: move vertices between near and far buckets
  Readback,          // copies of results to the host
  Components,        // connected-component labels for the component filter (first run of a graph)
  Count_
};

std::string_view kernelName(KernelKind kind);  // "identify", "expand-top-down", ...

enum class Direction : uint8_t { TopDown, BottomUp };
std::string_view directionName(Direction direction);  // "top-down", "bottom-up"

// The host's side of one submission on the GPU clock (calibrated
// timestamps): when vkQueueSubmit began and returned, and when the host read
// the results back after the wait. Nanoseconds relative to the endNs of the
// span that carries them (the submission's last), so that moving a span's
// times (runs joined one after another, the window's cut pauses) keeps them
// in place; negative before it.
struct HostSubmission {
  bool recorded = false;  // false: the device had no calibrated timestamps, or the span ends no submission
  double submitStartNs = 0;
  double submitEndNs = 0;
  double readbackNs = 0;
};

struct KernelSpan {
  KernelKind kind = KernelKind::Clear;
  uint32_t batch = 0;
  uint32_t level = 0;  // iteration within the batch
  double startNs = 0;
  double endNs = 0;
  // Bytes the dispatch must move by construction (engine/ibfs/BytesMoved.h:
  // status rows, arcs, offsets and queue entries it reads and writes, from
  // the level's exact counters); 0 where the kernel has no such model.
  uint64_t bytesMoved = 0;
  // Compute invocations the span's dispatches launched (pipeline-statistics
  // queries, when the context counts them); 0 = not counted.
  uint64_t invocations = 0;
  // Work items the dispatch had (engine/ibfs/BytesMoved.h: a lane's unit of
  // work, such as one status word of one vertex, or of one arc); 0 = no model.
  uint64_t usefulItems = 0;
  // On the last span of each submission, where host times are on the GPU clock.
  HostSubmission host{};
  double durationNs() const noexcept { return endNs - startNs; }
  // Share of the launched invocations that had no item: at least this many
  // lanes idled (strided kernels give a lane several items). 0 when either
  // count is missing.
  double idleLaneShare() const noexcept {
    return invocations > 0 && usefulItems > 0 && usefulItems < invocations
               ? 1.0 - static_cast<double>(usefulItems) / static_cast<double>(invocations)
               : 0.0;
  }
  // bytesMoved over the span's GPU time, in GB/s (1e9 bytes); 0 without either.
  double achievedGbps() const noexcept {
    return bytesMoved > 0 && durationNs() > 0 ? static_cast<double>(bytesMoved) / durationNs() : 0.0;
  }
};

// What the device can do at best, measured by `frontier-cli selftest`
// (engine/Roofs.h) and cached per device; all zero when not measured.
struct DeviceRoofs {
  double copyGbps = 0;    // streaming copy: bytes read plus bytes written per ns (GB/s)
  double gatherGps = 0;   // random 4-byte loads per ns (G loads/s)
  double dispatchUs = 0;  // GPU time of one empty dispatch after a barrier, microseconds
  bool measured() const noexcept { return copyGbps > 0 && gatherGps > 0 && dispatchUs > 0; }
};

struct IterationStats {
  uint32_t batch = 0;
  uint32_t level = 0;                 // BFS level (hops from the sources) of this iteration's frontier
  Direction direction = Direction::TopDown;
  uint32_t jfqLength = 0;             // vertices in the joint frontier queue
  uint32_t jfqEntries = 0;            // queue entries (> jfqLength when load balance splits vertices)
  uint64_t newlyVisited = 0;          // (vertex, search) pairs first reached at this level
  uint64_t edgesExamined = 0;         // arcs read by this iteration's expand
  uint64_t searchEdges = 0;           // sum over active searches of the out-degrees of their frontier vertices
  uint32_t activeSearches = 0;        // searches still looking for their destination
  // Two-sided search (`bidir`): edgesExamined split by side, from the sources
  // (out-arcs) and from the destinations (in-arcs); both 0 for one-way runs.
  uint64_t edgesForward = 0;
  uint64_t edgesBackward = 0;
  // Status words the two-sided expand read or wrote per side: a frontier
  // word per queue entry and word of the advancing side, a visited word per
  // arc where that frontier word had bits, a new word and the target's mark
  // per OR of fresh bits (the queue's, collect's, update's and finish's
  // words are not in it); 0 for one-way runs.
  uint64_t wordsForward = 0;
  uint64_t wordsBackward = 0;
  // Two-sided: the (side, word) pairs that advanced (the queue reads a
  // frontier word for each of every vertex on the frontier list,
  // identifyItems), and the 4-byte elements the collect, the update and the
  // finish read or wrote (counted on the GPU where they are accessed).
  uint32_t advancingWords = 0;
  uint64_t settleElements = 0;
  // Two-sided runs with a tracked pair, what its search did at this level
  // (all 0 where it was not searching: another batch, or it had ended):
  // the sides it advanced (bit 0 from the source, bit 1 from the
  // destination), the arcs of each side's frontier that chose them (the side
  // with fewer frontier arcs advances; both when close), and each side's frontier after
  // the level in vertices (a side that waited keeps its last one).
  uint8_t trackedSides = 0;
  uint64_t trackedArcsForward = 0;
  uint64_t trackedArcsBackward = 0;
  uint64_t trackedFrontierForward = 0;
  uint64_t trackedFrontierBackward = 0;
  // What the level's identify examined (vertices: every one, or a sparse
  // list; status words with `worklist`) and the entries the level's expand
  // put on the next identify's list (sparse vertices or changed words, the
  // count even past a word list's capacity): the bytes models' terms
  // (engine/ibfs/BytesMoved.h). Two-sided levels: identifyItems is the
  // queue's frontier list. 0 where not counted (expands that keep no list).
  uint64_t identifyItems = 0;
  uint64_t listedByExpand = 0;
  bool identifyReadList = false;  // the identify read its items from the previous expand's list
  // SSSP (weighted) runs; zero for BFS.
  uint32_t nearSize = 0;
  uint32_t farSize = 0;
  uint64_t settled = 0;
  // GPU time of the iteration: its kernel spans, plus a batch's clears and
  // source setting (first iteration) and each read-back (the last iteration
  // it read); over the iterations they add up to RunTotals::gpuMs.
  double gpuNs = 0;
};

// Per-query progress of a weighted run (the batched engine): after the step
// (batch, level), query `query` (index into the run's queries, in the order
// of their first pair) had reached `settled` vertices besides its source.
// One entry per query and submission in which that count grew (at the
// submission's last step; per step when stepping).
struct QueryProgress {
  uint32_t batch = 0;
  uint32_t level = 0;
  uint32_t query = 0;
  uint64_t settled = 0;
};

struct RunTotals {
  uint32_t iterations = 0;
  uint64_t edgesExamined = 0;
  uint64_t searchEdges = 0;
  uint64_t newlyVisited = 0;
  // GPU time: the sum of the durations of the run's kernel spans (`kernels`),
  // the one definition every view and report uses (docs/ENGINE.md). Host
  // pauses between submissions are not in it, nor the dispatches recorded for
  // levels after a batch had ended (they did no work and have no span).
  double gpuMs = 0;
  // Submitted GPU time: the sum over submissions of the time from their first
  // to their last timestamp; gpuMs plus those recorded-but-idle levels.
  double submittedMs = 0;
  double wallMs = 0; // host wall clock around submit, wait and read-back
  // Search-edges per second: searchEdges / GPU time (see docs/ENGINE.md).
  double searchEdgesPerSecond() const noexcept { return gpuMs > 0 ? static_cast<double>(searchEdges) / (gpuMs * 1e-3) : 0.0; }
};

struct RunTrace {
  std::string algorithm;   // "ibfs" or "sssp"
  std::string strategy;    // preset name, e.g. "coalesced-bottom-up"
  std::string options;     // the switches in words, e.g. "searches/batch=1024 direction=jfq(0.83)"
  std::string device;
  std::string graph;
  uint32_t vertices = 0;
  uint64_t arcs = 0;
  bool directed = false;
  std::string directionSource;  // Graph::directionSource(): where the direction came from
  uint32_t pairs = 0;
  uint32_t skippedPairs = 0;  // answered without a search (component filter)
  uint32_t batches = 0;
  uint32_t searchesPerBatch = 0;
  bool twoSided = false;  // searched from both ends (`bidir`)
  // Device memory the run needs, its graph included, and the budget it was
  // checked against before anything was allocated (0 = unknown).
  uint64_t deviceBytes = 0;
  uint64_t deviceBudget = 0;
  // The pipelines the run made and what the driver says of them
  // (PipelineResources.h). Empty when pipeline statistics were not asked
  // for; an empty list when they were but the device does not report them
  // (no VK_KHR_pipeline_executable_properties). Filled by whoever made the
  // run, from its context (run/RunPipelines.h); the engines leave it alone.
  // (Initialised here: engines make traces with designated initializers that leave it out.)
  std::optional<std::vector<PipelineResources>> pipelines = std::nullopt;
  std::vector<IterationStats> iterations;
  std::vector<KernelSpan> kernels;
  std::vector<QueryProgress> queryProgress = {};  // batched shortest paths only
  RunTotals totals;

  // GPU time per kernel kind over the whole run (index = KernelKind).
  std::vector<double> nsPerKind() const;
  // Bytes moved per kernel kind over the whole run (index = KernelKind).
  std::vector<uint64_t> bytesPerKind() const;
  // Searches per JFQ vertex: newly visited (vertex, search) pairs over JFQ
  // entries, summed over the run. 1 = no sharing; GroupBy aims to raise it.
  double sharing() const;
};

} // namespace frontier::engine
