// METIS graphs: a header "vertices edges [fmt [ncon]]", then line i lists the
// neighbours of vertex i (1-based), each undirected edge appearing in the
// lines of both ends. fmt has up to three 0/1 digits: vertex sizes, vertex
// weights (ncon of them, default 1), edge weights (after each neighbour).
// Lines starting with '%' are comments; an empty line is a vertex without
// neighbours.

#include <optional>
#include <vector>

#include "EdgeParts.h"
#include "LineRanges.h"
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

// Reads vertex lines (and '%' comments) to the end of the scanner's input.
// `vertex`: the vertex lines before (updated); a non-blank line after
// `limit` of them is an error (blank ones are skipped). Each neighbour goes
// to add(vertex, neighbour, weight) (weight 1 without edge weights).
// `blankStop` (a worker, which does not know whether the declared vertices
// end before a line): a blank line where a vertex line needs a size or a
// weight sets it and stops, leaving the line to the serial reading; returns
// false then.
template <class Add>
bool readVertexLines(TextScanner& scan, const Header& header, uint64_t limit, uint64_t& vertex, const Add& add,
                     bool blankStop = false) {
  const std::string range = "1.." + std::to_string(header.vertices);
  while (nextNonComment(scan)) {
    if (vertex == limit) {
      if (!scan.blankRest()) {
        scan.fail("expected no more vertex lines (the header declares " + std::to_string(header.vertices) + ")");
      }
      scan.endLine();
      continue;
    }
    if (blankStop && (header.vertexSizes || header.vertexWeights > 0) && scan.blankRest()) {
      return false;  // an error, or a blank line after the last vertex
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
      double weight = 1.0;
      if (header.edgeWeights) {
        if (!scan.skipSeparator()) {
          scan.fail("expected the weight of the edge to " + std::to_string(neighbour));
        }
        weight = scan.readWeight("an integer edge weight", true);
      }
      add(vertex, neighbour, weight);
      if (!scan.skipSeparator() && !scan.atLineEnd()) {
        scan.fail("expected a blank between neighbours");
      }
    }
    scan.endLine();
  }
  return true;
}

} // namespace

Graph readMetis(TextInput& input, ReadContext& context) {
  TextScanner scan(input, context.progress.sub(0.0, 0.6));
  const Header header = readHeader(scan, context.options);
  DirectionChoice direction = chooseDirection(context.options, {false, 0});
  GraphBuilder builder(buildOptions(context.options, direction.directed, header.edgeWeights));
  builder.declareVertices(header.vertices, 1);
  uint64_t vertex = 0;
  uint64_t ends = 0;  // edge ends listed: 2 per edge (a self-loop counts 2)
  const auto addSerially = [&](uint64_t from, uint64_t neighbour, double weight) {
    ends += neighbour == from ? 2 : 1;
    if (header.edgeWeights) {
      builder.addEdge(from, neighbour, weight);
    } else {
      builder.addEdge(from, neighbour);
    }
  };
  // Large uncompressed files are parsed in ranges on all workers, as SNAP
  // files are (LineRanges.h). A range that reaches past the declared vertex
  // count, or that met a blank line where a vertex line needs a size or a
  // weight, is parsed again on this thread from its first vertex, which
  // stops with the serial parse's error or takes the blank lines after the
  // last vertex.
  if (const std::optional<LineRangePlan> plan = planLineRanges(input, context.options, context.stats.compressed)) {
    const bool dropLoops = builder.options().removeSelfLoops;
    parseLineRanges<DenseArcPart>(
        scan, *plan,
        [&header](TextScanner& range, DenseArcPart& part) {
          // Sources counted from the range's first vertex line: the lines
          // before it are known only when the loading thread takes the part.
          const auto add = [&](uint64_t line, uint64_t neighbour, double weight) {
            part.arcs.push_back({static_cast<VertexId>(line - 1), static_cast<VertexId>(neighbour - 1)});
            if (header.edgeWeights) {
              part.weights.push_back(weight);
            }
          };
          part.serial = !readVertexLines(range, header, UINT64_MAX, part.records, add, true);
          if (part.serial) {
            // The rest is read again on the loading thread; its lines still
            // count for the line numbers of the ranges after it.
            range.skipLine();
            while (range.nextLine()) {
              range.skipLine();
            }
          }
        },
        [&](DenseArcPart& part, std::string_view text, uint64_t lineBefore, bool) {
          if (part.serial || vertex + part.records > header.vertices) {
            TextScanner again(text, scan.name(), lineBefore);
            readVertexLines(again, header, header.vertices, vertex, addSerially);
            return;
          }
          // Sources from the lines before; self-loops counted (and dropped
          // when asked: their vertex stays, it is declared) in one pass.
          size_t kept = 0;
          for (size_t a = 0; a < part.arcs.size(); ++a) {
            EdgeList::Arc arc = part.arcs[a];
            arc.u += static_cast<VertexId>(vertex);
            ends += arc.u == arc.v ? 2 : 1;
            if (arc.u == arc.v && dropLoops) {
              continue;
            }
            part.arcs[kept] = arc;
            if (header.edgeWeights) {
              part.weights[kept] = part.weights[a];
            }
            ++kept;
          }
          part.arcs.resize(kept);
          part.weights.resize(header.edgeWeights ? kept : 0);
          builder.addDeclared(part.arcs, part.weights);
          vertex += part.records;
        });
  } else {
    readVertexLines(scan, header, header.vertices, vertex, addSerially);
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
