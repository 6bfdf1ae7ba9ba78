#include "engine/sssp/ResidentSssp.h"

#include <algorithm>
#include <chrono>
#include <sstream>
#include <stdexcept>
#include <string>

#include "engine/DeviceGraph.h"
#include "engine/RequestChecks.h"
#include "engine/sssp/DeviceWeights.h"
#include "engine/sssp/SsspStepStats.h"
#include "SsspResident.h"
#include "sssp/resident/relax.h"
#include "sssp/resident/relax_key32.h"
#include "vk/BindingTable.h"
#include "vk/CommandBuffer.h"
#include "vk/Context.h"

namespace frontier::engine {

namespace {

using shader::SsspResidentPush;
using shader::SsspStats;

constexpr uint64_t kInfinityKey = ~uint64_t{0};

uint32_t mapWords(uint32_t vertices) { return std::max<uint32_t>((vertices + 31) / 32, 1); }

// Rounds a query may run per dispatch: no limit on GPUs. On CPU devices
// (lavapipe's loop budget, kCpuLoopBudget) a dispatch runs as many rounds as
// keep a bound on an invocation's loop iterations under the budget, and a
// submission records up to kDispatchesPerSubmit dispatches (1, 2, 4, ... as
// a batch goes on).
constexpr uint32_t kNoRoundLimit = 0xFFFFFFFFU;
constexpr uint32_t kDispatchesPerSubmit = 16;

uint64_t sharedBytes(uint32_t vertices) {
  return uint64_t{mapWords(vertices)} * 8 + shader::kResidentSharedFixedBytes;
}

uint64_t ceilDiv(uint64_t a, uint64_t b) { return (a + b - 1) / b; }

} // namespace

bool residentSuits(const gpu::DeviceInfo& device, const ResidentShape& shape, const WeightSummary& weights) {
  // One invocation walks a vertex's arcs in the resident kernel: graphs
  // with hubs stay batched (a guard, not measured beyond Kronecker, where
  // resident was 9 times slower).
  const bool fits = residentFits(device, shape) && shape.maxOutDegree <= kResidentMaxHubArcs;
  return resolveAlgorithm(SsspAlgorithm::Automatic, weights, fits) == SsspAlgorithm::Resident;
}

uint32_t residentRoundLimit(const gpu::DeviceInfo& device, const ResidentShape& shape) {
  if (sharedBytes(shape.vertices) > device.maxSharedMemory) {
    return 0;
  }
  if (device.type != gpu::DeviceType::Cpu) {
    return kNoRoundLimit;
  }
  // An upper bound on the loop iterations one invocation (one vector of
  // lanes) runs, each loop counted at its longest trip over the lanes
  // (Resident.glsl): taking, scanning and moving the bitmaps' words and their
  // bits, the listed vertices with their chains and arc batches, the
  // subgroup minima, the destinations; per round, and once per dispatch.
  const uint64_t G = shape.groupSize;
  const uint64_t words = ceilDiv(mapWords(shape.vertices), G);
  const uint64_t destinations = ceilDiv(std::max<uint64_t>(shape.destinations, 1), G);
  const uint64_t relax =
      ceilDiv(shader::kResidentListCapacity, G) * (uint64_t{shape.chainHops} + 1) * (1 + ceilDiv(shape.maxOutDegree, 4));
  const uint64_t perRound = 3 * words * 33 + relax + G + destinations;
  const uint64_t perDispatch = 2 * words + destinations + 64;
  if (perDispatch + perRound > kCpuLoopBudget) {
    return 0;
  }
  return static_cast<uint32_t>(std::min<uint64_t>((kCpuLoopBudget - perDispatch) / perRound, 1U << 20U));
}

uint32_t residentGroupSize(const gpu::DeviceInfo& device) {
  // Measured on an H100 (docs/BENCHMARKS.md, 1024 queries): 512
  // invocations per query took 15-27% off 256 on the road graphs and a
  // grid (128 was slower; 1024 better on two and worse on one); on
  // lavapipe 512 was a third slower than 256.
  uint32_t size = device.type == gpu::DeviceType::Cpu ? 256 : 512;
  const uint32_t smallestSubgroup =
      std::max<uint32_t>(device.minSubgroupSize != 0 ? device.minSubgroupSize : device.subgroupSize, 1);
  const uint32_t width = std::min(device.maxWorkgroupInvocations != 0 ? device.maxWorkgroupInvocations : 128U,
                                  device.maxWorkgroupSize[0] != 0 ? device.maxWorkgroupSize[0] : 128U);
  const uint64_t limit = std::min<uint64_t>(width, uint64_t{shader::kResidentMaxSubgroups} * smallestSubgroup);
  while (size > limit && size > 32) {
    size /= 2;
  }
  return size;
}

ResidentShape residentShape(const gpu::DeviceInfo& device, const DeviceGraph& g, uint32_t chainHops, size_t pairs) {
  return {.vertices = g.vertexCount(),
          .maxOutDegree = g.degreeShape().degreeMax,  // kept by the device graph: counted once
          .chainHops = chainHops,
          .destinations = pairs,
          .groupSize = residentGroupSize(device)};
}

ResidentSssp::ResidentSssp(gpu::Context& context, std::shared_ptr<const DeviceGraph> graph,
                           std::shared_ptr<const DeviceWeights> weights, std::vector<graph::Pair> pairs,
                           const SsspOptions& options)
    : m_context(context), m_graph(std::move(graph)), m_weights(std::move(weights)), m_pairs(std::move(pairs)),
      m_options(options), m_trackedQuery(shader::kSsspNone), m_spans(context, kDispatchesPerSubmit + 3, options.timestamps) {
  m_V = m_graph->vertexCount();
  if (m_weights->summary().arcs != m_graph->host().arcCount()) {
    throw std::invalid_argument("the weights belong to another graph");
  }
  checkPairs(m_pairs, m_V, m_options.trackedPair, std::numeric_limits<uint32_t>::max() - 1);
  requireInt64Atomics(m_context);
  m_chainHops = resolveResidentChain(m_options.chainRounds, m_weights->summary());
  const ResidentShape shape = residentShape(m_context.info(), *m_graph, m_chainHops, m_pairs.size());
  m_groupSize = shape.groupSize;
  if (sharedBytes(m_V) > m_context.info().maxSharedMemory) {
    throw ResourceError("resident queries keep two bitmaps of the vertices in shared memory: " +
                        std::to_string(m_V) + " vertices need " + std::to_string(sharedBytes(m_V)) + " bytes, " +
                        m_context.info().name + " has " + std::to_string(m_context.info().maxSharedMemory) +
                        " per workgroup: use batched");
  }
  m_roundLimit = residentRoundLimit(m_context.info(), shape);
  if (m_roundLimit == 0) {
    // Near-Far spreads a vertex's arcs over invocations; batched, which
    // walks them in one workgroup, would refuse such a hub there too.
    throw ResourceError(m_context.info().name + " is a CPU device whose shaders stop a loop after 65,535 "
                        "iterations: one round of resident queries over a vertex of " +
                        std::to_string(shape.maxOutDegree) + " arcs (chains of " + std::to_string(m_chainHops) +
                        ") may need more: use near-far");
  }
  m_integer = m_weights->integer();
  m_keyWords = residentKeyBits(m_weights->summary()) / 32;
  m_delta = resolveDelta(m_options.delta == 0.0 ? defaultResidentDelta(m_weights->summary()) : m_options.delta,
                         m_weights->summary());
  m_deltaKey = deltaKey(m_delta, m_integer);
  m_plan = groupBySource(m_pairs);
  if (m_options.trackedPair) {
    m_trackedQuery = m_plan.queryOfEntry(m_plan.entryOfPair[*m_options.trackedPair]);
  }
  DeviceLimits limits;
  limits.memoryBudget = m_context.deviceLocalBudget();
  limits.automaticDistanceBytes = m_context.info().maxStorageBufferRange;
  limits.graphBytes = m_graph->deviceBytes() + m_weights->deviceBytes();
  m_Q = engine::queriesPerBatch(m_options.queriesPerBatch, m_plan.queryCount(), m_V, SsspAlgorithm::Resident, limits,
                                m_context.info().name, kDefaultBatchedQueries);
  m_batches = (m_plan.queryCount() + m_Q - 1) / m_Q;
  m_deviceBudget = limits.memoryBudget;
  const uint64_t V = std::max<uint32_t>(m_V, 1);
  m_deviceNeed = limits.graphBytes + uint64_t{m_Q} * V * m_keyWords * 4;
  m_maxGroups = std::min<uint32_t>(65535, m_context.info().maxWorkgroupCount[0]);

  auto device = [&](uint64_t bytes, const char* name) {
    return m_context.createBuffer(bytes, gpu::BufferKind::Device, name);
  };
  m_distances =
      AddressedArray(m_context, uint64_t{m_Q} * V * m_keyWords, "sssp resident distances (a region per query)");
  m_sources = device(std::max<uint64_t>(m_plan.queryCount(), 1) * 4, "sssp resident query sources");
  m_destOffsets = device((uint64_t{m_plan.queryCount()} + 1) * 4, "sssp resident destination offsets");
  m_destinations = device(std::max<uint64_t>(m_pairs.size(), 1) * 4, "sssp resident destinations");
  m_results = device(std::max<uint64_t>(m_pairs.size(), 1) * 8, "sssp resident results");
  m_stats = device(sizeof(SsspStats), "sssp resident batch statistics");
  m_control = device(shader::kResidentControlWords * 4, "sssp resident control");
  m_states = device(uint64_t{m_Q} * sizeof(shader::SsspResidentState), "sssp resident query states");
  // Between dispatches only where a batch takes several (CPU devices).
  const uint64_t savedBytes = m_roundLimit == kNoRoundLimit ? 4 : uint64_t{m_Q} * 2 * mapWords(m_V) * 4;
  m_deviceNeed += savedBytes + uint64_t{m_Q} * sizeof(shader::SsspResidentState);
  m_saved = device(savedBytes, "sssp resident saved bitmaps");
  m_readback = m_context.createBuffer(sizeof(SsspStats) + shader::kResidentControlWords * 4, gpu::BufferKind::Download,
                                      "sssp resident readback");
  m_context.upload(m_sources, std::span<const uint32_t>(m_plan.sources));
  m_context.upload(m_destOffsets, std::span<const uint32_t>(m_plan.destOffsets));
  m_context.upload(m_destinations, std::span<const uint32_t>(m_plan.destinations));

  gpu::BindingTable<shader::kResidentBindingCount> buffers;
  buffers.set(shader::kResidentBindingSources, m_sources)
      .set(shader::kResidentBindingDestOffsets, m_destOffsets)
      .set(shader::kResidentBindingDestinations, m_destinations)
      .set(shader::kResidentBindingResults, m_results)
      .set(shader::kResidentBindingStats, m_stats)
      .set(shader::kResidentBindingControl, m_control)
      .set(shader::kResidentBindingStates, m_states)
      .set(shader::kResidentBindingSaved, m_saved);
  const gpu::SpecializationValue groupSize[] = {{shader::kResidentSpecGroupSize, m_groupSize}};
  const auto spirv = m_keyWords == 1 ? std::span<const uint32_t>(k_sssp_resident_relax_key32)
                                     : std::span<const uint32_t>(k_sssp_resident_relax);
  const bool chunked = m_graph->chunkedArcs() || m_weights->weights().chunked() || chunkedArrays();
  m_kernel = std::make_unique<SsspPipeline>(makeSsspPipeline(m_context, "sssp resident relax", spirv,
                                                             buffers.ranges(), sizeof(SsspResidentPush), !m_integer,
                                                             chunked, mapWords(m_V), groupSize));
  reset();
}

ResidentSssp::~ResidentSssp() = default;

void ResidentSssp::freshTrace() {
  std::ostringstream text;
  text << "delta=" << m_delta << " queries/batch=" << m_Q << " bitmap-words=" << mapWords(m_V) << " rounds/dispatch="
       << (m_roundLimit == kNoRoundLimit ? std::string("all") : std::to_string(m_roundLimit)) << " chain=" << m_chainHops
       << " group=" << m_groupSize << " keys=" << m_keyWords * 32 << " weights="
       << (!m_integer ? "float32" : m_weights->summary().weighted ? "integer" : "unit")
       << " layout=resident";
  m_trace = freshSsspTrace(m_graph->host(), {.strategy = m_options.runName.empty() ? algorithmName(SsspAlgorithm::Resident)
                                                                       : std::string_view(m_options.runName),
                                             .options = text.str(),
                                             .device = m_context.info().name,
                                             .pairs = static_cast<uint32_t>(m_pairs.size()),
                                             .batches = m_batches,
                                             .queriesPerBatch = m_Q,
                                             .deviceBytes = m_deviceNeed,
                                             .deviceBudget = m_deviceBudget});
}

void ResidentSssp::reset() {
  gpu::CommandBuffer commands = m_context.createCommandBuffer("sssp resident clear");
  commands.begin();
  commands.fill(m_results, 0xFFFFFFFFU);
  commands.barrier();
  commands.end();
  m_context.submitAndWait(commands);
  m_spans.resetOrigin();
  freshTrace();
  m_batch = 0;
  m_settled = 0;
  m_batchSpans.clear();
  m_batchStarted = false;
  m_perSubmit = 1;
  m_trackedKeys.clear();
  m_done = m_batches == 0 || m_pairs.empty();
}

bool ResidentSssp::runBatch(const std::atomic<bool>* cancel) {
  SsspResidentPush p{};
  p.delta = m_deltaKey;
  p.vertexCount = m_V;
  p.queries = m_Q;
  p.totalQueries = m_plan.queryCount();
  p.batch = m_batch;
  p.step = 0;
  p.maxGroups = m_maxGroups;
  p.trackedQuery = m_trackedQuery;
  p.roundLimit = m_roundLimit;
  p.chainHops = m_chainHops;
  p.offsets = m_graph->outOffsets().address();
  p.targets = m_graph->outTargets().address();
  p.weights = m_weights->weights().address();
  p.distances = m_distances.address();
  const uint32_t inBatch = std::min(m_Q, m_plan.queryCount() - m_batch * m_Q);
  const uint32_t groups = std::min(inBatch, m_maxGroups);
  // With a round limit the batch takes several dispatches; the host reads
  // the finished count after each submission (1, 2, 4, ... dispatches, up
  // to kDispatchesPerSubmit) and looks at `cancel` between them: a
  // cancelled batch goes on from its saved state at the next call.
  std::vector<KernelSpan>& spans = m_batchSpans;
  SsspStats stats{};
  for (;;) {
    const bool start = !m_batchStarted;
    const uint32_t perSubmit = m_roundLimit == kNoRoundLimit ? 1 : m_perSubmit;
    m_perSubmit = std::min(m_perSubmit * 2, kDispatchesPerSubmit);
    gpu::CommandBuffer c = m_context.createCommandBuffer("sssp resident batch");
    c.begin();
    c.beginLabel("sssp resident batch " + std::to_string(m_batch));
    m_spans.begin(c);
    if (start) {
      // Every key unreached, every query unfinished, no statistics yet.
      m_distances.fill(c, 0xFFFFFFFFU);
      c.fill(m_states, 0);
      c.fill(m_control, 0);
      c.fill(m_stats, 0);
      c.barrier();
      m_spans.mark(c, KernelKind::Clear, m_batch, 0);
    }
    for (uint32_t d = 0; d < perSubmit; ++d) {
      p.start = start && d == 0 ? 1U : 0U;
      c.dispatch(m_kernel->pipeline, m_kernel->set, {groups, 1, 1}, p);
      c.barrier();
      m_spans.mark(c, KernelKind::Relax, m_batch, 0);
    }
    c.copy(m_stats, m_readback, 0, 0, sizeof(SsspStats));
    c.copy(m_control, m_readback, 0, sizeof(SsspStats), shader::kResidentControlWords * 4);
    c.barrier();
    m_spans.mark(c, KernelKind::Readback, m_batch, 0);
    c.endLabel();
    c.end();
    const auto begin = std::chrono::steady_clock::now();
    m_context.submitAndWait(c);
    m_batchStarted = true;
    m_trace.totals.wallMs +=
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - begin).count();
    double extentNs = 0;
    for (const KernelSpan& span : m_spans.resolve(extentNs)) {
      spans.push_back(span);
    }
    m_trace.totals.submittedMs += extentNs / 1e6;
    m_readback.invalidate();
    const auto* bytes = static_cast<const std::byte*>(m_readback.mapped());
    stats = *reinterpret_cast<const SsspStats*>(bytes);
    const uint32_t finished = reinterpret_cast<const uint32_t*>(bytes + sizeof(SsspStats))[shader::kResidentCtlFinished];
    if (finished >= inBatch) {
      break;
    }
    if (cancel != nullptr && cancel->load()) {
      return false;
    }
  }
  stats.executed = 1;
  stats.batch = m_batch;
  stats.iteration = 0;
  StepIterations its(std::span<const SsspStats>(&stats, 1), m_settled);
  // The batch's bytes (counted over all its dispatches) shared among its
  // relax spans by their times.
  double relaxNs = 0;
  for (const KernelSpan& span : spans) {
    relaxNs += span.kind == KernelKind::Relax ? span.durationNs() : 0.0;
  }
  const auto batchBytes = static_cast<double>(stats.relaxBytes + stats.scanBytes);
  for (KernelSpan span : spans) {
    if (span.kind == KernelKind::Relax && relaxNs > 0) {
      span.bytesMoved = static_cast<uint64_t>(batchBytes * span.durationNs() / relaxNs);
    }
    its.addSpan(m_trace, span);
  }
  its.appendTo(m_trace);
  takeInQueryProgress(inBatch);
  if (m_trackedQuery != shader::kSsspNone && m_trackedQuery / m_Q == m_batch) {
    // The next batch reuses the regions: keep the tracked query's keys.
    m_trackedKeys.resize(m_V);
    const uint64_t region = uint64_t{m_trackedQuery % m_Q} * m_V;
    if (m_keyWords == 2) {
      m_distances.download(m_context, std::span<uint64_t>(m_trackedKeys), region);
    } else {
      // 32-bit keys, widened: the same encoding, all ones for unreached.
      std::vector<uint32_t> keys(m_V);
      m_distances.download(m_context, std::span<uint32_t>(keys), region);
      std::transform(keys.begin(), keys.end(), m_trackedKeys.begin(),
                     [](uint32_t k) { return k == 0xFFFFFFFFU ? kInfinityKey : uint64_t{k}; });
    }
  }
  m_settled = 0;
  m_batchSpans.clear();
  m_batchStarted = false;
  m_perSubmit = 1;
  m_batch += 1;
  m_done = m_batch >= m_batches;
  return true;
}

