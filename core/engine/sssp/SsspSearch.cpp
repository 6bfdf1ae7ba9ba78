#include "engine/sssp/SsspSearch.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <optional>
#include <sstream>
#include <stdexcept>
#include <string>

#include "engine/AddressedArray.h"
#include "engine/DeviceGraph.h"
#include "engine/FenceWait.h"
#include "engine/sssp/BatchedSssp.h"
#include "engine/sssp/PairHops.h"
#include "engine/sssp/ResidentSssp.h"
#include "engine/sssp/DeviceWeights.h"
#include "engine/RequestChecks.h"
#include "engine/SpanRecorder.h"
#include "Sssp.h"
#include "engine/sssp/SsspKernels.h"
#include "engine/sssp/SsspStepStats.h"
#include "vk/BindingTable.h"
#include "vk/CommandBuffer.h"
#include "vk/Context.h"

namespace frontier::engine {

namespace {

using shader::SsspPush;
using shader::SsspQuery;
using shader::SsspStats;
static_assert(sizeof(SsspStats) == 88, "SsspStats must match the std430 layout of Sssp.h");
static_assert(sizeof(SsspQuery) == 32, "SsspQuery must match the std430 layout of Sssp.h");
static_assert(shader::kSsspMaxSteps == kMaxIterationsPerSubmit, "one stats slot per step of a submission");

constexpr uint32_t kAdaptiveStart = 2;
constexpr uint64_t kControlOffset = uint64_t{shader::kSsspMaxSteps} * sizeof(SsspStats);

uint32_t ceilDiv(uint64_t a, uint64_t b) { return static_cast<uint32_t>((a + b - 1) / b); }

// What each timestamp span of the recorded submission covers.
enum class Role : uint8_t { Start, Seed, Relax, Plan, Heavy, Scan, Advance, Collect, Finish, Readback };

struct SpanRole {
  Role role;
  uint32_t step;
};

bool phaseEndOnly(Role role) {
  return role == Role::Heavy || role == Role::Scan || role == Role::Advance || role == Role::Collect;
}

} // namespace

struct SsspSearch::Impl {
  Impl(gpu::Context& ctx, std::shared_ptr<const DeviceGraph> g, std::shared_ptr<const DeviceWeights> w,
       std::vector<graph::Pair> p, const SsspOptions& o);

  SsspPush push(uint32_t step) const;
  std::vector<uint32_t> initialControl() const;
  void clearDeviceState();
  void record(uint32_t steps);
  void mark(gpu::CommandBuffer& commands, KernelKind kind, Role role, uint32_t step);
  // Submits the recorded steps (re-recording when their number changed),
  // waits, and turns the read-back statistics and timestamps into the trace.
  // When `cancel` becomes true during the wait, returns at once and leaves
  // the submission pending.
  void submit(uint32_t steps, const std::atomic<bool>* cancel);
  // Waits for the pending submission and takes its iterations in.
  void finishSubmission();
  // Every public call that reads or records starts here: a submission a
  // cancelled run() stopped waiting for is finished first.
  void settle() {
    if (pending) {
      finishSubmission();
    }
  }
  void snapshotTracked();
  void freshTrace();
  // B, or the adaptive sizes 2, 4, ..., 64 when B is 0.
  uint32_t nextSubmissionSteps();
  Progress progress() const;

  gpu::Context& context;
  std::shared_ptr<const DeviceGraph> graph;
  std::shared_ptr<const DeviceWeights> weights;
  std::vector<graph::Pair> pairs;
  SsspOptions options;
  QueryPlan plan;
  uint32_t V = 0;
  uint32_t Q = 1;
  uint32_t batches = 0;
  uint64_t deviceNeed = 0;  // the graph, its weights and the batch's buffers
  uint64_t deviceBudget = 0;
  uint32_t maxGroups = 65535;
  uint32_t trackedQuery = shader::kSsspNone;
  double deltaValue = 1;
  uint64_t deltaKeyValue = 1;
  bool integer = true;

