#include "engine/ibfs/SearchImpl.h"

namespace frontier::engine {


Search::Impl::Impl(gpu::Context& ctx, std::shared_ptr<const DeviceGraph> g, std::vector<graph::Pair> p,
                   const Strategy& s, const SearchOptions& o)
    : context(ctx), graph(std::move(g)), pairs(std::move(p)), strategy(s), options(o),
      spans(ctx, 4 + 7 * kMaxLevelsPerSubmit, o.timestamps) {
  V = graph->vertexCount();
  if (strategy.options.tuned) {
    // The switches come from the graph's shape, but ω stays the one asked
    // for: it is what a run too large for the device's memory is told to
    // lower (checkResources).
    const uint32_t asked = strategy.options.searchesPerBatch;
    const SearchEnds ends = strategy.options.ends;  // `tuned+bidir[=R]`, `tuned+one-way` are kept
    const double bothRatio = strategy.options.bidirBothRatio;
    strategy.options = tunedOptions(tunedShape(), pairs.size());
    strategy.options.searchesPerBatch = asked;
    if (ends != SearchEnds::Auto) {
      strategy.options.ends = ends;
      strategy.options.bidirBothRatio = bothRatio;
      strategy.options.wordLists = strategy.options.wordLists && ends != SearchEnds::Both;  // bidir has its own kernels
    }
  }
  // A tracked pair of a two-sided run is searched from both ends like the
  // others and ends where its sides meet (its levels per side: trackedLevels()).
  twoSided = strategy.options.ends == SearchEnds::Both;
  validateOptions(strategy.options, strategy.name);
  omega = strategy.options.searchesPerBatch;
  vertexMajor = strategy.options.layout == Layout::VertexMajor;
  if (omega < 32 || omega > 1024 || omega % 32 != 0) {
    throw std::invalid_argument("searches per batch must be a multiple of 32 from 32 to 1024, not " +
                                std::to_string(omega));
  }
  checkPairs(pairs, V, options.trackedPair, std::numeric_limits<int32_t>::max());
  requireInt64Atomics(context);
  planSlots();
  batches = ceilDiv(slotPair.size(), omega);
  maxGroups = std::min<uint32_t>(shader::kIbfsMaxStridedGroups, context.info().maxWorkgroupCount[0]);
  checkResources();

  const BatchShape full = shape(0);
  const uint64_t words = slotPair.empty() ? 1 : statusWords(full);
  const uint64_t queueWords = jfqWords(slotPair.empty() ? 1 : full.instances);
  auto device = [&](uint64_t bytes, const char* name) {
    return context.createBuffer(bytes, gpu::BufferKind::Device, name);
  };
  // Reached by address (IbfsPush): larger than one binding's range allows,
  // and spread over chunks when larger than one allocation.
  auto addressed = [&](uint64_t count, const char* name) { return AddressedArray(context, count, name); };
  current = addressed(words, "status words S_k (current)");
  next = addressed(words, "status words S_k+1 (next)");
  queue = addressed(queueWords, "joint frontier queue");
  stats = device(uint64_t{kSlots} * sizeof(LevelStats), "level statistics");
  queueCounts = device(uint64_t{kSlots} * shader::kIbfsMaxInstances * 4, "queue counts");
  sources = device(std::max<size_t>(slotPair.size(), 1) * 4, "search sources");
  destinations = device(std::max<size_t>(slotPair.size(), 1) * 4, "search destinations");
  lengthsBuffer = device(std::max<size_t>(slotPair.size(), 1) * 4, "search lengths");
  active = device(shader::kIbfsMaxInstances * 4, "active searches");
  control = device(shader::kIbfsControlWords * 4, "control and dispatch arguments");
  tracked = addressed(std::max<uint64_t>(V, 1) * (tracksBothSides() ? 2 : 1), "tracked search levels");
  // Word lists keep each JFQ word's fresh bits in its queue entry instead.
  fresh = addressed(vertexMajor && !wordLists() ? words : 1, "fresh words of the JFQ vertices");
  touched = addressed(touchedWords(full), wordLists() ? "changed status words (identify's list)"
                                                      : "touched vertices (two lists)");
  stamp = addressed(std::max<uint64_t>(V, 1), "touched stamps");
  chunkedArrays = graph->chunkedArcs() || current.chunked() || next.chunked() || queue.chunked() ||
                  fresh.chunked() || tracked.chunked() || touched.chunked() || stamp.chunked();
  if (strategy.options.scanBuiltJfq) {
    jfqScan = std::make_unique<JfqScan>(context, strategy.options.scanKind, V, control);
  }
  arrays = context.createBuffer(sizeof(shader::IbfsArrays), gpu::BufferKind::Device, "per-vertex arrays' addresses");
  // The statistics ring, the control block, then the queue counts (entries per level: bytes moved).
  readback = context.createBuffer(uint64_t{kSlots} * sizeof(LevelStats) + shader::kIbfsControlWords * 4 +
                                      uint64_t{kSlots} * shader::kIbfsMaxInstances * 4,
                                  gpu::BufferKind::Download, "statistics readback");

  std::vector<uint32_t> src(slotPair.size());
  std::vector<uint32_t> dst(slotPair.size());
  for (size_t i = 0; i < slotPair.size(); ++i) {
    src[i] = pairs[slotPair[i]].source;
    dst[i] = pairs[slotPair[i]].destination;
  }
  context.upload(sources, std::span<const uint32_t>(src));
  context.upload(destinations, std::span<const uint32_t>(dst));
  const std::vector<int32_t> unreached(slotPair.size(), graph::kUnreachable);
  context.upload(lengthsBuffer, std::span<const int32_t>(unreached));

  gpu::BindingTable<shader::kIbfsBindingCount> buffers;
  buffers.set(shader::kIbfsBindingArrays, arrays)
      .set(shader::kIbfsBindingStats, stats)
      .set(shader::kIbfsBindingQueueCounts, queueCounts)
      .set(shader::kIbfsBindingSources, sources)
      .set(shader::kIbfsBindingDestinations, destinations)
      .set(shader::kIbfsBindingLengths, lengthsBuffer)
      .set(shader::kIbfsBindingActive, active)
      .set(shader::kIbfsBindingControl, control);
  kernels = std::make_unique<IbfsKernels>(context, buffers.ranges(), chunkedArrays);
  if (twoSided) {
    bidir = std::make_unique<BidirLevels>(
        context, *graph,
        BidirLevels::Shared{current, fresh, next, arrays, stats, sources, destinations, lengthsBuffer, active,
                            control, stamp, queueCounts, tracked},
        words, maxGroups, strategy.options.bidirBothRatio, chunkedArrays, options.trackedPair.has_value());
  }
  shader::IbfsArrays addresses{};
  addresses.outOffsets = graph->outOffsets().address();
  addresses.inOffsets = graph->inOffsets().address();
  addresses.tracked = tracked.address();
  addresses.touched = touched.address();
  addresses.stamp = stamp.address();
  if (jfqScan) {
    addresses.scanCounts = jfqScan->counts().address();
    addresses.scanPrefix = jfqScan->prefix().address();
  }
  if (bidir) {
    addresses.queueF = bidir->queueF().address();
    addresses.queueB = bidir->queueB().address();
    addresses.bidirLists = bidir->lists().address();
  }
  context.upload(arrays, &addresses, sizeof(addresses));

  trace.algorithm = "ibfs";
  trace.strategy = strategy.name;
  trace.options = (s.options.tuned ? std::string("tuned: ") : std::string()) + strategy.options.describe();
  trace.twoSided = twoSided;
  trace.device = context.info().name;
  trace.graph = graph->host().name();
  trace.vertices = V;
  trace.arcs = graph->host().arcCount();
  trace.directed = graph->host().directed();
  trace.directionSource = graph->host().directionSource();
  trace.pairs = static_cast<uint32_t>(pairs.size());
  trace.skippedPairs = static_cast<uint32_t>(pairs.size() - slotPair.size());
  trace.batches = batches;
  trace.searchesPerBatch = omega;
  done = batches == 0;
}

void Search::Impl::planSlots() {
  const bool filter = strategy.options.componentFilter;
  const std::vector<graph::VertexId>* labels = filter ? &componentLabels() : nullptr;
  for (uint32_t i = 0; i < pairs.size(); ++i) {
    const bool isTracked = options.trackedPair && *options.trackedPair == i;
    if (labels != nullptr && !isTracked && (*labels)[pairs[i].source] != (*labels)[pairs[i].destination]) {
      continue;  // different components: unreachable
    }
    slotPair.push_back(i);
  }
  if (strategy.options.groupBy) {
    // GroupBy (iBFS): sources adjacent to the same hub share their first
    // frontiers, so give them neighbouring slots and thus the same batch.
    const graph::Csr& out = graph->host().out();
    const auto hub = [&](graph::VertexId v) {
      graph::VertexId best = v;
      for (const graph::VertexId u : out.neighbours(v)) {
        if (out.degree(u) > out.degree(best) || (out.degree(u) == out.degree(best) && u < best)) {
          best = u;
        }
      }
      return best;
    };
    std::vector<std::pair<uint64_t, uint32_t>> keyed;
    keyed.reserve(slotPair.size());
    for (const uint32_t pair : slotPair) {
      const graph::VertexId source = pairs[pair].source;
      keyed.emplace_back((uint64_t{hub(source)} << 32U) | source, pair);
    }
    std::stable_sort(keyed.begin(), keyed.end(),
                     [](const auto& a, const auto& b) { return a.first < b.first; });
    for (size_t i = 0; i < keyed.size(); ++i) {
      slotPair[i] = keyed[i].second;
    }
  }
  for (uint32_t slot = 0; slot < slotPair.size(); ++slot) {
    if (options.trackedPair && slotPair[slot] == *options.trackedPair) {
      trackedSlot = slot;
    }
  }
}

void Search::Impl::checkResources() {
  if (slotPair.empty()) {
    return;
  }
  const gpu::DeviceInfo& info = context.info();
  const BatchShape full = shape(0);
  // The status arrays and the JFQ are reached by address and spread over
  // chunks when larger than one allocation, so neither the binding range
  // nor the allocation size bounds them. The kernels index their words with
  // 32 bits and stride over them by up to 2^18 words (kIbfsMaxStridedGroups
  // x 256): the last stride must not wrap.
  constexpr uint64_t kMaxWords = (uint64_t{1} << 32U) - (uint64_t{1} << 20U);
  if (statusWords(full) >= kMaxWords || (wordLists() && jfqWords(full.instances) >= kMaxWords)) {
    // The largest omega whose status array (and word list JFQ) the kernels index.
    const uint64_t wordsPerVertex = (kMaxWords - 1) / (uint64_t{V} * (wordLists() ? 2 : 1));
    uint32_t fit = 0;
    if (vertexMajor) {
      uint32_t w = 1;
      while (uint64_t{w} * 2 <= wordsPerVertex && w < 32) {
        w *= 2;
      }
      fit = wordsPerVertex >= 1 ? w * 32 : 0;
    } else {
      fit = static_cast<uint32_t>(std::min<uint64_t>(wordsPerVertex, 32)) * 32;
    }
    throw ResourceError("a status array for " + std::to_string(omega) + " searches per batch on " +
                        std::to_string(V) + " vertices needs " + std::to_string(statusWords(full)) +
                        " words, more than the kernels index: " +
                        (fit >= 32 ? "lower searches per batch to " + std::to_string(fit)
                                   : std::string("the graph is too large for this engine")));
  }
  if (jfqWords(full.instances) >= kMaxWords) {
    throw ResourceError("the JFQ needs " + std::to_string(jfqWords(full.instances)) +
                        " words, more than the kernels index: use a smaller graph");
  }
  // The per-vertex arrays are addressed too (IbfsArrays) and indexed with
  // 32 bits: the touched lists (2V words, or a quarter of a status array
  // with word lists, bounded above) and the two-sided queues.
  constexpr uint64_t kMaxIndex = uint64_t{1} << 32U;
  if (touchedWords(full) >= kMaxIndex) {
    throw ResourceError("the touched lists need " + std::to_string(touchedWords(full)) +
                        " words, more than the kernels index: use a smaller graph");
  }
  // The scan's counts and prefixes are one allocation each (the scans read
  // them by plain address).
  const uint64_t scanBytes = uint64_t{std::max(V, 1U)} * 4;
  if (strategy.options.scanBuiltJfq && context.maxAllocationSize() > 0 && scanBytes > context.maxAllocationSize()) {
    throw ResourceError("the scan-built JFQ's entry counts need " + gib(scanBytes) + " in one allocation but " +
                        info.name + " allows " + gib(context.maxAllocationSize()) +
                        ": build the JFQ with atomics (without +scan)");
  }
  if (twoSided && BidirLevels::listWords(V) >= kMaxIndex) {
    throw ResourceError("the two-sided search's frontier lists need " + std::to_string(BidirLevels::listWords(V)) +
                        " words, more than the kernels index: search one way (+one-way)");
  }
  if (twoSided && BidirLevels::queueBytes(V, graph->host().arcCount()) / 4 >= kMaxIndex) {
    throw ResourceError("the two-sided search's queues need " +
                        std::to_string(BidirLevels::queueBytes(V, graph->host().arcCount()) / 4) +
                        " words each, more than the kernels index: search one way (+one-way)");
  }
  const uint64_t budget = context.deviceLocalBudget();
  trace.deviceBytes = deviceBytes(full);
  trace.deviceBudget = budget;
  if (budget == 0 || trace.deviceBytes <= budget) {
    return;
  }
  // The largest omega whose batch fits next to the graph: vertex-major
  // batches hold a power of two of words per vertex.
  uint32_t fit = 0;
  for (uint32_t words = full.words; words >= 1 && fit == 0; words /= 2) {
    BatchShape smaller = full;
    smaller.words = words;
    smaller.instances = std::min(full.instances, words);
    fit = deviceBytes(smaller) <= budget ? words * 32 : 0;
  }
  checkFits("a run of " + std::to_string(omega) + " searches per batch on " + std::to_string(V) + " vertices and " +
                std::to_string(graph->host().arcCount()) + " arcs",
            trace.deviceBytes, budget, info.name,
            fit > 0 ? "lower searches per batch to " + std::to_string(fit) +
                          " (--searches-per-batch, or +omega=N in the strategy)"
                    : std::string("the graph is too large for this device's memory"));
}

uint64_t Search::Impl::deviceBytes(const BatchShape& b) const {
  const uint64_t status = statusWords(b) * 4;
  // Tracked levels (per side when two-sided), stamps, touched.
  const uint64_t perVertex = (tracksBothSides() ? 3 : 2) * uint64_t{V} * 4 + touchedWords(b) * 4;
  const uint64_t scan = strategy.options.scanBuiltJfq ? 2 * uint64_t{V} * 4 : 0;
  const uint64_t perSearch = 3 * uint64_t{slotPair.size()} * 4;  // sources, destinations, lengths
  const uint64_t twoSidedBytes =
      twoSided ? BidirLevels::extraBytes(statusWords(b), V, graph->host().arcCount()) : 0;
  const uint64_t statusArrays = vertexMajor && !wordLists() ? 3 : 2;  // current, next, fresh words
  return graph->deviceBytes() + statusArrays * status + jfqWords(b.instances) * 4 + perVertex + scan + perSearch +
         twoSidedBytes;
}

BatchShape Search::Impl::shape(uint32_t index) const {
  return rangeShape(index * omega, omega);
}

BatchShape Search::Impl::rangeShape(uint32_t first, uint32_t count) const {
  BatchShape b;
  b.offset = first;
  b.size = static_cast<uint32_t>(
      std::min<uint64_t>(count, slotPair.size() - std::min<uint64_t>(b.offset, slotPair.size())));
  b.words = nextPowerOfTwo(std::max(1U, ceilDiv(b.size, 32)));
  b.instances = std::max(1U, ceilDiv(b.size, 32));
  return b;
}

uint32_t Search::Impl::trackedSearchIn(const BatchShape& b) const {
  if (trackedSlot && *trackedSlot >= b.offset && *trackedSlot < b.offset + b.size) {
    return *trackedSlot - b.offset;
  }
  return shader::kIbfsNoSearch;
}

IbfsPush Search::Impl::push(const BatchShape& b, uint32_t atLevel) const {
  const EngineOptions& o = strategy.options;
  IbfsPush p{};
  p.outTargets = graph->outTargets().address();
  p.inTargets = graph->inTargets().address();
  p.current = current.address();
  p.next = next.address();
  p.queue = queue.address();
  p.fresh = fresh.address();
  p.vertexCount = V;
  p.words = b.words;
  p.instances = b.instances;
  p.layoutKind = vertexMajor ? shader::kIbfsLayoutVertexMajor : shader::kIbfsLayoutInstanceMajor;
  p.batchOffset = b.offset;
  p.batchSize = b.size;
  p.level = atLevel;
  p.slot = atLevel % kSlots;
  p.trackedSearch = trackedSearchIn(b);
  switch (o.direction) {
  case DirectionPolicy::TopDown: p.policy = shader::kIbfsPolicyTopDown; break;
  case DirectionPolicy::JfqThreshold: p.policy = shader::kIbfsPolicyJfqThreshold; break;
  case DirectionPolicy::Beamer: p.policy = shader::kIbfsPolicyBeamer; break;
  }
  if (!vertexMajor) {
    p.policy = shader::kIbfsPolicyTopDown;  // instance-major has no bottom-up kernel
  }
  p.jfqThreshold = static_cast<float>(o.jfqThreshold);
  p.beamerAlpha = static_cast<float>(o.beamerAlpha);
  p.beamerBeta = static_cast<float>(o.beamerBeta);
  const uint32_t teams = shader::kIbfsWorkgroupSize / b.words;
  p.checkGroups = ceilDiv(b.size, 256);
  p.chunkArcs = vertexMajor && o.loadBalancedExpand ? kChunkArcs : 0;
  p.flags = (o.aggregatedAppends ? shader::kIbfsFlagAggregatedAppends : 0U) |
            (sparseIdentify() ? shader::kIbfsFlagSparseIdentify : 0U) |
            (jfqScan ? shader::kIbfsFlagScanJfq : 0U) |
            (o.probeDestinations ? shader::kIbfsFlagProbeDestinations : 0U) |
            (wordLists() ? shader::kIbfsFlagWordLists : 0U);
  p.listCapacity = wordLists() ? static_cast<uint32_t>(listCapacity(b)) : 0;
  if (wordLists()) {
    // One invocation per status word, strided: the identify learns on the
    // GPU whether it sweeps them all or only the expand's list.
    p.identifyGroups = std::clamp(ceilDiv(uint64_t{V} * b.words, shader::kIbfsWorkgroupSize), 1U, maxGroups);
    p.topDownGroupsMax = maxGroups;
    p.bottomUpGroups = 0;
  } else if (vertexMajor) {
    p.identifyGroups = std::clamp(ceilDiv(V, teams), 1U, maxGroups);
    p.topDownGroupsMax = maxGroups;
    p.bottomUpGroups = p.identifyGroups;
  } else {
    p.identifyGroups = std::clamp(ceilDiv(V, shader::kIbfsWorkgroupSize), 1U, maxGroups);
    p.topDownGroupsMax = std::clamp(ceilDiv(V, shader::kIbfsInstanceLocalX), 1U, maxGroups);
    p.bottomUpGroups = 0;
  }
  return p;
}

void Search::Impl::recordBatchStart(gpu::CommandBuffer& commands, const BatchShape& b) {
  if (bidir) {
    bidir->recordBatchStart(commands, spans, {b.offset, b.size, b.words, trackedSearchIn(b)}, batch);
    trackedFrontier = {1, 1};  // its source and its destination
    trackedEnded = false;
    return;
  }
  current.fill(commands, 0, 0, statusWords(b));
  next.fill(commands, 0, 0, statusWords(b));
  commands.fill(active, 0);
  commands.fill(control, 0);
  commands.fill(lengthsBuffer, 0xFFFFFFFFU, uint64_t{b.offset} * 4, uint64_t{b.size} * 4);
  stamp.fill(commands, 0);
  const IbfsPush p = push(b, 0);
  if (p.trackedSearch != shader::kIbfsNoSearch) {
    tracked.fill(commands, shader::kIbfsUnreached);
  }
  // Level 0's destination check and identify are sized by the host; later
  // levels by the plan kernel.
  const uint32_t identifyGroups =
      sparseIdentify() ? std::clamp(ceilDiv(b.size, shader::kIbfsWorkgroupSize / b.words), 1U, p.identifyGroups)
                       : p.identifyGroups;
  const uint32_t args[8] = {p.checkGroups, 1, 1, 0, identifyGroups, vertexMajor ? 1U : b.instances, 1, 0};
  // The clear of `control` above must land before these writes into it: two
  // transfer writes to one buffer are unordered without a barrier (found by
  // the validation layers' synchronization validation).
  commands.barrier();
  commands.update(control, shader::kIbfsArgsCheck * 4, std::as_bytes(std::span<const uint32_t>(args)));
  const uint32_t sparse = sparseIdentify() ? 1 : 0;  // level 0 reads the sources' list
  commands.update(control, shader::kIbfsControlSparse * 4, std::as_bytes(std::span<const uint32_t>(&sparse, 1)));
  commands.barrier();
  spans.mark(commands, KernelKind::Clear, batch, 0);
  commands.dispatch(kernels->setSources.pipeline, kernels->setSources.set, {ceilDiv(b.size, 256), 1, 1}, p);
  commands.barrier();
  spans.mark(commands, KernelKind::SetSources, batch, 0);
}

void Search::Impl::recordLevel(gpu::CommandBuffer& commands, const BatchShape& b, uint32_t atLevel) {
  if (bidir) {
    bidir->recordLevel(commands, spans, {b.offset, b.size, b.words, trackedSearchIn(b)}, batch, atLevel);
    return;
  }
  const IbfsPush p = push(b, atLevel);
  const auto args = [](uint32_t word) { return uint64_t{word} * 4; };
  commands.dispatchIndirect(kernels->checkDestinations.pipeline, kernels->checkDestinations.set, control,
                            args(shader::kIbfsArgsCheck), p);
  commands.barrier();
  spans.mark(commands, KernelKind::CheckDestinations, batch, atLevel);
  // Teams fit in a subgroup when W <= the subgroup size: vote with shuffles.
  const bool subgroupTeams = vertexMajor && b.words <= context.info().subgroupSize &&
                             kernels->identifyVertexMajorSubgroup.has_value();
  const IbfsPipeline& identify = !vertexMajor    ? kernels->identifyInstanceMajor
                                 : wordLists()   ? kernels->identifyWords
                                 : subgroupTeams ? *kernels->identifyVertexMajorSubgroup
                                                 : kernels->identifyVertexMajor;
  commands.dispatchIndirect(identify.pipeline, identify.set, control, args(shader::kIbfsArgsIdentify), p);
  commands.barrier();
  spans.mark(commands, KernelKind::Identify, batch, atLevel);
  if (jfqScan) {
    jfqScan->recordScan(commands);
    spans.mark(commands, KernelKind::Scan, batch, atLevel);
    jfqScan->recordScatter(commands, kernels->scatterJfq, control, args(shader::kIbfsArgsIdentify), p);
    spans.mark(commands, KernelKind::Compact, batch, atLevel);
  }
  if (!wordLists()) {
    // The word-list identify plans in its last workgroup (PlanLevel.glsl): a
    // grid or road level saves a dispatch and a barrier.
    commands.dispatch(kernels->plan.pipeline, kernels->plan.set, {1, 1, 1}, p);
    commands.barrier();
    spans.mark(commands, KernelKind::Plan, batch, atLevel);
  }
  const IbfsPipeline& topDown = wordLists()   ? kernels->expandWords
                                : vertexMajor ? kernels->expandTopDownEntries
                                              : kernels->expandTopDownInstanceMajor;
  commands.dispatchIndirect(topDown.pipeline, topDown.set, control, args(shader::kIbfsArgsTopDown), p);
  commands.barrier();
  spans.mark(commands, KernelKind::ExpandTopDown, batch, atLevel);
  if (p.policy != shader::kIbfsPolicyTopDown) {
    const IbfsPipeline& bottomUp =
        subgroupTeams ? *kernels->expandBottomUpVertexMajorSubgroup : kernels->expandBottomUpVertexMajor;
    commands.dispatchIndirect(bottomUp.pipeline, bottomUp.set, control, args(shader::kIbfsArgsBottomUp), p);
    commands.barrier();
    spans.mark(commands, KernelKind::ExpandBottomUp, batch, atLevel);
  }
}

void Search::Impl::submitLevels(uint32_t count, const std::atomic<bool>* cancel) {
  count = std::clamp(count, 1U, kMaxLevelsPerSubmit);
  const BatchShape b = currentShape();
  submittedWords = b.words;
  gpu::CommandBuffer commands = context.createCommandBuffer("ibfs levels");
  commands.begin();
  commands.beginLabel("ibfs batch " + std::to_string(batch) + " levels " + std::to_string(level) + "+" +
                      std::to_string(count));
  spans.begin(commands);
  const bool starting = !batchStarted;
  // Zero the statistics slots of the levels about to run (a ring).
  const uint32_t first = level % kSlots;
  const uint32_t inFirstRun = std::min(count, kSlots - first);
  commands.fill(stats, 0, uint64_t{first} * sizeof(LevelStats), uint64_t{inFirstRun} * sizeof(LevelStats));
  commands.fill(queueCounts, 0, uint64_t{first} * shader::kIbfsMaxInstances * 4,
                uint64_t{inFirstRun} * shader::kIbfsMaxInstances * 4);
  if (inFirstRun < count) {
    commands.fill(stats, 0, 0, uint64_t{count - inFirstRun} * sizeof(LevelStats));
    commands.fill(queueCounts, 0, 0, uint64_t{count - inFirstRun} * shader::kIbfsMaxInstances * 4);
  }
  if (starting) {
    recordBatchStart(commands, b);  // clears, then sets the sources, each with its span
  } else {
    commands.barrier();
    spans.mark(commands, KernelKind::Clear, batch, level);
  }
  for (uint32_t j = 0; j < count; ++j) {
    recordLevel(commands, b, level + j);
  }
  const uint64_t controlOffset = uint64_t{kSlots} * sizeof(LevelStats);
  commands.copy(stats, readback, 0, 0, uint64_t{kSlots} * sizeof(LevelStats));
  commands.copy(control, readback, 0, controlOffset, shader::kIbfsControlWords * 4);
  if (bidir) {
    bidir->recordReadback(commands);
  }
  // The queue counts of the levels just recorded only (a ring, like the fills above).
  const uint64_t countsOffset = controlOffset + shader::kIbfsControlWords * 4;
  const uint64_t slotBytes = uint64_t{shader::kIbfsMaxInstances} * 4;
  commands.copy(queueCounts, readback, first * slotBytes, countsOffset + first * slotBytes, inFirstRun * slotBytes);
  if (inFirstRun < count) {
    commands.copy(queueCounts, readback, 0, countsOffset, (count - inFirstRun) * slotBytes);
  }
  commands.barrier();
  spans.mark(commands, KernelKind::Readback, batch, level + count - 1);
  commands.endLabel();
  commands.end();

  const auto start = std::chrono::steady_clock::now();
  const gpu::Submission submission = context.submit(commands);
  pending.emplace(Pending{std::move(commands), submission, count, start});
  if (!waitUnlessCancelled(context, pending->submission, cancel)) {
    return;  // answered now; the levels are taken in by the next call (settle)
  }
  finishLevels();
}

Search::Impl::~Impl() {
  if (pending) {
    waitOut(context, pending->submission);
  }
}

void Search::Impl::finishLevels() {
  waitUnlessCancelled(context, pending->submission, nullptr);
  const uint32_t count = pending->count;
  const uint64_t controlOffset = uint64_t{kSlots} * sizeof(LevelStats);
  const bool batchStart = !batchStarted;
  batchStarted = true;
  trace.totals.wallMs +=
      std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - pending->start).count();
  pending.reset();

