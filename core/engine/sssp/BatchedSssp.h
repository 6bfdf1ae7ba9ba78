#pragma once
// The batched shortest-path engine behind SsspSearch's Batched algorithm
// (docs/SSSP.md, "Batched queries"): a block of Q queries advances together
// over one vertex frontier with its distances interleaved (dist[v * Q + q],
// shaders/include/SsspBatched.h), so one arc relaxation updates a contiguous
// run of queries. Buckets are shared by the block (the end of the
// delta-aligned bucket holding its smallest pending distance); the steps of
// a submission and the end of a block are decided on the GPU.
//
// Used through SsspSearch, whose contract it keeps (thread affinity, errors,
// lengths, tracked query). run() looks at `cancel` between submissions.

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <vector>

#include "engine/AddressedArray.h"
#include "engine/ibfs/Search.h"
#include "engine/sssp/SsspKernels.h"
#include "engine/sssp/SsspOptions.h"
#include "engine/sssp/SsspPlan.h"
#include "engine/SpanRecorder.h"
#include "engine/Trace.h"
#include "graph/Pairs.h"
#include "SsspBatched.h"
#include "vk/Buffer.h"
#include "vk/CommandBuffer.h"

namespace frontier::gpu {
class Context;
struct DeviceInfo;
} // namespace frontier::gpu

namespace frontier::engine {

class DeviceGraph;
class DeviceWeights;
class StepIterations;

// Rows (y) of the batched relax's dispatch: 1 on GPUs (x workgroups loop
// over the items), as many as the device allows up to 65535 on CPU devices,
// so that a workgroup takes one item there (lavapipe's loop budget,
// kCpuLoopBudget).
uint32_t batchedRelaxRows(const gpu::DeviceInfo& device);
// Whether the batched relax keeps within lavapipe's loop budget on `device`
// (always on GPUs): batchedRelaxLoopBound over the dispatch it would get.
bool batchedFitsLoopBudget(const gpu::DeviceInfo& device, uint32_t vertices, uint32_t queriesPerBatch,
                           uint32_t chainRounds, uint64_t maxOutDegree);

class BatchedSssp {
public:
  BatchedSssp(gpu::Context& context, std::shared_ptr<const DeviceGraph> graph,
              std::shared_ptr<const DeviceWeights> weights, std::vector<graph::Pair> pairs,
              const SsspOptions& options);
  ~BatchedSssp();
  BatchedSssp(const BatchedSssp&) = delete;
  BatchedSssp& operator=(const BatchedSssp&) = delete;

  bool finished() const noexcept { return m_done; }
  uint32_t batchCount() const noexcept { return m_blocks; }
  uint32_t currentBatch() const noexcept { return m_block; }
  uint32_t currentIteration() const noexcept { return m_iteration; }
  uint32_t queriesPerBatch() const noexcept { return m_Q; }
  uint32_t queryCount() const noexcept { return m_plan.queryCount(); }
  double delta() const noexcept { return m_delta; }
  bool integerWeights() const noexcept { return m_integer; }
  // Some per-query array is spread over chunks (AddressedArray; tests).
  bool chunkedArrays() const noexcept {
    return m_distances.chunked() || m_near.chunked() || m_far.chunked() || m_marks.chunked() || m_tracked.chunked();
  }
  const RunTrace& trace() const noexcept { return m_trace; }
  const std::vector<graph::Pair>& pairs() const noexcept { return m_pairs; }
  const SsspOptions& options() const noexcept { return m_options; }

  IterationStats step();
  bool run(const std::function<void(const Progress&)>& progress, const std::atomic<bool>* cancel);
  void reset();
  std::vector<double> lengths() const;
  std::vector<double> trackedDistances() const;
  std::vector<VertexState> trackedState() const;

private:
  struct Kernels {
    SsspPipeline seed, relax, plan, minimum, advance, collect, finish, gather;
  };
  // Orders the plan's queries by where their sources lie (the constructor,
  // for chained runs of more than 64 queries: the order decides which
  // queries share a chunk, and which share a block).
  void orderQueriesBySourceLocality();
  shader::SsspBatchedPush push(uint32_t step) const;
  void clearDeviceState();
  void freshTrace();
  void record(uint32_t steps, bool start);
  void mark(gpu::CommandBuffer& commands, KernelKind kind, uint32_t role, uint32_t step);
  void submit(uint32_t steps);
  void takeIn(uint32_t steps, bool starting, double wallMs);
  // Appends the per-query counts of the submission's steps to the trace.
  void takeInQueryProgress(const StepIterations& its, uint32_t steps);
  // The read-back buffer's contents at `offset` (mapped, invalidated by takeIn).
  template <typename T>
  const T* readbackAt(uint64_t offset) const {
    return reinterpret_cast<const T*>(static_cast<const std::byte*>(m_readback.mapped()) + offset);
  }
  // The tracked query's distances (keys) and its query state, when its block
  // is on the device.
  void readTracked(std::vector<uint64_t>& keys, shader::SsspQuery& query, uint64_t& threshold) const;
  uint32_t nextSubmissionSteps();

  gpu::Context& m_context;
  std::shared_ptr<const DeviceGraph> m_graph;
  std::shared_ptr<const DeviceWeights> m_weights;
  std::vector<graph::Pair> m_pairs;
  SsspOptions m_options;
  QueryPlan m_plan;
  // Per query of the plan, its index in the order of first pairs (the
  // numbering of RunTrace::queryProgress).
  std::vector<uint32_t> m_firstPairOrder;
  bool m_queriesByLocality = false;
  uint32_t m_V = 0;
  uint32_t m_Q = 1;
  uint32_t m_blocks = 0;
  uint32_t m_maxGroups = 65535;
  uint32_t m_maxGroupsY = 1;  // the relax's rows: 1 on GPUs, up to 65535 on CPU devices (batchedRelaxRows)
  uint32_t m_trackedQuery;
  double m_delta = 1;
  uint64_t m_deltaKey = 1;
  uint32_t m_chainRounds = 0;
  bool m_integer = true;
  uint64_t m_deviceNeed = 0;
  uint64_t m_deviceBudget = 0;

  // The arrays that grow as V x Q, and the tracked query's distances (V
  // keys), reached by address (SsspBatched.h).
  AddressedArray m_distances, m_near, m_far, m_marks, m_tracked;
  gpu::Buffer m_queries, m_sources, m_destOffsets, m_destinations, m_results, m_control, m_stats, m_bounds,
      m_querySettled, m_readback;
  std::unique_ptr<Kernels> m_kernels;
  SpanRecorder m_spans;
  std::optional<gpu::CommandBuffer> m_recorded;
  uint32_t m_recordedSteps = 0;
  uint32_t m_recordedStart = shader::kSsspNone;  // the block the recorded buffer starts (kSsspNone: none)
  std::vector<std::pair<uint32_t, uint32_t>> m_roles;  // per span: role, step

  uint32_t m_block = 0;
  uint32_t m_iteration = 0;
  bool m_startPending = true;
  bool m_done = false;
  uint32_t m_adaptiveSteps = 2;
  uint64_t m_blockSettled = 0;
  std::vector<uint64_t> m_querySettledSoFar;  // per query slot of the block on the device
  std::optional<uint32_t> m_gpuBlock;  // the block whose state the device holds
  std::vector<uint64_t> m_trackedKeys;  // the tracked query's final distances once its block ended
  shader::SsspQuery m_trackedFinal{};
  RunTrace m_trace;
};

} // namespace frontier::engine