  // Per-entry arrays (Q * V entries), reached by address (Sssp.h).
  AddressedArray distances, nearQueue, farQueue, stamps, bits;
  bool chunkedArrays() const noexcept {
    return distances.chunked() || nearQueue.chunked() || farQueue.chunked() || stamps.chunked() || bits.chunked();
  }
  gpu::Buffer queries, sources, destOffsets, destinations, results, control, stats, readback;
  std::unique_ptr<SsspKernels> kernels;
  SpanRecorder spans;
  std::optional<gpu::CommandBuffer> recorded;
  uint32_t recordedSteps = 0;
  std::vector<SpanRole> roles;

  uint32_t batch = 0;       // the batch the next step works on
  uint32_t iteration = 0;   // within it
  bool startPending = true; // the next submission starts `batch`
  bool done = false;
  // A submission in flight that a cancelled run() stopped waiting for. The
  // GPU cannot withdraw it; it is taken in by the next call (settle()), and
  // the destructor waits for it before the buffers go.
  struct Pending {
    gpu::Submission submission;
    uint32_t steps = 0;
    bool starting = false;
    uint32_t startingBatch = 0;
    std::chrono::steady_clock::time_point start;
  };
  std::optional<Pending> pending;
  ~Impl();
  uint64_t batchSettled = 0;
  uint32_t adaptiveSteps = kAdaptiveStart;
  std::optional<uint32_t> gpuBatch;  // the batch whose state the device holds
  std::vector<uint64_t> trackedKeys;  // final distances of the tracked query once its batch ended
  SsspQuery trackedFinal{};
  RunTrace trace;
};

SsspSearch::Impl::Impl(gpu::Context& ctx, std::shared_ptr<const DeviceGraph> g,
                       std::shared_ptr<const DeviceWeights> w, std::vector<graph::Pair> p, const SsspOptions& o)
    : context(ctx), graph(std::move(g)), weights(std::move(w)), pairs(std::move(p)), options(o),
      spans(ctx, 4 + 8 * shader::kSsspMaxSteps, o.timestamps) {
  V = graph->vertexCount();
  if (weights->summary().arcs != graph->host().arcCount()) {
    throw std::invalid_argument("the weights belong to another graph");
  }
  if (options.iterationsPerSubmit > kMaxIterationsPerSubmit) {
    throw std::invalid_argument("iterations per submission must be 0 (adaptive) to " +
                                std::to_string(kMaxIterationsPerSubmit) + ", not " +
                                std::to_string(options.iterationsPerSubmit));
  }
  checkPairs(pairs, V, options.trackedPair, std::numeric_limits<uint32_t>::max() - 1);
  requireInt64Atomics(context);
  integer = weights->integer();
  deltaValue = resolveDelta(options.delta, weights->summary());
  deltaKeyValue = deltaKey(deltaValue, integer);
  plan = groupBySource(pairs);
  checkPhaseEndDestinations(plan, context.info().type == gpu::DeviceType::Cpu, context.info().name);
  if (options.trackedPair) {
    trackedQuery = plan.queryOfEntry(plan.entryOfPair[*options.trackedPair]);
  }
  DeviceLimits limits;
  limits.memoryBudget = context.deviceLocalBudget();
  limits.automaticDistanceBytes = context.info().maxStorageBufferRange;
  limits.graphBytes = graph->deviceBytes() + weights->deviceBytes();
  Q = engine::queriesPerBatch(options.queriesPerBatch, plan.queryCount(), V, options.algorithm, limits, context.info().name);
  batches = ceilDiv(plan.queryCount(), Q);
  deviceBudget = limits.memoryBudget;
  deviceNeed = limits.graphBytes + uint64_t{Q} * std::max<uint32_t>(V, 1) * bytesPerEntry(options.algorithm);
  maxGroups = std::min<uint32_t>(65535, context.info().maxWorkgroupCount[0]);

  const uint64_t entries = uint64_t{Q} * std::max<uint32_t>(V, 1);
  const bool bellmanFord = options.algorithm == SsspAlgorithm::BellmanFord;
  const bool nearFar = options.algorithm == SsspAlgorithm::NearFar;
  auto device = [&](uint64_t bytes, const char* name) {
    return context.createBuffer(bytes, gpu::BufferKind::Device, name);
  };
  auto addressed = [&](uint64_t words, const char* name) { return AddressedArray(context, words, name); };
  distances = addressed(entries * 2, "sssp distances");
  nearQueue = addressed(bellmanFord ? 1 : entries * 2, "sssp near buckets (current, next)");
  farQueue = addressed(nearFar ? entries * 2 : bellmanFord ? 1 : entries,
                       nearFar ? "sssp far piles (current, next)" : "sssp bucket settled list");
  stamps = addressed(bellmanFord ? 1 : entries, "sssp near stamps");
  bits = addressed(uint64_t{ceilDiv(entries, 32)} * 2, "sssp processed and in-far bitsets");
  queries = device(uint64_t{Q} * sizeof(SsspQuery), "sssp query states");
  sources = device(std::max<uint64_t>(plan.queryCount(), 1) * 4, "sssp query sources");
  destOffsets = device((uint64_t{plan.queryCount()} + 1) * 4, "sssp destination offsets");
  destinations = device(std::max<uint64_t>(pairs.size(), 1) * 4, "sssp destinations");
  results = device(std::max<uint64_t>(pairs.size(), 1) * 8, "sssp results");
  control = device(shader::kSsspControlWords * 4, "sssp control and dispatch arguments");
  stats = device(uint64_t{shader::kSsspMaxSteps} * sizeof(SsspStats), "sssp step statistics");
  readback = context.createBuffer(kControlOffset + shader::kSsspControlWords * 4, gpu::BufferKind::Download,
                                  "sssp statistics readback");
  context.upload(sources, std::span<const uint32_t>(plan.sources));
  context.upload(destOffsets, std::span<const uint32_t>(plan.destOffsets));
  context.upload(destinations, std::span<const uint32_t>(plan.destinations));

  gpu::BindingTable<shader::kSsspBindingCount> buffers;
  buffers.set(shader::kSsspBindingQueries, queries)
      .set(shader::kSsspBindingSources, sources)
      .set(shader::kSsspBindingDestOffsets, destOffsets)
      .set(shader::kSsspBindingDestinations, destinations)
      .set(shader::kSsspBindingResults, results)
      .set(shader::kSsspBindingControl, control)
      .set(shader::kSsspBindingStats, stats);
  const bool chunked = graph->chunkedArcs() || weights->weights().chunked() || chunkedArrays();
  kernels = std::make_unique<SsspKernels>(context, buffers.ranges(), options.algorithm, !integer, chunked);
  freshTrace();
  clearDeviceState();
  done = batches == 0 || pairs.empty();
}

void SsspSearch::Impl::freshTrace() {
  std::ostringstream text;
  text << "delta=" << deltaValue << " iterations/submit=";
  if (options.iterationsPerSubmit == 0) {
    text << "adaptive";
  } else {
    text << options.iterationsPerSubmit;
  }
  text << " queries/batch=" << Q << " weights=" << (integer ? "integer" : "float32");
  trace = freshSsspTrace(graph->host(), {.strategy = algorithmName(options.algorithm),
                                          .options = text.str(),
                                          .device = context.info().name,
                                          .pairs = static_cast<uint32_t>(pairs.size()),
                                          .batches = batches,
                                          .queriesPerBatch = Q,
                                          .deviceBytes = deviceNeed,
                                          .deviceBudget = deviceBudget});
}

std::vector<uint32_t> SsspSearch::Impl::initialControl() const {
  std::vector<uint32_t> words(shader::kSsspControlWords, 0);
  words[shader::kSsspCtlTag] = 1;        // stamps start at 0
  words[shader::kSsspCtlBatchDone] = 1;  // until the first seed
  const uint64_t entries = uint64_t{Q} * V;
  words[shader::kSsspArgsInit] = std::clamp(ceilDiv(entries, shader::kSsspWorkgroupSize), 1U, maxGroups);
  words[shader::kSsspArgsSeed] = ceilDiv(Q, shader::kSsspQueryGroupSize);
  for (const uint32_t at : {shader::kSsspArgsInit, shader::kSsspArgsSeed, shader::kSsspArgsRelax,
                            shader::kSsspArgsHeavy, shader::kSsspArgsScan, shader::kSsspArgsQueries,
                            shader::kSsspArgsCollect}) {
    words[at + 1] = 1;
    words[at + 2] = 1;
  }
  return words;
}

void SsspSearch::Impl::clearDeviceState() {
  const std::vector<uint32_t> words = initialControl();
  context.upload(control, std::span<const uint32_t>(words));
  gpu::CommandBuffer commands = context.createCommandBuffer("sssp clear");
  commands.begin();
  stamps.fill(commands, 0);
  commands.fill(results, 0xFFFFFFFFU);
  commands.barrier();
  commands.end();
  context.submitAndWait(commands);
  batch = 0;
  iteration = 0;
  startPending = true;
  batchSettled = 0;
  adaptiveSteps = kAdaptiveStart;
  gpuBatch.reset();
  trackedKeys.clear();
}

SsspPush SsspSearch::Impl::push(uint32_t step) const {
  SsspPush p{};
  p.offsets = graph->outOffsets().address();
  p.targets = graph->outTargets().address();
  p.weights = weights->weights().address();
  p.distances = distances.address();
  p.nearQueue = nearQueue.address();
  p.farQueue = farQueue.address();
  p.stamps = stamps.address();
  p.bits = bits.address();
  p.delta = deltaKeyValue;
  p.vertexCount = V;
  p.queries = Q;
  p.totalQueries = plan.queryCount();
  p.capacity = Q * V;
  p.bitWords = ceilDiv(uint64_t{Q} * V, 32);
  switch (options.algorithm) {
  case SsspAlgorithm::NearFar: p.algorithm = shader::kSsspAlgorithmNearFar; break;
  case SsspAlgorithm::DeltaStepping: p.algorithm = shader::kSsspAlgorithmDeltaStepping; break;
  case SsspAlgorithm::BellmanFord: p.algorithm = shader::kSsspAlgorithmBellmanFord; break;
  case SsspAlgorithm::Batched:   // never here: BatchedSssp
  case SsspAlgorithm::Resident:   // never here: ResidentSssp
  case SsspAlgorithm::Pairs:      // never here: PairHops
  case SsspAlgorithm::Automatic: break;  // resolved in the constructor
  }
  p.step = step;
  p.maxGroups = maxGroups;
  p.trackedQuery = trackedQuery;
  return p;
}

void SsspSearch::Impl::mark(gpu::CommandBuffer& commands, KernelKind kind, Role role, uint32_t step) {
  commands.barrier();
  if (spans.enabled()) {
    spans.mark(commands, kind, 0, step);
    roles.push_back({role, step});
  }
}

void SsspSearch::Impl::record(uint32_t steps) {
  recorded.reset();
  roles.clear();
  recorded.emplace(context.createCommandBuffer("sssp steps"));
  gpu::CommandBuffer& c = *recorded;
  c.beginReusable();
  c.beginLabel(std::string("sssp ") + std::string(algorithmName(options.algorithm)) + " x" + std::to_string(steps));
  spans.begin(c);
  const SsspKernels& k = *kernels;
  const auto args = [](uint32_t word) { return uint64_t{word} * 4; };
  c.fill(stats, 0, 0, uint64_t{steps} * sizeof(SsspStats));
  c.barrier();
  c.dispatchIndirect(k.init.pipeline, k.init.set, control, args(shader::kSsspArgsInit), push(0));
  mark(c, KernelKind::Clear, Role::Start, 0);
  c.dispatchIndirect(k.seed.pipeline, k.seed.set, control, args(shader::kSsspArgsSeed), push(0));
  mark(c, KernelKind::SetSources, Role::Seed, 0);
  const bool bellmanFord = options.algorithm == SsspAlgorithm::BellmanFord;
  for (uint32_t j = 0; j < steps; ++j) {
    const SsspPush p = push(j);
    c.dispatchIndirect(k.relax.pipeline, k.relax.set, control, args(shader::kSsspArgsRelax), p);
    mark(c, KernelKind::Relax, Role::Relax, j);
    c.dispatch(k.plan.pipeline, k.plan.set, {1, 1, 1}, p);
    mark(c, KernelKind::Plan, Role::Plan, j);
    if (k.heavy) {
      c.dispatchIndirect(k.heavy->pipeline, k.heavy->set, control, args(shader::kSsspArgsHeavy), p);
      mark(c, KernelKind::Relax, Role::Heavy, j);
    }
    if (!bellmanFord) {
      c.dispatchIndirect(k.nextBucket.pipeline, k.nextBucket.set, control, args(shader::kSsspArgsScan), p);
      mark(c, KernelKind::SplitBuckets, Role::Scan, j);
    }
    c.dispatchIndirect(k.advance.pipeline, k.advance.set, control, args(shader::kSsspArgsQueries), p);
    mark(c, KernelKind::Plan, Role::Advance, j);
    if (!bellmanFord) {
      c.dispatchIndirect(k.collect.pipeline, k.collect.set, control, args(shader::kSsspArgsCollect), p);
      mark(c, KernelKind::Compact, Role::Collect, j);
    }
    c.dispatch(k.finish.pipeline, k.finish.set, {1, 1, 1}, p);
    mark(c, KernelKind::Plan, Role::Finish, j);
  }
  c.copy(stats, readback, 0, 0, uint64_t{steps} * sizeof(SsspStats));
  c.copy(control, readback, 0, kControlOffset, shader::kSsspControlWords * 4);
  mark(c, KernelKind::Readback, Role::Readback, steps - 1);
  c.endLabel();
  c.end();
  recordedSteps = steps;
}

void SsspSearch::Impl::submit(uint32_t steps, const std::atomic<bool>* cancel) {
  steps = std::clamp(steps, 1U, kMaxIterationsPerSubmit);
  if (!recorded || recordedSteps != steps) {
    record(steps);
  }
  const auto start = std::chrono::steady_clock::now();
  pending.emplace(Pending{context.submit(*recorded), steps, startPending, batch, start});
  if (!waitUnlessCancelled(context, pending->submission, cancel)) {
    return;  // answered now; the iterations are taken in by the next call (settle)
  }
  finishSubmission();
}

SsspSearch::Impl::~Impl() {
  if (pending) {
    waitOut(context, pending->submission);
  }
}

void SsspSearch::Impl::finishSubmission() {
  waitUnlessCancelled(context, pending->submission, nullptr);
  const uint32_t steps = pending->steps;
  const bool starting = pending->starting;
  const uint32_t startingBatch = pending->startingBatch;
  trace.totals.wallMs +=
      std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - pending->start).count();
  pending.reset();
  if (starting) {
    gpuBatch = startingBatch;
    batchSettled = 0;
  }

