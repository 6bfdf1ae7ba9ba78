#include <gtest/gtest.h>

#include "GraphTestUtil.h"
#include "graph/GraphBuilder.h"
#include "graph/GraphIO.h"
#include "graph/GraphStats.h"

#include <atomic>

using namespace frontier::graph;

TEST(GraphStats, KarateClub) {
  FRONTIER_REQUIRE_DATA("karate.txt");
  const GraphStats s = computeStats(loadGraph(frontier::test::dataFile("karate.txt")));
  // Known values of Zachary's karate club (networkx).
  EXPECT_EQ(s.vertices, 34U);
  EXPECT_EQ(s.edges, 78U);
  EXPECT_EQ(s.degreeMin, 1U);
  EXPECT_EQ(s.degreeMax, 17U);
  EXPECT_NEAR(s.degreeMean, 156.0 / 34, 1e-12);
  EXPECT_EQ(s.degreeMedian, 3.0);
  ASSERT_GE(s.top.size(), 2U);
  EXPECT_EQ(s.top[0].id, 33U);
  EXPECT_EQ(s.top[1].id, 0U);
  EXPECT_EQ(s.top[1].degree, 16U);
  EXPECT_EQ(s.components, 1U);
  EXPECT_EQ(s.largestComponent, 34U);
  EXPECT_EQ(s.diameterEstimate, 5U);
}

TEST(GraphStats, ComponentsAndMedianOfSmallGraphs) {
  GraphBuilder builder({.directed = true});
  builder.addEdge(1, 2);
  builder.addEdge(3, 2);  // weakly connected to 1 and 2
  builder.addEdge(4, 5);
  builder.addEdge(6, 6);
  const GraphStats s = computeStats(builder.build());
  EXPECT_EQ(s.vertices, 6U);
  EXPECT_TRUE(s.directed);
  EXPECT_EQ(s.selfLoops, 1U);
  EXPECT_EQ(s.components, 3U);
  EXPECT_EQ(s.largestComponent, 3U);
  EXPECT_EQ(s.degreeMedian, 1.0);  // out-degrees 1 0 1 1 0 1
  EXPECT_EQ(s.degreeMin, 0U);
  EXPECT_EQ(s.diameterEstimate, 2U);  // 1 - 2 - 3, directions ignored
  const GraphStats empty = computeStats(Graph());
  EXPECT_EQ(empty.vertices, 0U);
  EXPECT_EQ(empty.components, 0U);
}

TEST(GraphStats, WikiVoteLargestWeakComponent) {
  FRONTIER_REQUIRE_DATA("wiki-Vote.txt");
  const GraphStats s = computeStats(loadGraph(frontier::test::dataFile("wiki-Vote.txt")));
  EXPECT_EQ(s.largestComponent, 7066U);  // README
}

TEST(GraphStats, AmsterdamIsNotConnected) {
  FRONTIER_REQUIRE_DATA("amsterdam-roads.gr");
  const GraphStats s = computeStats(loadGraph(frontier::test::dataFile("amsterdam-roads.gr")));
  EXPECT_EQ(s.largestComponent, 58600U);  // README
  EXPECT_GT(s.components, 1U);
}

// The window shows the degrees at once and the structure when it is ready:
// the two halves together are computeStats, and a cancelled structure stays
// unknown.
TEST(GraphStats, DegreesFirstStructureLaterOrCancelled) {
  FRONTIER_REQUIRE_DATA("karate.txt");
  const Graph karate = loadGraph(frontier::test::dataFile("karate.txt"));
  GraphStats s = computeDegreeStats(karate);
  EXPECT_EQ(s.degreeMax, 17U);
  EXPECT_EQ(s.top.at(0).id, 33U);
  EXPECT_FALSE(s.structureKnown);
  EXPECT_EQ(s.components, 0U);
  std::atomic<bool> cancel{true};
  EXPECT_FALSE(addStructureStats(karate, s, &cancel));
  EXPECT_FALSE(s.structureKnown);
  EXPECT_EQ(s.diameterEstimate, 0U);
  cancel = false;
  EXPECT_TRUE(addStructureStats(karate, s, &cancel));
  EXPECT_TRUE(s.structureKnown);
  EXPECT_EQ(s.components, 1U);  // Zachary's club (networkx)
  EXPECT_EQ(s.largestComponent, 34U);
  EXPECT_EQ(s.diameterEstimate, 5U);
  EXPECT_TRUE(computeStats(karate).structureKnown);
  EXPECT_TRUE(computeStats(Graph()).structureKnown);
}
