// Every reader against the counts of the data README and against small
// hand-written files.

#include <gtest/gtest.h>

#include "GraphTestUtil.h"
#include "graph/GraphIO.h"

using namespace frontier::graph;
using frontier::test::adjacency;
using frontier::test::dataFile;
using Lists = std::vector<std::vector<FileId>>;

namespace {

struct Expected {
  const char* file;
  Direction direction;
  uint64_t vertices;
  uint64_t edges;
  bool directed;
  uint64_t selfLoops;
  bool weighted;
};

void expectCounts(const Expected& e) {
  if (!frontier::test::haveData(e.file)) {
    GTEST_SKIP() << "missing " << dataFile(e.file);
  }
  LoadOptions options;
  options.direction = e.direction;
  const Graph g = loadGraph(dataFile(e.file), options);
  EXPECT_EQ(g.vertexCount(), e.vertices) << e.file;
  EXPECT_EQ(g.edgeCount(), e.edges) << e.file;
  EXPECT_EQ(g.directed(), e.directed) << e.file;
  EXPECT_EQ(g.selfLoopCount(), e.selfLoops) << e.file;
  EXPECT_EQ(g.weighted(), e.weighted) << e.file;
}

Graph parse(const std::string& text, Format format, Direction direction = Direction::FromFormat) {
  LoadOptions options;
  options.direction = direction;
  return parseGraph(text, format, options, "test");
}

} // namespace

// The counts of ../shared/data/README.md.
TEST(GraphReader, Karate) { expectCounts({"karate.txt", Direction::FromFormat, 34, 78, false, 0, false}); }
TEST(GraphReader, LesMiserablesMetisWithEdgeWeights) {
  expectCounts({"lesmis.graph", Direction::FromFormat, 77, 254, false, 0, true});
}
TEST(GraphReader, LdbcFolderReadsBothFiles) {
  expectCounts({"ldbc-snb-sf0.1", Direction::FromFormat, 1357, 14073, false, 0, false});
}
TEST(GraphReader, Facebook) { expectCounts({"facebook_combined.txt", Direction::FromFormat, 4039, 88234, false, 0, false}); }
TEST(GraphReader, WikiVoteIsDirectedByItsHeader) {
  expectCounts({"wiki-Vote.txt", Direction::FromFormat, 7115, 103689, true, 0, false});
  expectCounts({"wiki-Vote.txt", Direction::Directed, 7115, 103689, true, 0, false});
}
TEST(GraphReader, FourEltMetis) { expectCounts({"4elt.graph", Direction::FromFormat, 15606, 45878, false, 0, false}); }
TEST(GraphReader, LuxembourgMatrixMarketSymmetric) {
  expectCounts({"luxembourg_osm.mtx", Direction::FromFormat, 114599, 119666, false, 0, false});
}
TEST(GraphReader, AmsterdamDimacsWithCoordinates) {
  FRONTIER_REQUIRE_DATA("amsterdam-roads.gr");
  expectCounts({"amsterdam-roads.gr", Direction::FromFormat, 68213, 153424, true, 0, true});
  const Graph g = loadGraph(dataFile("amsterdam-roads.gr"));
  ASSERT_TRUE(g.hasCoordinates());
  ASSERT_EQ(g.coordinates().size(), 68213U);
  EXPECT_EQ(g.coordinates()[0].x, -1404.0);  // "v 1 -1404 -2919"
  EXPECT_EQ(g.coordinates()[0].y, -2919.0);
  EXPECT_TRUE(g.integerWeights());
  // "a 16 25830 95": file ids are the 1-based DIMACS ids.
  const VertexId v16 = *g.denseId(16);
  EXPECT_EQ(g.fileId(v16), 16U);
  bool found = false;
  const Csr& out = g.out();
  for (EdgeIndex i = out.offsets[v16]; i < out.offsets[v16 + 1]; ++i) {
    if (g.fileId(out.targets[i]) == 25830) {
      found = true;
      EXPECT_EQ(out.weights[i], 95.0);
    }
  }
  EXPECT_TRUE(found);
}
TEST(GraphReader, CnrGzipDirected) {
  expectCounts({"cnr-2000.txt.gz", Direction::Directed, 325557, 3216152, true, 87442, false});
}