  double extentNs = 0;
  std::vector<KernelSpan> newSpans = spans.resolve(extentNs);
  trace.totals.submittedMs += extentNs / 1e6;
  readback.invalidate();
  const auto* levelStats = static_cast<const LevelStats*>(readback.mapped());
  const auto* controlWords =
      reinterpret_cast<const uint32_t*>(static_cast<const std::byte*>(readback.mapped()) + controlOffset);
  const uint32_t* queueCountWords = controlWords + shader::kIbfsControlWords;

  // Which levels ran, and which of their expand dispatches did work.
  uint32_t executed = 0;
  bool batchEnded = false;
  std::vector<IterationStats> levels;
  for (uint32_t j = 0; j < count && !batchEnded; ++j) {
    const LevelStats& s = levelStats[(level + j) % kSlots];
    if (s.executed == 0) {
      break;
    }
    IterationStats it;
    it.batch = batch;
    it.level = level + j;
    it.direction = s.direction == shader::kIbfsDirectionBottomUp ? Direction::BottomUp : Direction::TopDown;
    it.jfqLength = s.jfqLength;
    // Instance-major queues hold one entry per (instance, vertex), as jfqLength counts them.
    it.jfqEntries = vertexMajor ? queueCountWords[((level + j) % kSlots) * shader::kIbfsMaxInstances] : s.jfqLength;
    it.newlyVisited = s.newlyVisited;
    it.edgesExamined = s.edgesExamined;
    it.searchEdges = s.searchEdges;
    it.activeSearches = s.activeSearches;
    if (bidir) {
      it.edgesForward = bidir->levelArcs(level + j, 0);
      it.edgesBackward = bidir->levelArcs(level + j, 1);
      it.wordsForward = bidir->levelWords(level + j, 0);
      it.wordsBackward = bidir->levelWords(level + j, 1);
      it.advancingWords = s.examined;  // its plan's count, not an identify's
      it.identifyItems = s.listed;     // the frontier list the queue read
      it.settleElements = bidir->levelSettleElements(level + j);
      const BidirLevels::TrackedLevel choice = bidir->levelTracked(level + j);
      if (choice.sides != 0) {
        for (uint32_t side = 0; side < 2; ++side) {
          if ((choice.sides >> side & 1U) != 0) {
            trackedFrontier[side] = choice.reached[side];
          }
        }
        it.trackedSides = static_cast<uint8_t>(choice.sides);
        it.trackedArcsForward = choice.arcs[0];
        it.trackedArcsBackward = choice.arcs[1];
        it.trackedFrontierForward = trackedFrontier[0];
        it.trackedFrontierBackward = trackedFrontier[1];
        trackedEnded = trackedEnded || choice.ended;
      }
    } else {
      it.identifyItems = s.examined;
      // A sparse identify examined exactly the list it was handed; a
      // word-list one its list unless at level 0 or past the list's capacity.
      it.identifyReadList = wordLists() ? it.level > 0 && s.listed <= listCapacity(currentShape())
                                        : sparseIdentify() && s.examined == s.listed;
    }
    levels.push_back(it);
    ++executed;
    batchEnded = s.jfqLength == 0;
  }
  // Each expand's list is the one the next level's identify was handed, or
  // for the submission's last level the count the control block holds.
  for (uint32_t j = 0; j < executed && !bidir; ++j) {
    levels[j].listedByExpand =
        j + 1 < executed ? levelStats[(level + j + 1) % kSlots].listed
                         : controlWords[shader::kIbfsControlTouchedCount + ((level + j + 1) & 1U)];
  }
  const auto keep = [&](const KernelSpan& span) {
    if (span.level < level || span.level >= level + executed) {
      return span.kind == KernelKind::Clear || span.kind == KernelKind::SetSources ||
             span.kind == KernelKind::Readback;
    }
    const IterationStats& it = levels[span.level - level];
    if (span.kind == KernelKind::ExpandTopDown) {
      return it.jfqLength > 0 && it.direction == Direction::TopDown;
    }
    if (span.kind == KernelKind::ExpandBottomUp) {
      return it.jfqLength > 0 && it.direction == Direction::BottomUp;
    }
    return true;
  };
  if (executed > 0) {
    levels[0].gpuNs += componentsNs;  // the component labels this run computed first
    componentsNs = 0;
  }
  const BatchShape b = currentShape();
  const TrafficShape traffic{V,
                             vertexMajor,
                             vertexMajor ? b.words : b.instances,
                             b.size,
                             jfqScan != nullptr,
                             wordLists() ? listCapacity(b) : 0};
  for (KernelSpan& span : newSpans) {
    if (!keep(span)) {
      continue;
    }
    if (span.kind == KernelKind::Readback) {
      span.bytesMoved = ibfsReadbackBytes(count);
    } else if (executed > 0) {
      const IterationStats& at = levels[std::clamp(span.level, level, level + executed - 1) - level];
      span.bytesMoved = ibfsBytesMoved(span.kind, at, traffic, batchStart && span.kind == KernelKind::Clear)
                            .value_or(0);
      span.usefulItems = ibfsUsefulItems(span.kind, at, traffic).value_or(0);
    }
    // Every kept span counts for one iteration, so that the iterations' GPU
    // times add up to the run's: the clears and source setting for the level
    // they precede, the read-back for the last level that ran (as the GUI's
    // RunModel places them).
    if (executed > 0) {
      levels[std::clamp(span.level, level, level + executed - 1) - level].gpuNs += span.durationNs();
    }
    trace.totals.gpuMs += span.durationNs() / 1e6; // GPU time: the kept spans
    trace.kernels.push_back(span);
  }
  for (const IterationStats& it : levels) {
    trace.iterations.push_back(it);
    trace.totals.iterations += 1;
    trace.totals.edgesExamined += it.edgesExamined;
    trace.totals.searchEdges += it.searchEdges;
    trace.totals.newlyVisited += it.newlyVisited;
  }
  if (controlWords[shader::kIbfsControlDone] != 0 || batchEnded) {
    level = 0;
    batchStarted = false;
    adaptiveLevels = kAdaptiveStart;
    if (options.claimBatch) {
      holding = false;  // the next claim decides whether the search is done
    } else {
      ++batch;
      done = batch >= batches;
    }
  } else {
    level += executed;
  }
}