  double extentNs = 0;
  const std::vector<KernelSpan> newSpans = spans.resolve(extentNs);
  trace.totals.submittedMs += extentNs / 1e6;
  readback.invalidate();
  const auto* stepStats = static_cast<const SsspStats*>(readback.mapped());
  const auto* words =
      reinterpret_cast<const uint32_t*>(static_cast<const std::byte*>(readback.mapped()) + kControlOffset);

  StepIterations its(std::span<const SsspStats>(stepStats, steps), batchSettled);
  const IterationStats* last = its.last();
  const uint32_t lastBatch = last != nullptr ? last->batch : startingBatch;
  const uint32_t lastIteration = last != nullptr ? last->level : iteration;
  for (size_t i = 0; i < newSpans.size() && i < roles.size(); ++i) {
    KernelSpan span = newSpans[i];
    const SpanRole& r = roles[i];
    if (r.role == Role::Start || r.role == Role::Seed) {
      if (!starting) {
        continue;
      }
      span.batch = startingBatch;
      span.level = 0;
    } else if (r.role == Role::Readback) {
      span.batch = lastBatch;
      span.level = lastIteration;
    } else {
      if (!its.executed(r.step) || (phaseEndOnly(r.role) && stepStats[r.step].phaseEnd == 0)) {
        continue;
      }
      span.batch = its.at(r.step).batch;
      span.level = its.at(r.step).level;
      // The relaxes count their bytes on the GPU (Sssp.h, SsspStats).
      if (r.role == Role::Relax) {
        span.bytesMoved = stepStats[r.step].relaxBytes;
      } else if (r.role == Role::Heavy) {
        span.bytesMoved = stepStats[r.step].heavyBytes;
      } else if (r.role == Role::Scan) {
        span.bytesMoved = stepStats[r.step].scanBytes;
      } else if (r.role == Role::Collect) {
        span.bytesMoved = stepStats[r.step].collectBytes;
      }
    }
    // Every kept span counts for the iteration with its batch and level (the
    // start and seeding for the batch's first, the read-back for the last that
    // ran).
    its.addSpan(trace, span);
  }
  its.appendTo(trace);
  startPending = false;
  if (words[shader::kSsspCtlBatchDone] != 0) {
    snapshotTracked();
    batch = words[shader::kSsspCtlNextBatch];
    iteration = 0;
    done = words[shader::kSsspCtlAllDone] != 0;
    startPending = !done;
  } else {
    batch = words[shader::kSsspCtlBatch];
    iteration = words[shader::kSsspCtlIteration];
  }
}

