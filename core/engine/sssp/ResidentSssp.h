#pragma once
// The resident shortest-path engine behind SsspSearch's Resident algorithm
// (docs/SSSP.md, "Resident queries"): one workgroup per query runs it from
// its source to its end inside one dispatch, its near and far buckets as
// bitmaps of the vertices in shared memory (shaders/include/SsspResident.h).
// A batch of Q queries is one dispatch and one iteration of the trace; the
// graph must be small enough for two bitmaps of its vertices to fit the
// device's shared memory (residentFits).
//
// Used through SsspSearch, whose contract it keeps (thread affinity, errors,
// lengths, tracked query). run() looks at `cancel` between batches.

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

// What decides whether and how the resident kernel runs a graph's queries
// on a device.
struct ResidentShape {
  uint32_t vertices = 0;
  uint64_t maxOutDegree = 0;
  uint32_t chainHops = 0;     // resolveResidentChain
  uint64_t destinations = 0;  // at most this many per query (the pairs)
  uint32_t groupSize = 256;   // invocations per workgroup (one query): residentGroupSize
};
ResidentShape residentShape(const gpu::DeviceInfo& device, const DeviceGraph& g, uint32_t chainHops, size_t pairs);

// Invocations per query on `device`: 512 on GPUs, 256 on CPU devices, less
// where the device's workgroups or subgroups (kResidentMaxSubgroups) do not
// allow it.
uint32_t residentGroupSize(const gpu::DeviceInfo& device);

// Rounds one dispatch may run: no limit (0xFFFFFFFF) on GPUs; on CPU
// devices as many as keep the loop iterations of an invocation within
// lavapipe's budget (ResidentSssp.cpp); 0 when the engine cannot run there:
// two bitmaps of the vertices (and the kernel's fixed shared memory) do not
// fit the device's shared memory per workgroup, or on a CPU device one
// round over the graph's largest vertex may pass that budget.
uint32_t residentRoundLimit(const gpu::DeviceInfo& device, const ResidentShape& shape);
// Automatic picks the resident engine only where no vertex has more arcs.
inline constexpr uint64_t kResidentMaxHubArcs = 256;
inline bool residentFits(const gpu::DeviceInfo& device, const ResidentShape& shape) {
  return residentRoundLimit(device, shape) > 0;
}
// Where Automatic runs the resident engine, and `tuned` its hop counts
// (run/IbfsRun.cpp): a road-like graph (resolveAlgorithm) whose bitmaps fit
// the device, with no vertex of more than kResidentMaxHubArcs arcs.
bool residentSuits(const gpu::DeviceInfo& device, const ResidentShape& shape, const WeightSummary& weights);

class ResidentSssp {
public:
  ResidentSssp(gpu::Context& context, std::shared_ptr<const DeviceGraph> graph,
               std::shared_ptr<const DeviceWeights> weights, std::vector<graph::Pair> pairs,
               const SsspOptions& options);
  ~ResidentSssp();
  ResidentSssp(const ResidentSssp&) = delete;
  ResidentSssp& operator=(const ResidentSssp&) = delete;

  bool finished() const noexcept { return m_done; }
  uint32_t batchCount() const noexcept { return m_batches; }
  uint32_t currentBatch() const noexcept { return m_batch; }
  uint32_t currentIteration() const noexcept { return 0; }
  uint32_t queriesPerBatch() const noexcept { return m_Q; }
  uint32_t queryCount() const noexcept { return m_plan.queryCount(); }
  double delta() const noexcept { return m_delta; }
  bool integerWeights() const noexcept { return m_integer; }
  bool chunkedArrays() const noexcept { return m_distances.chunked(); }
  const RunTrace& trace() const noexcept { return m_trace; }
  const std::vector<graph::Pair>& pairs() const noexcept { return m_pairs; }
  const SsspOptions& options() const noexcept { return m_options; }

  // Runs the next batch (or the rest of one a cancelled run() left) to its
  // end: one iteration of the trace.
  IterationStats step();
  bool run(const std::function<void(const Progress&)>& progress, const std::atomic<bool>* cancel);
  void reset();
  std::vector<double> lengths() const;
  std::vector<double> trackedDistances() const;
  std::vector<VertexState> trackedState() const;

private:
  void freshTrace();
  // Runs the current batch to its end (true) or until `cancel` (false: the
  // next call goes on from where it stopped).
  bool runBatch(const std::atomic<bool>* cancel);
  // Appends the batch's per-query counts to the trace.
  void takeInQueryProgress(uint32_t inBatch);

  gpu::Context& m_context;
  std::shared_ptr<const DeviceGraph> m_graph;
  std::shared_ptr<const DeviceWeights> m_weights;
  std::vector<graph::Pair> m_pairs;
  SsspOptions m_options;
  QueryPlan m_plan;
  uint32_t m_V = 0;
  uint32_t m_Q = 1;
  uint32_t m_batches = 0;
  uint32_t m_maxGroups = 65535;
  uint32_t m_roundLimit = 0;  // rounds per dispatch (see ResidentSssp.cpp)
  uint32_t m_chainHops = 0;   // resolveResidentChain
  uint32_t m_groupSize = 256; // residentGroupSize
  uint32_t m_trackedQuery;
  double m_delta = 1;
  uint64_t m_deltaKey = 1;
  bool m_integer = true;
  uint32_t m_keyWords = 2;    // 32-bit words per key: residentKeyBits / 32
  uint64_t m_deviceNeed = 0;
  uint64_t m_deviceBudget = 0;

  AddressedArray m_distances;  // Q regions of V keys
  gpu::Buffer m_sources, m_destOffsets, m_destinations, m_results, m_stats, m_control, m_states, m_saved, m_readback;
  std::unique_ptr<SsspPipeline> m_kernel;
  SpanRecorder m_spans;

  uint32_t m_batch = 0;
  bool m_batchStarted = false;           // the current batch has run a dispatch
  uint32_t m_perSubmit = 1;              // dispatches in its next submission (CPU devices)
  std::vector<KernelSpan> m_batchSpans;  // its spans so far
  bool m_done = false;
  uint64_t m_settled = 0;
  std::vector<uint64_t> m_trackedKeys;  // the tracked query's keys once its batch ran
  RunTrace m_trace;
};

} // namespace frontier::engine
