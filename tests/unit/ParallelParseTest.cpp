// Parallel text parsing (LoadOptions::threads and parseRangeBytes): SNAP and
// Matrix Market files (the other formats: ParallelParseFormatsTest.cpp) cut
// into line ranges everywhere (inside comment
// blocks, at the last line, with and without a final newline, CRLF) give
// the graph, the notes and the errors (message, line, column) of the serial
// parse for every thread count, and the graph an independent reader finds.

#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <map>
#include <random>
#include <set>
#include <sstream>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "GraphTestUtil.h"
#include "ParallelParseSupport.h"
#include "graph/GraphIO.h"
#include "graph/LineRanges.h"

using namespace frontier::graph;
using namespace frontier::graph::parse_test;
using frontier::test::dataFile;

namespace {

// What an independent reader finds: the arcs (both of every undirected
// edge) with their smallest weight, and the vertices.
struct Reference {
  std::map<std::pair<FileId, FileId>, double> arcs;
  std::set<FileId> vertices;

  void add(FileId u, FileId v, double w, bool directed) {
    vertices.insert(u);
    vertices.insert(v);
    for (int side = 0; side < (directed ? 1 : 2); ++side) {
      const auto key = side == 0 ? std::make_pair(u, v) : std::make_pair(v, u);
      const auto found = arcs.find(key);
      if (found == arcs.end() || w < found->second) {
        arcs[key] = w;
      }
    }
  }
};

// SNAP lines read with an istringstream: commas, tabs and '\r' as blanks,
// '#' and '%' lines skipped.
Reference snapReference(const std::string& text, bool directed, bool weighted) {
  Reference reference;
  std::istringstream in(text);
  std::string line;
  while (std::getline(in, line)) {
    std::replace_if(line.begin(), line.end(), [](char c) { return c == ',' || c == '\t' || c == '\r'; }, ' ');
    std::istringstream fields(line);
    std::string first;
    if (!(fields >> first) || first[0] == '#' || first[0] == '%') {
      continue;
    }
    FileId v = 0;
    double w = 1.0;
    fields >> v;
    if (weighted) {
      fields >> w;
    }
    reference.add(std::stoull(first), v, w, directed);
  }
  return reference;
}

void expectMatches(const Graph& g, const Reference& reference) {
  std::vector<FileId> vertices;
  for (VertexId v = 0; v < g.vertexCount(); ++v) {
    vertices.push_back(g.fileId(v));
  }
  EXPECT_EQ(vertices, std::vector<FileId>(reference.vertices.begin(), reference.vertices.end()));
  std::map<std::pair<FileId, FileId>, double> arcs;
  for (VertexId v = 0; v < g.vertexCount(); ++v) {
    const auto targets = g.out().neighbours(v);
    for (size_t i = 0; i < targets.size(); ++i) {
      arcs[{g.fileId(v), g.fileId(targets[i])}] = g.weighted() ? g.out().arcWeights(v)[i] : 1.0;
    }
  }
  EXPECT_EQ(g.arcCount(), arcs.size());
  EXPECT_EQ(arcs, reference.arcs);
}

struct Style {
  bool crlf = false;
  bool finalNewline = true;
  bool weighted = false;
  bool hugeIds = false;        // random 64-bit ids: hashed from the start
  bool switchToHashed = false; // small ids, then large ones half-way
  bool directedHeader = false;
};

// A SNAP file of `edges` edges with comments ('#', '%', indented),
// blank lines and every separator between them.
std::string randomSnap(uint64_t seed, size_t edges, const Style& style) {
  std::mt19937_64 random(seed);
  auto below = [&](uint64_t n) { return random() % n; };
  const std::string eol = style.crlf ? "\r\n" : "\n";
  std::vector<FileId> huge;
  for (int i = 0; i < 200; ++i) {
    huge.push_back(random() | (uint64_t{1} << 63U));
  }
  std::string text;
  if (style.directedHeader) {
    text += "# Directed graph (each unordered pair of nodes is saved once)" + eol;
  }
  text += "# A comment block" + eol + "% of two kinds" + eol + eol;
  const char* separators[] = {" ", "\t", ",", " , ", "  ", "\t,"};
  const char* comments[] = {"# between edges", "% percent", "   # indented", "# Undirected graph", "#"};
  for (size_t e = 0; e < edges; ++e) {
    if (below(6) == 0) {
      text += std::string(comments[below(5)]) + eol;
    }
    if (below(9) == 0) {
      text += (below(2) == 0 ? "" : " \t") + eol;
    }
    auto id = [&]() -> FileId {
      if (style.hugeIds) {
        return huge[below(huge.size())];
      }
      if (style.switchToHashed && e >= edges / 2 && below(3) == 0) {
        return (uint64_t{1} << 40U) + below(300);
      }
      return below(500);
    };
    text += (below(5) == 0 ? "  " : "") + std::to_string(id()) + separators[below(6)] + std::to_string(id());
    if (style.weighted) {
      const char* weights[] = {"1", "0.5", "2.25", "7", "1e-3", "0"};
      text += std::string(separators[below(2)]) + weights[below(6)];
    }
    if (below(7) == 0) {
      text += " \t";
    }
    if (e + 1 < edges || style.finalNewline) {
      text += eol;
    }
  }
  return text;
}

std::vector<Style> allStyles() {
  std::vector<Style> styles;
  for (int bits = 0; bits < 32; ++bits) {
    Style style;
    style.crlf = (bits & 1) != 0;
    style.finalNewline = (bits & 2) != 0;
    style.weighted = (bits & 4) != 0;
    style.directedHeader = (bits & 8) != 0;
    style.hugeIds = (bits & 16) != 0;
    styles.push_back(style);
  }
  Style switching;
  switching.switchToHashed = true;
  styles.push_back(switching);
  switching.weighted = true;
  switching.crlf = true;
  switching.finalNewline = false;
  styles.push_back(switching);
  return styles;
}

} // namespace

