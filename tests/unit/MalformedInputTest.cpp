// Broken files of every kind: each must give a GraphError that names the
// file, the line (and column where it helps) and what was expected.

#include <gtest/gtest.h>

#include <cstdlib>
#include <sys/wait.h>
#include <unistd.h>

#include "GraphTestUtil.h"
#include "graph/GraphIO.h"

using namespace frontier::graph;

namespace {

struct Case {
  const char* file;  // the name decides the format (detection)
  std::string content;
  const char* message;  // expected part of the message
  uint64_t line;        // 0: not checked
  uint64_t column;      // 0: not checked
};

std::ostream& operator<<(std::ostream& out, const Case& c) { return out << c.file << ": " << c.message; }

class Malformed : public ::testing::TestWithParam<Case> {};

TEST_P(Malformed, IsRejectedWithItsLocation) {
  const Case& c = GetParam();
  frontier::test::TempDir dir;
  const auto path = dir.file(c.file, c.content);
  try {
    loadGraph(path);
    FAIL() << "loaded without an error";
  } catch (const GraphError& error) {
    EXPECT_EQ(error.file(), path.string());
    EXPECT_NE(error.message().find(c.message), std::string::npos) << error.what();
    if (c.line != 0) {
      EXPECT_EQ(error.line(), c.line) << error.what();
    }
    if (c.column != 0) {
      EXPECT_EQ(error.column(), c.column) << error.what();
    }
    EXPECT_EQ(std::string(error.what()).rfind(path.string() + ":", 0), 0U) << error.what();
  }
}

const std::string kMtx = "%%MatrixMarket matrix coordinate pattern general\n";

INSTANTIATE_TEST_SUITE_P(
    Snap, Malformed,
    ::testing::Values(Case{"empty.txt", "", "expected at least one edge", 1, 0},
                      Case{"comments.txt", "# only\n# comments\n", "expected at least one edge", 0, 0},
                      Case{"word.txt", "1 2\n3 x\n", "expected a target vertex id", 2, 3},
                      Case{"negative.txt", "1 2\n-3 4\n", "expected a source vertex id or a '#' comment, found '-3'", 2, 1},
                      Case{"overflow.txt", "1 99999999999999999999\n", "below 2^64", 1, 3},
                      Case{"missing.txt", "1 2\n3\n", "expected a blank or a comma", 2, 2},
                      Case{"extra.txt", "1 2\n3 4 5\n", "expected the end of the line, found '5'", 2, 5},
                      Case{"noweight.txt", "1 2 3\n3 4\n", "expected a weight", 2, 4},
                      Case{"nul.txt", std::string("1 2\n3 \0 4\n", 10), "NUL byte", 2, 3},
                      Case{"binary.txt", "\x89PNG\r\n\x1a\n\x00\x00", "expected a source vertex id", 1, 1}));

INSTANTIATE_TEST_SUITE_P(
    MatrixMarket, Malformed,
    ::testing::Values(Case{"empty.mtx", "", "empty file", 1, 0},
                      Case{"array.mtx", "%%MatrixMarket matrix array real general\n2 2\n1\n2\n3\n4\n", "array", 1, 0},
                      Case{"complex.mtx", "%%MatrixMarket matrix coordinate complex general\n", "'complex' is not supported", 1, 0},
                      Case{"skew.mtx", "%%MatrixMarket matrix coordinate real skew-symmetric\n", "not supported", 1, 0},
                      Case{"nobanner.mtx", "3 3 1\n1 2\n", "expected the banner", 1, 1},
                      Case{"fewer.mtx", kMtx + "3 3 3\n1 2\n2 3\n", "expected 3 entries as the size line declares, found 2", 0, 0},
                      Case{"more.mtx", kMtx + "3 3 1\n1 2\n2 3\n", "expected no more entries", 4, 1},
                      Case{"range.mtx", kMtx + "3 3 1\n1 4\n", "expected a column index in 1..3", 3, 3},
                      Case{"zero.mtx", kMtx + "3 3 1\n0 1\n", "expected a row index in 1..3", 3, 1},
                      Case{"square.mtx", kMtx + "3 4 0\n", "square", 2, 1},
                      Case{"nosize.mtx", kMtx + "% only a comment\n", "size line", 0, 0},
                      Case{"value.mtx", "%%MatrixMarket matrix coordinate real general\n2 2 1\n1 2\n", "expected a value", 3, 4},
                      Case{"nan.mtx", "%%MatrixMarket matrix coordinate real general\n2 2 1\n1 2 nan\n", "finite", 3, 5},
                      Case{"huge.mtx", kMtx + "99999999999 99999999999 0\n", "vertex count of at most", 2, 1}));

INSTANTIATE_TEST_SUITE_P(
    Dimacs, Malformed,
    ::testing::Values(Case{"empty.gr", "", "problem line", 1, 0},
                      Case{"noproblem.gr", "c x\na 1 2 3\n", "expected the problem line", 2, 1},
                      Case{"kind.gr", "p max 3 1\n", "expected 'sp'", 1, 3},
                      Case{"fewer.gr", "p sp 3 2\na 1 2 1\n", "expected 2 arcs as the problem line declares, found 1", 0, 0},
                      Case{"more.gr", "p sp 3 1\na 1 2 1\na 2 3 1\n", "expected no more arcs", 3, 0},
                      Case{"range.gr", "p sp 3 1\na 1 7 1\n", "expected a target vertex id in 1..3", 2, 5},
                      Case{"weight.gr", "p sp 3 1\na 1 2 x\n", "integer arc weight", 2, 7},
                      Case{"noweight.gr", "p sp 3 1\na 1 2\n", "expected the arc weight", 2, 6},
                      Case{"second.gr", "p sp 3 1\np sp 3 1\n", "a second problem line", 2, 1},
                      Case{"line.gr", "p sp 3 1\nx 1 2 3\n", "expected an arc line", 2, 1}));

INSTANTIATE_TEST_SUITE_P(
    Metis, Malformed,
    ::testing::Values(Case{"empty.graph", "", "header", 1, 0},
                      Case{"count.graph", "3 3\n2\n1 3\n2\n", "expected 3 edges as the header declares, found 2", 0, 0},
                      Case{"half.graph", "3 2\n2\n1 3\n2 1\n", "and a half", 0, 0},
                      Case{"range.graph", "3 1\n2\n1 4\n\n", "expected a neighbour id in 1..3", 3, 3},
                      Case{"more.graph", "2 1\n2\n1\n1\n", "expected no more vertex lines", 4, 1},
                      Case{"fmt.graph", "2 1 2\n2\n1\n", "expected fmt", 1, 5},
                      Case{"ncon.graph", "2 1 1 3\n2 1\n1 1\n", "ncon", 1, 7},
                      Case{"weight.graph", "2 1 1\n2\n1 1\n", "expected the weight of the edge to 2", 2, 2},
                      Case{"token.graph", "2 1\n2 ;\n1\n", "expected a neighbour id", 2, 3}));

INSTANTIATE_TEST_SUITE_P(
    Ldbc, Malformed,
    ::testing::Values(Case{"empty.csv", "", "expected at least one edge", 1, 0},  // no '|' to tell LDBC
                      Case{"knows.csv", "Person1Id|Person2Id\n1|2\n3\n", "expected '|' and field 2 of 2", 3, 2},
                      Case{"noheader.csv", "1|2|3\n4|5|6\n", "expected a header line", 1, 1},
                      Case{"fields.csv", "Person1Id|Person2Id|creationDate\n1|2|3\n4|5\n", "expected '|' and field 3 of 3", 3, 4},
                      Case{"extra.csv", "Person1Id|Person2Id\n1|2|3\n", "expected the end of the line after 2 fields", 2, 4},
                      Case{"id.csv", "Person1Id|Person2Id\n1|x\n", "expected a person id", 2, 3},
                      Case{"negative.csv", "Person1Id|Person2Id\n-1|2\n", "expected a person id", 2, 1},
                      Case{"control.csv", std::string("A|Person1Id|Person2Id\n\x01|1|2\n"), "expected text", 2, 1}));

INSTANTIATE_TEST_SUITE_P(
    Cache, Malformed,
    ::testing::Values(Case{"magic.fgraph", "not a graph cache at all, really not\n", "wrong magic", 0, 0},
                      Case{"short.fgraph", "\x89" "FGRAPH\n\x01", "truncated", 0, 0}));

TEST(MalformedInput, GzipTruncatedOrCorrupt) {
  frontier::test::TempDir dir;
  const std::string zipped = frontier::test::gzipped("1 2\n2 3\n3 4\n4 5\n5 6\n6 7\n");
  const auto truncated = dir.file("cut.txt.gz", zipped.substr(0, zipped.size() - 6));
  EXPECT_THROW(
      {
        try {
          loadGraph(truncated);
        } catch (const GraphError& e) {
          EXPECT_NE(e.message().find("truncated gzip"), std::string::npos) << e.what();
          throw;
        }
      },
      GraphError);
  std::string corrupt = zipped;
  corrupt[12] = static_cast<char>(corrupt[12] ^ 0x55);
  corrupt[14] = static_cast<char>(corrupt[14] ^ 0x55);
  EXPECT_THROW(loadGraph(dir.file("bad.txt.gz", corrupt)), GraphError);
  EXPECT_THROW(loadGraph(dir.file("trailing.txt.gz", zipped + "garbage")), GraphError);
  EXPECT_THROW(loadGraph(dir.file("magic.txt.gz", "\x1f\x8b")), GraphError);
}

TEST(MalformedInput, EmptyLdbcFile) {
  EXPECT_THROW(parseGraph("", Format::Ldbc), GraphError);
  // A header alone is an empty table, not an error.
  EXPECT_EQ(parseGraph("Person1Id|Person2Id\n", Format::Ldbc).vertexCount(), 0U);
}

TEST(MalformedInput, MissingFilesAndFolders) {
  frontier::test::TempDir dir;
  EXPECT_THROW(loadGraph(dir.path("does-not-exist.txt")), GraphError);
  EXPECT_THROW(loadGraph(dir.path("")), GraphError);  // a folder without LDBC files
  dir.file("Person_knows_Person_0.csv", "Person1Id|Person2Id\n1|2\n");
  dir.file("Person_knows_Person_1.csv", "Person1Id|Person2Id\n2|x\n");
  try {
    loadGraph(dir.path(""));
    FAIL();
  } catch (const GraphError& error) {
    EXPECT_NE(error.file().find("Person_knows_Person_1.csv"), std::string::npos) << error.what();
    EXPECT_EQ(error.line(), 2U);
  }
}

TEST(MalformedInput, DimacsCoordinateFileErrorsNameIt) {
  frontier::test::TempDir dir;
  const auto gr = dir.file("roads.gr", "p sp 2 1\na 1 2 3\n");
  dir.file("roads.co", "p aux sp co 2\nv 1 0 0\nv 1 1 1\n");
  try {
    loadGraph(gr);
    FAIL();
  } catch (const GraphError& error) {
    EXPECT_NE(error.file().find("roads.co"), std::string::npos) << error.what();
    EXPECT_EQ(error.line(), 3U);
    EXPECT_NE(error.message().find("second coordinate line"), std::string::npos);
  }
  dir.file("roads.co", "p aux sp co 3\n");
  EXPECT_THROW(loadGraph(gr), GraphError);
  dir.file("roads.co", "p aux sp co 2\nv 1 0 0\n");
  EXPECT_THROW(loadGraph(gr), GraphError);
}

// The CLI prints the error and exits 1 (never crashes).
TEST(MalformedInput, CliExitsWithStatusOne) {
  char self[4096] = {};
  const ssize_t length = ::readlink("/proc/self/exe", self, sizeof self - 1);
  const auto cli = std::filesystem::path(std::string(self, length > 0 ? static_cast<size_t>(length) : 0))
                       .parent_path() / "frontier-cli";
  if (!std::filesystem::exists(cli)) {
    GTEST_SKIP() << "frontier-cli not built next to the tests";
  }
  frontier::test::TempDir dir;
  const auto bad = dir.file("bad.mtx", kMtx + "3 3 1\n1 9\n");
  const std::string command = cli.string() + " info " + bad.string() + " 2>" + dir.path("err.txt").string();
  const int status = std::system(command.c_str());
  ASSERT_TRUE(WIFEXITED(status));
  EXPECT_EQ(WEXITSTATUS(status), 1);
  const std::string text = frontier::test::readFile(dir.path("err.txt"));
  EXPECT_NE(text.find(bad.string() + ":3:3: expected a column index in 1..3, found '9'"), std::string::npos) << text;
}

} // namespace