Search::Search(gpu::Context& context, std::shared_ptr<const DeviceGraph> graph, std::vector<graph::Pair> pairs,
               const Strategy& strategy, const SearchOptions& options)
    : m_impl(std::make_unique<Impl>(context, std::move(graph), std::move(pairs), strategy, options)) {}

Search::~Search() = default;

bool Search::finished() const noexcept { return m_impl->done; }
uint32_t Search::batchCount() const noexcept { return m_impl->batches; }
uint32_t Search::currentBatch() const noexcept { return m_impl->batch; }
uint32_t Search::currentLevel() const noexcept { return m_impl->level; }
const RunTrace& Search::trace() const noexcept { return m_impl->trace; }
const std::vector<graph::Pair>& Search::pairs() const noexcept { return m_impl->pairs; }

bool Search::Impl::claimIfShared() {
  if (done || !options.claimBatch || holding) {
    return !done;
  }
  const std::optional<SearchRange> claimed = options.claimBatch();
  if (!claimed) {
    done = true;
    return false;
  }
  if (claimed->count == 0 || claimed->count > omega || claimed->first >= slotPair.size() ||
      claimed->count > slotPair.size() - claimed->first) {
    throw std::logic_error("claimed searches " + std::to_string(claimed->first) + "+" +
                           std::to_string(claimed->count) + " of a run of " + std::to_string(slotPair.size()) +
                           " searches, at most " + std::to_string(omega) + " a batch");
  }
  claimedShape = rangeShape(claimed->first, claimed->count);
  batch = claims++;
  holding = true;
  return true;
}

