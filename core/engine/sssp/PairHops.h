#pragma once
// The pair engine behind SsspSearch's Pairs algorithm (docs/SSSP.md, "Pair
// hop counts from both ends"): hop counts of source/destination pairs, each
// pair searched from both ends by one workgroup that runs it to its end
// inside one dispatch (shaders/include/PairBfs.h). The work a pair costs is
// what its two searches touch before they meet, not a sweep of every
// search's status words per level: on graphs with hubs (Kronecker) a side
// that starts at a low-degree vertex meets the other within a few levels.
// Arcs weigh 1 whatever the graph's weights (the caller passes unit
// weights); directed graphs are searched forward over out-arcs and backward
// over in-arcs.
//
// Used through SsspSearch, whose contract it keeps (thread affinity, errors,
// lengths). No tracked pair (its levels are a one-way search): refused.
// run() looks at `cancel` between batches; a batch is one dispatch and one
// iteration of the trace.

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <vector>

#include "engine/AddressedArray.h"
#include "engine/ibfs/Search.h"
#include "engine/sssp/SsspKernels.h"
#include "engine/sssp/SsspOptions.h"
#include "engine/sssp/SsspPlan.h"
#include "engine/SpanRecorder.h"
#include "engine/Trace.h"
#include "graph/Pairs.h"
#include "vk/Buffer.h"

namespace frontier::gpu {
class Context;
struct DeviceInfo;
} // namespace frontier::gpu

namespace frontier::engine {

class DeviceGraph;
class DeviceWeights;

// Whether the pair engine can run `g` on `device`: everywhere on GPUs whose
// subgroups are at least 4 wide; on CPU devices (lavapipe stops a shader
// loop once an invocation ran 65,535 iterations in a dispatch) only where
// one pair cannot pass that (levels up to V, a frontier's arcs over 256
// invocations): a dispatch then takes as many pairs per workgroup as fit.
bool pairHopsFit(const gpu::DeviceInfo& device, const DeviceGraph& g);
// The same, and one workgroup's bitmaps and list (V / 4 + 4V bytes) fit
// half of the device memory the graph leaves.
bool pairHopsFit(const gpu::Context& context, const DeviceGraph& g);

class PairHops {
public:
  PairHops(gpu::Context& context, std::shared_ptr<const DeviceGraph> graph,
           std::shared_ptr<const DeviceWeights> weights, std::vector<graph::Pair> pairs, const SsspOptions& options);
  ~PairHops();
  PairHops(const PairHops&) = delete;
  PairHops& operator=(const PairHops&) = delete;

  bool finished() const noexcept { return m_done; }
  uint32_t batchCount() const noexcept { return m_batches; }
  uint32_t currentBatch() const noexcept { return m_batch; }
  uint32_t currentIteration() const noexcept { return 0; }
  uint32_t queriesPerBatch() const noexcept { return m_pairsPerBatch; }
  uint32_t queryCount() const noexcept { return m_plan.queryCount(); }
  double delta() const noexcept { return 1; }
  bool integerWeights() const noexcept { return true; }
  bool chunkedArrays() const noexcept { return m_lists.chunked() || m_maps.chunked(); }
  const RunTrace& trace() const noexcept { return m_trace; }
  const std::vector<graph::Pair>& pairs() const noexcept { return m_pairs; }
  const SsspOptions& options() const noexcept { return m_options; }

  IterationStats step();
  bool run(const std::function<void(const Progress&)>& progress, const std::atomic<bool>* cancel);
  void reset();
  std::vector<double> lengths() const;
  std::vector<double> trackedDistances() const { return {}; }
  std::vector<VertexState> trackedState() const { return {}; }

private:
  void freshTrace();
  void runBatch();

  gpu::Context& m_context;
  std::shared_ptr<const DeviceGraph> m_graph;
  std::vector<graph::Pair> m_pairs;
  SsspOptions m_options;
  QueryPlan m_plan;  // the results' order (pairLengths)
  uint32_t m_V = 0;
  uint32_t m_mapWords = 1;
  uint32_t m_slots = 1;          // workgroups, each with its bitmaps and lists
  uint32_t m_pairsPerGroup = 1;  // pairs a workgroup answers at most per dispatch
  uint32_t m_pairsPerBatch = 1;  // entries per dispatch: m_slots * m_pairsPerGroup
  uint32_t m_batches = 0;
  uint64_t m_deviceNeed = 0;
  uint64_t m_deviceBudget = 0;

  AddressedArray m_maps;   // 2 bitmaps per slot
  AddressedArray m_lists;  // a list of V vertices per slot (both sides' marks)
  gpu::Buffer m_ends, m_results, m_control, m_stats, m_readback;
  std::unique_ptr<SsspPipeline> m_kernel;
  SpanRecorder m_spans;

  uint32_t m_batch = 0;
  bool m_mapsClear = false;  // the bitmaps are zero (the kernel leaves them so)
  bool m_done = false;
  RunTrace m_trace;
};

} // namespace frontier::engine
