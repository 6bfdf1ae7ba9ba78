#pragma once
// The state of one Search (Search::Impl) and the helpers it is built from,
// shared by the files that implement Search: Search.cpp (life cycle,
// recording, submission) and SearchViews.cpp (results and what the views
// read back). Private to core/engine/ibfs.

#include "engine/ibfs/Search.h"

#include <algorithm>
#include <array>
#include <chrono>
#include <cstring>
#include <stdexcept>
#include <optional>
#include <string>

#include "engine/AddressedArray.h"
#include "engine/DeviceGraph.h"
#include "engine/ibfs/BidirLevels.h"
#include "engine/ibfs/BytesMoved.h"
#include "engine/FenceWait.h"
#include "engine/ibfs/IbfsKernels.h"
#include "engine/ibfs/JfqScan.h"
#include "engine/MemoryNeeds.h"
#include "engine/RequestChecks.h"
#include "engine/SpanRecorder.h"
#include "engine/ibfs/StatusBinner.h"
#include "Ibfs.h"
#include "vk/CommandBuffer.h"
#include "vk/BindingTable.h"
#include "vk/Context.h"
#include "vk/FaultInjection.h"

namespace frontier::engine {

// Search's constants and helpers (a named namespace: the header is shared).
namespace ibfs_detail {

using shader::IbfsPush;
using shader::LevelStats;
static_assert(sizeof(LevelStats) == 64, "LevelStats must match the std430 layout of Ibfs.h");

constexpr uint32_t kSlots = shader::kIbfsStatsSlots;
constexpr uint32_t kMaxLevelsPerSubmit = 64;
constexpr uint32_t kAdaptiveStart = 2;
constexpr uint32_t kChunkArcs = 128;             // arcs per JFQ entry with load balancing

inline uint32_t ceilDiv(uint64_t a, uint64_t b) { return static_cast<uint32_t>((a + b - 1) / b); }

inline uint32_t nextPowerOfTwo(uint32_t v) {
  uint32_t p = 1;
  while (p < v) {
    p <<= 1U;
  }
  return p;
}


struct BatchShape {
  uint32_t offset = 0;
  uint32_t size = 0;
  uint32_t words = 1;      // vertex-major: power of two >= size / 32
  uint32_t instances = 1;  // instance-major
};

} // namespace ibfs_detail

using namespace ibfs_detail;  // private header: only Search.cpp and SearchViews.cpp include it

struct Search::Impl {
  Impl(gpu::Context& ctx, std::shared_ptr<const DeviceGraph> g, std::vector<graph::Pair> p, const Strategy& s,
       const SearchOptions& o);

  BatchShape shape(uint32_t index) const;
  IbfsPush push(const BatchShape& b, uint32_t atLevel) const;
  // The tracked pair's search index within batch b, or kIbfsNoSearch.
  uint32_t trackedSearchIn(const BatchShape& b) const;
  // Sparse identifies: vertex-major only, and not with Beamer's rule (which
  // needs the unexplored arcs that only a full identify counts).
  bool sparseIdentify() const {
    return vertexMajor && strategy.options.sparseIdentify && strategy.options.direction != DirectionPolicy::Beamer &&
           !wordLists();
  }
  // `worklist`: identify and expand over status words (WordLists.glsl).
  bool wordLists() const { return vertexMajor && strategy.options.wordLists; }
  // What the first word of a vertex-major JFQ entry divides by to give its
  // vertex: 1 for (vertex, first arc) entries; with word lists the entry's
  // status word v * W + w, in the layout of the last submission's batch.
  uint32_t entryWordsPerVertex() const { return wordLists() ? submittedWords : 1U; }
  // Words the identify's list holds (in `touched`): a quarter of the status
  // words; a longer list makes the identify sweep every word, which then
  // costs less than the list's scattered reads.
  uint64_t listCapacity(const BatchShape& b) const { return std::max<uint64_t>(uint64_t{V} * b.words / 4, 1); }
  uint64_t touchedWords(const BatchShape& b) const {
    return std::max<uint64_t>(2 * uint64_t{std::max(V, 1U)}, wordLists() ? listCapacity(b) : 0);
  }
  uint64_t statusWords(const BatchShape& b) const {
    return vertexMajor ? uint64_t{V} * b.words : uint64_t{V} * b.instances;
  }
  void recordBatchStart(gpu::CommandBuffer& commands, const BatchShape& b);
  void recordLevel(gpu::CommandBuffer& commands, const BatchShape& b, uint32_t atLevel);
  // Records and submits `count` levels of the current batch, waits and reads
  // them back. When `cancel` becomes true during the wait, returns at once
  // and leaves the submission pending.
  void submitLevels(uint32_t count, const std::atomic<bool>* cancel);
  // Waits for the pending submission and takes its levels in.
  void finishLevels();
  // Every public call that reads or records starts here: a submission a
  // cancelled run() stopped waiting for is finished first.
  void settle() {
    if (pending) {
      finishLevels();
    }
  }
  // Words of the JFQ buffer. Vertex-major: (vertex, first arc) entries, up
  // to V + arcs / C with load balancing; instance-major: a vertex queue per
  // instance; word lists: (status word index, fresh bits) entries.
  uint64_t jfqWords(uint32_t instances) const {
    if (wordLists()) {
      return 2 * std::max<uint64_t>(uint64_t{V} * shape(0).words, 1);  // (word, fresh bits) per status word at most
    }
    return vertexMajor
               ? 2 * (uint64_t{V} + (strategy.options.loadBalancedExpand ? graph->host().arcCount() / kChunkArcs + 1 : 0))
               : uint64_t{V} * instances;
  }
  // Checks the arrays against what the kernels can index and bind, and the
  // whole run, graph included, against the device's budget; records the
  // latter in the trace.
  void checkResources();
  // Device bytes of a run whose largest batch is `b`, graph included.
  uint64_t deviceBytes(const BatchShape& b) const;
  // The batch whose words the status arrays hold, if any.
  std::optional<uint32_t> shownBatch() const {
    if (batchStarted || (options.claimBatch && trace.totals.iterations > 0)) {
      return batch;  // shared batches: `batch` stays the last one until the next is claimed
    }
    if (batch > 0 && trace.totals.iterations > 0) {
      return batch - 1;
    }
    return std::nullopt;
  }
  void planSlots();
  // Shared batches (SearchOptions::claimBatch): claims the next batch when
  // none is held. False when none is left (the search is then done).
  bool claimIfShared();
  // The searches of the batch `batch` (shared batches: the one claimed).
  BatchShape currentShape() const { return options.claimBatch ? claimedShape : shape(batch); }
  BatchShape rangeShape(uint32_t first, uint32_t count) const;
  // The component filter's labels, computed on the device by the first run
  // of the graph that needs them (their spans join that run's trace), then
  // kept by the DeviceGraph (SearchComponents.cpp).
  const std::vector<graph::VertexId>& componentLabels();
  // DeviceGraph::tuningShape's fields for `tuned`, the components counted
  // from the device labels.
  graph::GraphStats tunedShape();
  double componentsNs = 0;  // GPU time of the labels computed by this run, not yet in an iteration

