// METIS graphs: a header "vertices edges [fmt [ncon]]", then line i lists the
// neighbours of vertex i (1-based), each undirected edge appearing in the
// lines of both ends. fmt has up to three 0/1 digits: vertex sizes, vertex
// weights (ncon of them, default 1), edge weights (after each neighbour).
// Lines starting with '%' are comments; an empty line is a vertex without
// neighbours.

#include "Readers.h"

namespace frontier::graph::detail {

namespace {

struct Header {
  uint64_t vertices = 0;
  uint64_t edges = 0;
  bool vertexSizes = false;
  uint64_t vertexWeights = 0;  // per vertex
  bool edgeWeights = false;
};

// The next line that is not a comment; false at the end.
bool nextNonComment(TextScanner& scan) {
  while (scan.nextLine()) {
    if (scan.peek() != '%') {
      return true;
    }
    scan.skipLine();
  }
  return false;
}

Header readHeader(TextScanner& scan, const LoadOptions& options) {
  // Blank lines before the header are not vertices yet.
  bool found = false;
  while (!found && nextNonComment(scan)) {
    if (scan.blankRest()) {
      scan.endLine();
    } else {
      found = true;
    }
  }
  if (!found) {
    scan.failAtEnd("expected the header 'vertices edges [fmt [ncon]]', found an empty file");
  }
  Header header;
  const char* at = scan.position();
  header.vertices = scan.readUnsigned("the vertex count");
  scan.skipBlanks();
  header.edges = scan.readUnsigned("the edge count");
  checkDeclaredVertices(scan, at, header.vertices, options);
  if (scan.skipSeparator() && !scan.atLineEnd()) {
    at = scan.position();
    const std::string_view fmt = scan.readWord();
    if (fmt.empty() || fmt.size() > 3 || fmt.find_first_not_of("01") != std::string_view::npos) {
      scan.failAt(at, "expected fmt: up to three digits 0 or 1 (vertex sizes, vertex weights, edge weights)");
    }
    const std::string padded = std::string(3 - fmt.size(), '0') + std::string(fmt);
    header.vertexSizes = padded[0] == '1';
    header.vertexWeights = padded[1] == '1' ? 1 : 0;
    header.edgeWeights = padded[2] == '1';
    if (scan.skipSeparator() && !scan.atLineEnd()) {
      at = scan.position();
      const uint64_t ncon = scan.readUnsigned("ncon, the number of vertex weights");
      if (header.vertexWeights == 0 || ncon == 0 || ncon > 1024) {
        scan.failAt(at, "expected ncon in 1..1024 and fmt with vertex weights (x1x)");
      }
      header.vertexWeights = ncon;
    }
  }
  scan.endLine();
  return header;
}

} // namespace

Graph readMetis(TextInput& input, ReadContext& context) {
  TextScanner scan(input, context.progress.sub(0.0, 0.6));
  const Header header = readHeader(scan, context.options);
  DirectionChoice direction = chooseDirection(context.options, {false, 0});
  GraphBuilder builder(buildOptions(context.options, direction.directed, header.edgeWeights));
  builder.declareVertices(header.vertices, 1);
  const std::string range = "1.." + std::to_string(header.vertices);
  uint64_t vertex = 0;
  uint64_t ends = 0;  // edge ends listed: 2 per edge (a self-loop counts 2)
  while (nextNonComment(scan)) {
    if (vertex == header.vertices) {
      if (!scan.blankRest()) {
        scan.fail("expected no more vertex lines (the header declares " + std::to_string(header.vertices) + ")");
      }
      scan.endLine();
      continue;
    }
    ++vertex;
    scan.skipBlanks();
    if (header.vertexSizes) {
      scan.readUnsigned("the vertex size");
      scan.skipBlanks();
    }
    for (uint64_t w = 0; w < header.vertexWeights; ++w) {
      scan.readSigned("a vertex weight");
      scan.skipBlanks();
    }
    while (!scan.atLineEnd()) {
      const char* at = scan.position();
      const uint64_t neighbour = scan.readUnsigned("a neighbour id (1-based)");
      if (neighbour == 0 || neighbour > header.vertices) {
        scan.failAt(at, "expected a neighbour id in " + range);
      }
      ends += neighbour == vertex ? 2 : 1;
      if (header.edgeWeights) {
        if (!scan.skipSeparator()) {
          scan.fail("expected the weight of the edge to " + std::to_string(neighbour));
        }
        builder.addEdge(vertex, neighbour, scan.readWeight("an integer edge weight", true));
      } else {
        builder.addEdge(vertex, neighbour);
      }
      if (!scan.skipSeparator() && !scan.atLineEnd()) {
        scan.fail("expected a blank between neighbours");
      }
    }
    scan.endLine();
  }
  // Vertices missing at the very end are taken as isolated (their empty
  // lines were cut); the edge count below still catches truncation.
  if (ends != 2 * header.edges) {
    scan.failAtEnd("expected " + std::to_string(header.edges) + " edges as the header declares, found " +
                   std::to_string(ends / 2) + (ends % 2 != 0 ? " and a half (an edge listed at one end only)" : ""));
  }
  context.stats.inputEdges = ends / 2;
  context.stats.inputBytes = input.bytesRead();
  builder.setProgress(context.progress.sub(0.6, 1.0));
  Graph graph = builder.build();
  recordDirection(graph, std::move(direction));
  return graph;
}

} // namespace frontier::graph::detail
