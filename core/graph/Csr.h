#pragma once
// Compressed sparse row adjacency: the arcs of vertex v are
// targets[offsets[v] .. offsets[v+1]), sorted by target.
// Dense vertex ids are 32-bit; edge offsets are 64-bit.

#include <cstdint>
#include <span>
#include <vector>

namespace frontier::graph {

using VertexId = uint32_t;   // dense internal id, 0 .. V-1
using EdgeIndex = uint64_t;  // position in targets
using FileId = uint64_t;     // the id a user wrote in their file

inline constexpr VertexId kNoVertex = UINT32_MAX;

struct Csr {
  std::vector<EdgeIndex> offsets;  // V + 1 entries (empty for an empty graph)
  std::vector<VertexId> targets;   // one per arc
  std::vector<double> weights;     // one per arc, or empty when unweighted

  VertexId vertexCount() const noexcept {
    return offsets.empty() ? 0 : static_cast<VertexId>(offsets.size() - 1);
  }
  EdgeIndex arcCount() const noexcept { return targets.size(); }
  EdgeIndex degree(VertexId v) const noexcept { return offsets[v + 1] - offsets[v]; }
  std::span<const VertexId> neighbours(VertexId v) const noexcept {
    return {targets.data() + offsets[v], static_cast<size_t>(offsets[v + 1] - offsets[v])};
  }
  std::span<const double> arcWeights(VertexId v) const noexcept {
    return {weights.data() + offsets[v], static_cast<size_t>(offsets[v + 1] - offsets[v])};
  }
  bool weighted() const noexcept { return !weights.empty(); }
  // Bytes of the three arrays.
  uint64_t bytes() const noexcept {
    return offsets.size() * sizeof(EdgeIndex) + targets.size() * sizeof(VertexId) + weights.size() * sizeof(double);
  }
};

} // namespace frontier::graph