void SsspSearch::Impl::snapshotTracked() {
  if (trackedQuery == shader::kSsspNone || !gpuBatch || *gpuBatch != trackedQuery / Q) {
    return;
  }
  // The next submission's batch start overwrites the distances: keep them.
  const uint32_t slot = trackedQuery % Q;
  trackedKeys.resize(V);
  distances.download(context, std::span<uint64_t>(trackedKeys), uint64_t{slot} * V);
  context.download(queries, &trackedFinal, sizeof(SsspQuery), uint64_t{slot} * sizeof(SsspQuery));
}

uint32_t SsspSearch::Impl::nextSubmissionSteps() {
  if (options.iterationsPerSubmit != 0) {
    return options.iterationsPerSubmit;
  }
  const uint32_t steps = adaptiveSteps;
  adaptiveSteps = std::min(adaptiveSteps * 2, kMaxIterationsPerSubmit);
  return steps;
}

Progress SsspSearch::Impl::progress() const {
  Progress p;
  p.batch = batch;
  p.batches = batches;
  p.level = iteration;
  p.pairs = static_cast<uint32_t>(pairs.size());
  p.pairsDone = plan.destOffsets[std::min(batch * Q, plan.queryCount())];
  return p;
}

SsspSearch::SsspSearch(gpu::Context& context, std::shared_ptr<const DeviceGraph> graph,
                       std::shared_ptr<const DeviceWeights> weights, std::vector<graph::Pair> pairs,
                       const SsspOptions& requested) {
  SsspOptions options = requested;
  if (requested.algorithm == SsspAlgorithm::Automatic) {
    const ResidentShape shape = residentShape(context.info(), *graph,
                                              resolveResidentChain(requested.chainRounds, weights->summary()),
                                              pairs.size());
    options.algorithm = residentSuits(context.info(), shape, weights->summary()) ? SsspAlgorithm::Resident
                                                                                 : SsspAlgorithm::Batched;
    // Where a hub may pass lavapipe's loop budget in the batched relax (its
    // constructor refuses it), Near-Far, whose arcs spread over invocations.
    // The queries per batch at their most: the bound only grows with them.
    const uint64_t q = std::min<uint64_t>(
        requested.queriesPerBatch != 0 ? requested.queriesPerBatch : kDefaultBatchedQueries, pairs.size());
    if (options.algorithm == SsspAlgorithm::Batched &&
        !batchedFitsLoopBudget(context.info(), graph->vertexCount(), static_cast<uint32_t>(std::max<uint64_t>(q, 1)),
                               resolveChainRounds(requested.chainRounds, weights->summary()), shape.maxOutDegree)) {
      options.algorithm = SsspAlgorithm::NearFar;
    }
  }
  if (options.algorithm == SsspAlgorithm::Batched) {
    m_batched = std::make_unique<BatchedSssp>(context, std::move(graph), std::move(weights), std::move(pairs), options);
  } else if (options.algorithm == SsspAlgorithm::Resident) {
    m_resident =
        std::make_unique<ResidentSssp>(context, std::move(graph), std::move(weights), std::move(pairs), options);
  } else if (options.algorithm == SsspAlgorithm::Pairs) {
    m_pairHops = std::make_unique<PairHops>(context, std::move(graph), std::move(weights), std::move(pairs), options);
  } else {
    m_impl = std::make_unique<Impl>(context, std::move(graph), std::move(weights), std::move(pairs), options);
  }
}

