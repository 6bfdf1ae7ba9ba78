#include "Graph.h"

#include <algorithm>

namespace frontier::graph {

uint64_t Graph::edgeCount() const noexcept {
  if (m_directed) {
    return m_out.arcCount();
  }
  // Both arcs of every edge are stored, except a self-loop which is stored once.
  return (m_out.arcCount() - m_selfLoops) / 2 + m_selfLoops;
}

std::optional<VertexId> Graph::denseId(FileId id) const noexcept {
  if (m_fileIds.empty()) {
    if (id < vertexCount()) {
      return static_cast<VertexId>(id);
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

} // namespace frontier::graph
