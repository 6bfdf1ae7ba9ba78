#include "engine/ibfs/BytesMoved.h"

#include <algorithm>

#include "Ibfs.h"

namespace frontier::engine {

namespace {
constexpr uint64_t kWord = 4;

// Only the two-sided search counts status words per level (Trace.h).
bool twoSided(const IterationStats& it) { return it.wordsForward + it.wordsBackward > 0; }
} // namespace

std::optional<uint64_t> ibfsBytesMoved(KernelKind kind, const IterationStats& it, const TrafficShape& shape,
                                       bool batchStart) {
  const uint64_t V = shape.vertices;
  const uint64_t J = it.jfqLength;
  const uint64_t N = it.jfqEntries;
  const uint64_t A = it.edgesExamined;
  // Vertex-major: a row is W words read or written together by a team.
  // Instance-major: the kernels work on one word per (instance, vertex), and
  // the counters count those (jfqLength sums the instances' queues).
  const uint64_t row = kWord * (shape.vertexMajor ? shape.rowWords : 1);
  const uint64_t rowsPerVertex = shape.vertexMajor ? 1 : shape.rowWords;
  if (twoSided(it)) {
    switch (kind) {
    case KernelKind::Identify:
      // The queue: per vertex of the frontier list its entry and a
      // frontier word per advancing (side, word); per queued (side, vertex)
      // its two offsets; per entry its (vertex, first arc).
      return it.identifyItems * (1 + it.advancingWords) * kWord + J * 2 * kWord + N * 2 * kWord;
    case KernelKind::ExpandTopDown:
      // Per entry of either side's queue its (vertex, first arc) pair and
      // the vertex's end offset; per arc its target; and the status words
      // the expand counted on the GPU as it read or wrote them (a frontier
      // word per entry and word of an advancing side, a visited word per
      // arc of such a word with bits, a new word and a mark per OR of fresh
      // bits).
      return N * 3 * kWord + A * kWord + (it.wordsForward + it.wordsBackward) * kWord;
    case KernelKind::CheckDestinations:
      // The collect, the update and the finish: the elements they counted as they read
      // or wrote them (Bidir.h, kBidirArcsSettleLevel).
      return it.settleElements * kWord;
    default: return std::nullopt;
    }
  }
  switch (kind) {
  case KernelKind::Clear:
    if (!batchStart) {
      return std::nullopt;
    }
    return 2 * V * rowsPerVertex * row;  // both status arrays filled
  case KernelKind::CheckDestinations:
    // Per search of the batch: its destination, its length and the
    // destination's status word.
    return uint64_t{shape.batchSize} * 3 * kWord;
  case KernelKind::Identify: {
    // The items examined: every vertex (or word) unless the level counted
    // them (sparse lists, word lists), and 4 bytes per list entry read.
    const uint64_t listRead = it.identifyReadList ? it.identifyItems * kWord : 0;
    if (shape.listCapacity > 0) {
      // Word lists: S_k+1 and S_k words of every examined word; per JFQ word
      // its S_k word written (words whose only new bits belong to stopped
      // searches are written too and not counted), its (word, fresh bits)
      // entry and its vertex's two offsets.
      const uint64_t words = it.identifyItems > 0 ? it.identifyItems : V * shape.rowWords;
      return words * 2 * kWord + listRead + J * 5 * kWord;
    }
    if (shape.vertexMajor) {
      // S_k+1 and S_k rows of every examined vertex; per JFQ vertex its S_k
      // row and fresh row written and its two offsets read; a (vertex, first
      // arc) pair per queue entry, or with the scan-built JFQ an entry count
      // per examined vertex (the scatter writes the pairs).
      const uint64_t examined = it.identifyItems > 0 ? it.identifyItems : V;
      const uint64_t queued = shape.scanBuiltJfq ? examined * kWord : N * 2 * kWord;
      return examined * 2 * row + listRead + J * (2 * row + 2 * kWord) + queued;
    }
    // Both words of every (instance, vertex); per JFQ entry its S_k word
    // written, its queue slot written and its two offsets read.
    return V * rowsPerVertex * 2 * row + J * 4 * kWord;
  }
  case KernelKind::ExpandTopDown:
    if (shape.listCapacity > 0) {
      // Word lists: per entry its (word, bits) pair and the vertex's two
      // offsets; per arc its target and the head's word read and written;
      // per first change of a word its S_k word read and (within the
      // capacity) its list entry written.
      return N * 4 * kWord + A * 3 * kWord + it.listedByExpand * kWord +
             std::min(it.listedByExpand, shape.listCapacity) * kWord;
    }
    if (shape.vertexMajor) {
      // Per entry: the pair, the vertex's end offset and its fresh row; per
      // arc: its target and the head's S_k+1 row read and written; per
      // vertex it lists for a sparse identify, its stamp exchanged and its
      // list entry written.
      return N * (3 * kWord + row) + A * (kWord + 2 * row) + it.listedByExpand * 3 * kWord;
    }
    // Per entry: the vertex, its word and two offsets; per arc: the target
    // and the head's word read and written.
    return J * 4 * kWord + A * 3 * kWord;
  case KernelKind::Scan:
    // The scan-built JFQ's prefix sum over the examined vertices' entry
    // counts: each read and its prefix written (the partials of the
    // device-wide scan, a word per 1,024 or more items, are not counted).
    if (!shape.scanBuiltJfq) {
      return std::nullopt;
    }
    return (it.identifyItems > 0 ? it.identifyItems : V) * 2 * kWord;
  case KernelKind::Compact: {
    // The scatter: every examined vertex's entry count; per JFQ vertex its
    // prefix and first offset (and its list entry when the identify read a
    // list); the entry pairs.
    if (!shape.scanBuiltJfq) {
      return std::nullopt;
    }
    const uint64_t examined = it.identifyItems > 0 ? it.identifyItems : V;
    return examined * kWord + J * (it.identifyReadList ? 3 : 2) * kWord + N * 2 * kWord;
  }
  case KernelKind::ExpandBottomUp:
    // Per vertex: its S_k+1 row and two in-offsets; per in-arc read: its
    // tail and the tail's S_k row. The rows written back (those that
    // changed) are the next identify's JFQ and are not counted here.
    return V * (row + 2 * kWord) + A * (kWord + row);
  default: return std::nullopt;
  }
}

std::optional<uint64_t> ibfsUsefulItems(KernelKind kind, const IterationStats& it, const TrafficShape& shape) {
  const uint64_t words = shape.rowWords;  // W, or the instances
  if (twoSided(it)) {
    // The queue's teams take every word of the listed vertices; the
    // expand's an (arc, word) pair per lane; the update and finish have no
    // model.
    switch (kind) {
    case KernelKind::Identify: return it.identifyItems * words;
    case KernelKind::ExpandTopDown: return it.edgesExamined * words;
    default: return std::nullopt;
    }
  }
  switch (kind) {
  case KernelKind::CheckDestinations: return shape.batchSize;
  case KernelKind::Identify:
    if (shape.listCapacity > 0) {
      return it.identifyItems;  // a word per invocation
    }
    if (!shape.vertexMajor) {
      return uint64_t{shape.vertices} * words;  // every (instance, vertex)
    }
    // A team's word per lane over every vertex, or over a sparse list.
    return (it.identifyItems > 0 ? it.identifyItems : shape.vertices) * words;
  case KernelKind::ExpandTopDown:
    if (shape.listCapacity > 0) {
      return it.jfqEntries;  // an entry (word) per invocation
    }
    return shape.vertexMajor ? it.edgesExamined * words : it.edgesExamined;
  case KernelKind::ExpandBottomUp: return uint64_t{shape.vertices} * words;
  default: return std::nullopt;
  }
}

uint64_t ibfsReadbackBytes(uint32_t levels) {
  const uint64_t copied = uint64_t{shader::kIbfsStatsSlots} * sizeof(shader::LevelStats) +
                          uint64_t{shader::kIbfsControlWords} * kWord +
                          uint64_t{levels} * shader::kIbfsMaxInstances * kWord;
  return 2 * copied;  // each byte read on the device and written to host-visible memory
}

} // namespace frontier::engine
