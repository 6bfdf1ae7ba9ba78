// Search: the results and what the views read back (lengths, the tracked
// search, the last JFQ, status words and bins).
#include "engine/ibfs/SearchImpl.h"

namespace frontier::engine {

std::vector<graph::Length> Search::lengths() const {
  m_impl->settle();
  const Impl& s = *m_impl;
  std::vector<graph::Length> bySlot(s.slotPair.size());
  s.context.download(s.lengthsBuffer, std::span<graph::Length>(bySlot));
  std::vector<graph::Length> out(s.pairs.size(), graph::kUnreachable);
  for (size_t i = 0; i < bySlot.size(); ++i) {
    out[s.slotPair[i]] = bySlot[i];
  }
  if (gpu::faults::wrongLength()) {
    const auto reached = std::find_if(out.begin(), out.end(), [](graph::Length l) { return l >= 0; });
    if (reached != out.end()) {
      *reached += 1;  // an injected fault: a check against the CPU must notice
    }
  }
  return out;
}

bool Search::trackedDone() const noexcept {
  const Impl& s = *m_impl;
  if (!s.trackedSlot || !(s.done || s.trackedStarted())) {
    return false;
  }
  // Its batch has ended, or (two-sided) its search ended, met or run dry,
  // at a level read back while the batch goes on for the others.
  return s.done || *s.trackedSlot / s.omega < s.batch || (s.twoSided && s.trackedEnded);
}

bool Search::Impl::trackedStarted() const noexcept {
  if (!options.trackedPair || !trackedSlot) {
    return false;
  }
  const uint32_t trackedBatch = *trackedSlot / omega;
  return trackedBatch < batch || (trackedBatch == batch && batchStarted);
}

std::vector<uint32_t> Search::trackedLevels() const {
  m_impl->settle();
  const Impl& s = *m_impl;
  if (!s.trackedStarted()) {
    return {};
  }
  std::vector<uint32_t> out(s.V);
  s.tracked.download(s.context, std::span<uint32_t>(out));
  return out;
}

std::vector<uint32_t> Search::trackedBackwardLevels() const {
  m_impl->settle();
  const Impl& s = *m_impl;
  if (!s.tracksBothSides() || !s.trackedStarted()) {
    return {};
  }
  std::vector<uint32_t> out(s.V);
  s.tracked.download(s.context, std::span<uint32_t>(out), s.V);
  return out;
}

std::vector<graph::VertexId> Search::lastJfqEntries() const {
  m_impl->settle();
  const Impl& s = *m_impl;
  if (!s.vertexMajor || s.trace.iterations.empty() || s.trace.iterations.back().jfqLength == 0) {
    return {};
  }
  if (s.bidir) {
    return s.bidir->lastQueueVertices(s.context);
  }
  uint32_t entries = 0;
  s.context.download(s.queueCounts, std::span<uint32_t>(&entries, 1),
                     uint64_t{s.trace.iterations.back().level % kSlots} * shader::kIbfsMaxInstances * 4);
  std::vector<uint32_t> words(2 * uint64_t{entries});
  s.queue.download(s.context, std::span<uint32_t>(words));
  const uint32_t perVertex = s.entryWordsPerVertex();
  std::vector<graph::VertexId> out(entries);
  for (size_t i = 0; i < out.size(); ++i) {
    out[i] = words[2 * i] / perVertex;
  }
  return out;
}

std::vector<graph::VertexId> Search::lastJfq() const {
  m_impl->settle();
  const Impl& s = *m_impl;
  if (s.trace.iterations.empty() || s.trace.iterations.back().jfqLength == 0) {
    return {};
  }
  std::vector<graph::VertexId> out;
  if (s.vertexMajor) {
    out = lastJfqEntries();  // the entries' vertices (of both queues with `bidir`)
  } else {
    // Instance-major: a queue of vertices per instance of 32 searches.
    std::vector<uint32_t> counts(shader::kIbfsMaxInstances);
    s.context.download(s.queueCounts, std::span<uint32_t>(counts),
                       uint64_t{s.trace.iterations.back().level % kSlots} * shader::kIbfsMaxInstances * 4);
    for (uint32_t i = 0; i < shader::kIbfsMaxInstances; ++i) {
      if (counts[i] == 0) {
        continue;
      }
      std::vector<graph::VertexId> part(counts[i]);
      s.queue.download(s.context, std::span<graph::VertexId>(part), uint64_t{i} * s.V);
      out.insert(out.end(), part.begin(), part.end());
    }
  }
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

StatusBins Search::binStatus(uint32_t rows, uint32_t cols) {
  Impl& s = *m_impl;
  s.settle();
  StatusBins out;
  const std::optional<uint32_t> shown = s.shownBatch();
  if (!shown || s.V == 0) {
    return out;
  }
  const BatchShape b = s.shape(*shown);
  if (!s.binner) {
    s.binner = std::make_unique<StatusBinner>(s.context, s.chunkedArrays);
  }
  rows = std::clamp(rows, 1U, std::max(1U, b.size));
  cols = std::clamp(cols, 1U, s.V);
  out = s.binner->bin(s.current, s.next, s.V, b.words, s.vertexMajor, b.size, rows, cols);
  out.batch = *shown;
  return out;
}

size_t Search::statusChunks() const noexcept {
  return m_impl->current.chunkCount();
}

size_t Search::queueChunks() const noexcept {
  return m_impl->queue.chunkCount();
}

size_t Search::stampChunks() const noexcept {
  return m_impl->stamp.chunkCount();
}

size_t Search::touchedChunks() const noexcept {
  return m_impl->touched.chunkCount();
}

StatusWords Search::statusWords() const {
  m_impl->settle();
  const Impl& s = *m_impl;
  StatusWords out;
  const std::optional<uint32_t> shown = s.shownBatch();
  if (!shown) {
    return out;
  }
  const BatchShape b = s.shape(*shown);
  out.batch = *shown;
  out.searches = b.size;
  out.vertices = s.V;
  out.words = b.words;
  out.vertexMajor = s.vertexMajor;
  const uint64_t words = s.statusWords(b);
  out.current.resize(words);
  out.next.resize(words);
  s.current.download(s.context, std::span<uint32_t>(out.current));
  s.next.download(s.context, std::span<uint32_t>(out.next));
  return out;
}

std::vector<uint32_t> Search::batchPairs(uint32_t batch) const {
  m_impl->settle();
  const Impl& s = *m_impl;
  if (batch >= s.batches) {
    return {};
  }
  return searchedPairs({batch * s.omega, s.omega});
}

std::vector<uint32_t> Search::searchedPairs(SearchRange range) const {
  const Impl& s = *m_impl;
  if (range.first >= s.slotPair.size()) {
    return {};
  }
  const BatchShape b = s.rangeShape(range.first, range.count);
  return {s.slotPair.begin() + b.offset, s.slotPair.begin() + b.offset + b.size};
}

uint32_t Search::searchCount() const noexcept { return static_cast<uint32_t>(m_impl->slotPair.size()); }
uint32_t Search::searchesPerBatch() const noexcept { return m_impl->omega; }

} // namespace frontier::engine
