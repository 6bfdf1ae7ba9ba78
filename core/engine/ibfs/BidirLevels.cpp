#include "engine/ibfs/BidirLevels.h"

#include <algorithm>
#include <initializer_list>

#include "engine/DeviceGraph.h"
#include "ibfs/bidir_clear.h"
#include "ibfs/bidir_collect.h"
#include "ibfs/bidir_expand.h"
#include "ibfs/bidir_finish.h"
#include "ibfs/bidir_plan.h"
#include "ibfs/bidir_queue.h"
#include "ibfs/bidir_sources.h"
#include "ibfs/bidir_update.h"
#include "vk/BindingTable.h"

namespace frontier::engine {

namespace {

uint32_t ceilDiv(uint64_t a, uint64_t b) { return static_cast<uint32_t>((a + b - 1) / b); }

// The per-level counters read back: from kBidirArcsLevel to the end of m_arcs.
constexpr uint64_t kReadbackWords = shader::kBidirArcWords - shader::kBidirArcsLevel;

// Words of one side's queue: (vertex, first arc) entries, at most one per
// vertex plus one per kBidirChunkArcs arcs.
uint64_t queueWords(uint32_t vertices, uint64_t arcs) {
  return 2 * (uint64_t{vertices} + arcs / shader::kBidirChunkArcs + 1);
}

} // namespace

uint64_t BidirLevels::queueBytes(uint32_t vertices, uint64_t arcs) {
  return queueWords(vertices, arcs) * 4;
}

uint64_t BidirLevels::extraBytes(uint64_t statusWords, uint32_t vertices, uint64_t arcs) {
  return 3 * statusWords * 4 + 2 * queueWords(vertices, arcs) * 4 + listWords(vertices) * 4 +
         shader::kBidirStateWords * 4 +
         uint64_t{shader::kBidirArcWords} * 8;
}

BidirLevels::BidirLevels(gpu::Context& context, const DeviceGraph& graph, const Shared& shared,
                         uint64_t statusWords, uint32_t maxGroups, double bothRatio, bool chunkedArrays,
                         bool tracks)
    : m_context(context), m_graph(graph), m_shared(shared), m_maxGroups(maxGroups),
      m_bothRatio(static_cast<float>(bothRatio)),
      m_visitedB(context, statusWords, "backward visited words"),
      m_frontierB(context, statusWords, "backward frontier words"),
      m_newB(context, statusWords, "backward new words"),
      m_queueF(context, queueWords(graph.vertexCount(), graph.host().arcCount()), "forward frontier queue"),
      m_queueB(context, queueWords(graph.vertexCount(), graph.host().arcCount()), "backward frontier queue"),
      m_lists(context, listWords(graph.vertexCount()), "two-sided frontier lists"),
      m_chunked(chunkedArrays || m_queueF.chunked() || m_queueB.chunked() || m_lists.chunked()),
      m_tracks(tracks),
      m_state(context.createBuffer(shader::kBidirStateWords * 4, gpu::BufferKind::Device, "two-sided state")),
      m_arcs(context.createBuffer(uint64_t{shader::kBidirArcWords} * 8, gpu::BufferKind::Device,
                                  "two-sided arc counts")),
      m_arcsReadback(context.createBuffer(kReadbackWords * 8, gpu::BufferKind::Download,
                                          "two-sided arcs per level readback")),
      m_ranges([&] {
        gpu::BindingTable<shader::kBidirBindingCount> table;
        table.set(shader::kBidirBindingArrays, shared.arrays)
            .set(shader::kBidirBindingStats, shared.stats)
            .set(shader::kBidirBindingSources, shared.sources)
            .set(shader::kBidirBindingDestinations, shared.destinations)
            .set(shader::kBidirBindingLengths, shared.lengths)
            .set(shader::kBidirBindingActive, shared.active)
            .set(shader::kBidirBindingControl, shared.control)
            .set(shader::kBidirBindingState, m_state)
            .set(shader::kBidirBindingArcs, m_arcs)
            .set(shader::kBidirBindingQueueCounts, shared.queueCounts);
        const std::span<const gpu::BufferRange> list = table.ranges();
        return std::vector<gpu::BufferRange>(list.begin(), list.end());
      }()),
      m_clear(make("bidir clear touched", k_ibfs_bidir_clear)),
      m_sources(make("bidir set ends", k_ibfs_bidir_sources)),
      m_plan(make("bidir plan", k_ibfs_bidir_plan)),
      m_queue(make("bidir queue", k_ibfs_bidir_queue)),
      m_expand(make("bidir expand", k_ibfs_bidir_expand)),
      m_collect(make("bidir collect", k_ibfs_bidir_collect)),
      m_update(make("bidir update", k_ibfs_bidir_update)),
      m_finish(make("bidir finish", k_ibfs_bidir_finish)) {}

BidirLevels::Pipeline BidirLevels::make(const char* name, std::span<const uint32_t> spirv) {
  gpu::PipelineDesc desc;
  desc.name = name;
  desc.spirv = spirv;
  desc.bufferCount = shader::kBidirBindingCount;
  desc.pushConstantBytes = sizeof(shader::BidirPush);
  desc.specialization = {chunkedArcsSpecialization(m_chunked), {shader::kBidirSpecTracks, m_tracks ? 1U : 0U}};
  Pipeline out{gpu::ComputePipeline(m_context, desc), {}};
  out.set = out.pipeline.bind(m_ranges);
  return out;
}

shader::BidirPush BidirLevels::push(const Batch& b, uint32_t level) const {
  shader::BidirPush p{};
  p.vertexCount = m_graph.vertexCount();
  p.words = b.words;
  p.batchOffset = b.offset;
  p.batchSize = b.size;
  p.level = level;
  p.slot = level % shader::kIbfsStatsSlots;
  p.sweepGroups = std::clamp(ceilDiv(uint64_t{p.vertexCount} * b.words, 256), 1U, m_maxGroups);
  p.finishGroups = std::max(1U, ceilDiv(b.size, 256));
  p.epoch = m_epoch;
  p.previousWords = m_previousWords;
  p.bothRatio = m_bothRatio;
  p.trackedSearch = b.trackedSearch;
  p.outTargets = m_graph.outTargets().address();
  p.inTargets = m_graph.inTargets().address();
  p.visitedF = m_shared.visitedF.address();
  p.frontierF = m_shared.frontierF.address();
  p.newF = m_shared.newF.address();
  p.visitedB = m_visitedB.address();
  p.frontierB = m_frontierB.address();
  p.newB = m_newB.address();
  return p;
}

void BidirLevels::recordReadback(gpu::CommandBuffer& commands) {
  // The arcs and words per level slot and side, then the collect's,
  // update's and finish's elements per level slot (adjacent in m_arcs).
  commands.copy(m_arcs, m_arcsReadback, uint64_t{shader::kBidirArcsLevel} * 8, 0, kReadbackWords * 8);
}

std::vector<uint32_t> BidirLevels::lastQueueVertices(gpu::Context& context) const {
  uint32_t counts[2] = {0, 0};
  context.download(m_state, std::span<uint32_t>(counts), uint64_t{shader::kBidirStateQueueCount} * 4);
  std::vector<uint32_t> out;
  const AddressedArray* queues[2] = {&m_queueF, &m_queueB};
  for (int side = 0; side < 2; ++side) {
    std::vector<uint32_t> entries(2 * uint64_t{counts[side]});  // (vertex, first arc)
    queues[side]->download(context, std::span<uint32_t>(entries));
    for (size_t i = 0; i < entries.size(); i += 2) {
      out.push_back(entries[i]);
    }
  }
  return out;
}

uint64_t BidirLevels::levelArcs(uint32_t level, uint32_t side) const {
  m_arcsReadback.invalidate();
  return static_cast<const uint64_t*>(m_arcsReadback.mapped())[(level % shader::kIbfsStatsSlots) * 2 + side];
}

uint64_t BidirLevels::levelSettleElements(uint32_t level) const {
  m_arcsReadback.invalidate();
  constexpr uint32_t settle = shader::kBidirArcsSettleLevel - shader::kBidirArcsLevel;
  return static_cast<const uint64_t*>(m_arcsReadback.mapped())[settle + level % shader::kIbfsStatsSlots];
}

BidirLevels::TrackedLevel BidirLevels::levelTracked(uint32_t level) const {
  m_arcsReadback.invalidate();
  constexpr uint32_t first = shader::kBidirArcsTracked - shader::kBidirArcsLevel;
  const uint64_t* words = static_cast<const uint64_t*>(m_arcsReadback.mapped()) + first +
                          uint64_t{level % shader::kIbfsStatsSlots} * shader::kBidirTrackedWords;
  TrackedLevel out;
  out.sides = static_cast<uint32_t>(words[shader::kBidirTrackedSides]);
  for (uint32_t side = 0; side < 2; ++side) {
    out.arcs[side] = words[shader::kBidirTrackedArcs + side];
    out.reached[side] = words[shader::kBidirTrackedReached + side];
  }
  out.ended = words[shader::kBidirTrackedEnded] != 0;
  return out;
}

uint64_t BidirLevels::levelWords(uint32_t level, uint32_t side) const {
  m_arcsReadback.invalidate();
  constexpr uint32_t words = shader::kBidirArcsWordsLevel - shader::kBidirArcsLevel;
  return static_cast<const uint64_t*>(m_arcsReadback.mapped())[words + (level % shader::kIbfsStatsSlots) * 2 + side];
}

void BidirLevels::recordBatchStart(gpu::CommandBuffer& commands, SpanRecorder& spans, const Batch& b,
                                   uint32_t batch) {
  ++m_epoch;  // a stamp no vertex holds yet (stamps start at 0)
  if (m_clean) {
    // Reads the previous batch's touched count: before the state is cleared.
    const shader::BidirPush p = push(b, 0);
    commands.dispatch(m_clear.pipeline, m_clear.set, {p.sweepGroups, 1, 1}, p);
  } else {
    const std::initializer_list<const AddressedArray*> arrays = {&m_shared.visitedF, &m_shared.frontierF,
                                                                 &m_shared.newF,    &m_visitedB,
                                                                 &m_frontierB,      &m_newB};
    for (const AddressedArray* array : arrays) {
      array->fill(commands, 0);
    }
    m_shared.stamp.fill(commands, 0);
    m_lists.fill(commands, 0, 0, 2 * uint64_t{m_graph.vertexCount()});  // the flags; the lists need none
    m_clean = true;
  }
  if (b.trackedSearch != shader::kIbfsNoSearch) {
    m_shared.tracked.fill(commands, shader::kIbfsUnreached);
  }
  commands.barrier();
  commands.fill(m_state, 0);
  commands.fill(m_arcs, 0);
  commands.fill(m_shared.active, 0);
  commands.fill(m_shared.control, 0);
  commands.fill(m_shared.lengths, 0xFFFFFFFFU, uint64_t{b.offset} * 4, uint64_t{b.size} * 4);
  commands.barrier();
  spans.mark(commands, KernelKind::Clear, batch, 0);
  const shader::BidirPush p = push(b, 0);
  commands.dispatch(m_sources.pipeline, m_sources.set, {p.finishGroups, 1, 1}, p);
  commands.barrier();
  spans.mark(commands, KernelKind::SetSources, batch, 0);
  m_previousWords = b.words;
}

void BidirLevels::recordLevel(gpu::CommandBuffer& commands, SpanRecorder& spans, const Batch& b, uint32_t batch,
                              uint32_t level) {
  const shader::BidirPush p = push(b, level);
  const uint64_t sweep = uint64_t{shader::kBidirStateArgsSweep} * 4;
  commands.dispatch(m_plan.pipeline, m_plan.set, {1, 1, 1}, p);
  commands.barrier();
  spans.mark(commands, KernelKind::Plan, batch, level);
  commands.dispatchIndirect(m_queue.pipeline, m_queue.set, m_state, uint64_t{shader::kBidirStateArgsQueue} * 4, p);
  commands.barrier();
  spans.mark(commands, KernelKind::Identify, batch, level);
  commands.dispatchIndirect(m_expand.pipeline, m_expand.set, m_state, sweep, p);
  commands.barrier();
  spans.mark(commands, KernelKind::ExpandTopDown, batch, level);
  // The collect, the update and the finish decide which searches met: the
  // destination check of the two-sided search.
  commands.dispatchIndirect(m_collect.pipeline, m_collect.set, m_state, uint64_t{shader::kBidirStateArgsCollect} * 4,
                            p);
  commands.barrier();
  commands.dispatchIndirect(m_update.pipeline, m_update.set, m_state, sweep, p);
  commands.barrier();
  commands.dispatchIndirect(m_finish.pipeline, m_finish.set, m_state, uint64_t{shader::kBidirStateArgsFinish} * 4,
                            p);
  commands.barrier();
  spans.mark(commands, KernelKind::CheckDestinations, batch, level);
}

} // namespace frontier::engine
