#include "IdMapper.h"

#include <algorithm>
#include <bit>
#include <numeric>
#include <stdexcept>
#include <string>

namespace frontier::graph {

namespace {

constexpr uint64_t kDirectFloor = uint64_t{1} << 26U;
static_assert(SeenIds::kCapacity <= kDirectFloor, "ids a SeenIds marks must stay direct");

// Rank of every set bit of a bitmap: rank(i) = set bits below i.
class BitRank {
public:
  explicit BitRank(const std::vector<uint64_t>& bits) : m_bits(bits), m_before(bits.size()) {
    uint32_t sum = 0;
    for (size_t w = 0; w < bits.size(); ++w) {
      m_before[w] = sum;
      sum += static_cast<uint32_t>(std::popcount(bits[w]));
    }
    m_total = sum;
  }
  uint32_t rank(uint64_t i) const noexcept {
    const uint64_t below = m_bits[i >> 6U] & ((uint64_t{1} << (i & 63U)) - 1);
    return m_before[i >> 6U] + static_cast<uint32_t>(std::popcount(below));
  }
  uint32_t total() const noexcept { return m_total; }

private:
  const std::vector<uint64_t>& m_bits;
  std::vector<uint32_t> m_before;
  uint32_t m_total = 0;
};

template <class Map> void remapEdges(EdgeList& edges, Progress& progress, const Map& map) {
  for (size_t b = 0; b < edges.blockCount(); ++b) {
    for (EdgeList::Arc& arc : edges.block(b)) {
      arc.u = map(arc.u);
      arc.v = map(arc.v);
    }
    progress.report(static_cast<double>(b + 1) / static_cast<double>(edges.blockCount()));
  }
}

} // namespace

void IdMapper::declare(uint64_t count, FileId first) {
  if (m_mode != Mode::Direct || m_bitCapacity != 0) {
    throw std::logic_error("IdMapper::declare after the first vertex");
  }
  if (count >= UINT32_MAX) {
    throw std::length_error(std::to_string(count) + " vertices do not fit 32-bit dense ids (at most 4,294,967,294)");
  }
  if (count > 0 && first > UINT64_MAX - (count - 1)) {
    throw std::length_error("the vertex ids overflow 64 bits");
  }
  m_mode = Mode::Declared;
  m_count = count;
  m_first = first;
}

void IdMapper::outOfRange(FileId id) const {
  throw std::out_of_range("vertex id " + std::to_string(id) + " is outside the declared range " +
                          std::to_string(m_first) + ".." + std::to_string(m_first + m_count - 1));
}

void IdMapper::noteSeen(const SeenIds& seen, uint64_t words) {
  if (m_mode != Mode::Direct) {
    throw std::logic_error("IdMapper::noteSeen outside direct mode");
  }
  m_seen = &seen;
  m_seenWords = std::max(m_seenWords, std::min<uint64_t>(words, SeenIds::kCapacity / 64));
}

void IdMapper::absorbSeen() {
  if (m_seen == nullptr) {
    return;
  }
  if (m_bits.size() < m_seenWords) {
    m_bits.resize(m_seenWords, 0);
    m_bitCapacity = m_bits.size() * 64;
  }
  for (size_t w = 0; w < m_seenWords; ++w) {
    m_bits[w] |= m_seen->word(w);
  }
  m_seen = nullptr;
  m_seenWords = 0;
}

VertexId IdMapper::mapSlow(FileId id, EdgeList& edges) {
  if (m_seen != nullptr) {
    // The edges appended as they are need their ids in the bitmap before it
    // grows or the mode changes.
    absorbSeen();
    if (id < m_bitCapacity) {
      return map(id, edges);
    }
  }
  // Stay direct while the bitmap stays small next to the edge list.
  const uint64_t limit = std::max(kDirectFloor, 32 * (edges.size() + 1));
  if (id < std::min<uint64_t>(limit, UINT32_MAX - 1)) {
    const uint64_t words = std::max<uint64_t>({(id >> 6U) + 1, 2 * m_bits.size(), 1024});
    m_bits.resize(words, 0);
    m_bitCapacity = words * 64;
    return map(id, edges);
  }
  switchToHashed(edges);
  return m_hash.findOrInsert(id);
}

void IdMapper::switchToHashed(EdgeList& edges) {
  // Provisional ids of the ids seen so far: their rank, inserted in order.
  const BitRank ranks(m_bits);
  for (size_t w = 0; w < m_bits.size(); ++w) {
    for (uint64_t bits = m_bits[w]; bits != 0; bits &= bits - 1) {
      m_hash.findOrInsert(w * 64 + static_cast<uint64_t>(std::countr_zero(bits)));
    }
  }
  Progress none;
  remapEdges(edges, none, [&](VertexId id) { return ranks.rank(id); });
  m_bits = {};
  m_bitCapacity = 0;
  m_mode = Mode::Hashed;
}

IdMapping IdMapper::finish(EdgeList& edges, Progress progress) {
  IdMapping mapping;
  if (m_mode == Mode::Declared) {
    mapping.vertexCount = static_cast<VertexId>(m_count);
    mapping.first = m_first;
  } else if (m_mode == Mode::Direct) {
    absorbSeen();
    mapping = finishDirect(edges, progress);
  } else {
    mapping = finishHashed(edges, progress);
  }
  progress.done();
  return mapping;
}

IdMapping IdMapper::finishDirect(EdgeList& edges, Progress& progress) {
  IdMapping mapping;
  const BitRank ranks(m_bits);
  mapping.vertexCount = ranks.total();
  if (ranks.total() == 0) {
    return mapping;
  }
  size_t firstWord = 0;
  while (m_bits[firstWord] == 0) {
    ++firstWord;
  }
  size_t lastWord = m_bits.size() - 1;
  while (m_bits[lastWord] == 0) {
    --lastWord;
  }
  const uint64_t lo = firstWord * 64 + static_cast<uint64_t>(std::countr_zero(m_bits[firstWord]));
  const uint64_t hi = lastWord * 64 + 63 - static_cast<uint64_t>(std::countl_zero(m_bits[lastWord]));
  if (hi - lo + 1 == ranks.total()) {
    // One range of ids (the usual 0..n-1): an offset, no table.
    mapping.first = lo;
    if (lo != 0) {
      const auto shift = static_cast<VertexId>(lo);
      remapEdges(edges, progress, [shift](VertexId id) { return id - shift; });
    }
  } else {
    if (m_bits.size() * 64 <= 2 * edges.size()) {
      // A table of ranks (4 bytes per id, at most the edge list's size) is
      // faster than ranking each id with popcounts.
      std::vector<VertexId> table(m_bits.size() * 64);
      for (size_t w = 0; w < m_bits.size(); ++w) {
        for (uint64_t bits = m_bits[w]; bits != 0; bits &= bits - 1) {
          const uint64_t id = w * 64 + static_cast<uint64_t>(std::countr_zero(bits));
          table[id] = ranks.rank(id);
        }
      }
      remapEdges(edges, progress, [&](VertexId id) { return table[id]; });
    } else {
      remapEdges(edges, progress, [&](VertexId id) { return ranks.rank(id); });
    }
    mapping.fileIds.reserve(ranks.total());
    for (size_t w = 0; w < m_bits.size(); ++w) {
      for (uint64_t bits = m_bits[w]; bits != 0; bits &= bits - 1) {
        mapping.fileIds.push_back(w * 64 + static_cast<uint64_t>(std::countr_zero(bits)));
      }
    }
  }
  m_bits = {};
  return mapping;
}

IdMapping IdMapper::finishHashed(EdgeList& edges, Progress& progress) {
  IdMapping mapping;
  const std::vector<uint64_t>& keys = m_hash.keys();
  mapping.vertexCount = static_cast<VertexId>(keys.size());
  std::vector<VertexId> order(keys.size());
  std::iota(order.begin(), order.end(), VertexId{0});
  std::sort(order.begin(), order.end(), [&](VertexId a, VertexId b) { return keys[a] < keys[b]; });
  std::vector<VertexId> rank(keys.size());
  mapping.fileIds.resize(keys.size());
  for (size_t i = 0; i < order.size(); ++i) {
    rank[order[i]] = static_cast<VertexId>(i);
    mapping.fileIds[i] = keys[order[i]];
  }
  m_hash.release();
  order = {};
  remapEdges(edges, progress, [&](VertexId id) { return rank[id]; });
  if (!mapping.fileIds.empty() && mapping.fileIds.back() - mapping.fileIds.front() + 1 == mapping.fileIds.size()) {
    mapping.first = mapping.fileIds.front();
    mapping.fileIds = {};
  }
  return mapping;
}

} // namespace frontier::graph
