#include "engine/sssp/PairHops.h"

#include <algorithm>
#include <chrono>
#include <sstream>
#include <stdexcept>
#include <string>

#include "engine/DeviceGraph.h"
#include "engine/RequestChecks.h"
#include "engine/sssp/DeviceWeights.h"
#include "engine/sssp/SsspStepStats.h"
#include "ibfs/pair_bidir.h"
#include "PairBfs.h"
#include "vk/BindingTable.h"
#include "vk/CommandBuffer.h"
#include "vk/Context.h"

namespace frontier::engine {

namespace {

using shader::PairBfsPush;
using shader::PairBfsStats;

uint32_t mapWords(uint32_t vertices) { return std::max<uint32_t>((vertices + 31) / 32, 1); }

// Workgroups on GPUs, at most 1024 (about as many as an H100's 132 SMs
// hold at once, eight of 256 invocations each). On graphs of low degree
// without hubs (grids, roads: pairs of hundreds of levels) one per pair up
// to that: grid 1000 x 1000 with 1024 pairs 63.6 ms with 1024, 94 with 256.
// Elsewhere (pairs that meet within a few levels) a quarter of the pairs,
// from 256, and no more than keep the bitmaps' first clearing within
// kGpuClearBytes: the clearing costs what the slots' bitmaps weigh (Kronecker
// 22, 1024 slots: 1 GiB, about 0.4 ms), and a workgroup that finishes a pair
// takes the next. H100, the reference pairs (docs/BENCHMARKS.md): 256
// workgroups took k20/1024 from 0.29 to 0.17 ms and k22/1024 from 0.82 to
// 0.44 against 1024; with 8192 pairs 1024 were best on k18 and k20 and 512
// on k22 (1.44 ms against 1.55). CPU devices run a few workgroups at a time.
constexpr uint64_t kGpuSlotsMin = 256;
constexpr uint64_t kGpuSlotsMax = 1024;
constexpr uint64_t kGpuClearBytes = uint64_t{512} << 20U;
constexpr uint64_t kCpuSlots = 64;
// Pairs per dispatch per slot: a batch is a dispatch, the unit of progress
// and cancelling; the slots' last pairs of a dispatch finish unevenly.
constexpr uint32_t kPairsPerSlot = 16;

// Pairs one workgroup may answer in a dispatch: kPairsPerSlot on GPUs. A CPU
// device (lavapipe) stops a shader loop once it has run kCpuLoopBudget
// iterations in an invocation, counted over the whole dispatch: a bound on
// one pair's iterations, each loop at its longest, divides the budget; 0
// when one pair may pass it. Lavapipe counts one budget per invocation for
// all its loops, and a loop's every pass including the one that leaves it.
// The loops (pair_bidir.comp), each with a pass more per entry: the levels
// (at most V), the frontier chunks of 256 vertices (at most a chunk per
// level plus 2V / 256, entered once per level), the subgroup sums per chunk
// (ceil(256 / width^2)), the rounds of four arcs (one per chunk plus
// 2 arcs / 1024: each side walks an arc once) and the clearing (2V / 256
// per side).
uint32_t pairsPerDispatch(const gpu::DeviceInfo& device, const DeviceGraph& g) {
  if (device.type != gpu::DeviceType::Cpu) {
    return kPairsPerSlot;
  }
  const uint64_t G = shader::kPairGroupSize;
  const uint64_t V = g.vertexCount();
  const uint64_t width = std::max<uint32_t>(device.minSubgroupSize != 0 ? device.minSubgroupSize : device.subgroupSize, 1);
  const uint64_t sumTrips = (G + width * width - 1) / (width * width);
  const uint64_t levels = V;
  const uint64_t chunks = levels + 2 * V / G + 2;
  const uint64_t rounds = chunks + 2 * g.host().arcCount() / (4 * G);
  const uint64_t perPair = (levels + 1) + (chunks + levels) + chunks * (sumTrips + 1) + (rounds + chunks) +
                           (2 * V / G + 2 + 2) + 8;
  return static_cast<uint32_t>(std::min<uint64_t>(kPairsPerSlot, (kCpuLoopBudget - 64) / perPair));
}

// A workgroup's bitmaps (two of V bits) and list (V words).
uint64_t slotBytes(uint32_t vertices) {
  return (uint64_t{mapWords(vertices)} * 2 + std::max<uint32_t>(vertices, 1)) * 4;
}

// Device memory the slots may take: half of what the graph leaves.
uint64_t spareBytes(const gpu::Context& context, const DeviceGraph& g) {
  const uint64_t budget = context.deviceLocalBudget();
  return budget > g.deviceBytes() ? (budget - g.deviceBytes()) / 2 : 0;
}

} // namespace

bool pairHopsFit(const gpu::Context& context, const DeviceGraph& g) {
  return pairHopsFit(context.info(), g) && spareBytes(context, g) >= slotBytes(g.vertexCount());
}

bool pairHopsFit(const gpu::DeviceInfo& device, const DeviceGraph& g) {
  const uint32_t smallest = std::max<uint32_t>(device.minSubgroupSize != 0 ? device.minSubgroupSize : device.subgroupSize, 1);
  if (shader::kPairGroupSize / smallest > shader::kPairMaxSubgroups ||
      (device.maxWorkgroupInvocations != 0 && device.maxWorkgroupInvocations < shader::kPairGroupSize)) {
    return false;
  }
  return pairsPerDispatch(device, g) > 0;
}

PairHops::PairHops(gpu::Context& context, std::shared_ptr<const DeviceGraph> graph,
                   std::shared_ptr<const DeviceWeights> weights, std::vector<graph::Pair> pairs,
                   const SsspOptions& options)
    : m_context(context), m_graph(std::move(graph)), m_pairs(std::move(pairs)), m_options(options),
      m_spans(context, 4, options.timestamps) {
  m_V = m_graph->vertexCount();
  if (weights->summary().arcs != m_graph->host().arcCount()) {
    throw std::invalid_argument("the weights belong to another graph");
  }
  if (weights->summary().weighted) {
    throw std::invalid_argument("pairs counts hops (every arc weighs 1): use it without weights, or another "
                                "algorithm for weighted lengths");
  }
  if (m_options.trackedPair) {
    throw std::invalid_argument("pairs searches each pair from both ends and follows no pair to the end of its "
                                "component: use another algorithm to track a pair");
  }
  checkPairs(m_pairs, m_V, std::nullopt, std::numeric_limits<uint32_t>::max() - 1);
  requireInt64Atomics(m_context);
  if (!pairHopsFit(m_context.info(), *m_graph)) {
    throw ResourceError(m_context.info().name + " cannot run pairs on this graph: its subgroups are too narrow for " +
                        "256 invocations, or it is a CPU device, whose shaders stop a loop after 65,535 iterations, "
                        "and one pair over " + std::to_string(m_V) + " vertices and " +
                        std::to_string(m_graph->host().arcCount()) + " arcs may need more: use batched");
  }
  m_plan = groupBySource(m_pairs);
  m_mapWords = mapWords(m_V);
  const uint64_t V = std::max<uint32_t>(m_V, 1);
  const uint64_t perSlot = slotBytes(m_V);
  m_deviceBudget = m_context.deviceLocalBudget();
  const uint64_t graphBytes = m_graph->deviceBytes();
  const uint64_t room = spareBytes(m_context, *m_graph);
  // Word indices of the lists are 32-bit: slots * V below 2^32.
  const uint64_t indexSlots = ((uint64_t{1} << 32) - 1) / V;
  const uint64_t mapBytes = uint64_t{m_mapWords} * 2 * 4;
  const graph::GraphStats& degrees = m_graph->degreeShape();
  const bool longPairs = degrees.degreeMean <= 8 && static_cast<double>(degrees.degreeMax) <= 16 * degrees.degreeMean;
  const uint64_t gpuSlots =
      longPairs ? kGpuSlotsMax
                : std::min({kGpuSlotsMax, std::max<uint64_t>(kGpuSlotsMin, (m_pairs.size() + 3) / 4),
                            std::max<uint64_t>(kGpuClearBytes / mapBytes, 1)});
  const uint64_t wanted = m_options.queriesPerBatch != 0                     ? m_options.queriesPerBatch
                          : m_context.info().type == gpu::DeviceType::Cpu ? kCpuSlots
                                                                           : gpuSlots;
  const uint64_t maxGroups = std::min<uint32_t>(65535, m_context.info().maxWorkgroupCount[0]);
  const uint64_t slots = std::min({wanted, std::max<uint64_t>(m_pairs.size(), 1), room / perSlot, indexSlots, maxGroups});
  if (slots == 0) {
    throw ResourceError("pairs needs " + std::to_string(perSlot) + " bytes of device memory per workgroup for " +
                        std::to_string(m_V) + " vertices, and " + m_context.info().name + " has " +
                        std::to_string(room) + " to spare: use batched");
  }
  m_slots = static_cast<uint32_t>(slots);
  m_pairsPerGroup = pairsPerDispatch(m_context.info(), *m_graph);
  m_pairsPerBatch = m_slots * m_pairsPerGroup;
  m_batches = static_cast<uint32_t>((m_pairs.size() + m_pairsPerBatch - 1) / m_pairsPerBatch);
  m_deviceNeed = graphBytes + slots * perSlot + m_pairs.size() * 16;

  auto device = [&](uint64_t bytes, const char* name) {
    return m_context.createBuffer(bytes, gpu::BufferKind::Device, name);
  };
  m_maps = AddressedArray(m_context, slots * 2 * m_mapWords, "pairs visited bitmaps (two per workgroup)");
  m_lists = AddressedArray(m_context, slots * V, "pairs marked vertices (a list per workgroup)");
  m_ends = device(std::max<uint64_t>(m_pairs.size(), 1) * 8, "pairs ends");
  m_results = device(std::max<uint64_t>(m_pairs.size(), 1) * 8, "pairs results");
  m_control = device(shader::kPairControlWords * 4, "pairs control");
  m_stats = device(sizeof(PairBfsStats), "pairs statistics");
  m_readback = m_context.createBuffer(sizeof(PairBfsStats), gpu::BufferKind::Download, "pairs readback");
  // Entry e in the plan's order (the results' order, pairLengths).
  std::vector<uint32_t> ends(std::max<size_t>(m_pairs.size(), 1) * 2, 0);
  for (uint32_t q = 0; q < m_plan.queryCount(); ++q) {
    for (uint32_t e = m_plan.destOffsets[q]; e < m_plan.destOffsets[q + 1]; ++e) {
      ends[2 * size_t{e}] = m_plan.sources[q];
      ends[2 * size_t{e} + 1] = m_plan.destinations[e];
    }
  }
  m_context.upload(m_ends, std::span<const uint32_t>(ends));

  gpu::BindingTable<shader::kPairBindingCount> buffers;
  buffers.set(shader::kPairBindingEnds, m_ends)
      .set(shader::kPairBindingResults, m_results)
      .set(shader::kPairBindingControl, m_control)
      .set(shader::kPairBindingStats, m_stats);
  const bool chunked = m_graph->chunkedArcs() || chunkedArrays();
  // The kernel lays a chunk out in subgroup order, which is the invocations'
  // order only where every subgroup is full: required where the device can.
  m_kernel = std::make_unique<SsspPipeline>(makeSsspPipeline(m_context, "pairs from both ends", k_ibfs_pair_bidir,
                                                             buffers.ranges(), sizeof(PairBfsPush), false, chunked, 0,
                                                             {}, m_context.fullSubgroups()));
  reset();
}

PairHops::~PairHops() = default;

void PairHops::freshTrace() {
  std::ostringstream text;
  text << "workgroups=" << m_slots << " pairs/batch=" << m_pairsPerBatch << " bitmap-words=" << m_mapWords
       << " weights=unit layout=pairs";
  m_trace = freshSsspTrace(m_graph->host(), {.strategy = m_options.runName.empty() ? algorithmName(SsspAlgorithm::Pairs)
                                                                       : std::string_view(m_options.runName),
                                             .options = text.str(),
                                             .device = m_context.info().name,
                                             .pairs = static_cast<uint32_t>(m_pairs.size()),
                                             .batches = m_batches,
                                             .queriesPerBatch = m_pairsPerBatch,
                                             .deviceBytes = m_deviceNeed,
                                             .deviceBudget = m_deviceBudget});
}

void PairHops::reset() {
  gpu::CommandBuffer commands = m_context.createCommandBuffer("pairs reset");
  commands.begin();
  commands.fill(m_results, 0xFFFFFFFFU);
  commands.barrier();
  commands.end();
  m_context.submitAndWait(commands);
  m_spans.resetOrigin();
  freshTrace();
  m_batch = 0;
  m_done = m_batches == 0;
}

void PairHops::runBatch() {
  PairBfsPush p{};
  p.outOffsets = m_graph->outOffsets().address();
  p.outTargets = m_graph->outTargets().address();
  p.inOffsets = m_graph->inOffsets().address();
  p.inTargets = m_graph->inTargets().address();
  p.maps = m_maps.address();
  p.lists = m_lists.address();
  p.vertexCount = m_V;
  p.mapWords = m_mapWords;
  p.listCapacity = std::max<uint32_t>(m_V, 1);
  p.entryBegin = m_batch * m_pairsPerBatch;
  p.pairsPerGroup = m_pairsPerGroup;
  p.entryEnd = static_cast<uint32_t>(std::min<uint64_t>(uint64_t{p.entryBegin} + m_pairsPerBatch, m_pairs.size()));
  const uint32_t groups = std::min(m_slots, p.entryEnd - p.entryBegin);

  gpu::CommandBuffer c = m_context.createCommandBuffer("pairs batch");
  c.begin();
  c.beginLabel("pairs batch " + std::to_string(m_batch));
  m_spans.begin(c);
  // The kernel leaves every bitmap zero when its pairs are done; the first
  // batch of a search object zeroes them (in its GPU time).
  if (!m_mapsClear) {
    m_maps.fill(c, 0);
    m_mapsClear = true;
  }
  c.fill(m_control, 0);
  c.fill(m_stats, 0);
  c.barrier();
  m_spans.mark(c, KernelKind::Clear, m_batch, 0);
  c.dispatch(m_kernel->pipeline, m_kernel->set, {groups, 1, 1}, p);
  c.barrier();
  m_spans.mark(c, KernelKind::ExpandTopDown, m_batch, 0);
  c.copy(m_stats, m_readback, 0, 0, sizeof(PairBfsStats));
  c.barrier();
  m_spans.mark(c, KernelKind::Readback, m_batch, 0);
  c.endLabel();
  c.end();
  const auto begin = std::chrono::steady_clock::now();
  m_context.submitAndWait(c);
  m_trace.totals.wallMs += std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - begin).count();
  double extentNs = 0;
  const std::vector<KernelSpan> spans = m_spans.resolve(extentNs);
  m_trace.totals.submittedMs += extentNs / 1e6;
  m_readback.invalidate();
  const auto stats = *static_cast<const PairBfsStats*>(m_readback.mapped());