SsspSearch::~SsspSearch() = default;

// Every call goes to the engine this search was made with.
#define FRONTIER_BATCHED_OR(call) \
  if (m_batched) {                \
    return m_batched->call;       \
  }                               \
  if (m_resident) {               \
    return m_resident->call;      \
  }                               \
  if (m_pairHops) {               \
    return m_pairHops->call;      \
  }

bool SsspSearch::finished() const noexcept {
  FRONTIER_BATCHED_OR(finished());
  return m_impl->done;
}
uint32_t SsspSearch::batchCount() const noexcept {
  FRONTIER_BATCHED_OR(batchCount());
  return m_impl->batches;
}
uint32_t SsspSearch::currentBatch() const noexcept {
  FRONTIER_BATCHED_OR(currentBatch());
  return m_impl->batch;
}
uint32_t SsspSearch::currentIteration() const noexcept {
  FRONTIER_BATCHED_OR(currentIteration());
  return m_impl->iteration;
}
uint32_t SsspSearch::queriesPerBatch() const noexcept {
  FRONTIER_BATCHED_OR(queriesPerBatch());
  return m_impl->Q;
}
uint32_t SsspSearch::queryCount() const noexcept {
  FRONTIER_BATCHED_OR(queryCount());
  return m_impl->plan.queryCount();
}
double SsspSearch::delta() const noexcept {
  FRONTIER_BATCHED_OR(delta());
  return m_impl->deltaValue;
}
bool SsspSearch::integerWeights() const noexcept {
  FRONTIER_BATCHED_OR(integerWeights());
  return m_impl->integer;
}
bool SsspSearch::chunkedArrays() const noexcept {
  FRONTIER_BATCHED_OR(chunkedArrays());
  return m_impl->chunkedArrays();
}
const RunTrace& SsspSearch::trace() const noexcept {
  FRONTIER_BATCHED_OR(trace());
  return m_impl->trace;
}
const std::vector<graph::Pair>& SsspSearch::pairs() const noexcept {
  FRONTIER_BATCHED_OR(pairs());
  return m_impl->pairs;
}
const SsspOptions& SsspSearch::options() const noexcept {
  FRONTIER_BATCHED_OR(options());
  return m_impl->options;
}