IterationStats Search::step() {
  m_impl->settle();
  if (!m_impl->claimIfShared()) {
    throw std::logic_error("Search::step called after the search finished");
  }
  const size_t recorded = m_impl->trace.iterations.size();
  IterationStats none;
  none.batch = m_impl->batch;
  none.level = m_impl->level;
  m_impl->submitLevels(1, nullptr);
  // The two-sided search's plan may find every search of the batch done
  // (say, each source its own destination): no level ran, none recorded.
  return m_impl->trace.iterations.size() > recorded ? m_impl->trace.iterations.back() : none;
}

bool Search::run(const std::function<void(const Progress&)>& progress, const std::atomic<bool>* cancel) {
  Impl& s = *m_impl;
  s.settle();
  while (!s.done) {
    if (cancel != nullptr && cancel->load()) {
      return false;
    }
    if (!s.claimIfShared()) {
      break;
    }
    uint32_t levels = s.strategy.options.levelsPerSubmit;
    if (levels == 0) {
      levels = s.adaptiveLevels;
      s.adaptiveLevels = std::min(s.adaptiveLevels * 2, kMaxLevelsPerSubmit);
    }
    s.submitLevels(levels, cancel);
    if (progress) {
      Progress p;
      p.batch = s.batch;
      p.batches = s.batches;
      p.level = s.level;
      p.pairs = static_cast<uint32_t>(s.pairs.size());
      p.pairsDone = std::min<uint32_t>(s.batch * s.omega + (p.pairs - static_cast<uint32_t>(s.slotPair.size())),
                                       p.pairs);
      progress(p);
    }
  }
  return true;
}

void Search::settle() { m_impl->settle(); }

void Search::reset() {
  Impl& s = *m_impl;
  s.settle();
  s.batch = 0;
  s.level = 0;
  s.batchStarted = false;
  s.holding = false;
  s.claims = 0;
  s.adaptiveLevels = kAdaptiveStart;
  s.done = s.batches == 0;
  if (s.bidir) {
    s.bidir->forget();  // a reset may stop a batch half-way: clear everything again
  }
  s.spans.resetOrigin();
  // The header (graph, strategy, device, counts) stays; what the run
  // recorded goes.
  s.trace.iterations.clear();
  s.trace.kernels.clear();
  s.trace.totals = {};
  const std::vector<int32_t> unreached(s.slotPair.size(), graph::kUnreachable);
  s.context.upload(s.lengthsBuffer, std::span<const int32_t>(unreached));
}

} // namespace frontier::engine