TEST(LineRanges, SplitAtLineEndsIntoRangesOfAtLeastTheSize) {
  const std::string text = "1 2\n\n# comment\n333 444 5\n6 7\n";
  for (size_t bytes = 1; bytes <= text.size() + 1; ++bytes) {
    std::vector<std::string_view> ranges;
    detail::splitLines(text, bytes, ranges);
    std::string joined;
    for (size_t r = 0; r < ranges.size(); ++r) {
      ASSERT_FALSE(ranges[r].empty());
      EXPECT_EQ(ranges[r].back(), '\n');
      // No longer than it must be: the lines before its last one are shorter.
      const size_t previous = ranges[r].substr(0, ranges[r].size() - 1).rfind('\n');
      if (previous != std::string_view::npos) {
        EXPECT_LT(previous + 1, bytes);
      }
      if (r + 1 < ranges.size()) {
        EXPECT_GE(ranges[r].size(), bytes);
      }
      joined += ranges[r];
    }
    EXPECT_EQ(joined, text);
  }
}

TEST(ParallelParse, SnapEqualsSerialAndReferenceForEveryRangeAndThreadCount) {
  const std::vector<Style> styles = allStyles();
  for (size_t s = 0; s < styles.size(); ++s) {
    const Style& style = styles[s];
    const std::string text = randomSnap(s + 1, 300, style);
    const Graph serial = parseSerial(text, Format::Snap);
    EXPECT_EQ(serial.directed(), style.directedHeader);
    expectMatches(serial, snapReference(text, style.directedHeader, style.weighted));
    for (const unsigned threads : kThreads) {
      for (const uint64_t bytes : kRangeBytes) {
        SCOPED_TRACE("style " + std::to_string(s) + ", " + std::to_string(threads) + " threads, ranges of " +
                     std::to_string(bytes) + " bytes");
        expectSameGraph(parseGraph(text, Format::Snap, parallelOptions(threads, bytes), "test"), serial);
      }
    }
  }
}

