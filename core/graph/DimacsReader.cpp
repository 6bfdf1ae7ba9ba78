// DIMACS shortest-path graphs (9th Implementation Challenge):
//   c comment
//   p sp <vertices> <arcs>
//   a <source> <target> <integer weight>      (1-based ids, one line per arc)
// and the coordinate file beside it (same name, .co):
//   p aux sp co <vertices>
//   v <id> <x> <y>

#include <optional>
#include <vector>

#include "EdgeParts.h"
#include "LineRanges.h"
#include "Readers.h"

namespace frontier::graph::detail {

namespace {

// The next line that is not blank or a 'c' comment; false at the end.
bool nextRecord(TextScanner& scan) {
  while (scan.nextLine()) {
    scan.skipBlanks();
    if (scan.peek() == 'c' && (scan.position()[1] == ' ' || scan.position()[1] == '\t' ||
                               scan.position()[1] == '\n' || scan.position()[1] == '\r')) {
      scan.skipLine();
    } else if (scan.atLineEnd()) {
      scan.endLine();
    } else {
      return true;
    }
  }
  return false;
}

void expectWord(TextScanner& scan, std::string_view word, const std::string& expected) {
  scan.skipBlanks();
  const char* at = scan.position();
  if (scan.readWord() != word) {
    scan.failAt(at, expected);
  }
}

uint64_t readId(TextScanner& scan, uint64_t vertices, const char* what) {
  if (!scan.skipSeparator()) {
    scan.fail(std::string("expected ") + what);
  }
  const char* at = scan.position();
  const uint64_t id = scan.readUnsigned(what);
  if (id == 0 || id > vertices) {
    scan.failAt(at, std::string("expected ") + what + " in 1.." + std::to_string(vertices));
  }
  return id;
}

std::vector<Coordinate> readCoordinates(TextInput& input, uint64_t vertices) {
  TextScanner scan(input, Progress());
  if (!nextRecord(scan)) {
    scan.failAtEnd("expected the problem line 'p aux sp co <vertices>', found an empty file");
  }
  const char* at = scan.position();
  if (!scan.accept('p')) {
    scan.fail("expected the problem line 'p aux sp co <vertices>'");
  }
  expectWord(scan, "aux", "expected 'aux' (the line 'p aux sp co <vertices>')");
  expectWord(scan, "sp", "expected 'sp' (the line 'p aux sp co <vertices>')");
  expectWord(scan, "co", "expected 'co' (the line 'p aux sp co <vertices>')");
  scan.skipBlanks();
  if (scan.readUnsigned("the vertex count") != vertices) {
    scan.failAt(at, "expected " + std::to_string(vertices) + " vertices, as the .gr file declares");
  }
  scan.endLine();
  std::vector<Coordinate> coordinates(vertices);
  std::vector<bool> seen(vertices, false);
  uint64_t count = 0;
  while (nextRecord(scan)) {
    if (!scan.accept('v')) {
      scan.fail("expected a coordinate line 'v <id> <x> <y>'");
    }
    const uint64_t id = readId(scan, vertices, "a vertex id");
    if (seen[id - 1]) {
      scan.failLine("vertex " + std::to_string(id) + " has a second coordinate line");
    }
    seen[id - 1] = true;
    scan.skipBlanks();
    const double x = scan.readReal("the x coordinate");
    scan.skipBlanks();
    const double y = scan.readReal("the y coordinate");
    scan.endLine();
    coordinates[id - 1] = {x, y};
    ++count;
  }
  if (count != vertices) {
    scan.failAtEnd("expected a coordinate line for each of the " + std::to_string(vertices) + " vertices, found " +
                   std::to_string(count));
  }
  return coordinates;
}

// Reads arc lines (and 'c' comments, blank lines) to the end of the
// scanner's input, each to add(source, target, weight); the arc after
// `limit` of them is an error, as is a second problem line or any other
// record. `declared`: the problem line's arc count (for the error). Returns
// the count read.
template <class Add>
uint64_t readArcs(TextScanner& scan, uint64_t vertices, uint64_t declared, uint64_t limit, const Add& add) {
  uint64_t read = 0;
  while (nextRecord(scan)) {
    if (scan.peek() == 'p') {
      scan.fail("expected an arc line 'a <source> <target> <weight>' (a second problem line)");
    }
    if (!scan.accept('a')) {
      scan.fail("expected an arc line 'a <source> <target> <weight>'");
    }
    if (read == limit) {
      scan.failLine("expected no more arcs (the problem line declares " + std::to_string(declared) + ")");
    }
    const uint64_t source = readId(scan, vertices, "a source vertex id");
    const uint64_t target = readId(scan, vertices, "a target vertex id");
    if (!scan.skipSeparator()) {
      scan.fail("expected the arc weight");
    }
    const double weight = scan.readWeight("an integer arc weight", true);
    scan.endLine();
    add(source, target, weight);
    ++read;
  }
  return read;
}

} // namespace

Graph readDimacs(TextInput& input, TextInput* coordinates, ReadContext& context) {
  TextScanner scan(input, context.progress.sub(0.0, 0.6));
  if (!nextRecord(scan)) {
    scan.failAtEnd("expected the problem line 'p sp <vertices> <arcs>', found an empty file");
  }
  if (!scan.accept('p')) {
    scan.fail("expected the problem line 'p sp <vertices> <arcs>' before the first arc");
  }
  expectWord(scan, "sp", "expected 'sp' (the line 'p sp <vertices> <arcs>'; other problems are not supported)");
  scan.skipBlanks();
  const char* at = scan.position();
  const uint64_t vertices = scan.readUnsigned("the vertex count");
  scan.skipBlanks();
  const uint64_t arcs = scan.readUnsigned("the arc count");
  scan.endLine();
  checkDeclaredVertices(scan, at, vertices, context.options);

  DirectionChoice direction = chooseDirection(context.options, {true, 0});
  GraphBuilder builder(buildOptions(context.options, direction.directed, true));
  builder.declareVertices(vertices, 1);
  uint64_t read = 0;
  // Large uncompressed files are parsed in ranges on all workers, as SNAP
  // and Matrix Market files are (LineRanges.h). A range that holds the
  // record beyond the declared count is parsed again, knowing how many arcs
  // it may still hold, which stops there with the serial parse's error.
  if (const std::optional<LineRangePlan> plan = planLineRanges(input, context.options, context.stats.compressed)) {
    const bool dropLoops = builder.options().removeSelfLoops;
    parseLineRanges<DenseArcPart>(
        scan, *plan,
        [vertices, arcs, dropLoops](TextScanner& range, DenseArcPart& part) {
          readArcs(range, vertices, arcs, UINT64_MAX, [&](uint64_t source, uint64_t target, double weight) {
            ++part.records;
            if (source == target && dropLoops) {
              return;  // the vertex stays: it is declared
            }
            part.arcs.push_back({static_cast<VertexId>(source - 1), static_cast<VertexId>(target - 1)});
            part.weights.push_back(weight);
          });
        },
        [&](DenseArcPart& part, std::string_view text, uint64_t lineBefore, bool failed) {
          if (part.records > arcs - read || (failed && part.records == arcs - read)) {
            TextScanner again(text, scan.name(), lineBefore);
            readArcs(again, vertices, arcs, arcs - read, [](uint64_t, uint64_t, double) {});
          }
          builder.addDeclared(part.arcs, part.weights);
          read += part.records;
        });
  } else {
    read = readArcs(scan, vertices, arcs, arcs,
                    [&](uint64_t source, uint64_t target, double weight) { builder.addEdge(source, target, weight); });
  }
  if (read != arcs) {
    scan.failAtEnd("expected " + std::to_string(arcs) + " arcs as the problem line declares, found " +
                   std::to_string(read));
  }
  if (coordinates != nullptr) {
    builder.setCoordinates(readCoordinates(*coordinates, vertices));
  }
  context.stats.inputEdges = read;
  context.stats.inputBytes = input.bytesRead();
  builder.setProgress(context.progress.sub(0.6, 1.0));
  Graph graph = builder.build();
  recordDirection(graph, std::move(direction));
  return graph;
}

} // namespace frontier::graph::detail
