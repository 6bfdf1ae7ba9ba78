#include "engine/sssp/BatchedSssp.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <numeric>
#include <sstream>
#include <stdexcept>
#include <string>

#include "engine/DeviceGraph.h"
#include "engine/RequestChecks.h"
#include "engine/sssp/DeviceWeights.h"
#include "engine/sssp/SsspStepStats.h"
#include "sssp/batched/advance.h"
#include "sssp/batched/collect.h"
#include "sssp/batched/finish.h"
#include "sssp/batched/gather.h"
#include "sssp/batched/minimum.h"
#include "sssp/batched/plan.h"
#include "sssp/batched/relax.h"
#include "sssp/batched/seed.h"
#include "vk/BindingTable.h"
#include "vk/Context.h"

namespace frontier::engine {

namespace {

using shader::SsspBatchedPush;
using shader::SsspQuery;
using shader::SsspStats;

// The read-back buffer: step statistics, control words, per-query counts.
constexpr uint64_t kControlOffset = uint64_t{shader::kSsspMaxSteps} * sizeof(SsspStats);
constexpr uint64_t kQuerySettledOffset = kControlOffset + shader::kBatchedControlWords * 4;
constexpr uint64_t kInfinityKey = ~uint64_t{0};

uint32_t ceilDiv(uint64_t a, uint64_t b) { return static_cast<uint32_t>((a + b - 1) / b); }

// What each timestamp span of a recorded submission covers.
enum Role : uint32_t { kStart, kSeed, kRelax, kPlan, kMinimum, kAdvance, kCollect, kFinish, kReadback };

bool phaseEndOnly(uint32_t role) { return role == kMinimum || role == kAdvance || role == kCollect; }

} // namespace

uint32_t batchedRelaxRows(const gpu::DeviceInfo& device) {
  return device.type == gpu::DeviceType::Cpu ? std::clamp<uint32_t>(device.maxWorkgroupCount[1], 1, 65535) : 1;
}

bool batchedFitsLoopBudget(const gpu::DeviceInfo& device, uint32_t vertices, uint32_t queriesPerBatch,
                           uint32_t chainRounds, uint64_t maxOutDegree) {
  if (device.type != gpu::DeviceType::Cpu) {
    return true;
  }
  const uint64_t groups = uint64_t{std::min<uint32_t>(65535, device.maxWorkgroupCount[0])} * batchedRelaxRows(device);
  return batchedRelaxLoopBound(vertices, queriesPerBatch, groups, chainRounds, maxOutDegree) <= kCpuLoopBudget;
}

BatchedSssp::BatchedSssp(gpu::Context& context, std::shared_ptr<const DeviceGraph> graph,
                         std::shared_ptr<const DeviceWeights> weights, std::vector<graph::Pair> pairs,
                         const SsspOptions& options)
    : m_context(context), m_graph(std::move(graph)), m_weights(std::move(weights)), m_pairs(std::move(pairs)),
      m_options(options), m_trackedQuery(shader::kSsspNone),
      m_spans(context, 3 + 7 * shader::kSsspMaxSteps, options.timestamps) {
  m_V = m_graph->vertexCount();
  if (m_weights->summary().arcs != m_graph->host().arcCount()) {
    throw std::invalid_argument("the weights belong to another graph");
  }
  if (m_options.iterationsPerSubmit > kMaxIterationsPerSubmit) {
    throw std::invalid_argument("iterations per submission must be 0 (adaptive) to " +
                                std::to_string(kMaxIterationsPerSubmit) + ", not " +
                                std::to_string(m_options.iterationsPerSubmit));
  }
  checkPairs(m_pairs, m_V, m_options.trackedPair, std::numeric_limits<uint32_t>::max() - 1);
  requireInt64Atomics(m_context);
  m_integer = m_weights->integer();
  m_delta = resolveDelta(m_options.delta == 0.0 ? defaultBatchedDelta(m_weights->summary()) : m_options.delta,
                         m_weights->summary());
  m_deltaKey = deltaKey(m_delta, m_integer);
  m_chainRounds = resolveChainRounds(m_options.chainRounds, m_weights->summary());
  m_plan = groupBySource(m_pairs);
  checkPhaseEndDestinations(m_plan, m_context.info().type == gpu::DeviceType::Cpu, m_context.info().name);
  m_firstPairOrder.resize(m_plan.queryCount());
  std::iota(m_firstPairOrder.begin(), m_firstPairOrder.end(), 0U);
  if (m_chainRounds > 0 && m_plan.queryCount() > shader::kBatchedGroupSize) {
    orderQueriesBySourceLocality();
  }
  if (m_options.trackedPair) {
    m_trackedQuery = m_plan.queryOfEntry(m_plan.entryOfPair[*m_options.trackedPair]);
  }
  DeviceLimits limits;
  limits.memoryBudget = m_context.deviceLocalBudget();
  limits.automaticDistanceBytes = m_context.info().maxStorageBufferRange;
  limits.graphBytes = m_graph->deviceBytes() + m_weights->deviceBytes();
  m_Q = engine::queriesPerBatch(m_options.queriesPerBatch, m_plan.queryCount(), m_V, SsspAlgorithm::Batched, limits,
                                m_context.info().name, kDefaultBatchedQueries);
  m_blocks = ceilDiv(m_plan.queryCount(), m_Q);
  m_deviceBudget = limits.memoryBudget;
  const uint64_t V = std::max<uint32_t>(m_V, 1);
  // Items (vertex, chunk of 64 queries): near and far lists, stamps and far flags.
  const uint64_t items = V * ceilDiv(m_Q, shader::kBatchedGroupSize);
  const uint64_t querySettledBytes = uint64_t{shader::kSsspMaxSteps} * m_Q * 4;
  m_deviceNeed = limits.graphBytes + uint64_t{m_Q} * V * bytesPerEntry(SsspAlgorithm::Batched) + items * 24 + V * 8 +
                 querySettledBytes;
  m_maxGroups = std::min<uint32_t>(65535, m_context.info().maxWorkgroupCount[0]);
  m_maxGroupsY = batchedRelaxRows(m_context.info());
  // lavapipe's loop budget (kCpuLoopBudget): a hub's arcs are walked by one
  // workgroup, and past the budget the search would stop short.
  if (const uint64_t hub = m_graph->degreeShape().degreeMax;
      !batchedFitsLoopBudget(m_context.info(), m_V, m_Q, m_chainRounds, hub)) {
    throw ResourceError(m_context.info().name +
                        " is a CPU device whose shaders stop a loop after 65,535 iterations: batched queries "
                        "walk a vertex's " + std::to_string(hub) + " arcs in one workgroup (chains of " +
                        std::to_string(m_chainRounds) + ", " + std::to_string(m_Q) +
                        " queries per batch) and may need more: use near-far");
  }

  auto device = [&](uint64_t bytes, const char* name) {
    return m_context.createBuffer(bytes, gpu::BufferKind::Device, name);
  };
  m_distances = AddressedArray(m_context, uint64_t{m_Q} * V * 2, "sssp batched distances (vertex-major, interleaved queries)");
  m_near = AddressedArray(m_context, items * 2, "sssp batched frontier items (current, next)");
  m_far = AddressedArray(m_context, items * 2, "sssp batched far pile items (current, next)");
  m_marks = AddressedArray(m_context, items * 2 + ceilDiv(m_Q, 32), "sssp batched near stamps, far flags, active queries");
  m_queries = device(uint64_t{m_Q} * sizeof(SsspQuery), "sssp batched query states");
  m_sources = device(std::max<uint64_t>(m_plan.queryCount(), 1) * 4, "sssp batched query sources");
  m_destOffsets = device((uint64_t{m_plan.queryCount()} + 1) * 4, "sssp batched destination offsets");
  m_destinations = device(std::max<uint64_t>(m_pairs.size(), 1) * 4, "sssp batched destinations");
  m_results = device(std::max<uint64_t>(m_pairs.size(), 1) * 8, "sssp batched results");
  m_control = device(shader::kBatchedControlWords * 4, "sssp batched control and dispatch arguments");
  m_stats = device(uint64_t{shader::kSsspMaxSteps} * sizeof(SsspStats), "sssp batched step statistics");
  m_bounds = device(2 * 8, "sssp batched block minimum and bucket end");
  m_tracked = AddressedArray(m_context, uint64_t{V} * 2, "sssp batched tracked distances");
  m_querySettled = device(querySettledBytes, "sssp batched keys reached per step and query");
  m_readback = m_context.createBuffer(kQuerySettledOffset + querySettledBytes, gpu::BufferKind::Download,
                                      "sssp batched statistics readback");
  m_context.upload(m_sources, std::span<const uint32_t>(m_plan.sources));
  m_context.upload(m_destOffsets, std::span<const uint32_t>(m_plan.destOffsets));
  m_context.upload(m_destinations, std::span<const uint32_t>(m_plan.destinations));

  gpu::BindingTable<shader::kBatchedBindingCount> buffers;
  buffers.set(shader::kBatchedBindingQueries, m_queries)
      .set(shader::kBatchedBindingSources, m_sources)
      .set(shader::kBatchedBindingDestOffsets, m_destOffsets)
      .set(shader::kBatchedBindingDestinations, m_destinations)
      .set(shader::kBatchedBindingResults, m_results)
      .set(shader::kBatchedBindingControl, m_control)
      .set(shader::kBatchedBindingStats, m_stats)
      .set(shader::kBatchedBindingBounds, m_bounds)
      .set(shader::kBatchedBindingQuerySettled, m_querySettled);
  const bool real = !m_integer;
  const bool chunked = m_graph->chunkedArcs() || m_weights->weights().chunked() || chunkedArrays();
  const auto make = [&](const char* name, std::span<const uint32_t> spirv) {
    return makeSsspPipeline(m_context, name, spirv, buffers.ranges(), sizeof(SsspBatchedPush), real, chunked);
  };
  m_kernels = std::make_unique<Kernels>(Kernels{
      make("sssp batched seed", k_sssp_batched_seed), make("sssp batched relax", k_sssp_batched_relax),
      make("sssp batched plan", k_sssp_batched_plan), make("sssp batched minimum", k_sssp_batched_minimum),
      make("sssp batched advance", k_sssp_batched_advance), make("sssp batched collect", k_sssp_batched_collect),
      make("sssp batched finish", k_sssp_batched_finish), make("sssp batched gather", k_sssp_batched_gather)});
  freshTrace();
  clearDeviceState();
  m_done = m_blocks == 0 || m_pairs.empty();
}

BatchedSssp::~BatchedSssp() = default;

void BatchedSssp::orderQueriesBySourceLocality() {
  // A workgroup relaxes an item for the 64 queries of its chunk, and a lane
  // works only where its own query's wave is. Queries whose sources are
  // close (in reverse Cuthill-McKee order: a breadth-first order) have waves
  // that cross the same vertices in the same steps, so their chunk's items
  // have more lanes with work. H100, 1024 random pairs: Amsterdam 64.7 ->
  // 51.0 ms, Luxembourg 97.9 -> 80.7 ms, 1000 x 1000 grid 3943 -> 2951 ms.
  // The order is the graph's, kept by the DeviceGraph for later runs.
  const std::vector<uint32_t>& rank = m_graph->localityRank();
  std::stable_sort(m_firstPairOrder.begin(), m_firstPairOrder.end(),
                   [&](uint32_t a, uint32_t b) { return rank[m_plan.sources[a]] < rank[m_plan.sources[b]]; });
  m_plan = reorderQueries(m_plan, m_firstPairOrder);
  m_queriesByLocality = true;
}

void BatchedSssp::freshTrace() {
  std::ostringstream text;
  text << "delta=" << m_delta << " iterations/submit=";
  if (m_options.iterationsPerSubmit == 0) {
    text << "adaptive";
  } else {
    text << m_options.iterationsPerSubmit;
  }
  text << " queries/batch=" << m_Q << (m_queriesByLocality ? " query-order=source-locality" : "")
       << " chain=" << m_chainRounds
       << " weights=" << (m_integer ? "integer" : "float32") << " layout=interleaved";
  m_trace = freshSsspTrace(m_graph->host(), {.strategy = algorithmName(SsspAlgorithm::Batched),
                                             .options = text.str(),
                                             .device = m_context.info().name,
                                             .pairs = static_cast<uint32_t>(m_pairs.size()),
                                             .batches = m_blocks,
                                             .queriesPerBatch = m_Q,
                                             .deviceBytes = m_deviceNeed,
                                             .deviceBudget = m_deviceBudget});
}

void BatchedSssp::clearDeviceState() {
  gpu::CommandBuffer commands = m_context.createCommandBuffer("sssp batched clear");
  commands.begin();
  commands.fill(m_results, 0xFFFFFFFFU);
  commands.fill(m_control, 0);
  commands.barrier();
  commands.end();
  m_context.submitAndWait(commands);
  m_block = 0;
  m_iteration = 0;
  m_startPending = true;
  m_blockSettled = 0;
  m_adaptiveSteps = 2;
  m_gpuBlock.reset();
  m_trackedKeys.clear();
  m_recorded.reset();
}

SsspBatchedPush BatchedSssp::push(uint32_t step) const {
  SsspBatchedPush p{};
  p.delta = m_deltaKey;
  p.vertexCount = m_V;
  p.queries = m_Q;
  p.totalQueries = m_plan.queryCount();
  p.block = m_block;
  p.step = step;
  p.maxGroups = m_maxGroups;
  p.maxGroupsY = m_maxGroupsY;
  p.trackedQuery = m_trackedQuery;
  p.chunks = ceilDiv(m_Q, shader::kBatchedGroupSize);
  p.items = m_V * p.chunks;
  p.chainRounds = m_chainRounds;
  p.offsets = m_graph->outOffsets().address();
  p.targets = m_graph->outTargets().address();
  p.tracked = m_tracked.address();
  p.weights = m_weights->weights().address();
  p.distances = m_distances.address();
  p.nearList = m_near.address();
  p.farList = m_far.address();
  p.marks = m_marks.address();
  return p;
}

void BatchedSssp::mark(gpu::CommandBuffer& commands, KernelKind kind, uint32_t role, uint32_t step) {
  commands.barrier();
  if (m_spans.enabled()) {
    m_spans.mark(commands, kind, 0, step);
    m_roles.emplace_back(role, step);
  }
}

void BatchedSssp::record(uint32_t steps, bool start) {
  m_recorded.reset();
  m_roles.clear();
  m_recorded.emplace(m_context.createCommandBuffer("sssp batched steps"));
  gpu::CommandBuffer& c = *m_recorded;
  c.beginReusable();
  c.beginLabel("sssp batched x" + std::to_string(steps));
  m_spans.begin(c);
  const Kernels& k = *m_kernels;
  const auto args = [](uint32_t word) { return uint64_t{word} * 4; };
  c.fill(m_stats, 0, 0, uint64_t{steps} * sizeof(SsspStats));
  c.fill(m_querySettled, 0, 0, uint64_t{steps} * m_Q * 4);
  if (start) {
    // A block starts: every key unreached, no vertex queued or in the pile.
    m_distances.fill(c, 0xFFFFFFFFU);
    m_marks.fill(c, 0);
    mark(c, KernelKind::Clear, kStart, 0);
    c.dispatch(k.seed.pipeline, k.seed.set, {ceilDiv(m_Q, shader::kBatchedGroupSize), 1, 1}, push(0));
    mark(c, KernelKind::SetSources, kSeed, 0);
  } else {
    c.barrier();
  }
  for (uint32_t j = 0; j < steps; ++j) {
    const SsspBatchedPush p = push(j);
    c.dispatchIndirect(k.relax.pipeline, k.relax.set, m_control, args(shader::kBatchedArgsRelax), p);
    mark(c, KernelKind::Relax, kRelax, j);
    c.dispatch(k.plan.pipeline, k.plan.set, {1, 1, 1}, p);
    mark(c, KernelKind::Plan, kPlan, j);
    c.dispatchIndirect(k.minimum.pipeline, k.minimum.set, m_control, args(shader::kBatchedArgsPile), p);
    mark(c, KernelKind::SplitBuckets, kMinimum, j);
    c.dispatchIndirect(k.advance.pipeline, k.advance.set, m_control, args(shader::kBatchedArgsQueries), p);
    mark(c, KernelKind::Plan, kAdvance, j);
    c.dispatchIndirect(k.collect.pipeline, k.collect.set, m_control, args(shader::kBatchedArgsPile), p);
    mark(c, KernelKind::Compact, kCollect, j);
    c.dispatch(k.finish.pipeline, k.finish.set, {1, 1, 1}, p);
    mark(c, KernelKind::Plan, kFinish, j);
  }
  c.copy(m_stats, m_readback, 0, 0, uint64_t{steps} * sizeof(SsspStats));
  c.copy(m_control, m_readback, 0, kControlOffset, shader::kBatchedControlWords * 4);
  c.copy(m_querySettled, m_readback, 0, kQuerySettledOffset, uint64_t{steps} * m_Q * 4);
  mark(c, KernelKind::Readback, kReadback, steps - 1);
  c.endLabel();
  c.end();
  m_recordedSteps = steps;
  m_recordedStart = start ? m_block : shader::kSsspNone;
}

void BatchedSssp::submit(uint32_t steps) {
  steps = std::clamp(steps, 1U, kMaxIterationsPerSubmit);
  const bool starting = m_startPending;
  const uint32_t wantStart = starting ? m_block : shader::kSsspNone;
  if (!m_recorded || m_recordedSteps != steps || m_recordedStart != wantStart) {
    record(steps, starting);
  }
  const auto start = std::chrono::steady_clock::now();
  m_context.submitAndWait(*m_recorded);
  takeIn(steps, starting,
         std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count());
}

void BatchedSssp::takeIn(uint32_t steps, bool starting, double wallMs) {
  m_trace.totals.wallMs += wallMs;
  if (starting) {
    m_gpuBlock = m_block;
    m_blockSettled = 0;
    m_querySettledSoFar.assign(m_Q, 0);
  }
  double extentNs = 0;
  const std::vector<KernelSpan> newSpans = m_spans.resolve(extentNs);
  m_trace.totals.submittedMs += extentNs / 1e6;
  m_readback.invalidate();
  const auto* stepStats = readbackAt<SsspStats>(0);
  const auto* words = readbackAt<uint32_t>(kControlOffset);

  StepIterations its(std::span<const SsspStats>(stepStats, steps), m_blockSettled);
  const IterationStats* last = its.last();
  for (size_t i = 0; i < newSpans.size() && i < m_roles.size(); ++i) {
    KernelSpan span = newSpans[i];
    const auto [role, step] = m_roles[i];
    span.batch = m_block;
    if (role == kStart || role == kSeed) {
      span.level = 0;
    } else if (role == kReadback) {
      span.level = last != nullptr ? last->level : m_iteration;
    } else {
      if (!its.executed(step) || (phaseEndOnly(role) && stepStats[step].phaseEnd == 0)) {
        continue;
      }
      span.level = its.at(step).level;
      // Counted on the GPU (Sssp.h, SsspStats).
      if (role == kRelax) {
        span.bytesMoved = stepStats[step].relaxBytes;
      } else if (role == kMinimum) {
        span.bytesMoved = stepStats[step].scanBytes;
      } else if (role == kCollect) {
        span.bytesMoved = stepStats[step].collectBytes;
      }
    }
    // Every kept span counts for its iteration (start and seed for the
    // block's first, the read-back for the last that ran).
    its.addSpan(m_trace, span);
  }
  its.appendTo(m_trace);
  takeInQueryProgress(its, steps);
  m_startPending = false;
  if (words[shader::kBatchedCtlDone] != 0) {
    if (m_trackedQuery != shader::kSsspNone && m_trackedQuery / m_Q == m_block) {
      // The next block's start overwrites the distances: keep them.
      uint64_t threshold = 0;
      readTracked(m_trackedKeys, m_trackedFinal, threshold);
    }
    m_block += 1;
    m_iteration = 0;
    m_done = m_block >= m_blocks;
    m_startPending = !m_done;
  } else {
    m_iteration = words[shader::kBatchedCtlIteration];
  }
}

void BatchedSssp::takeInQueryProgress(const StepIterations& its, uint32_t steps) {
  // One row per query whose count grew in the submission, at its last step
  // that ran: per step when stepping, and a few dozen rows per query for a
  // whole run (a row per step and query would be millions on a grid).
  const IterationStats* last = its.last();
  if (last == nullptr) {
    return;
  }
  const auto* counts = readbackAt<uint32_t>(kQuerySettledOffset);
  const uint32_t first = m_block * m_Q;
  const uint32_t inBlock = std::min(m_Q, m_plan.queryCount() - first);
  for (uint32_t q = 0; q < inBlock; ++q) {
    uint64_t grown = 0;
    for (uint32_t step = 0; step < steps; ++step) {
      grown += its.executed(step) ? counts[uint64_t{step} * m_Q + q] : 0;
    }
    if (grown != 0) {
      m_querySettledSoFar[q] += grown;
      m_trace.queryProgress.push_back({.batch = m_block,
                                       .level = last->level,
                                       .query = m_firstPairOrder[first + q],
                                       .settled = m_querySettledSoFar[q]});
    }
  }
}

void BatchedSssp::readTracked(std::vector<uint64_t>& keys, SsspQuery& query, uint64_t& threshold) const {
  const uint32_t slot = m_trackedQuery % m_Q;
  gpu::CommandBuffer commands = m_context.createCommandBuffer("sssp batched gather");
  commands.begin();
  SsspBatchedPush p = push(0);
  p.block = slot;
  commands.dispatch(m_kernels->gather.pipeline, m_kernels->gather.set,
                    {std::clamp(ceilDiv(m_V, shader::kBatchedGroupSize), 1U, m_maxGroups), 1, 1}, p);
  commands.barrier();
  commands.end();
  m_context.submitAndWait(commands);
  keys.resize(m_V);
  m_tracked.download(m_context, std::span<uint64_t>(keys));
  m_context.download(m_queries, &query, sizeof(SsspQuery), uint64_t{slot} * sizeof(SsspQuery));
  m_context.download(m_bounds, &threshold, sizeof threshold, 8);
}

uint32_t BatchedSssp::nextSubmissionSteps() {
  if (m_options.iterationsPerSubmit != 0) {
    return m_options.iterationsPerSubmit;
  }
  const uint32_t steps = m_adaptiveSteps;
  m_adaptiveSteps = std::min(m_adaptiveSteps * 2, kMaxIterationsPerSubmit);
  return steps;
}

IterationStats BatchedSssp::step() {
  if (m_done) {
    throw std::logic_error("SsspSearch::step called after the search finished");
  }
  const size_t before = m_trace.iterations.size();
  submit(1);
  if (m_trace.iterations.size() == before) {
    throw std::logic_error("SsspSearch::step: the device ran no iteration");
  }
  return m_trace.iterations.back();
}

bool BatchedSssp::run(const std::function<void(const Progress&)>& progress, const std::atomic<bool>* cancel) {
  while (!m_done && (cancel == nullptr || !cancel->load())) {
    submit(nextSubmissionSteps());
    if (progress) {
      Progress p;
      p.batch = m_block;
      p.batches = m_blocks;
      p.level = m_iteration;
      p.pairs = static_cast<uint32_t>(m_pairs.size());
      p.pairsDone = m_plan.destOffsets[std::min(m_block * m_Q, m_plan.queryCount())];
      progress(p);
    }
  }
  return m_done;
}

void BatchedSssp::reset() {
  clearDeviceState();
  m_spans.resetOrigin();
  freshTrace();
  m_done = m_blocks == 0 || m_pairs.empty();
}

std::vector<double> BatchedSssp::lengths() const {
  if (m_pairs.empty()) {
    return {};
  }
  std::vector<uint64_t> keys(m_pairs.size());
  m_context.download(m_results, std::span<uint64_t>(keys));
  return pairLengths(keys, m_plan, m_integer);
}

std::vector<double> BatchedSssp::trackedDistances() const {
  std::vector<uint64_t> keys = m_trackedKeys;
  if (keys.empty() && m_trackedQuery != shader::kSsspNone && m_gpuBlock && *m_gpuBlock == m_trackedQuery / m_Q) {
    SsspQuery query{};
    uint64_t threshold = 0;
    readTracked(keys, query, threshold);
  }
  std::vector<double> out(keys.size());
  for (size_t v = 0; v < keys.size(); ++v) {
    out[v] = keyToLength(keys[v], m_integer);
  }
  return out;
}

std::vector<VertexState> BatchedSssp::trackedState() const {
  std::vector<uint64_t> keys = m_trackedKeys;
  SsspQuery query = m_trackedFinal;
  uint64_t threshold = kInfinityKey;
  if (keys.empty() && m_trackedQuery != shader::kSsspNone && m_gpuBlock && *m_gpuBlock == m_trackedQuery / m_Q) {
    readTracked(keys, query, threshold);
  }
  std::vector<VertexState> out(keys.size());
  for (size_t v = 0; v < keys.size(); ++v) {
    out[v] = classifyVertex(keys[v], query.settledBelow, threshold);
  }
  return out;
}

} // namespace frontier::engine
