// Matrix Market coordinate files: the banner
//   %%MatrixMarket matrix coordinate <pattern|integer|real> <general|symmetric>
// then '%' comments, the size line "rows columns entries" (rows = columns =
// the vertex count) and one line "i j [value]" per entry, 1-based. Entry
// (i, j) is the arc i -> j; symmetric files give undirected edges.

#include <optional>
#include <utility>
#include <vector>

#include "EdgeParts.h"
#include "LineRanges.h"
#include "Readers.h"

namespace frontier::graph::detail {

namespace {

enum class Field { Pattern, Integer, Real };

struct Banner {
  Field field = Field::Pattern;
  bool symmetric = false;
};

Banner readBanner(TextScanner& scan) {
  if (!scan.nextLine()) {
    scan.failAtEnd("expected the banner '%%MatrixMarket matrix coordinate ...', found an empty file");
  }
  const char* at = scan.position();
  if (lowercase(scan.readWord()) != "%%matrixmarket") {
    scan.failAt(at, "expected the banner '%%MatrixMarket'");
  }
  auto keyword = [&](const char* expected) {
    scan.skipBlanks();
    at = scan.position();
    const std::string word = lowercase(scan.readWord());
    if (word.empty()) {
      scan.failAt(at, std::string("expected ") + expected);
    }
    return word;
  };
  if (keyword("the object 'matrix'") != "matrix") {
    scan.failAt(at, "expected the object 'matrix' (other objects are not supported)");
  }
  const std::string format = keyword("the format 'coordinate'");
  if (format != "coordinate") {
    scan.failAt(at, format == "array" ? "expected the format 'coordinate' (dense 'array' matrices are not supported)"
                                      : "expected the format 'coordinate'");
  }
  Banner banner;
  const std::string field = keyword("the field 'pattern', 'integer' or 'real'");
  if (field == "pattern") {
    banner.field = Field::Pattern;
  } else if (field == "integer") {
    banner.field = Field::Integer;
  } else if (field == "real" || field == "double") {
    banner.field = Field::Real;
  } else {
    scan.failAt(at, "expected the field 'pattern', 'integer' or 'real' ('" + field + "' is not supported)");
  }
  const std::string symmetry = keyword("the symmetry 'general' or 'symmetric'");
  if (symmetry == "symmetric") {
    banner.symmetric = true;
  } else if (symmetry != "general") {
    scan.failAt(at, "expected the symmetry 'general' or 'symmetric' ('" + symmetry + "' is not supported)");
  }
  scan.endLine();
  return banner;
}

// Moves to the next line that is not a comment or blank; false at the end.
bool nextContentLine(TextScanner& scan) {
  while (scan.nextLine()) {
    scan.skipBlanks();
    if (scan.peek() == '%') {
      scan.skipLine();
    } else if (scan.atLineEnd()) {
      scan.endLine();
    } else {
      return true;
    }
  }
  return false;
}

// What the entry lines look like.
struct Entries {
  Field field;
  uint64_t rows;      // = columns: indices are 1..rows
  uint64_t declared;  // the size line's count of entries (for the error)
};

// Reads entry lines (and '%' comments, blank lines) to the end of the
// scanner's input, each to add(i, j, value) (value 1 for pattern files);
// the entry after `limit` of them is an error. Returns the count read.
template <class Add> uint64_t readEntries(TextScanner& scan, const Entries& format, uint64_t limit, const Add& add) {
  uint64_t read = 0;
  while (nextContentLine(scan)) {
    if (read == limit) {
      scan.fail("expected no more entries (the size line declares " + std::to_string(format.declared) + ")");
    }
    const char* at = scan.position();
    const uint64_t i = scan.readUnsigned("a row index (1-based)");
    if (i == 0 || i > format.rows) {
      scan.failAt(at, "expected a row index in 1.." + std::to_string(format.rows));
    }
    scan.skipBlanks();
    at = scan.position();
    const uint64_t j = scan.readUnsigned("a column index (1-based)");
    if (j == 0 || j > format.rows) {
      scan.failAt(at, "expected a column index in 1.." + std::to_string(format.rows));
    }
    double value = 1.0;
    if (format.field != Field::Pattern) {
      if (!scan.skipSeparator()) {
        scan.fail("expected a value after the column index");
      }
      value = format.field == Field::Integer ? scan.readWeight("an integer value", true)
                                             : scan.readWeight("a real value", false);
    }
    scan.endLine();
    add(i, j, value);
    ++read;
  }
  return read;
}

// The entries of one range of a parallel parse, in file order.
} // namespace

Graph readMatrixMarket(TextInput& input, ReadContext& context) {
  TextScanner scan(input, context.progress.sub(0.0, 0.6));
  const Banner banner = readBanner(scan);
  if (!nextContentLine(scan)) {
    scan.failAtEnd("expected the size line 'rows columns entries', found end of file");
  }
  const char* sizeAt = scan.position();
  const uint64_t rows = scan.readUnsigned("the number of rows");
  scan.skipBlanks();
  const uint64_t columns = scan.readUnsigned("the number of columns");
  scan.skipBlanks();
  const uint64_t entries = scan.readUnsigned("the number of entries");
  scan.endLine();
  if (rows != columns) {
    scan.failAt(sizeAt, "expected a square matrix (rows = columns) for a graph");
  }
  checkDeclaredVertices(scan, sizeAt, rows, context.options);

  const bool weighted = banner.field != Field::Pattern;
  // The banner (line 1) declares the direction: general = directed.
  DirectionChoice direction = chooseDirection(context.options, {!banner.symmetric, 1});
  const bool directed = direction.directed;
  // A symmetric matrix read as directed: every entry is two arcs.
  const bool mirror = banner.symmetric && directed;
  GraphBuilder builder(buildOptions(context.options, directed, weighted));
  builder.declareVertices(rows, 1);
  auto add = [&](uint64_t i, uint64_t j, double value) {
    if (weighted) {
      builder.addEdge(i, j, value);
      if (mirror && i != j) {
        builder.addEdge(j, i, value);
      }
    } else {
      builder.addEdge(i, j);
      if (mirror && i != j) {
        builder.addEdge(j, i);
      }
    }
  };
  const Entries format{banner.field, rows, entries};
  uint64_t read = 0;
  // Large uncompressed files are split as SNAP's are (BENCHMARKS.md, "Text
  // parsed on all cores"): the workers make the dense arcs themselves, so
  // this thread only appends them in file order.
  if (const std::optional<LineRangePlan> plan = planLineRanges(input, context.options, context.stats.compressed)) {
    // Ranges on all workers; the count of entries is checked in file order
    // as the parts come in. A range that holds the content line beyond the
    // declared count is parsed again, knowing how many entries it may still
    // hold, which stops at that line with the serial parse's error.
    const bool dropLoops = builder.options().removeSelfLoops;
    parseLineRanges<DenseArcPart>(
        scan, *plan,
        [&format, mirror, dropLoops](TextScanner& range, DenseArcPart& part) {
          readEntries(range, format, UINT64_MAX, [&](uint64_t i, uint64_t j, double value) {
            ++part.records;
            if (i == j && dropLoops) {
              return;  // the vertex stays: it is declared
            }
            const auto a = static_cast<VertexId>(i - 1);
            const auto b = static_cast<VertexId>(j - 1);
            part.arcs.push_back({a, b});
            if (format.field != Field::Pattern) {
              part.weights.push_back(value);
            }
            if (mirror && i != j) {
              part.arcs.push_back({b, a});
              if (format.field != Field::Pattern) {
                part.weights.push_back(value);
              }
            }
          });
        },
        [&](DenseArcPart& part, std::string_view text, uint64_t lineBefore, bool failed) {
          // Over the count, or stopped by an error on the content line
          // after the last declared entry (the serial parse reports the
          // count there, whatever the line holds).
          if (part.records > entries - read || (failed && part.records == entries - read)) {
            TextScanner again(text, scan.name(), lineBefore);
            readEntries(again, format, entries - read, [](uint64_t, uint64_t, double) {});
          }
          builder.addDeclared(part.arcs, part.weights);
          read += part.records;
        });
  } else {
    read = readEntries(scan, format, entries, add);
  }
  if (read != entries) {
    scan.failAtEnd("expected " + std::to_string(entries) + " entries as the size line declares, found " +
                   std::to_string(read));
  }
  context.stats.inputEdges = read;
  context.stats.inputBytes = input.bytesRead();
  builder.setProgress(context.progress.sub(0.6, 1.0));
  Graph graph = builder.build();
  recordDirection(graph, std::move(direction));
  return graph;
}

} // namespace frontier::graph::detail