  gpu::Context& context;
  std::shared_ptr<const DeviceGraph> graph;
  std::vector<graph::Pair> pairs;
  // The searches: slot i searches pair slotPair[i]. Pairs left out (component
  // filter) are unreachable without a search; the order groups pairs into
  // batches (GroupBy).
  std::vector<uint32_t> slotPair;
  std::optional<uint32_t> trackedSlot;
  // Two-sided: the tracked search's frontier per side in vertices (a side
  // that waits keeps its last one), for the iterations' statistics.
  std::array<uint64_t, 2> trackedFrontier{};
  bool trackedEnded = false;  // two-sided: the tracked search met or ran dry in its batch
  // The tracked levels hold both sides (2V words).
  bool tracksBothSides() const noexcept { return twoSided && options.trackedPair.has_value(); }
  // The tracked search's batch has started: its levels can be read.
  bool trackedStarted() const noexcept;
  Strategy strategy;
  SearchOptions options;
  uint32_t V = 0;
  uint32_t omega = 0;
  bool vertexMajor = true;
  uint32_t batches = 0;
  uint32_t maxGroups = 65535;

  gpu::Buffer stats, queueCounts, sources, destinations, lengthsBuffer, active, control, readback;
  // Reached by address, spread over chunks when larger than one allocation
  // (IbfsPush; S_k, S_{k+1}, the JFQ, the fresh words).
  AddressedArray current, next, queue, fresh;
  uint32_t submittedWords = 1;  // W of the batch the last submission worked on
  // Per-vertex arrays, reached by the addresses in `arrays` (IbfsArrays).
  AddressedArray tracked, touched, stamp;
  gpu::Buffer arrays;
  bool chunkedArrays = false;  // the graph's CSR or any addressed array is chunked (kSpecChunkedArcs)
  std::unique_ptr<JfqScan> jfqScan;  // with the scan-built JFQ
  std::unique_ptr<IbfsKernels> kernels;
  std::unique_ptr<StatusBinner> binner;  // made on first use
  // The two-sided search (`bidir`): records the batches and levels instead of
  // the one-way kernels; null for one-way searches.
  std::unique_ptr<BidirLevels> bidir;
  bool twoSided = false;
  SpanRecorder spans;

  uint32_t batch = 0;
  uint32_t level = 0;
  bool batchStarted = false;
  bool done = false;
  bool holding = false;  // shared batches: `batch` was claimed and has not ended
  BatchShape claimedShape;  // shared batches: the searches of the batch held
  uint32_t claims = 0;      // shared batches: batches taken so far (the next one's number)
  // A submission in flight that a cancelled run() stopped waiting for. The
  // GPU cannot withdraw it; it is taken in by the next call (settle()), and
  // the destructor waits for it before the buffers go.
  struct Pending {
    gpu::CommandBuffer commands;
    gpu::Submission submission;
    uint32_t count = 0;
    std::chrono::steady_clock::time_point start;
  };
  std::optional<Pending> pending;
  ~Impl();
  uint32_t adaptiveLevels = kAdaptiveStart;
  RunTrace trace;
};

} // namespace frontier::engine