TEST(ParallelParse, SnapOptionsAndTheFirstLinesAtEveryCut) {
  // The cut right after the first edge, a single edge, a mention of
  // direction before the first edge (a note) and a header after it (ignored).
  const std::vector<std::string> texts{
      "1 2\n",
      "1 2",
      "# directed=False\n5 5\n5 6\n# Directed graph\n6 7\r\n7 5",
      "# Directed graph\n\n1,2,0.5\n2,1,0.25\n3,3,1\n",
      "4294967296 1\n1 4294967296\n0 0\n",
  };
  for (const std::string& text : texts) {
    for (const Direction direction : {Direction::FromFormat, Direction::Directed, Direction::Undirected}) {
      for (const bool removeSelfLoops : {false, true}) {
        LoadOptions serialOptions = parallelOptions(1, 0, direction);
        serialOptions.removeSelfLoops = removeSelfLoops;
        const Graph serial = parseGraph(text, Format::Snap, serialOptions, "test");
        for (const unsigned threads : {1U, 2U, 5U}) {
          for (const uint64_t bytes : {1U, 4U, 9U}) {
            LoadOptions options = parallelOptions(threads, bytes, direction);
            options.removeSelfLoops = removeSelfLoops;
            SCOPED_TRACE(text);
            expectSameGraph(parseGraph(text, Format::Snap, options, "test"), serial);
          }
        }
      }
    }
  }
}

TEST(ParallelParse, SnapGzipInputSplitsWhenForced) {
  const std::string text = randomSnap(99, 500, {});
  const Graph serial = parseSerial(text, Format::Snap);
  expectSameGraph(parseGraph(frontier::test::gzipped(text), Format::Snap, parallelOptions(3, 7), "test"), serial);
}

TEST(ParallelParse, SnapErrorsInLateRangesKeepTheirLineAndColumn) {
  const std::vector<std::string> lines = splitIntoLines(randomSnap(7, 400, {}));
  struct Broken {
    std::string line;
    uint64_t column;
    const char* message;
  };
  const std::vector<Broken> broken{
      {"12 x", 4, "expected a target vertex id (a non-negative integer), found 'x'"},
      {"12", 3, "expected a blank or a comma between source and target, found end of line"},
      {"-3 4", 1, "expected a source vertex id or a '#' comment, found '-3'"},
      {"1 2 3", 5, "expected the end of the line, found '3'"},
      {"1 99999999999999999999", 3, "below 2^64"},
  };
  for (const size_t at : {size_t{12}, lines.size() / 2, lines.size() - 1, lines.size()}) {
    for (const Broken& b : broken) {
      std::vector<std::string> edited = lines;
      if (at == lines.size()) {
        edited.push_back(b.line);  // the last line
      } else {
        edited[at - 1] = b.line;
        edited.push_back("also wrong, but later");
      }
      const std::string text = joinLines(edited);
      const Failure serial = failure(text, Format::Snap, parallelOptions(1, 0));
      EXPECT_EQ(serial.line, at == lines.size() ? at + 1 : at) << serial;
      EXPECT_EQ(serial.column, b.column) << serial;
      EXPECT_NE(serial.message.find(b.message), std::string::npos) << serial;
      EXPECT_EQ(serial.file, "bad-input");
      for (const unsigned threads : kThreads) {
        for (const uint64_t bytes : kRangeBytes) {
          EXPECT_EQ(failure(text, Format::Snap, parallelOptions(threads, bytes)), serial)
              << threads << " threads, ranges of " << bytes;
        }
      }
    }
  }
}

TEST(ParallelParse, SnapWeightedErrorAndCrlfLines) {
  Style style;
  style.weighted = true;
  style.crlf = true;
  std::string text = randomSnap(8, 200, style);
  text += "10 11\r\n";  // no weight
  const uint64_t line = static_cast<uint64_t>(std::count(text.begin(), text.end(), '\n'));
  const Failure serial = failure(text, Format::Snap, parallelOptions(1, 0));
  EXPECT_EQ(serial.line, line);
  EXPECT_EQ(serial.column, 6U);
  EXPECT_NE(serial.message.find("expected a weight in the third column"), std::string::npos) << serial;
  for (const unsigned threads : kThreads) {
    for (const uint64_t bytes : kRangeBytes) {
      EXPECT_EQ(failure(text, Format::Snap, parallelOptions(threads, bytes)), serial);
    }
  }
}

