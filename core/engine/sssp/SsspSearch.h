#pragma once
// Shortest paths on weighted graphs: pairs grouped into queries (one per
// distinct source), run in batches of Q independent queries over a graph on
// the device, with Near-Far, Delta-Stepping or Bellman-Ford (see
// docs/SSSP.md). One relax iteration at a time (step) or to the end (run),
// B iterations per submission from a command buffer recorded once; the
// iteration state, the bucket thresholds and the dispatch sizes stay on the
// GPU, so a submission needs no host round trip between its iterations.
//
// Distances: exact for integer weights (64-bit sums), float32 sums for real
// weights (see reference::agrees for the tolerance); an unweighted graph
// counts every arc as 1.
//
// Thread affinity: the thread that owns the gpu::Context. run() may be
// cancelled from another thread through the atomic flag.
// Errors: std::invalid_argument for bad requests (vertices outside the graph,
// a bad delta, B out of range), ResourceError when a batch does not fit the
// device (the message says what to lower), gpu::VulkanError for device
// failures.

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <vector>

#include "engine/ibfs/Search.h"
#include "engine/sssp/SsspOptions.h"
#include "engine/sssp/SsspPlan.h"
#include "engine/Trace.h"
#include "graph/Pairs.h"

namespace frontier::gpu { class Context; }

namespace frontier::engine {

class BatchedSssp;
class PairHops;
class ResidentSssp;
class DeviceGraph;
class DeviceWeights;

class SsspSearch {
public:
  SsspSearch(gpu::Context& context, std::shared_ptr<const DeviceGraph> graph,
             std::shared_ptr<const DeviceWeights> weights, std::vector<graph::Pair> pairs,
             const SsspOptions& options = {});
  ~SsspSearch();
  SsspSearch(const SsspSearch&) = delete;
  SsspSearch& operator=(const SsspSearch&) = delete;

  bool finished() const noexcept;
  uint32_t batchCount() const noexcept;
  uint32_t currentBatch() const noexcept;      // the batch the next step() works on
  uint32_t currentIteration() const noexcept;  // the iteration (within its batch) the next step() runs
  uint32_t queriesPerBatch() const noexcept;   // Q
  uint32_t queryCount() const noexcept;        // distinct sources
  double delta() const noexcept;               // the bucket width in use
  bool integerWeights() const noexcept;        // exact distances (else float32)
  bool chunkedArrays() const noexcept;         // a per-entry array is spread over chunks (tests)

  // Exactly one relax iteration (with its phase end, when the near bucket
  // came out empty); starts the next batch first when the current one has
  // ended. Returns that iteration's statistics. The resident engine runs a
  // whole batch as its one iteration. Must not be called once finished().
  IterationStats step();

  // To the end, B iterations per submission. `progress` is called after
  // every submission; returns false when `cancel` became true (the search
  // can be resumed or reset).
  bool run(const std::function<void(const Progress&)>& progress = {},
           const std::atomic<bool>* cancel = nullptr);

  // Starts again from the first batch; the trace is cleared.
  void reset();
  // Takes in a submission that a cancelled run() left in flight (it waits
  // for it; the GPU cannot withdraw it), so that trace() and the position
  // include its iterations. Every other call does this first on its own.
  void settle();

  // Length per pair: exact integers for integer weights, float32 sums
  // otherwise; +infinity (reference::kNoPath) when unreachable or not yet
  // computed (its batch has not finished).
  std::vector<double> lengths() const;

  // The tracked pair's query (SsspOptions::trackedPair): distance per vertex
  // (+infinity where not reached) and state per vertex (settled, near, far,
  // unreached). Empty without a tracked pair or before its batch started;
  // after its batch finished, the final values.
  std::vector<double> trackedDistances() const;
  std::vector<VertexState> trackedState() const;

  const RunTrace& trace() const noexcept;
  const std::vector<graph::Pair>& pairs() const noexcept;
  const SsspOptions& options() const noexcept;

private:
  struct Impl;
  std::unique_ptr<Impl> m_impl;        // Near-Far, Delta-Stepping, Bellman-Ford
  std::unique_ptr<BatchedSssp> m_batched;  // SsspAlgorithm::Batched (instead of m_impl)
  std::unique_ptr<ResidentSssp> m_resident;  // SsspAlgorithm::Resident (instead of m_impl)
  std::unique_ptr<PairHops> m_pairHops;      // SsspAlgorithm::Pairs (instead of m_impl)
};

} // namespace frontier::engine
