#pragma once
// A loaded graph: out-arcs in CSR, the reverse CSR for pulling (directed
// graphs only; an undirected graph is its own reverse), the map between
// dense ids and the ids in the file, and optional weights and coordinates.
//
// Undirected graphs store both arcs of every edge. Immutable after building
// (GraphBuilder), so it can be shared between threads read-only.

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "Csr.h"

namespace frontier::graph {

struct Coordinate {
  double x = 0.0;
  double y = 0.0;
};

class Graph {
public:
  Graph() = default;

  VertexId vertexCount() const noexcept { return m_out.vertexCount(); }
  EdgeIndex arcCount() const noexcept { return m_out.arcCount(); }
  bool directed() const noexcept { return m_directed; }
  bool weighted() const noexcept { return m_out.weighted(); }
  // True when every weight is a whole number (distances print as integers).
  bool integerWeights() const noexcept { return m_integerWeights; }

  const Csr& out() const noexcept { return m_out; }
  // In-arcs: for an undirected graph the same object as out().
  const Csr& in() const noexcept { return m_directed ? m_in : m_out; }

  // Counting rule of `frontier-cli info`: distinct edges, an undirected edge
  // counted once, self-loops included.
  uint64_t edgeCount() const noexcept;
  uint64_t selfLoopCount() const noexcept { return m_selfLoops; }

  // Ids as in the file. When the file's ids form one range first..first+V-1
  // (0-based edge lists, 1-based Matrix Market, DIMACS and METIS), the map is
  // that offset and costs no memory.
  FileId fileId(VertexId v) const noexcept { return m_fileIds.empty() ? m_firstFileId + v : m_fileIds[v]; }
  // The dense id of a file id, or nullopt when the graph has no such vertex.
  // O(log V).
  std::optional<VertexId> denseId(FileId id) const noexcept;
  // True when dense ids follow the order of file ids (always, unless the
  // graph was renumbered: by degree, or in a vertex order for locality).
  bool denseIdsSorted() const noexcept { return m_sortedDense.empty(); }
  // The vertex whose file id is the rank-th smallest: the same vertex in any
  // numbering (random pairs are drawn by rank, so a seed names the same
  // pairs whatever the order).
  VertexId byFileIdRank(VertexId rank) const noexcept { return m_sortedDense.empty() ? rank : m_sortedDense[rank]; }

  const std::vector<Coordinate>& coordinates() const noexcept { return m_coordinates; }
  bool hasCoordinates() const noexcept { return !m_coordinates.empty(); }

  // Bytes held by the graph: both CSRs, weights, the id map and coordinates
  // (what `bench-load` compares the peak memory of loading with).
  uint64_t memoryBytes() const noexcept;
  // Bytes of the adjacency alone: offsets, targets and weights of out() and,
  // for directed graphs, in().
  uint64_t csrBytes() const noexcept;

  // Where the graph came from (a path or a generator description).
  const std::string& name() const noexcept { return m_name; }
  void setName(std::string name) { m_name = std::move(name); }

  // Where the direction came from, as `info`, the graph panel and reports
  // say it: "header line N" (the file declares it there), "format default",
  // "command line", "file header" (.fgraph) or "generator".
  const std::string& directionSource() const noexcept { return m_directionSource; }
  void setDirectionSource(std::string source) { m_directionSource = std::move(source); }
  // One-line remarks of the load a user should read (a header that disagrees
  // with the chosen direction, a directed graph whose arcs all have their
  // reverse); empty when there is nothing to say.
  const std::vector<std::string>& loadNotes() const noexcept { return m_loadNotes; }
  void addLoadNote(std::string note) { m_loadNotes.push_back(std::move(note)); }
  // True when every arc u -> v has its reverse v -> u (always for
  // undirected graphs). O(arcs).
  bool symmetric() const noexcept;

private:
  friend class GraphBuilder;
  friend class BinaryCache;
  friend Graph withRandomWeights(Graph graph, uint32_t maxWeight, uint64_t seed);
  Csr m_out;
  Csr m_in;
  bool m_directed = false;
  bool m_integerWeights = true;
  uint64_t m_selfLoops = 0;
  FileId m_firstFileId = 0;            // file id of dense id 0 when m_fileIds is empty
  std::vector<FileId> m_fileIds;       // dense -> file id; empty = m_firstFileId + dense
  std::vector<VertexId> m_sortedDense; // dense ids ordered by file id; empty = m_fileIds is sorted
  std::vector<Coordinate> m_coordinates;
  std::string m_name;
  std::string m_directionSource = "format default";
  std::vector<std::string> m_loadNotes;
};

} // namespace frontier::graph