TEST(ParallelParse, RealSnapFilesGiveTheirCountsAndTheSerialGraph) {
  struct File {
    const char* name;
    Direction direction;
    uint64_t vertices;
    uint64_t edges;
    bool directed;
    uint64_t selfLoops;
  };
  // cnr-2000's header only mentions direction: read as directed (as the
  // README counts it) and as the format says (undirected, with a note).
  for (const File& f : {File{"facebook_combined.txt", Direction::FromFormat, 4039, 88234, false, 0},
                        File{"wiki-Vote.txt", Direction::FromFormat, 7115, 103689, true, 0},
                        File{"cnr-2000.txt.gz", Direction::Directed, 325557, 3216152, true, 87442},
                        File{"cnr-2000.txt.gz", Direction::FromFormat, 325557, 0, false, 87442}}) {
    if (!frontier::test::haveData(f.name)) {
      GTEST_SKIP() << "missing test graph " << dataFile(f.name);
    }
    const Graph serial = loadGraph(dataFile(f.name), parallelOptions(1, 0, f.direction));
    for (const unsigned threads : {2U, 3U, 8U}) {
      for (const uint64_t bytes : {uint64_t{100}, uint64_t{65536}, uint64_t{1} << 20U}) {
        SCOPED_TRACE(std::string(f.name) + ", " + std::to_string(threads) + " threads, ranges of " +
                     std::to_string(bytes));
        LoadStats stats;
        const Graph g = loadGraph(dataFile(f.name), parallelOptions(threads, bytes, f.direction), stats);
        EXPECT_EQ(g.vertexCount(), f.vertices);
        if (f.edges != 0) {
          EXPECT_EQ(g.edgeCount(), f.edges);
        }
        EXPECT_EQ(g.directed(), f.directed);
        EXPECT_EQ(g.selfLoopCount(), f.selfLoops);
        expectSameGraph(g, serial);
      }
    }
  }
}

TEST(ParallelParse, LargeFilesSplitWithoutBeingAsked) {
  // Above the size where the split starts by itself (2 MiB), with the
  // default ranges and batches: several batches of several ranges.
  Style style;
  style.switchToHashed = true;
  const std::string text = randomSnap(11, 400000, style);
  ASSERT_GT(text.size(), size_t{5} << 20U);
  frontier::test::TempDir dir;
  const auto path = dir.file("large.txt", text);
  const Graph serial = loadGraph(path, parallelOptions(1, 0));
  expectMatches(serial, snapReference(text, false, false));
  for (const unsigned threads : {0U, 2U, 3U}) {
    LoadStats stats;
    expectSameGraph(loadGraph(path, parallelOptions(threads, 0), stats), serial);
    EXPECT_EQ(stats.inputBytes, text.size());
  }
  // An error near the end, in a later batch.
  const auto broken = dir.file("broken.txt", text + "\n7 8\n9 y\n");
  const uint64_t line = static_cast<uint64_t>(std::count(text.begin(), text.end(), '\n')) + 3;
  for (const unsigned threads : {1U, 2U, 3U}) {
    try {
      loadGraph(broken, parallelOptions(threads, 0));
      FAIL() << "loaded without an error";
    } catch (const GraphError& error) {
      EXPECT_EQ(error.line(), line) << error.what();
      EXPECT_EQ(error.column(), 3U) << error.what();
      EXPECT_EQ(error.file(), broken.string());
    }
  }
}

TEST(ParallelParse, StatsAreThoseOfTheSerialParse) {
  FRONTIER_REQUIRE_DATA("wiki-Vote.txt");
  LoadStats serial;
  loadGraph(dataFile("wiki-Vote.txt"), parallelOptions(1, 0), serial);
  LoadStats parallel;
  loadGraph(dataFile("wiki-Vote.txt"), parallelOptions(4, 1000), parallel);
  EXPECT_EQ(parallel.inputEdges, serial.inputEdges);
  EXPECT_EQ(parallel.inputBytes, serial.inputBytes);
  EXPECT_EQ(parallel.inputEdges, 103689U);
}

