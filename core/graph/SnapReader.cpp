// SNAP edge lists: "source target [weight]" per line, separated by blanks or
// a comma; '#' or '%' starts a comment line; ids are any 64-bit integers.
// The comments before the first edge may say "Directed graph" or
// "Undirected graph" (SNAP's own files do); that sets the direction.

#include <cctype>
#include <optional>

#include "Readers.h"

namespace frontier::graph::detail {

namespace {

// "directed" / "undirected" as a word of a header comment.
std::optional<bool> directionInComment(std::string_view comment) {
  const std::string text = lowercase(comment);
  for (size_t at = text.find("directed"); at != std::string::npos; at = text.find("directed", at + 1)) {
    const bool un = at >= 2 && text.compare(at - 2, 2, "un") == 0;
    const size_t start = un ? at - 2 : at;
    const bool wordStart = start == 0 || !std::isalpha(static_cast<unsigned char>(text[start - 1]));
    const size_t end = at + 8;
    const bool wordEnd = end == text.size() || !std::isalpha(static_cast<unsigned char>(text[end]));
    if (wordStart && wordEnd) {
      return !un;
    }
  }
  return std::nullopt;
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

} // namespace

Graph readSnap(TextInput& input, ReadContext& context) {
  TextScanner scan(input, context.progress.sub(0.0, 0.6));
  std::optional<bool> headerDirected;
  std::optional<GraphBuilder> builder;
  bool weighted = false;
  uint64_t edges = 0;
  while (scan.nextLine()) {
    scan.skipBlanks();
    const char c = scan.peek();
    if (c >= '0' && c <= '9') {
      const uint64_t source = scan.readUnsigned("a source vertex id (a non-negative integer)");
      if (!separator(scan)) {
        scan.fail("expected a blank or a comma between source and target");
      }
      const uint64_t target = scan.readUnsigned("a target vertex id (a non-negative integer)");
      if (!builder) {
        // The first edge decides whether a third column (a weight) follows.
        weighted = separator(scan) && !scan.atLineEnd();
        const bool directed = resolveDirected(context.options, headerDirected.value_or(false));
        builder.emplace(buildOptions(context.options, directed, weighted));
      } else if (weighted && !separator(scan)) {
        scan.fail("expected a weight in the third column (the first edge has one)");
      }
      if (weighted) {
        builder->addEdge(source, target, scan.readWeight("a weight", false));
      } else {
        builder->addEdge(source, target);
      }
      scan.endLine();
      ++edges;
    } else if (c == '#' || c == '%') {
      const std::string_view comment = scan.restOfLine();
      if (!builder && !headerDirected) {
        headerDirected = directionInComment(comment);
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
  context.stats.inputEdges = edges;
  context.stats.inputBytes = input.bytesRead();
  builder->setProgress(context.progress.sub(0.6, 1.0));
  return builder->build();
}

} // namespace frontier::graph::detail