TEST(GraphReader, LdbcSingleFileAndHeaderStyles) {
  FRONTIER_REQUIRE_DATA("ldbc-snb-sf0.1/Person_knows_Person.csv");
  const Graph one = loadGraph(dataFile("ldbc-snb-sf0.1/Person_knows_Person.csv"));
  // Counted independently of the reader (distinct unordered id pairs and the
  // ids in them, over the data lines): the first file holds 7,039 of the
  // folder's 14,073 edges (the second the other 7,034) between 1,175 people.
  EXPECT_EQ(one.edgeCount(), 7039U);
  EXPECT_EQ(one.vertexCount(), 1175U);
  EXPECT_EQ(one.selfLoopCount(), 0U);
  EXPECT_FALSE(one.directed());
  EXPECT_TRUE(one.denseId(2199023256077).has_value());
  const Graph a = parse(":START_ID(Person)|:END_ID(Person)|creationDate:LONG\n933|2199023256077|1\n", Format::Ldbc);
  const Graph b = parse("Person1Id|Person2Id|creationDate\n933|2199023256077|2010-04-22\n", Format::Ldbc);
  const Graph c = parse("creationDate|Person1Id|Person2Id\n2010|933|2199023256077\n", Format::Ldbc);
  for (const Graph* g : {&a, &b, &c}) {
    EXPECT_EQ(adjacency(*g), (Lists{{2199023256077}, {933}}));
  }
  const Graph directed = parse("Person1Id|Person2Id\n5|3\n", Format::Ldbc, Direction::Directed);
  EXPECT_EQ(adjacency(directed), (Lists{{}, {3}}));
}

TEST(GraphReader, SnapSeparatorsCommentsAndBlankLines) {
  const Graph g = parse("# comment\n\n% another\n1 2\n2\t3\n3,4\n 4 , 1 \r\n5   1\n", Format::Snap);
  EXPECT_FALSE(g.directed());
  EXPECT_EQ(adjacency(g), (Lists{{2, 4, 5}, {1, 3}, {2, 4}, {1, 3}, {1}}));
}

TEST(GraphReader, SnapDirectionFromHeaderAndOverride) {
  EXPECT_TRUE(parse("# Directed graph: x\n1 2\n", Format::Snap).directed());
  EXPECT_FALSE(parse("# Undirected graph\n1 2\n", Format::Snap).directed());
  EXPECT_FALSE(parse("# 78 undirected edges\n1 2\n", Format::Snap).directed());
  EXPECT_FALSE(parse("# indirected\n1 2\n", Format::Snap).directed());
  EXPECT_FALSE(parse("1 2\n", Format::Snap).directed());
  EXPECT_FALSE(parse("# Directed graph\n1 2\n", Format::Snap, Direction::Undirected).directed());
  EXPECT_TRUE(parse("1 2\n", Format::Snap, Direction::Directed).directed());
  // A comment after the first edge does not change the direction.
  EXPECT_FALSE(parse("1 2\n# directed\n", Format::Snap).directed());
}

TEST(GraphReader, SnapWeightsInTheThirdColumn) {
  const Graph g = parse("1 2 0.5\n2 3 4\n", Format::Snap, Direction::Directed);
  ASSERT_TRUE(g.weighted());
  EXPECT_EQ(g.out().arcWeights(0)[0], 0.5);
  EXPECT_EQ(g.out().arcWeights(1)[0], 4.0);
  EXPECT_FALSE(g.integerWeights());
}

TEST(GraphReader, MatrixMarketVariants) {
  const Graph general = parse("%%MatrixMarket matrix coordinate pattern general\n% c\n4 4 3\n1 2\n2 3\n4 1\n",
                              Format::MatrixMarket);
  EXPECT_TRUE(general.directed());
  EXPECT_EQ(adjacency(general), (Lists{{2}, {3}, {}, {1}}));
  const Graph symmetric =
      parse("%%MatrixMarket matrix coordinate integer symmetric\n3 3 2\n2 1 7\n3 3 0\n", Format::MatrixMarket);
  EXPECT_FALSE(symmetric.directed());
  EXPECT_EQ(adjacency(symmetric), (Lists{{2}, {1}, {3}}));
  EXPECT_EQ(symmetric.out().arcWeights(0)[0], 7.0);
  EXPECT_EQ(symmetric.selfLoopCount(), 1U);
  const Graph real = parse("%%matrixmarket MATRIX Coordinate REAL General\n2 2 1\n1 2 1.5e-1\n", Format::MatrixMarket);
  EXPECT_EQ(real.out().arcWeights(0)[0], 0.15);
  // A symmetric matrix read as directed has both arcs of every entry.
  const Graph mirrored = parse("%%MatrixMarket matrix coordinate pattern symmetric\n3 3 2\n2 1\n3 3\n",
                               Format::MatrixMarket, Direction::Directed);
  EXPECT_TRUE(mirrored.directed());
  EXPECT_EQ(adjacency(mirrored), (Lists{{2}, {1}, {3}}));
  EXPECT_EQ(mirrored.edgeCount(), 3U);
}