IterationStats SsspSearch::step() {
  FRONTIER_BATCHED_OR(step());
  Impl& s = *m_impl;
  s.settle();
  if (s.done) {
    throw std::logic_error("SsspSearch::step called after the search finished");
  }
  const size_t before = s.trace.iterations.size();
  s.submit(1, nullptr);
  if (s.trace.iterations.size() == before) {
    throw std::logic_error("SsspSearch::step: the device ran no iteration");
  }
  return s.trace.iterations.back();
}

bool SsspSearch::run(const std::function<void(const Progress&)>& progress, const std::atomic<bool>* cancel) {
  FRONTIER_BATCHED_OR(run(progress, cancel));
  Impl& s = *m_impl;
  s.settle();
  while (!s.done && (cancel == nullptr || !cancel->load())) {
    s.submit(s.nextSubmissionSteps(), cancel);
    if (progress) {
      progress(s.progress());
    }
  }
  return s.done;
}

void SsspSearch::settle() {
  if (m_impl) {
    m_impl->settle();  // the batched engine waits for every submission
  }
}

void SsspSearch::reset() {
  FRONTIER_BATCHED_OR(reset());
  Impl& s = *m_impl;
  s.settle();
  s.clearDeviceState();
  s.spans.resetOrigin();
  s.freshTrace();
  s.done = s.batches == 0 || s.pairs.empty();
}

