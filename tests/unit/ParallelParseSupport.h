#pragma once
// What the parallel-parse tests share (ParallelParseTest.cpp: SNAP and
// Matrix Market; ParallelParseFormatsTest.cpp: DIMACS, METIS, LDBC): the
// thread counts and range sizes every split is tried with, the serial
// parse, graph equality, and the errors and data files a split must give
// as the serial parse does.

#include <gtest/gtest.h>

#include <cstdint>
#include <ostream>
#include <sstream>
#include <string>
#include <vector>

#include "GraphTestUtil.h"
#include "graph/GraphError.h"
#include "graph/GraphIO.h"

namespace frontier::graph::parse_test {

using frontier::test::dataFile;

inline const std::vector<unsigned> kThreads{1, 2, 3, 4, 7, 16};
// 1: every line a range of its own.
inline const std::vector<uint64_t> kRangeBytes{1, 2, 3, 5, 8, 13, 40, 100, 1000, 65536};

inline LoadOptions parallelOptions(unsigned threads, uint64_t rangeBytes,
                                   Direction direction = Direction::FromFormat) {
  LoadOptions options;
  options.threads = threads;
  options.parseRangeBytes = rangeBytes;
  options.direction = direction;
  return options;
}

// One thread and no forced ranges: the serial parse.
inline Graph parseSerial(const std::string& text, Format format, Direction direction = Direction::FromFormat) {
  return parseGraph(text, format, parallelOptions(1, 0, direction), "test");
}

// The split parse must match the serial one in everything, beyond what a
// round trip through a format keeps (expectSameCsr).
inline void expectSameGraph(const Graph& a, const Graph& b) {
  ASSERT_NO_FATAL_FAILURE(frontier::test::expectSameCsr(a, b));
  EXPECT_EQ(a.weighted(), b.weighted());
  EXPECT_EQ(a.integerWeights(), b.integerWeights());
  EXPECT_EQ(a.in().weights, b.in().weights);
  EXPECT_EQ(a.directionSource(), b.directionSource());
  EXPECT_EQ(a.loadNotes(), b.loadNotes());
}

// The error of parsing `text`, or an empty message when it parses.
struct Failure {
  std::string file;
  uint64_t line = 0;
  uint64_t column = 0;
  std::string message;
  bool operator==(const Failure&) const = default;
};

inline std::ostream& operator<<(std::ostream& out, const Failure& f) {
  return out << f.file << ":" << f.line << ":" << f.column << ": " << f.message;
}

inline Failure failure(const std::string& text, Format format, const LoadOptions& options) {
  try {
    parseGraph(text, format, options, "bad-input");
  } catch (const GraphError& error) {
    return {error.file(), error.line(), error.column(), error.message()};
  }
  return {};
}

// Every text of `texts` fails with the matching message of `messages` at
// line `firstLine` or later, and the parse split into ranges (every thread
// count and range size) fails with the same error.
inline void expectSplitFailuresAsSerial(const std::vector<std::string>& texts,
                                        const std::vector<const char*>& messages, Format format, uint64_t firstLine) {
  ASSERT_EQ(texts.size(), messages.size());
  for (size_t t = 0; t < texts.size(); ++t) {
    const Failure serial = failure(texts[t], format, parallelOptions(1, 0));
    ASSERT_NE(serial.message.find(messages[t]), std::string::npos) << serial;
    EXPECT_GE(serial.line, firstLine) << serial;
    for (const unsigned threads : kThreads) {
      for (const uint64_t bytes : kRangeBytes) {
        EXPECT_EQ(failure(texts[t], format, parallelOptions(threads, bytes)), serial)
            << "text " << t << ", " << threads << " threads, ranges of " << bytes;
      }
    }
  }
}

// Lines 1-based, without their line break.
inline std::vector<std::string> splitIntoLines(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  std::string line;
  while (std::getline(in, line)) {
    lines.push_back(line);
  }
  return lines;
}

inline std::string joinLines(const std::vector<std::string>& lines) {
  std::string text;
  for (const std::string& line : lines) {
    text += line + "\n";
  }
  return text;
}


// A data file split into ranges of 4 KiB on 2 and 5 workers: its counts
// (../shared/data/README.md) and the serial parse's graph.
inline void expectRealFileSplitsAsSerial(const std::string& name, uint32_t vertices, uint64_t edges) {
  const Graph serial = loadGraph(dataFile(name), parallelOptions(1, 0));
  for (const unsigned threads : {2U, 5U}) {
    const Graph g = loadGraph(dataFile(name), parallelOptions(threads, 4096));
    EXPECT_EQ(g.vertexCount(), vertices) << name;
    EXPECT_EQ(g.edgeCount(), edges) << name;
    expectSameGraph(g, serial);
  }
}

} // namespace frontier::graph::parse_test
