#pragma once
// The file ids a parallel parse's workers have seen, marked by the workers
// themselves, so that the loading thread can take their edges as they are
// instead of mapping every id (the hand-over that kept the SNAP parse on
// one thread; docs/BENCHMARKS.md, "Text parsed on all cores").
//
// While an IdMapper is in direct mode (IdMapper.h) an id below its direct
// floor (2^26) is its own provisional id: a worker that meets only such ids
// narrows them to 32 bits and marks them here, and the builder appends its
// arcs unchanged (GraphBuilder::addSeen). The mapper takes the marks in
// (IdMapper::absorbSeen) before it needs them: before it grows its bitmap or
// leaves direct mode, and before it finishes. A mark for an edge that was
// not appended yet is harmless: the id occurs in the file, and the dense
// ids are the ranks of the ids that occur.
//
// Thread safety: mark() from any thread; word() read concurrently with
// marks (relaxed atomics). Memory: 8 MiB, zeroed once.

#include <atomic>
#include <cstdint>
#include <vector>

#include "Csr.h"

namespace frontier::graph {

class SeenIds {
public:
  // Ids below this are marked; the same as IdMapper's direct floor.
  static constexpr uint64_t kCapacity = uint64_t{1} << 26U;

  SeenIds() : m_words(kCapacity / 64, 0) {}

  static constexpr bool covers(FileId id) noexcept { return id < kCapacity; }

  // Marks `id` (covers(id)). The load first: most ids of a large file were
  // seen before, and a plain read keeps their cache line shared.
  void mark(FileId id) noexcept {
    std::atomic_ref<uint64_t> word(m_words[id >> 6U]);
    const uint64_t bit = uint64_t{1} << (id & 63U);
    if ((word.load(std::memory_order_relaxed) & bit) == 0) {
      word.fetch_or(bit, std::memory_order_relaxed);
    }
  }

  // Word w of the marks (ids 64w .. 64w + 63).
  uint64_t word(size_t w) const noexcept {
    return std::atomic_ref<uint64_t>(m_words[w]).load(std::memory_order_relaxed);
  }

private:
  mutable std::vector<uint64_t> m_words;  // mutable: word() reads through an atomic_ref
};

} // namespace frontier::graph