void ResidentSssp::takeInQueryProgress(uint32_t inBatch) {
  // One row per query that reached a vertex: its count at the batch's end
  // (the batch is one iteration). Queries are numbered in the order of their
  // first pair, as the plan keeps them.
  std::vector<shader::SsspResidentState> states(inBatch);
  m_context.download(m_states, states.data(), inBatch * sizeof(shader::SsspResidentState));
  for (uint32_t q = 0; q < inBatch; ++q) {
    if (states[q].reached != 0) {
      m_trace.queryProgress.push_back(
          {.batch = m_batch, .level = 0, .query = m_batch * m_Q + q, .settled = states[q].reached});
    }
  }
}

IterationStats ResidentSssp::step() {
  if (m_done) {
    throw std::logic_error("SsspSearch::step called after the search finished");
  }
  runBatch(nullptr);
  return m_trace.iterations.back();
}

bool ResidentSssp::run(const std::function<void(const Progress&)>& progress, const std::atomic<bool>* cancel) {
  while (!m_done && (cancel == nullptr || !cancel->load())) {
    if (!runBatch(cancel)) {
      break;  // cancelled inside the batch
    }
    if (progress) {
      Progress p;
      p.batch = m_batch;
      p.batches = m_batches;
      p.level = 0;
      p.pairs = static_cast<uint32_t>(m_pairs.size());
      p.pairsDone = m_plan.destOffsets[std::min(m_batch * m_Q, m_plan.queryCount())];
      progress(p);
    }
  }
  return m_done;
}

std::vector<double> ResidentSssp::lengths() const {
  if (m_pairs.empty()) {
    return {};
  }
  std::vector<uint64_t> keys(m_pairs.size());
  m_context.download(m_results, std::span<uint64_t>(keys));
  return pairLengths(keys, m_plan, m_integer);
}

std::vector<double> ResidentSssp::trackedDistances() const {
  std::vector<double> out(m_trackedKeys.size());
  for (size_t v = 0; v < out.size(); ++v) {
    out[v] = keyToLength(m_trackedKeys[v] == kInfinityKey ? kInfinityKey : m_trackedKeys[v] >> 1, m_integer);
  }
  return out;
}

std::vector<VertexState> ResidentSssp::trackedState() const {
  // The tracked query runs until nothing is pending: every reached vertex is settled.
  std::vector<VertexState> out(m_trackedKeys.size());
  for (size_t v = 0; v < out.size(); ++v) {
    out[v] = classifyVertex(m_trackedKeys[v], kInfinityKey, kInfinityKey);
  }
  return out;
}

} // namespace frontier::engine
