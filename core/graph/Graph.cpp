#include "Graph.h"

#include <algorithm>

namespace frontier::graph {

namespace {


} // namespace

uint64_t Graph::edgeCount() const noexcept {
  if (m_directed) {
    return m_out.arcCount();
  }
  // Both arcs of every edge are stored, except a self-loop which is stored once.
  return (m_out.arcCount() - m_selfLoops) / 2 + m_selfLoops;
}

std::optional<VertexId> Graph::denseId(FileId id) const noexcept {
  if (m_fileIds.empty()) {
    if (id >= m_firstFileId && id - m_firstFileId < vertexCount()) {
      return static_cast<VertexId>(id - m_firstFileId);
    }
    return std::nullopt;
  }
  if (m_sortedDense.empty()) {
    const auto it = std::lower_bound(m_fileIds.begin(), m_fileIds.end(), id);
    if (it != m_fileIds.end() && *it == id) {
      return static_cast<VertexId>(it - m_fileIds.begin());
    }
    return std::nullopt;
  }
  const auto it = std::lower_bound(m_sortedDense.begin(), m_sortedDense.end(), id,
                                   [&](VertexId v, FileId key) { return m_fileIds[v] < key; });
  if (it != m_sortedDense.end() && m_fileIds[*it] == id) {
    return *it;
  }
  return std::nullopt;
}

bool Graph::symmetric() const noexcept {
  // Both adjacencies are sorted, so the arcs have their reverses exactly
  // when the in-CSR equals the out-CSR.
  return !m_directed || (m_out.offsets == m_in.offsets && m_out.targets == m_in.targets);
}

uint64_t Graph::csrBytes() const noexcept { return m_out.bytes() + (m_directed ? m_in.bytes() : 0); }

uint64_t Graph::memoryBytes() const noexcept {
  return csrBytes() + m_fileIds.size() * sizeof(FileId) + m_sortedDense.size() * sizeof(VertexId) +
         m_coordinates.size() * sizeof(Coordinate);
}

} // namespace frontier::graph
