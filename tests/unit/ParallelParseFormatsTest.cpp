// Parallel text parsing of DIMACS, METIS and LDBC files (SNAP and Matrix
// Market: ParallelParseTest.cpp): cut into line ranges everywhere, on every
// thread count, they give the serial parse's graph and errors (message,
// line, column), self-loop removal included.

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <random>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "GraphTestUtil.h"
#include "ParallelParseSupport.h"
#include "graph/GraphIO.h"

using namespace frontier::graph;
using namespace frontier::graph::parse_test;

namespace {

// A DIMACS shortest-path file: `arcs` arc lines over `vertices` vertices
// (plus `extra`, beyond the count the problem line declares), comments and
// blank lines between them, self-loops among them.
std::string randomDimacs(uint64_t seed, uint64_t vertices, uint64_t arcs, int extra, bool crlf) {
  std::mt19937_64 random(seed);
  const std::string eol = crlf ? "\r\n" : "\n";
  std::string text = "c a comment" + eol + "p sp " + std::to_string(vertices) + " " + std::to_string(arcs) + eol;
  const auto written = static_cast<uint64_t>(static_cast<int64_t>(arcs) + extra);
  for (uint64_t a = 0; a < written; ++a) {
    if (random() % 6 == 0) {
      text += (random() % 2 == 0 ? "c between arcs" : "  ") + eol;
    }
    text += "a " + std::to_string(1 + random() % vertices) + (random() % 2 == 0 ? " " : "\t") +
            std::to_string(1 + random() % vertices) + " " + std::to_string(random() % 100) + eol;
  }
  return text;
}

TEST(ParallelParse, DimacsEqualsSerialForEveryRangeAndThreadCount) {
  for (const bool crlf : {false, true}) {
    const std::string text = randomDimacs(crlf ? 2 : 1, 50, 300, 0, crlf);
    const Graph serial = parseSerial(text, Format::Dimacs);
    ASSERT_GT(serial.selfLoopCount(), 0U) << "the text has self-loops";
    for (const unsigned threads : kThreads) {
      for (const uint64_t bytes : kRangeBytes) {
        SCOPED_TRACE(std::to_string(threads) + " threads, ranges of " + std::to_string(bytes) + " bytes");
        expectSameGraph(parseGraph(text, Format::Dimacs, parallelOptions(threads, bytes), "t"), serial);
      }
    }
    // Self-loops removed by the workers themselves (their vertices stay:
    // they are declared), and the arcs read as undirected.
    for (const Direction direction : {Direction::FromFormat, Direction::Undirected}) {
      LoadOptions noLoops = parallelOptions(1, 0, direction);
      noLoops.removeSelfLoops = true;
      const Graph serialNoLoops = parseGraph(text, Format::Dimacs, noLoops, "t");
      for (const uint64_t bytes : kRangeBytes) {
        SCOPED_TRACE("no self-loops, ranges of " + std::to_string(bytes));
        LoadOptions options = parallelOptions(4, bytes, direction);
        options.removeSelfLoops = true;
        expectSameGraph(parseGraph(text, Format::Dimacs, options, "t"), serialNoLoops);
      }
    }
  }
}

TEST(ParallelParse, DimacsCountAndIdErrorsKeepTheirLines) {
  std::vector<std::string> texts;
  // More arcs than declared: the first one too many is the error.
  texts.push_back(randomDimacs(3, 40, 120, 5, false));
  texts.push_back(randomDimacs(4, 40, 1, 1, true));
  // Fewer: the error is at the end of the file.
  texts.push_back(randomDimacs(5, 40, 120, -3, false));
  // An id out of range late, then one arc too many after it.
  std::vector<std::string> lines = splitIntoLines(randomDimacs(6, 40, 120, 2, false));
  lines[lines.size() - 4] = "a 41 1 5";
  texts.push_back(joinLines(lines));
  // A second problem line late; a line that is no arc after the last one.
  lines = splitIntoLines(randomDimacs(7, 40, 120, 0, false));
  lines[lines.size() - 2] = "p sp 40 120";
  texts.push_back(joinLines(lines));
  texts.push_back(randomDimacs(8, 40, 120, 0, false) + "x y\n");
  const std::vector<const char*> messages{"expected no more arcs (the problem line declares 120)",
                                          "expected no more arcs (the problem line declares 1)",
                                          "expected 120 arcs as the problem line declares, found 117",
                                          "expected a source vertex id in 1..40", "(a second problem line)",
                                          "expected an arc line"};
  expectSplitFailuresAsSerial(texts, messages, Format::Dimacs, 3);
}

TEST(ParallelParse, RealDimacsFileGivesItsCountsAndTheSerialGraph) {
  FRONTIER_REQUIRE_DATA("amsterdam-roads.gr");
  const Graph serial = loadGraph(dataFile("amsterdam-roads.gr"), parallelOptions(1, 0));
  for (const unsigned threads : {0U, 2U, 5U}) {
    // 0: the automatic split (the file is above 2 MiB), the others forced.
    const Graph g = loadGraph(dataFile("amsterdam-roads.gr"), parallelOptions(threads, threads == 0 ? 0 : 4096));
    EXPECT_EQ(g.vertexCount(), 68213U);
    EXPECT_EQ(g.arcCount(), 153424U);
    EXPECT_TRUE(g.directed());
    expectSameGraph(g, serial);
  }
}

// A METIS graph of `vertices` vertices and random edges (self-loops among
// them, listed once in their own line), with edge weights and a vertex
// weight per line when `weighted`, '%' comments between lines; vertices
// without neighbours are blank lines.
std::string randomMetis(uint64_t seed, uint64_t vertices, uint64_t edges, bool weighted, bool crlf) {
  std::mt19937_64 random(seed);
  const std::string eol = crlf ? "\r\n" : "\n";
  std::vector<std::vector<std::pair<uint64_t, uint64_t>>> lists(vertices);
  std::set<std::pair<uint64_t, uint64_t>> seen;
  while (seen.size() < edges) {
    const uint64_t u = random() % vertices;
    const uint64_t v = random() % vertices;
    if (seen.insert({std::min(u, v), std::max(u, v)}).second) {
      const uint64_t w = 1 + random() % 50;
      lists[u].push_back({v, w});
      if (u != v) {
        lists[v].push_back({u, w});
      }
    }
  }
  std::string text = "% a comment" + eol + std::to_string(vertices) + " " + std::to_string(edges);
  text.append(weighted ? " 011" : "");
  text.append(eol);
  for (uint64_t u = 0; u < vertices; ++u) {
    if (random() % 7 == 0) {
      text += "% between" + eol;
    }
    std::vector<std::string> fields;
    if (weighted) {
      fields.push_back(std::to_string(random() % 9));
    }
    for (const auto& [v, w] : lists[u]) {
      fields.push_back(std::to_string(v + 1));
      if (weighted) {
        fields.push_back(std::to_string(w));
      }
    }
    for (size_t f = 0; f < fields.size(); ++f) {
      text.append(f == 0 ? "" : " ");
      text.append(fields[f]);
    }
    text.append(eol);
  }
  return text;
}

TEST(ParallelParse, MetisEqualsSerialForEveryRangeAndThreadCount) {
  uint64_t seed = 1;
  for (const bool weighted : {false, true}) {
    for (const bool crlf : {false, true}) {
      const std::string text = randomMetis(seed++, 60, 150, weighted, crlf);
      const Graph serial = parseSerial(text, Format::Metis);
      ASSERT_EQ(serial.vertexCount(), 60U);
      ASSERT_GT(serial.selfLoopCount(), 0U) << "the text has self-loops";
      for (const unsigned threads : kThreads) {
        for (const uint64_t bytes : kRangeBytes) {
          SCOPED_TRACE(std::to_string(threads) + " threads, ranges of " + std::to_string(bytes) + " bytes");
          expectSameGraph(parseGraph(text, Format::Metis, parallelOptions(threads, bytes), "t"), serial);
        }
      }
      // Self-loops removed (their vertices stay: they are declared); blank
      // lines after the last vertex are allowed.
      LoadOptions noLoops = parallelOptions(1, 0);
      noLoops.removeSelfLoops = true;
      const std::string trailing = text + "\n  \n";
      const Graph serialNoLoops = parseGraph(trailing, Format::Metis, noLoops, "t");
      for (const uint64_t bytes : kRangeBytes) {
        SCOPED_TRACE("no self-loops, ranges of " + std::to_string(bytes));
        LoadOptions options = parallelOptions(4, bytes);
        options.removeSelfLoops = true;
        expectSameGraph(parseGraph(trailing, Format::Metis, options, "t"), serialNoLoops);
      }
    }
  }
}

TEST(ParallelParse, MetisCountAndIdErrorsKeepTheirLines) {
  std::vector<std::string> texts;
  // A vertex line more than declared.
  texts.push_back(randomMetis(3, 40, 90, false, false) + "1\n");
  // A neighbour id out of range late.
  std::vector<std::string> lines = splitIntoLines(randomMetis(4, 40, 90, true, false));
  lines[lines.size() - 3] = "3 41 7";
  texts.push_back(joinLines(lines));
  // An edge listed at one end only: the count at the end of the file.
  lines = splitIntoLines(randomMetis(5, 40, 90, false, false));
  lines[lines.size() - 2] += " 1";
  texts.push_back(joinLines(lines));
  // A missing edge weight late.
  lines = splitIntoLines(randomMetis(6, 40, 90, true, true));
  lines[lines.size() - 5] = "1 2";
  texts.push_back(joinLines(lines));
  // Blank lines after the last vertex of a file with vertex weights (which
  // a worker leaves to the loading thread), then a line too many: the lines
  // after the blank ones keep their numbers (found by the fuzz target).
  texts.push_back(randomMetis(7, 40, 90, true, false) + "\n\n\n\n5 1 1\n\n");
  const std::vector<const char*> messages{"expected no more vertex lines (the header declares 40)",
                                          "expected a neighbour id in 1..40", "and a half",
                                          "expected the weight of the edge to 2",
                                          "expected no more vertex lines (the header declares 40)"};
  expectSplitFailuresAsSerial(texts, messages, Format::Metis, 3);
}

TEST(ParallelParse, RealMetisFileGivesItsCountsAndTheSerialGraph) {
  FRONTIER_REQUIRE_DATA("4elt.graph");
  expectRealFileSplitsAsSerial("4elt.graph", 15606U, 45878U);
}

// An LDBC person-knows-person table: `rows` rows of ids from a small range
// (direct), or half of them 64-bit (the id map leaves direct mode midway),
// blank lines between them, a third column the reader skips.
std::string randomLdbc(uint64_t seed, size_t rows, bool hugeIds, bool crlf) {
  std::mt19937_64 random(seed);
  const std::string eol = crlf ? "\r\n" : "\n";
  std::string text = "Person1Id|Person2Id|creationDate" + eol;
  for (size_t r = 0; r < rows; ++r) {
    if (random() % 9 == 0) {
      text += eol;
    }
    const auto id = [&]() -> uint64_t {
      return hugeIds && r >= rows / 2 && random() % 2 == 0 ? (uint64_t{933} << 40U) + random() % 200 : random() % 300;
    };
    text += std::to_string(id()) + "|" + std::to_string(id()) + "|2010-0" + std::to_string(1 + random() % 9) + eol;
  }
  return text;
}

TEST(ParallelParse, LdbcEqualsSerialForEveryRangeAndThreadCount) {
  uint64_t seed = 1;
  for (const bool hugeIds : {false, true}) {
    for (const bool crlf : {false, true}) {
      const std::string text = randomLdbc(seed++, 300, hugeIds, crlf);
      const Graph serial = parseSerial(text, Format::Ldbc);
      for (const unsigned threads : kThreads) {
        for (const uint64_t bytes : kRangeBytes) {
          SCOPED_TRACE(std::to_string(threads) + " threads, ranges of " + std::to_string(bytes) + " bytes");
          expectSameGraph(parseGraph(text, Format::Ldbc, parallelOptions(threads, bytes), "t"), serial);
        }
      }
    }
  }
  // An error late keeps its line.
  std::vector<std::string> lines = splitIntoLines(randomLdbc(9, 200, false, false));
  lines[lines.size() - 3] = "12|x|2010";
  const std::string bad = joinLines(lines);
  const Failure serial = failure(bad, Format::Ldbc, parallelOptions(1, 0));
  ASSERT_NE(serial.message.find("person id"), std::string::npos) << serial;
  for (const uint64_t bytes : kRangeBytes) {
    EXPECT_EQ(failure(bad, Format::Ldbc, parallelOptions(4, bytes)), serial) << "ranges of " << bytes;
  }
}

} // namespace