  shader::SsspStats s{};
  s.executed = 1;
  s.batch = m_batch;
  s.nearSize = p.entryEnd - p.entryBegin;  // the pairs the batch answered
  s.edgesRelaxed = stats.arcs[0] + stats.arcs[1];
  s.settled = stats.visited[0] + stats.visited[1];
  uint64_t settled = 0;  // a batch is one iteration: nothing carries over
  StepIterations its(std::span<const shader::SsspStats>(&s, 1), settled);
  for (const KernelSpan& span : spans) {
    its.addSpan(m_trace, span);
  }
  its.appendTo(m_trace);
  // The arcs per side (from the sources, from the destinations), as the
  // two-sided BFS engine reports them.
  m_trace.iterations.back().edgesForward = stats.arcs[0];
  m_trace.iterations.back().edgesBackward = stats.arcs[1];
  m_batch += 1;
  m_done = m_batch >= m_batches;
}

IterationStats PairHops::step() {
  if (m_done) {
    throw std::logic_error("SsspSearch::step called after the search finished");
  }
  runBatch();
  return m_trace.iterations.back();
}

bool PairHops::run(const std::function<void(const Progress&)>& progress, const std::atomic<bool>* cancel) {
  while (!m_done && (cancel == nullptr || !cancel->load())) {
    runBatch();
    if (progress) {
      Progress p;
      p.batch = m_batch;
      p.batches = m_batches;
      p.level = 0;
      p.pairs = static_cast<uint32_t>(m_pairs.size());
      p.pairsDone = static_cast<uint32_t>(std::min<uint64_t>(uint64_t{m_batch} * m_pairsPerBatch, m_pairs.size()));
      progress(p);
    }
  }
  return m_done;
}

std::vector<double> PairHops::lengths() const {
  if (m_pairs.empty()) {
    return {};
  }
  std::vector<uint64_t> keys(m_pairs.size());
  m_context.download(m_results, std::span<uint64_t>(keys));
  return pairLengths(keys, m_plan, true);
}

} // namespace frontier::engine