TEST(ParallelParse, ProgressReachesTheEndAndCancelsBetweenBatches) {
  FRONTIER_REQUIRE_DATA("wiki-Vote.txt");
  // wiki-Vote is larger than one 1 MiB block: two batches.
  std::vector<double> seen;
  LoadOptions options = parallelOptions(3, 4096);
  options.progress = [&](double fraction) {
    seen.push_back(fraction);
    return true;
  };
  loadGraph(dataFile("wiki-Vote.txt"), options);
  ASSERT_FALSE(seen.empty());
  EXPECT_DOUBLE_EQ(seen.back(), 1.0);
  EXPECT_TRUE(std::is_sorted(seen.begin(), seen.end()));
  // The first call (before the header) goes on; the next one, after the
  // first batch (at least 20 ms later), cancels.
  int calls = 0;
  options.progress = [&](double) {
    std::this_thread::sleep_for(std::chrono::milliseconds(25));
    return ++calls == 1;
  };
  EXPECT_THROW(loadGraph(dataFile("wiki-Vote.txt"), options), LoadCancelled);
  EXPECT_EQ(calls, 2);
}

namespace {

// A Matrix Market file of random entries with '%' comments and blank lines
// between them; `extra` entries more than the size line declares (negative:
// fewer).
std::string randomMatrixMarket(uint64_t seed, const std::string& field, const std::string& symmetry, uint64_t rows,
                               uint64_t entries, int extra, bool crlf) {
  std::mt19937_64 random(seed);
  const std::string eol = crlf ? "\r\n" : "\n";
  std::string text = "%%MatrixMarket matrix coordinate " + field + " " + symmetry + eol + "% comment" + eol + eol;
  text += std::to_string(rows) + " " + std::to_string(rows) + " " + std::to_string(entries) + eol;
  const auto written = static_cast<uint64_t>(static_cast<int64_t>(entries) + extra);
  for (uint64_t e = 0; e < written; ++e) {
    if (random() % 5 == 0) {
      text += (random() % 2 == 0 ? "% between" : "  ") + eol;
    }
    text += std::to_string(1 + random() % rows) + " " + std::to_string(1 + random() % rows);
    if (field == "integer") {
      text += " " + std::to_string(random() % 9);
    } else if (field == "real") {
      text += "\t" + std::to_string(static_cast<double>(random() % 1000) / 8.0);
    }
    text += eol;
  }
  return text;
}

// Replaces the k-th entry line from the end (1 = the last).
void replaceEntryFromEnd(std::vector<std::string>& lines, int k, const std::string& line) {
  for (size_t i = lines.size(); i-- > 0;) {
    if (!lines[i].empty() && lines[i][0] >= '0' && lines[i][0] <= '9' && --k == 0) {
      lines[i] = line;
      return;
    }
  }
  FAIL() << "not enough entries";
}

Reference matrixMarketReference(const std::string& text, bool weighted, bool symmetric) {
  Reference reference;
  std::istringstream in(text);
  std::string line;
  bool size = false;
  while (std::getline(in, line)) {
    std::istringstream fields(line);
    std::string first;
    if (!(fields >> first) || first[0] == '%') {
      continue;
    }
    uint64_t j = 0;
    double w = 1.0;
    fields >> j;
    if (!size) {
      for (FileId v = 1; v <= std::stoull(first); ++v) {
        reference.vertices.insert(v);
      }
      size = true;
      continue;
    }
    if (weighted) {
      fields >> w;
    }
    reference.add(std::stoull(first), j, w, !symmetric);
  }
  return reference;
}

} // namespace