TEST(GraphReader, DimacsArcsAndDuplicates) {
  const Graph g = parse("c x\np sp 3 4\na 1 2 5\na 1 2 3\na 2 3 1\nc y\na 3 1 2\n", Format::Dimacs);
  EXPECT_TRUE(g.directed());
  EXPECT_EQ(g.edgeCount(), 3U);
  EXPECT_EQ(g.out().arcWeights(0)[0], 3.0);  // the smaller of the duplicates
  EXPECT_FALSE(g.hasCoordinates());
}

TEST(GraphReader, MetisFormats) {
  // fmt 011: vertex weights (ncon 2) and edge weights.
  const Graph weighted = parse("% c\n3 2 011 2\n5 6 2 10\n1 1 1 10 3 20\n0 0 2 20\n", Format::Metis);
  EXPECT_FALSE(weighted.directed());
  EXPECT_EQ(adjacency(weighted), (Lists{{2}, {1, 3}, {2}}));
  EXPECT_EQ(weighted.out().arcWeights(1)[1], 20.0);
  // fmt 100: vertex sizes first on every line.
  const Graph sizes = parse("4 1 100\n9 2\n9 1\n9\n9\n", Format::Metis);
  EXPECT_EQ(sizes.vertexCount(), 4U);
  EXPECT_EQ(adjacency(sizes), (Lists{{2}, {1}, {}, {}}));
  // An empty line is a vertex without neighbours; missing empty lines at the
  // very end are isolated vertices too.
  const Graph empty = parse("3 1\n\n3\n2\n", Format::Metis);
  EXPECT_EQ(adjacency(empty), (Lists{{}, {3}, {2}}));
  const Graph cut = parse("4 1\n2\n1", Format::Metis);
  EXPECT_EQ(cut.vertexCount(), 4U);
}

TEST(GraphReader, GzipIsDetectedByContentForEveryTextFormat) {
  const std::string mtx = "%%MatrixMarket matrix coordinate pattern symmetric\n3 3 2\n2 1\n3 2\n";
  const Graph g = parseGraph(frontier::test::gzipped(mtx), Format::Auto, {}, "x.mtx.gz");
  EXPECT_EQ(g.edgeCount(), 2U);
  // Two concatenated gzip members read as one stream.
  const Graph two = parseGraph(frontier::test::gzipped("1 2\n") + frontier::test::gzipped("2 3\n"), Format::Snap);
  EXPECT_EQ(two.edgeCount(), 2U);
  frontier::test::TempDir dir;
  const Graph file = loadGraph(dir.file("g.graph.gz", frontier::test::gzipped("2 1\n2\n1\n")));
  EXPECT_EQ(file.edgeCount(), 1U);
}

TEST(GraphReader, FormatDetection) {
  EXPECT_EQ(detectFormat("a.mtx", ""), Format::MatrixMarket);
  EXPECT_EQ(detectFormat("a.txt", "%%MatrixMarket matrix"), Format::MatrixMarket);
  EXPECT_EQ(detectFormat("a.gr.gz", ""), Format::Dimacs);
  EXPECT_EQ(detectFormat("a.graph", "10 20\n"), Format::Metis);
  EXPECT_EQ(detectFormat("a.fgraph", ""), Format::Binary);
  EXPECT_EQ(detectFormat("a.csv", ":START_ID(Person)|:END_ID(Person)\n"), Format::Ldbc);
  EXPECT_EQ(detectFormat("a.csv", "1,2\n"), Format::Snap);
  EXPECT_EQ(detectFormat("data", "c comment\np sp 1 0\n"), Format::Dimacs);
  EXPECT_EQ(detectFormat("a.edges", "# x\n1 2\n"), Format::Snap);
  EXPECT_EQ(parseFormat("MTX"), Format::MatrixMarket);
  EXPECT_EQ(parseFormat("binary"), Format::Binary);
  EXPECT_FALSE(parseFormat("xml").has_value());
  for (const Format f : {Format::Snap, Format::MatrixMarket, Format::Dimacs, Format::Metis, Format::Ldbc,
                         Format::Binary}) {
    EXPECT_EQ(parseFormat(formatName(f)), f);
  }
}

TEST(GraphReader, ProgressReachesTheEndAndCancels) {
  FRONTIER_REQUIRE_DATA("facebook_combined.txt");
  std::vector<double> seen;
  LoadOptions options;
  options.progress = [&](double fraction) {
    seen.push_back(fraction);
    return true;
  };
  loadGraph(dataFile("facebook_combined.txt"), options);
  ASSERT_FALSE(seen.empty());
  EXPECT_DOUBLE_EQ(seen.back(), 1.0);
  EXPECT_TRUE(std::is_sorted(seen.begin(), seen.end()));
  options.progress = [](double) { return false; };
  EXPECT_THROW(loadGraph(dataFile("facebook_combined.txt"), options), LoadCancelled);
}
