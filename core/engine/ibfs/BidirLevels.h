#pragma once
// The two-sided (bidirectional) multi-pair search of a Search with the
// `bidir` switch: the buffers and pipelines it adds to the one-way search's,
// and the recording of a batch's start and of one level (shaders/ibfs/
// bidir_*.comp, interface in shaders/include/Bidir.h; the rule in
// docs/ENGINE.md). The forward side lives in the one-way search's status
// arrays (current = visited, fresh = frontier, next = new), so the status
// views show the forward side; the backward side has three arrays of its own.
//
// Thread affinity: the thread that owns the Search. Errors: gpu::VulkanError.

#include <cstdint>
#include <span>
#include <vector>

#include "Bidir.h"

#include "engine/AddressedArray.h"
#include "engine/SpanRecorder.h"
#include "vk/CommandBuffer.h"
#include "vk/ComputePipeline.h"
#include "vk/Context.h"

namespace frontier::engine {

class DeviceGraph;

class BidirLevels {
public:
  // The one-way search's buffers this search shares; its status arrays are
  // read by address, the per-vertex arrays by the addresses in `arrays`
  // (shader::IbfsArrays, which the one-way search writes, with this
  // search's queues and frontier lists).
  struct Shared {
    const AddressedArray& visitedF;
    const AddressedArray& frontierF;
    const AddressedArray& newF;
    const gpu::Buffer& arrays;
    const gpu::Buffer& stats;
    const gpu::Buffer& sources;
    const gpu::Buffer& destinations;
    const gpu::Buffer& lengths;
    const gpu::Buffer& active;
    const gpu::Buffer& control;
    const AddressedArray& stamp;  // V words (the touched list, at least V words, only by its address)
    const gpu::Buffer& queueCounts;
    const AddressedArray& tracked;  // 2V words: the tracked search's hops per side (Bidir.h)
  };
  // `statusWords`: words of one status array (V x the largest batch's words).
  // `bothRatio`: EngineOptions::bidirBothRatio. `chunkedArrays`: the
  // graph's targets or the status arrays are spread over chunks (the status
  // arrays of both sides have the same size, so they chunk alike).
  // `tracks`: the search has a tracked pair (its kernels record it).
  BidirLevels(gpu::Context& context, const DeviceGraph& graph, const Shared& shared, uint64_t statusWords,
              uint32_t maxGroups, double bothRatio, bool chunkedArrays, bool tracks);

  // Device bytes this search adds to the one-way search's for status arrays
  // of `statusWords` words on `graph`.
  static uint64_t extraBytes(uint64_t statusWords, uint32_t vertices, uint64_t arcs);
  // Bytes of one side's queue on `graph`.
  static uint64_t queueBytes(uint32_t vertices, uint64_t arcs);
  // Words of the frontier lists and their flags (Bidir.h) on `vertices`.
  static uint64_t listWords(uint32_t vertices) { return 4 * uint64_t{vertices}; }
  // The two sides' queues and the frontier lists, for the arrays table
  // (IbfsArrays::queueF, queueB, bidirLists).
  const AddressedArray& queueF() const noexcept { return m_queueF; }
  const AddressedArray& queueB() const noexcept { return m_queueB; }
  const AddressedArray& lists() const noexcept { return m_lists; }

  struct Batch {
    uint32_t offset = 0;  // first search slot
    uint32_t size = 0;
    uint32_t words = 1;   // words per vertex
    uint32_t trackedSearch = shader::kIbfsNoSearch;  // within the batch (BidirPush::trackedSearch)
  };
  // What the tracked search did at a level (Bidir.h, kBidirArcsTracked), from
  // the read-back; all 0 where it was not searching.
  struct TrackedLevel {
    uint32_t sides = 0;            // bit 0: the forward side advanced, bit 1: the backward side
    uint64_t arcs[2] = {0, 0};     // the arcs of each side's frontier that decided it
    uint64_t reached[2] = {0, 0};  // vertices each side reached at the level
    bool ended = false;            // it met, or a side ran dry, at the level
  };
  // Clears what the previous batch touched (everything, the first time or
  // after forget()) and the tracked levels when the batch has the tracked
  // search, sets the searches' ends.
  void recordBatchStart(gpu::CommandBuffer& commands, SpanRecorder& spans, const Batch& b, uint32_t batch);
  // Plan, queue, expand, collect, update and finish of one level.
  void recordLevel(gpu::CommandBuffer& commands, SpanRecorder& spans, const Batch& b, uint32_t batch,
                   uint32_t level);
  // Copies the arcs examined per level slot and side to the host; record
  // last in a submission. levelArcs() reads them once it has completed.
  void recordReadback(gpu::CommandBuffer& commands);
  // The vertex of every entry of the last level's two queues (forward, then
  // backward; a hub split into several entries appears once per entry).
  std::vector<uint32_t> lastQueueVertices(gpu::Context& context) const;
  uint64_t levelArcs(uint32_t level, uint32_t side) const;
  // Status words the level's expand read or wrote on `side` (Bidir.h,
  // kBidirArcsWordsLevel), from the same read-back.
  uint64_t levelWords(uint32_t level, uint32_t side) const;
  // 4-byte elements the level's update and finish read or wrote (Bidir.h,
  // kBidirArcsSettleLevel), from the same read-back.
  uint64_t levelSettleElements(uint32_t level) const;
  TrackedLevel levelTracked(uint32_t level) const;
  // The arrays' contents are unknown (a reset mid-batch): the next batch
  // starts with full clears.
  void forget() noexcept { m_clean = false; }

private:
  struct Pipeline {
    gpu::ComputePipeline pipeline;
    gpu::DescriptorSet set;
  };
  Pipeline make(const char* name, std::span<const uint32_t> spirv);
  shader::BidirPush push(const Batch& b, uint32_t level) const;

  gpu::Context& m_context;
  const DeviceGraph& m_graph;
  Shared m_shared;
  uint32_t m_maxGroups;
  float m_bothRatio;
  AddressedArray m_visitedB, m_frontierB, m_newB, m_queueF, m_queueB, m_lists;
  bool m_chunked;  // kSpecChunkedArcs: the one-way search's chunking, a queue's or the lists'
  bool m_tracks;   // kBidirSpecTracks
  gpu::Buffer m_state, m_arcs, m_arcsReadback;
  std::vector<gpu::BufferRange> m_ranges;  // in binding order (Bidir.h)
  Pipeline m_clear, m_sources, m_plan, m_queue, m_expand, m_collect, m_update, m_finish;
  bool m_clean = false;         // every status word outside the touched list is zero
  uint32_t m_previousWords = 1; // words per vertex of the batch the touched list belongs to
  uint32_t m_epoch = 0;
};

} // namespace frontier::engine