TEST(ParallelParse, MatrixMarketEqualsSerialAndReference) {
  uint64_t seed = 1;
  for (const char* fieldName : {"pattern", "integer", "real"}) {
    for (const char* symmetryName : {"general", "symmetric"}) {
      const std::string field = fieldName;
      const std::string symmetry = symmetryName;
      for (const bool crlf : {false, true}) {
        const std::string text = randomMatrixMarket(seed++, field, symmetry, 60, 250, 0, crlf);
        const Graph serial = parseSerial(text, Format::MatrixMarket);
        expectMatches(serial, matrixMarketReference(text, field != "pattern", symmetry == "symmetric"));
        for (const Direction direction : {Direction::FromFormat, Direction::Directed, Direction::Undirected}) {
          const Graph serialAs = parseSerial(text, Format::MatrixMarket, direction);
          for (const unsigned threads : kThreads) {
            for (const uint64_t bytes : kRangeBytes) {
              SCOPED_TRACE(field + " " + symmetry + ", " + std::to_string(threads) + " threads, ranges of " +
                           std::to_string(bytes));
              expectSameGraph(parseGraph(text, Format::MatrixMarket, parallelOptions(threads, bytes, direction), "t"),
                              serialAs);
            }
          }
        }
        // Self-loops removed by the workers themselves (their vertices stay:
        // they are declared), a symmetric matrix mirrored as directed.
        ASSERT_GT(serial.selfLoopCount(), 0U) << "the text has self-loops to remove";
        LoadOptions noLoops = parallelOptions(1, 0, Direction::Directed);
        noLoops.removeSelfLoops = true;
        const Graph serialNoLoops = parseGraph(text, Format::MatrixMarket, noLoops, "t");
        for (const uint64_t bytes : kRangeBytes) {
          SCOPED_TRACE(field + " " + symmetry + ", no self-loops, ranges of " + std::to_string(bytes));
          LoadOptions options = parallelOptions(4, bytes, Direction::Directed);
          options.removeSelfLoops = true;
          expectSameGraph(parseGraph(text, Format::MatrixMarket, options, "t"), serialNoLoops);
        }
      }
    }
  }
}

TEST(ParallelParse, MatrixMarketCountAndIndexErrorsKeepTheirLines) {
  std::vector<std::string> texts;
  // More entries than declared: the first one too many is the error.
  texts.push_back(randomMatrixMarket(3, "pattern", "general", 40, 120, 5, false));
  texts.push_back(randomMatrixMarket(4, "real", "symmetric", 40, 1, 1, true));
  // Fewer: the error is at the end of the file.
  texts.push_back(randomMatrixMarket(5, "integer", "general", 40, 120, -3, false));
  // An index out of range late, then one too many entries after it.
  std::vector<std::string> lines = splitIntoLines(randomMatrixMarket(6, "pattern", "general", 40, 120, 2, false));
  replaceEntryFromEnd(lines, 4, "41 1");
  texts.push_back(joinLines(lines));
  // A bad value late (negative weight) in an integer file.
  lines = splitIntoLines(randomMatrixMarket(7, "integer", "general", 40, 120, 0, false));
  replaceEntryFromEnd(lines, 2, "3 4 -2");
  texts.push_back(joinLines(lines));
  // A line that is no entry after the last declared one: the count is the
  // error, not the line (found by the fuzz target).
  texts.push_back("%%MatrixMarket matrix coordinate real general\n2 2 1\n1 2 1.5e-1\n\x1a?)\n");
  texts.push_back(randomMatrixMarket(8, "pattern", "general", 40, 120, 0, false) + "x y\n");
  const std::vector<const char*> messages{"expected no more entries (the size line declares 120)",
                                          "expected no more entries (the size line declares 1)",
                                          "expected 120 entries as the size line declares, found 117",
                                          "expected a row index in 1..40", "negative weights are not supported",
                                          "expected no more entries (the size line declares 1)",
                                          "expected no more entries (the size line declares 120)"};
  expectSplitFailuresAsSerial(texts, messages, Format::MatrixMarket, 4);
}

TEST(ParallelParse, RealMatrixMarketFileGivesItsCountsAndTheSerialGraph) {
  FRONTIER_REQUIRE_DATA("luxembourg_osm.mtx");
  expectRealFileSplitsAsSerial("luxembourg_osm.mtx", 114599U, 119666U);
}
