#pragma once
// Maps the vertex ids of a file to dense 32-bit ids, sorted by file id.
//
// Three modes:
//  - declared: the file declares its vertices as the range first..first+n-1
//    (Matrix Market, DIMACS, METIS, generators); dense = file id - first.
//  - direct: ids seen so far are small (below max(2^26, 32 x edges)); they
//    are stored as they are and a bitmap records which occur. This is the
//    fast path of SNAP edge lists.
//  - hashed: after the first large id, a hash map hands out provisional ids
//    (LDBC's 64-bit ids). The ids already stored are converted once.
// finish() rewrites the stored edges to the final dense ids: the rank of the
// file id among all file ids that occur.

#include <cstdint>
#include <vector>

#include "Csr.h"
#include "EdgeList.h"
#include "IdHashMap.h"
#include "Progress.h"
#include "SeenIds.h"

namespace frontier::graph {

struct IdMapping {
  VertexId vertexCount = 0;
  FileId first = 0;              // when fileIds is empty: file id = first + dense
  std::vector<FileId> fileIds;   // dense -> file id (sorted), or empty
};

class IdMapper {
public:
  // Declares the vertex range; only before the first map(). Throws
  // std::length_error when count does not fit 32-bit dense ids.
  void declare(uint64_t count, FileId first);
  bool declared() const noexcept { return m_mode == Mode::Declared; }
  uint64_t declaredCount() const noexcept { return m_count; }
  FileId first() const noexcept { return m_first; }

  // The provisional id of `id` (final in declared mode), `edges` holding the
  // provisional ids handed out so far. Declared mode: std::out_of_range
  // outside the range.
  [[gnu::always_inline]] VertexId map(FileId id, EdgeList& edges) {
    if (m_mode == Mode::Direct) {
      if (id < m_bitCapacity) {
        m_bits[id >> 6U] |= uint64_t{1} << (id & 63U);
        return static_cast<VertexId>(id);
      }
      return mapSlow(id, edges);
    }
    if (m_mode == Mode::Declared) {
      const uint64_t dense = id - m_first;
      if (dense >= m_count) {
        outOfRange(id);
      }
      return static_cast<VertexId>(dense);
    }
    return m_hash.findOrInsert(id);
  }

  // Changes when the provisional ids handed out so far change meaning (the
  // one switch from direct to hashed): an id mapped before must be mapped
  // again.
  uint32_t epoch() const noexcept { return m_mode == Mode::Hashed ? 1U : 0U; }

  // Direct mode: edges whose ids SeenIds covers may be stored as they are.
  bool direct() const noexcept { return m_mode == Mode::Direct; }
  // Direct mode: the ids `seen` marked in its first `words` words are taken
  // in before the bitmap grows, the mode changes or finish() (SeenIds.h).
  // The mapper keeps the pointer until then; `seen` must outlive it.
  void noteSeen(const SeenIds& seen, uint64_t words);

  // Rewrites the edges to final dense ids and returns the map back.
  IdMapping finish(EdgeList& edges, Progress progress);

private:
  enum class Mode { Direct, Declared, Hashed };

  [[gnu::noinline]] VertexId mapSlow(FileId id, EdgeList& edges);
  void absorbSeen();
  void switchToHashed(EdgeList& edges);
  [[noreturn]] void outOfRange(FileId id) const;
  IdMapping finishDirect(EdgeList& edges, Progress& progress);
  IdMapping finishHashed(EdgeList& edges, Progress& progress);

  Mode m_mode = Mode::Direct;
  // direct
  std::vector<uint64_t> m_bits;
  uint64_t m_bitCapacity = 0;
  const SeenIds* m_seen = nullptr;  // marks not taken in yet (noteSeen)
  uint64_t m_seenWords = 0;
  // declared
  uint64_t m_count = 0;
  FileId m_first = 0;
  // hashed
  IdHashMap m_hash;
};

} // namespace frontier::graph
