#include "GraphBuilder.h"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <stdexcept>

#include "CsrBuild.h"

namespace frontier::graph {

GraphBuilder::GraphBuilder(BuildOptions options)
    : m_options(options), m_edges(options.weighted) {}

void GraphBuilder::declareVertices(uint64_t count, FileId first) { m_ids.declare(count, first); }

void GraphBuilder::notWeighted() { throw std::logic_error("GraphBuilder: a weight given to an unweighted builder"); }

void GraphBuilder::addDenseBlock(std::unique_ptr<EdgeList::Arc[]> arcs, size_t count) {
  if (m_options.weighted || m_options.removeSelfLoops || !m_ids.declared() || m_ids.first() != 0) {
    throw std::logic_error("GraphBuilder: dense blocks need an unweighted builder of vertices declared from 0");
  }
  m_edges.appendBlock(std::move(arcs), count);
}

SeenIds& GraphBuilder::seenIds() {
  if (!m_seen) {
    m_seen = std::make_unique<SeenIds>();
  }
  return *m_seen;
}

void GraphBuilder::addSeen(std::span<const EdgeList::Arc> arcs, std::span<const double> weights, uint64_t words) {
  if (!m_ids.direct() || !m_seen || (m_options.removeSelfLoops && !arcs.empty())) {
    throw std::logic_error("GraphBuilder::addSeen outside direct ids, before seenIds() or with self-loops to remove");
  }
  m_ids.noteSeen(*m_seen, words);
  m_edges.pushAll(arcs, weights);
}

void GraphBuilder::addDeclared(std::span<const EdgeList::Arc> arcs, std::span<const double> weights) {
  if (!m_ids.declared()) {
    throw std::logic_error("GraphBuilder::addDeclared without declared vertices");
  }
  m_edges.pushAll(arcs, weights);
}

void GraphBuilder::setCoordinates(std::vector<Coordinate> coordinates) {
  if (!m_ids.declared() || coordinates.size() != m_ids.declaredCount()) {
    throw std::logic_error("GraphBuilder: coordinates need declared vertices, one each");
  }
  m_coordinates = std::move(coordinates);
}

Graph GraphBuilder::build() {
  if (m_built) {
    throw std::logic_error("GraphBuilder::build called twice");
  }
  m_built = true;
  const bool directed = m_options.directed;
  IdMapping ids = m_ids.finish(m_edges, m_progress.sub(0.0, 0.1));
  AdjacencyResult adjacency =
      buildAdjacency(m_edges, ids.vertexCount, !directed, m_options.threads, m_progress.sub(0.1, directed ? 0.85 : 1.0));

  Graph graph;
  graph.m_directed = directed;
  graph.m_out = std::move(adjacency.csr);
  graph.m_selfLoops = adjacency.selfLoops;
  if (directed) {
    graph.m_in = transposeCsr(graph.m_out, m_progress.sub(0.85, 1.0));
  }
  graph.m_firstFileId = ids.first;
  graph.m_fileIds = std::move(ids.fileIds);
  graph.m_coordinates = std::move(m_coordinates);
  graph.m_integerWeights = std::all_of(graph.m_out.weights.begin(), graph.m_out.weights.end(),
                                       [](double w) { return std::trunc(w) == w; });
  graph.m_name = std::move(m_name);
  if (m_options.relabelByDegree) {
    relabelByDegree(graph);
  }
  m_progress.done();
  return graph;
}

void GraphBuilder::relabelByDegree(Graph& graph) {
  const VertexId n = graph.vertexCount();
  std::vector<VertexId> oldOf(n);
  std::iota(oldOf.begin(), oldOf.end(), VertexId{0});
  const Csr& out = graph.m_out;
  std::stable_sort(oldOf.begin(), oldOf.end(),
                   [&](VertexId a, VertexId b) { return out.degree(a) > out.degree(b); });
  relabel(graph, oldOf);
}

void GraphBuilder::relabel(Graph& graph, std::span<const VertexId> oldOf) {
  const VertexId n = graph.vertexCount();
  if (oldOf.size() != n) {
    throw std::logic_error("GraphBuilder::relabel: the order must list every vertex once");
  }
  std::vector<VertexId> newId(n, kNoVertex);
  for (VertexId v = 0; v < n; ++v) {
    if (oldOf[v] >= n || newId[oldOf[v]] != kNoVertex) {
      throw std::logic_error("GraphBuilder::relabel: the order must list every vertex once");
    }
    newId[oldOf[v]] = v;
  }
  graph.m_out = permuteCsr(graph.m_out, newId, oldOf);
  if (graph.m_directed) {
    graph.m_in = permuteCsr(graph.m_in, newId, oldOf);
  }
  std::vector<FileId> fileIds(n);
  for (VertexId v = 0; v < n; ++v) {
    fileIds[v] = graph.fileId(oldOf[v]);
  }
  graph.m_fileIds = std::move(fileIds);
  // The new ids by file id: the old ids were in file-id order, or listed so.
  if (!graph.m_sortedDense.empty()) {
    for (VertexId& id : graph.m_sortedDense) {
      id = newId[id];
    }
  } else {
    graph.m_sortedDense = std::move(newId);
  }
  // An order that is the file ids' own again needs no list (denseIdsSorted).
  bool sorted = true;
  for (VertexId v = 0; v < n && sorted; ++v) {
    sorted = graph.m_sortedDense[v] == v;
  }
  if (sorted) {
    graph.m_sortedDense = {};
  }
  if (!graph.m_coordinates.empty()) {
    std::vector<Coordinate> coordinates(n);
    for (VertexId v = 0; v < n; ++v) {
      coordinates[v] = graph.m_coordinates[oldOf[v]];
    }
    graph.m_coordinates = std::move(coordinates);
  }
}

} // namespace frontier::graph
