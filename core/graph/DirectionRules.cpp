// How every reader decides a graph's direction and says where it came from:
// the format's declaration or default, overridden by the command line; a
// guess from free text is never made (DESIGN.md, "Contracts").

#include <algorithm>
#include <vector>

#include "Readers.h"

namespace frontier::graph::detail {

namespace {

const char* word(bool directed) { return directed ? "directed" : "undirected"; }

std::string declaredAt(const DeclaredDirection& declared) {
  return declared.line > 0 ? "header line " + std::to_string(declared.line) : "format default";
}

} // namespace

DirectionChoice chooseDirection(const LoadOptions& options, DeclaredDirection declared) {
  DirectionChoice choice;
  if (options.direction == Direction::FromFormat) {
    choice.directed = declared.directed;
    choice.source = declaredAt(declared);
    return choice;
  }
  choice.directed = options.direction == Direction::Directed;
  choice.source = "command line";
  if (declared.line > 0 && declared.directed != choice.directed) {
    choice.notes.push_back(std::string("header line ") + std::to_string(declared.line) + " says " +
                           word(declared.directed) + "; read as " + word(choice.directed) +
                           " as the command line asks");
  }
  return choice;
}

void recordDirection(Graph& graph, DirectionChoice choice) {
  graph.setDirectionSource(choice.source);
  for (std::string& note : choice.notes) {
    graph.addLoadNote(std::move(note));
  }
  if (graph.directed() && graph.arcCount() > 0 && graph.symmetric()) {
    graph.addLoadNote("read as directed (" + choice.source +
                      "), but every arc has its reverse: the lengths are those of the undirected graph");
  }
}

} // namespace frontier::graph::detail

namespace frontier::graph::detail {

std::pair<FileId, FileId> fileIdBounds(const Graph& graph) {
  if (graph.vertexCount() == 0) {
    return {0, 0};
  }
  if (graph.denseIdsSorted()) {
    return {graph.fileId(0), graph.fileId(graph.vertexCount() - 1)};
  }
  FileId lowest = graph.fileId(0);
  FileId highest = lowest;
  for (VertexId v = 0; v < graph.vertexCount(); ++v) {
    lowest = std::min(lowest, graph.fileId(v));
    highest = std::max(highest, graph.fileId(v));
  }
  return {lowest, highest};
}

Graph withDirection(Graph graph, const LoadOptions& options) {
  const DirectionChoice choice = chooseDirection(options, {graph.directed(), 0});
  if (choice.directed == graph.directed()) {
    graph.setDirectionSource(options.direction == Direction::FromFormat ? "file header" : choice.source);
    return graph;
  }
  // Rebuilt through the builder: symmetrised (a directed graph read as
  // undirected) or every edge as two arcs (the other way round), the file
  // ids and coordinates kept.
  GraphBuilder builder(BuildOptions{choice.directed, graph.weighted(), false, false});
  const VertexId n = graph.vertexCount();
  // Distinct file ids spanning n values are one range (in any numbering).
  const auto [lowest, highest] = fileIdBounds(graph);
  const bool range = n > 0 && highest - lowest == n - 1;
  if (range) {
    builder.declareVertices(n, lowest);
    if (graph.hasCoordinates()) {
      std::vector<Coordinate> byFileId(n);
      for (VertexId v = 0; v < n; ++v) {
        byFileId[graph.fileId(v) - lowest] = graph.coordinates()[v];
      }
      builder.setCoordinates(std::move(byFileId));
    }
  } else {
    for (VertexId v = 0; v < n; ++v) {
      builder.addVertex(graph.fileId(v));
    }
  }
  const Csr& out = graph.out();
  for (VertexId u = 0; u < n; ++u) {
    const auto targets = out.neighbours(u);
    for (size_t i = 0; i < targets.size(); ++i) {
      if (graph.weighted()) {
        builder.addEdge(graph.fileId(u), graph.fileId(targets[i]), out.arcWeights(u)[i]);
      } else {
        builder.addEdge(graph.fileId(u), graph.fileId(targets[i]));
      }
    }
  }
  Graph rebuilt = builder.build();
  if (!graph.denseIdsSorted()) {
    // Renumbered (a stored vertex order): the same numbering again.
    std::vector<VertexId> oldOf(n);
    for (VertexId v = 0; v < n; ++v) {
      oldOf[v] = *rebuilt.denseId(graph.fileId(v));
    }
    GraphBuilder::relabel(rebuilt, oldOf);
  }
  rebuilt.setDirectionSource(choice.source);
  rebuilt.setName(graph.name());
  return rebuilt;
}

} // namespace frontier::graph::detail
