#pragma once
// Builds a Graph from an edge list given with file ids.
//
//   GraphBuilder builder({.directed = false});
//   builder.addEdge(10, 20);
//   builder.addEdge(20, 30);
//   Graph graph = builder.build();
//
// build() symmetrises an undirected graph (both arcs of every edge, a
// self-loop once), removes duplicate arcs (keeping the smallest weight),
// optionally self-loops, sorts every adjacency list, builds the reverse CSR
// of a directed graph, and numbers the vertices densely in the order of
// their file ids (or by decreasing degree with relabelByDegree).
//
// Vertices: without declareVertices(), the ids that occur in an edge or in
// addVertex(); with it, exactly the declared range (isolated ones included).
//
// Errors: std::out_of_range for an id outside the declared range,
// std::length_error past 2^32-1 vertices, std::logic_error for misuse;
// LoadCancelled from build() when the progress callback cancels.
// Memory: about 8 bytes per edge added (16 weighted) until build(), which
// releases them while it builds. Not thread-safe; build() once.

#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "EdgeList.h"
#include "Graph.h"
#include "IdMapper.h"
#include "Progress.h"

namespace frontier::graph {

struct BuildOptions {
  bool directed = false;
  bool weighted = false;         // addEdge(u, v) then means weight 1
  bool removeSelfLoops = false;  // the vertex of a removed self-loop stays
  bool relabelByDegree = false;  // dense id 0 = highest degree (ties by file id)
  unsigned threads = 0;          // workers that sort the lists (0 = one per hardware thread); same graph for any
};

class GraphBuilder {
public:
  explicit GraphBuilder(BuildOptions options = {});

  // The vertices are exactly file ids first..first+count-1; call before
  // adding anything.
  void declareVertices(uint64_t count, FileId first = 0);
  // A vertex that may have no edge.
  void addVertex(FileId id) { m_ids.map(id, m_edges); }

  // An edge (undirected) or an arc u -> v (directed).
  void addEdge(FileId u, FileId v) {
    if (u == v && m_options.removeSelfLoops) {
      m_ids.map(u, m_edges);
      return;
    }
    const auto [a, b] = mapEnds(u, v);
    if (m_options.weighted) {
      m_edges.push(a, b, 1.0);
    } else {
      m_edges.push(a, b);
    }
  }
  // Weighted builders only (std::logic_error otherwise).
  void addEdge(FileId u, FileId v, double weight) {
    if (!m_options.weighted) {
      notWeighted();
    }
    if (u == v && m_options.removeSelfLoops) {
      m_ids.map(u, m_edges);
      return;
    }
    const auto [a, b] = mapEnds(u, v);
    m_edges.push(a, b, weight);
  }

  // A parallel parse (SeenIds.h): whether arcs of ids SeenIds covers may be
  // appended as they are (the ids are in direct mode: no declared range, no
  // id past the direct floor so far).
  bool takesSeenIds() const noexcept { return m_ids.direct(); }
  // The marks the parse's workers set, made on first use and kept with the
  // builder (its mapper reads them until build()). Thread-safe once made.
  SeenIds& seenIds();
  // Appends arcs whose ends are file ids that seenIds() covers and has
  // marked (in its first `words` words), with one weight per arc on a
  // weighted builder; the caller drops no self-loop (their removal needs
  // the mapping: addEdge). Only while takesSeenIds() (std::logic_error
  // otherwise).
  void addSeen(std::span<const EdgeList::Arc> arcs, std::span<const double> weights, uint64_t words);

  // Arcs already dense (declared vertices: file id - first, each below the
  // declared count; the caller checks the range and drops the self-loops
  // to remove), with one weight per arc on a weighted builder: a parallel
  // parse's parts, appended without mapping (std::logic_error without
  // declared vertices).
  void addDeclared(std::span<const EdgeList::Arc> arcs, std::span<const double> weights);

  // Edges whose ids are already dense (file ids of vertices declared from 0,
  // each below the declared count; the caller guarantees it), taken as they
  // are without copying: a parallel generator's blocks. Unweighted builders
  // that keep self-loops only (std::logic_error otherwise).
  void addDenseBlock(std::unique_ptr<EdgeList::Arc[]> arcs, size_t count);

  // Coordinates of the declared vertices, in order of file id.
  void setCoordinates(std::vector<Coordinate> coordinates);
  void setName(std::string name) { m_name = std::move(name); }
  // Reports the build (not the adding) to `progress`.
  void setProgress(Progress progress) { m_progress = progress; }

  const BuildOptions& options() const noexcept { return m_options; }
  // Edges and arcs added so far, duplicates included.
  uint64_t edgesAdded() const noexcept { return m_edges.size(); }

  Graph build();

  // Renumbers `graph`'s vertices: vertex oldOf[i] becomes i (oldOf a
  // permutation of the vertices). Arcs, weights and coordinates follow, and
  // every vertex keeps its file id, so what a run prints names the same
  // vertices in any order.
  static void relabel(Graph& graph, std::span<const VertexId> oldOf);

private:
  [[gnu::always_inline]] std::pair<VertexId, VertexId> mapEnds(FileId u, FileId v) {
    const uint32_t epoch = m_ids.epoch();
    VertexId a = m_ids.map(u, m_edges);
    const VertexId b = m_ids.map(v, m_edges);
    if (m_ids.epoch() != epoch) {
      a = m_ids.map(u, m_edges);  // mapping v changed what a meant
    }
    return {a, b};
  }
  [[noreturn]] static void notWeighted();
  static void relabelByDegree(Graph& graph);

  BuildOptions m_options;
  std::unique_ptr<SeenIds> m_seen;  // seenIds(); before m_ids, which may point to it
  EdgeList m_edges;
  IdMapper m_ids;
  std::vector<Coordinate> m_coordinates;
  std::string m_name;
  Progress m_progress;
  bool m_built = false;
};

} // namespace frontier::graph
