#include <gtest/gtest.h>

#include <sstream>

#include "GraphTestUtil.h"
#include "graph/GraphBuilder.h"
#include "graph/Pairs.h"

using namespace frontier::graph;

namespace {

Graph sparse() {
  GraphBuilder builder;
  builder.addEdge(100, 200);
  builder.addEdge(200, 300);
  builder.addVertex(7);
  return builder.build();
}

} // namespace

TEST(Pairs, RandomPairsAreDeterministicAndCoverAllVertices) {
  const Graph g = sparse();
  const std::vector<Pair> a = randomPairs(g, 4000, 3);
  EXPECT_EQ(a, randomPairs(g, 4000, 3));
  EXPECT_NE(a, randomPairs(g, 4000, 4));
  std::vector<int> hits(g.vertexCount(), 0);
  for (const Pair& p : a) {
    ASSERT_LT(p.source, g.vertexCount());
    ASSERT_LT(p.destination, g.vertexCount());
    ++hits[p.source];
    ++hits[p.destination];
  }
  for (const int h : hits) {
    EXPECT_GT(h, 1700);  // 2000 expected each
    EXPECT_LT(h, 2300);
  }
  EXPECT_THROW(randomPairs(Graph(), 1, 1), std::invalid_argument);
  EXPECT_EQ(parsePairsSpec(g, "random:5", 3), randomPairs(g, 5, 3));
  EXPECT_THROW(parsePairsSpec(g, "random:", 3), std::invalid_argument);
  EXPECT_THROW(parsePairsSpec(g, "random:-1", 3), std::invalid_argument);
  EXPECT_THROW(parsePairsSpec(g, "all", 3), std::invalid_argument);
  // The count alone, before a graph is there (frontier-lab --pairs).
  EXPECT_EQ(randomPairCount("random:64"), 64U);
  EXPECT_THROW(randomPairCount("random:6x"), std::invalid_argument);
  EXPECT_THROW(randomPairCount("64"), std::invalid_argument);
}

TEST(Pairs, ReadsFileIds) {
  const Graph g = sparse();
  frontier::test::TempDir dir;
  const auto path = dir.file("pairs.csv", "source,destination\n100,300\n 7 , 200\r\n\n300,100\n");
  const std::vector<Pair> pairs = readPairsFile(g, path);
  ASSERT_EQ(pairs.size(), 3U);
  EXPECT_EQ(g.fileId(pairs[0].source), 100U);
  EXPECT_EQ(g.fileId(pairs[0].destination), 300U);
  EXPECT_EQ(g.fileId(pairs[1].source), 7U);
  EXPECT_EQ(g.fileId(pairs[2].destination), 100U);
  EXPECT_TRUE(parsePairs(g, "Source, Destination\n").empty());
}

TEST(Pairs, UnknownIdsAndBadLinesNameTheLine) {
  const Graph g = sparse();
  try {
    parsePairs(g, "source,destination\n100,200\n100,555\n", "p.csv");
    FAIL();
  } catch (const GraphError& error) {
    EXPECT_EQ(error.line(), 3U);
    EXPECT_EQ(error.column(), 5U);
    EXPECT_EQ(error.message(), "unknown destination id 555: the graph has no such vertex") << error.what();
  }
  EXPECT_THROW(parsePairs(g, ""), GraphError);
  EXPECT_THROW(parsePairs(g, "from,to\n1,2\n"), GraphError);
  EXPECT_THROW(parsePairs(g, "source,destination\n100;200\n"), GraphError);
  EXPECT_THROW(parsePairs(g, "source,destination\n100,\n"), GraphError);
  EXPECT_THROW(parsePairs(g, "source,destination\n100,200,3\n"), GraphError);
}

TEST(Pairs, ResultsCsvUsesFileIds) {
  const Graph g = sparse();
  const std::vector<Pair> pairs{{*g.denseId(100), *g.denseId(300)}, {*g.denseId(7), *g.denseId(100)}};
  const std::vector<Length> lengths{2, kUnreachable};
  std::ostringstream out;
  writeResultsCsv(out, g, pairs, lengths);
  EXPECT_EQ(out.str(), "source,destination,length\n100,300,2\n7,100,-1\n");
  std::ostringstream pairsOut;
  writePairsCsv(pairsOut, g, pairs);
  EXPECT_EQ(pairsOut.str(), "source,destination\n100,300\n7,100\n");
  EXPECT_EQ(parsePairs(g, pairsOut.str()), pairs);
  const std::vector<Length> shorter{1};
  EXPECT_THROW(writeResultsCsv(out, g, pairs, shorter), std::invalid_argument);
}
