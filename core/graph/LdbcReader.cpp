// LDBC SNB person-knows-person CSV: '|'-separated, a header line naming the
// columns, one friendship per line with 64-bit person ids. The two id
// columns are found by name, in either style of the data generators:
//   :START_ID(Person)|:END_ID(Person)|creationDate:LONG
//   Person1Id|Person2Id|creationDate       (also creationDate|Person1Id|...)
// Other columns are skipped. Several files (the parts of one table) make one
// graph.

#include <optional>
#include <vector>

#include "EdgeParts.h"
#include "LineRanges.h"
#include "Readers.h"

namespace frontier::graph::detail {

namespace {

struct Columns {
  size_t count = 0;
  size_t start = 0;
  size_t end = 0;
};

bool isStartColumn(const std::string& name) {
  return name.rfind(":start_id", 0) == 0 || name == "person1id" || name == "person1.id";
}
bool isEndColumn(const std::string& name) {
  return name.rfind(":end_id", 0) == 0 || name == "person2id" || name == "person2.id";
}

Columns readHeader(TextScanner& scan) {
  static const char* const kExpected =
      "expected a header line such as ':START_ID(Person)|:END_ID(Person)|creationDate:LONG' or "
      "'Person1Id|Person2Id|creationDate'";
  if (!scan.nextLine()) {
    scan.failAtEnd(std::string(kExpected) + ", found an empty file");
  }
  const char* at = scan.position();
  const std::string_view line = scan.restOfLine();
  Columns columns;
  bool haveStart = false;
  bool haveEnd = false;
  size_t from = 0;
  for (;;) {
    const size_t bar = line.find('|', from);
    const std::string name = lowercase(line.substr(from, bar == std::string_view::npos ? bar : bar - from));
    if (isStartColumn(name) && !haveStart) {
      columns.start = columns.count;
      haveStart = true;
    } else if (isEndColumn(name) && !haveEnd) {
      columns.end = columns.count;
      haveEnd = true;
    }
    ++columns.count;
    if (bar == std::string_view::npos) {
      break;
    }
    from = bar + 1;
  }
  if (!haveStart || !haveEnd) {
    scan.failAt(at, kExpected);
  }
  return columns;
}

void skipField(TextScanner& scan) {
  for (char c = scan.peek(); c != '|' && c != '\n'; c = scan.peek()) {
    if (static_cast<unsigned char>(c) < 0x20 && c != '\t' && c != '\r') {
      scan.fail("expected text in a CSV field");
    }
    scan.accept(c);
  }
}

// The rows of the rest of the scanner's input (blank lines skipped), each
// to add(source, target).
template <class Add> void readRows(TextScanner& scan, const Columns& columns, const Add& add) {
  const std::string fieldCount = std::to_string(columns.count);
  while (scan.nextLine()) {
    if (scan.atLineEnd()) {
      scan.endLine();
      continue;
    }
    uint64_t source = 0;
    uint64_t target = 0;
    for (size_t field = 0; field < columns.count; ++field) {
      if (field > 0 && !scan.accept('|')) {
        scan.fail("expected '|' and field " + std::to_string(field + 1) + " of " + fieldCount);
      }
      if (field == columns.start) {
        source = scan.readUnsigned("a person id (a non-negative integer)");
      } else if (field == columns.end) {
        target = scan.readUnsigned("a person id (a non-negative integer)");
      } else {
        skipField(scan);
      }
    }
    if (scan.peek() == '|') {
      scan.fail("expected the end of the line after " + fieldCount + " fields, as in the header");
    }
    scan.endLine();
    add(source, target);
  }
}

void readFile(TextInput& input, Progress progress, const LoadOptions& options, bool compressed, GraphBuilder& builder,
              uint64_t& rows) {
  TextScanner scan(input, progress);
  const Columns columns = readHeader(scan);
  // Large uncompressed files are parsed in ranges on all workers, as SNAP
  // files are, and handed over the same way (EdgeParts.h).
  if (const std::optional<LineRangePlan> plan = planLineRanges(input, options, compressed)) {
    SeenIds* marks = builder.options().removeSelfLoops ? nullptr : &builder.seenIds();
    parseLineRanges<IdEdgePart>(
        scan, *plan,
        [&columns, marks](TextScanner& range, IdEdgePart& part) {
          readRows(range, columns, [&](FileId source, FileId target) { part.add(marks, source, target); });
        },
        [&](IdEdgePart& part, std::string_view, uint64_t, bool) {
          rows += part.size();
          addIdEdgePart(builder, part, marks != nullptr);
        });
    return;
  }
  readRows(scan, columns, [&](FileId source, FileId target) {
    builder.addEdge(source, target);
    ++rows;
  });
}

} // namespace

Graph readLdbc(std::vector<std::unique_ptr<TextInput>>& inputs, ReadContext& context) {
  DirectionChoice direction = chooseDirection(context.options, {false, 0});
  GraphBuilder builder(buildOptions(context.options, direction.directed, false));
  uint64_t rows = 0;
  const double share = 0.6 / static_cast<double>(inputs.empty() ? 1 : inputs.size());
  for (size_t i = 0; i < inputs.size(); ++i) {
    readFile(*inputs[i], context.progress.sub(share * static_cast<double>(i), share * static_cast<double>(i + 1)),
             context.options, context.stats.compressed, builder, rows);
    context.stats.inputBytes += inputs[i]->bytesRead();
  }
  context.stats.inputEdges = rows;
  builder.setProgress(context.progress.sub(0.6, 1.0));
  Graph graph = builder.build();
  recordDirection(graph, std::move(direction));
  return graph;
}

} // namespace frontier::graph::detail
