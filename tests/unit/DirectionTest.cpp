// The direction of every format: where it comes from, the load's notes, and
// path lengths against a reference that reads the edges itself
// (DirectionCases.h), for SNAP headers written by many tools.

#include <gtest/gtest.h>

#include "DirectionCases.h"
#include "GraphTestUtil.h"
#include "graph/Generators.h"
#include "graph/GraphIO.h"
#include "reference/Bfs.h"

using namespace frontier::graph;
using frontier::test::DirectionCase;
using frontier::test::ReferenceEdgeList;

namespace {

Graph parse(const std::string& text, Format format, Direction direction = Direction::FromFormat) {
  LoadOptions options;
  options.direction = direction;
  return parseGraph(text, format, options, "test");
}

// Every pair of vertices: the CPU BFS over the loaded graph equals the
// reference's BFS over its own reading of the text.
void expectLengthsOf(const Graph& g, const std::string& text, bool directed, const std::string& what) {
  const ReferenceEdgeList reference(text, directed);
  const std::vector<uint64_t> ids = reference.vertices();
  ASSERT_EQ(g.vertexCount(), ids.size()) << what;
  std::vector<Pair> pairs;
  std::vector<Length> expected;
  for (const uint64_t from : ids) {
    for (const uint64_t to : ids) {
      pairs.push_back({*g.denseId(from), *g.denseId(to)});
      expected.push_back(static_cast<Length>(reference.length(from, to)));
    }
  }
  EXPECT_EQ(frontier::reference::pathLengths(g, pairs), expected) << what;
}

class SnapDirection : public ::testing::TestWithParam<DirectionCase> {};

TEST_P(SnapDirection, FromTheHeaderOnlyAsSnapWritesIt) {
  const DirectionCase& c = GetParam();
  const std::string text = std::string(c.header) + frontier::test::directionCaseEdges();
  const Graph g = parse(text, Format::Snap);
  EXPECT_EQ(g.directed(), c.directed) << c.header;
  EXPECT_EQ(g.directionSource(), c.source) << c.header;
  EXPECT_EQ(!g.loadNotes().empty(), c.noted) << c.header;
  expectLengthsOf(g, text, c.directed, c.name);
}

TEST_P(SnapDirection, CommandLineOverridesAndSaysSo) {
  const DirectionCase& c = GetParam();
  const std::string text = std::string(c.header) + frontier::test::directionCaseEdges();
  for (const bool directed : {true, false}) {
    const Graph g = parse(text, Format::Snap, directed ? Direction::Directed : Direction::Undirected);
    EXPECT_EQ(g.directed(), directed);
    EXPECT_EQ(g.directionSource(), "command line");
    // A note exactly when a SNAP header declared the other direction.
    const bool declared = std::string(c.source).starts_with("header line");
    EXPECT_EQ(!g.loadNotes().empty(), declared && c.directed != directed) << c.header;
    expectLengthsOf(g, text, directed, std::string(c.name) + (directed ? " --directed" : " --undirected"));
  }
}

INSTANTIATE_TEST_SUITE_P(Headers, SnapDirection, ::testing::ValuesIn(frontier::test::directionCases()),
                         [](const auto& param) { return std::string(param.param.name); });

TEST(Direction, ADeclarationAfterTheFirstEdgeIsNotAHeader) {
  const Graph g = parse("1 2\n# Directed graph\n2 3\n", Format::Snap);
  EXPECT_FALSE(g.directed());
  EXPECT_EQ(g.directionSource(), "format default");
}

TEST(Direction, ADirectedGraphWithEveryReverseArcIsNoted) {
  const Graph g = parse("# Directed graph\n1 2\n2 1\n2 3\n3 2\n", Format::Snap);
  EXPECT_TRUE(g.directed());
  EXPECT_TRUE(g.symmetric());
  ASSERT_EQ(g.loadNotes().size(), 1U);
  EXPECT_NE(g.loadNotes()[0].find("every arc has its reverse"), std::string::npos) << g.loadNotes()[0];
  const Graph oneWay = parse("# Directed graph\n1 2\n2 1\n2 3\n", Format::Snap);
  EXPECT_FALSE(oneWay.symmetric());
  EXPECT_TRUE(oneWay.loadNotes().empty());
}

TEST(Direction, EveryFormatSaysWhereItsDirectionCameFrom) {
  const Graph general = parse("%%MatrixMarket matrix coordinate pattern general\n3 3 2\n1 2\n2 3\n", Format::MatrixMarket);
  EXPECT_TRUE(general.directed());
  EXPECT_EQ(general.directionSource(), "header line 1");
  const Graph symmetric =
      parse("%%MatrixMarket matrix coordinate pattern symmetric\n3 3 2\n2 1\n3 2\n", Format::MatrixMarket);
  EXPECT_FALSE(symmetric.directed());
  EXPECT_EQ(symmetric.directionSource(), "header line 1");
  const Graph asUndirected = parse("%%MatrixMarket matrix coordinate pattern general\n3 3 2\n1 2\n2 3\n",
                                   Format::MatrixMarket, Direction::Undirected);
  EXPECT_EQ(asUndirected.directionSource(), "command line");
  ASSERT_EQ(asUndirected.loadNotes().size(), 1U);
  EXPECT_EQ(asUndirected.loadNotes()[0], "header line 1 says directed; read as undirected as the command line asks");
  const Graph dimacs = parse("p sp 3 2\na 1 2 5\na 2 3 7\n", Format::Dimacs);
  EXPECT_TRUE(dimacs.directed());
  EXPECT_EQ(dimacs.directionSource(), "format default");
  const Graph metis = parse("3 2\n2\n1 3\n2\n", Format::Metis);
  EXPECT_FALSE(metis.directed());
  EXPECT_EQ(metis.directionSource(), "format default");
  const Graph ldbc = parse("creationDate|Person1Id|Person2Id\n2010-01-01|1|2\n", Format::Ldbc);
  EXPECT_FALSE(ldbc.directed());
  EXPECT_EQ(ldbc.directionSource(), "format default");
}

// The cache stores the direction; an override rebuilds the graph as the
// text reader would have built it.
TEST(Direction, BinaryCacheKeepsItsDirectionOrFollowsTheCommandLine) {
  frontier::test::TempDir dir;
  const std::string text = std::string("# Directed graph\n") + frontier::test::directionCaseEdges();
  const Graph directed = parse(text, Format::Snap);
  const auto cache = dir.path("g.fgraph");
  saveGraph(directed, cache);
  const Graph again = loadGraph(cache);
  EXPECT_TRUE(again.directed());
  EXPECT_EQ(again.directionSource(), "file header");
  LoadOptions undirected;
  undirected.direction = Direction::Undirected;
  const Graph symmetrised = loadGraph(cache, undirected);
  EXPECT_FALSE(symmetrised.directed());
  EXPECT_EQ(symmetrised.directionSource(), "command line");
  expectLengthsOf(symmetrised, text, false, "cache read as undirected");
  EXPECT_EQ(frontier::test::adjacency(symmetrised), frontier::test::adjacency(parse(text, Format::Snap, Direction::Undirected)));

  const Graph plain = parse(frontier::test::directionCaseEdges(), Format::Snap);
  saveGraph(plain, cache);
  LoadOptions asDirected;
  asDirected.direction = Direction::Directed;
  const Graph doubled = loadGraph(cache, asDirected);
  EXPECT_TRUE(doubled.directed());
  EXPECT_TRUE(doubled.symmetric());
  expectLengthsOf(doubled, frontier::test::directionCaseEdges(), false, "undirected cache read as directed");
}

TEST(Direction, GeneratedGraphsSayGenerator) {
  EXPECT_EQ(frontier::graph::generate("grid:3x3").directionSource(), "generator");
}

} // namespace