std::vector<double> SsspSearch::lengths() const {
  FRONTIER_BATCHED_OR(lengths());
  m_impl->settle();
  const Impl& s = *m_impl;
  if (s.pairs.empty()) {
    return {};
  }
  std::vector<uint64_t> keys(s.pairs.size());
  s.context.download(s.results, std::span<uint64_t>(keys));
  return pairLengths(keys, s.plan, s.integer);
}

std::vector<double> SsspSearch::trackedDistances() const {
  FRONTIER_BATCHED_OR(trackedDistances());
  m_impl->settle();
  const Impl& s = *m_impl;
  std::vector<uint64_t> keys;
  if (!s.trackedKeys.empty()) {
    keys = s.trackedKeys;
  } else if (s.trackedQuery != shader::kSsspNone && s.gpuBatch && *s.gpuBatch == s.trackedQuery / s.Q) {
    keys.resize(s.V);
    s.distances.download(s.context, std::span<uint64_t>(keys), uint64_t{s.trackedQuery % s.Q} * s.V);
  }
  std::vector<double> out(keys.size());
  for (size_t v = 0; v < keys.size(); ++v) {
    out[v] = keyToLength(keys[v], s.integer);
  }
  return out;
}

std::vector<VertexState> SsspSearch::trackedState() const {
  FRONTIER_BATCHED_OR(trackedState());
  m_impl->settle();
  const Impl& s = *m_impl;
  std::vector<uint64_t> keys;
  SsspQuery query{};
  if (!s.trackedKeys.empty()) {
    keys = s.trackedKeys;
    query = s.trackedFinal;
  } else if (s.trackedQuery != shader::kSsspNone && s.gpuBatch && *s.gpuBatch == s.trackedQuery / s.Q) {
    const uint32_t slot = s.trackedQuery % s.Q;
    keys.resize(s.V);
    s.distances.download(s.context, std::span<uint64_t>(keys), uint64_t{slot} * s.V);
    s.context.download(s.queries, &query, sizeof(SsspQuery), uint64_t{slot} * sizeof(SsspQuery));
  }
  std::vector<VertexState> out(keys.size());
  for (size_t v = 0; v < keys.size(); ++v) {
    out[v] = classifyVertex(keys[v], query.settledBelow, query.threshold);
  }
  return out;
}

#undef FRONTIER_BATCHED_OR

} // namespace frontier::engine
