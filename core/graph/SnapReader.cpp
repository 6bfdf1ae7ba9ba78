// SNAP edge lists: "source target [weight]" per line, separated by blanks or
// a comma; '#' or '%' starts a comment line; ids are any 64-bit integers.
// Direction: only SNAP's own header phrases count, "# Directed graph" or
// "# Undirected graph" at the start of a comment line before the first edge;
// otherwise the graph is undirected (the documented default). Comments that
// merely mention the word ("# directed=False", "# not directed") are never
// read as a declaration: the load notes them instead.

#include <algorithm>
#include <cctype>
#include <optional>
#include <utility>
#include <vector>

#include "EdgeParts.h"
#include "LineRanges.h"
#include "Readers.h"

namespace frontier::graph::detail {

namespace {

// SNAP's declaration at the start of a comment's text: "Directed graph" or
// "Undirected graph" (any case), followed by the end or a non-letter.
std::optional<bool> snapDeclaration(std::string_view comment) {
  const size_t first = comment.find_first_not_of(" \t");
  if (first == std::string_view::npos) {
    return std::nullopt;
  }
  const std::string text = lowercase(comment.substr(first, 17));
  for (const bool directed : {true, false}) {
    const std::string_view phrase = directed ? "directed graph" : "undirected graph";
    if (text.starts_with(phrase) &&
        (text.size() == phrase.size() || !std::isalpha(static_cast<unsigned char>(text[phrase.size()])))) {
      return directed;
    }
  }
  return std::nullopt;
}

// A comment that speaks of direction in some other way, which the reader
// does not interpret but mentions in a note.
bool mentionsDirection(std::string_view comment) {
  return lowercase(comment).find("directed") != std::string::npos;
}

// Blanks, or a comma with optional blanks around it.
bool separator(TextScanner& scan) {
  const bool blank = scan.skipSeparator();
  if (scan.accept(',')) {
    scan.skipBlanks();
    return true;
  }
  return blank;
}

// An edge line's source and target (the first two columns).
[[gnu::always_inline]] inline std::pair<uint64_t, uint64_t> readEnds(TextScanner& scan) {
  const uint64_t source = scan.readUnsigned("a source vertex id (a non-negative integer)");
  if (!separator(scan)) {
    scan.fail("expected a blank or a comma between source and target");
  }
  return {source, scan.readUnsigned("a target vertex id (a non-negative integer)")};
}

// One line after the first edge (whose columns decide `weighted`): an
// edge goes to add(source, target, weight) (weight 1 when unweighted);
// comments and blank lines are skipped.
template <class Add> [[gnu::always_inline]] inline void snapLine(TextScanner& scan, bool weighted, const Add& add) {
  scan.skipBlanks();
  const char c = scan.peek();
  if (c >= '0' && c <= '9') {
    const auto [source, target] = readEnds(scan);
    if (weighted) {
      if (!separator(scan)) {
        scan.fail("expected a weight in the third column (the first edge has one)");
      }
      add(source, target, scan.readWeight("a weight", false));
    } else {
      add(source, target, 1.0);
    }
    scan.endLine();
  } else if (c == '#' || c == '%') {
    scan.skipLine();
  } else if (scan.atLineEnd()) {
    scan.endLine();
  } else {
    scan.fail("expected a source vertex id or a '#' comment");
  }
}

// The lines after the first edge on this thread; returns the edges read.
// A function of its own, so that the scanner and the builder are inlined
// into this loop whatever the size of readSnap.
template <bool weighted> [[gnu::noinline]] uint64_t readRestSerially(TextScanner& scan, GraphBuilder& builder) {
  uint64_t edges = 0;
  while (scan.nextLine()) {
    snapLine(scan, weighted, [&](FileId source, FileId target, double weight) {
      if constexpr (weighted) {
        builder.addEdge(source, target, weight);
      } else {
        builder.addEdge(source, target);
      }
      ++edges;
    });
  }
  return edges;
}

} // namespace

Graph readSnap(TextInput& input, ReadContext& context) {
  TextScanner scan(input, context.progress.sub(0.0, 0.6));
  std::optional<DeclaredDirection> declared;
  std::optional<uint64_t> mentionLine;  // first comment that mentions direction otherwise
  std::string mention;
  DirectionChoice direction;
  std::optional<GraphBuilder> builder;
  bool weighted = false;
  uint64_t edges = 0;
  // The comments before the first edge and the first edge itself, serially:
  // they decide the direction and whether a weight column follows.
  while (!builder && scan.nextLine()) {
    scan.skipBlanks();
    const char c = scan.peek();
    if (c >= '0' && c <= '9') {
      const auto [source, target] = readEnds(scan);
      // The first edge decides whether a third column (a weight) follows.
      weighted = separator(scan) && !scan.atLineEnd();
      direction = chooseDirection(context.options, declared.value_or(DeclaredDirection{}));
      if (!declared && mentionLine && context.options.direction == Direction::FromFormat) {
        direction.notes.push_back("line " + std::to_string(*mentionLine) + " ('" + mention +
                                  "') is not SNAP's '# Directed graph' or '# Undirected graph' header: read as "
                                  "undirected, the SNAP default (--directed or --undirected to choose)");
      }
      builder.emplace(buildOptions(context.options, direction.directed, weighted));
      if (weighted) {
        builder->addEdge(source, target, scan.readWeight("a weight", false));
      } else {
        builder->addEdge(source, target);
      }
      scan.endLine();
      ++edges;
    } else if (c == '#' || c == '%') {
      const uint64_t line = scan.line();
      scan.accept(c);
      const std::string_view comment = scan.restOfLine();
      if (!declared) {
        if (const std::optional<bool> directed = snapDeclaration(comment)) {
          declared = DeclaredDirection{*directed, line};
        } else if (!mentionLine && mentionsDirection(comment)) {
          mentionLine = line;
          mention.assign(1, c);
          mention.append(comment.substr(0, 60));
          mention.erase(mention.find_last_not_of(" \t") + 1);
          if (comment.size() > 60) {
            mention += "...";
          }
        }
      }
    } else if (scan.atLineEnd()) {
      scan.endLine();
    } else {
      scan.fail("expected a source vertex id or a '#' comment");
    }
  }
  if (!builder) {
    scan.failAtEnd("expected at least one edge (lines 'source target'), found none");
  }
  // The rest: comments no longer matter, every edge has the first one's
  // columns. Large uncompressed files are parsed in ranges on all workers
  // (gzip input stays on this thread: inflate is the bottleneck there).
  if (const std::optional<LineRangePlan> plan = planLineRanges(input, context.options, context.stats.compressed)) {
    // The workers narrow and mark the ids themselves where they can
    // (SeenIds.h), so that this thread appends their arcs as they are
    // instead of mapping every id: the hand-over it does in file order was
    // what kept the parse from scaling. Self-loops to remove need the
    // mapping, edge by edge.
    SeenIds* marks = builder->options().removeSelfLoops ? nullptr : &builder->seenIds();
    parseLineRanges<IdEdgePart>(
        scan, *plan,
        [weighted, marks](TextScanner& range, IdEdgePart& part) {
          while (range.nextLine()) {
            snapLine(range, weighted, [&](FileId source, FileId target, double weight) {
              part.add(marks, source, target);
              if (weighted) {
                part.weights.push_back(weight);
              }
            });
          }
        },
        [&](IdEdgePart& part, std::string_view, uint64_t, bool) {
          edges += part.size();
          addIdEdgePart(*builder, part, marks != nullptr);
        });
  } else {
    edges += weighted ? readRestSerially<true>(scan, *builder) : readRestSerially<false>(scan, *builder);
  }
  context.stats.inputEdges = edges;
  context.stats.inputBytes = input.bytesRead();
  builder->setProgress(context.progress.sub(0.6, 1.0));
  Graph graph = builder->build();
  recordDirection(graph, std::move(direction));
  return graph;
}

} // namespace frontier::graph::detail
