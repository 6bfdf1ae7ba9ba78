// The oracle on hand-computed cases, and MS-BFS against the oracle on every
// data graph.

#include <gtest/gtest.h>

#include "GraphTestUtil.h"
#include "graph/Generators.h"
#include "graph/GraphBuilder.h"
#include "graph/GraphIO.h"
#include "reference/Bfs.h"
#include "reference/MultiSourceBfs.h"

using namespace frontier::graph;
using namespace frontier::reference;

namespace {

Graph directedChain() {
  // 0 -> 1 -> 2 -> 3, 0 -> 2, 4 isolated, 3 -> 3.
  GraphBuilder builder({.directed = true});
  builder.declareVertices(5, 0);
  for (const auto& [u, v] : std::vector<std::pair<int, int>>{{0, 1}, {1, 2}, {2, 3}, {0, 2}, {3, 3}}) {
    builder.addEdge(static_cast<FileId>(u), static_cast<FileId>(v));
  }
  return builder.build();
}

void expectMsbfsMatches(const Graph& g, uint32_t pairCount, uint64_t seed) {
  const std::vector<Pair> pairs = randomPairs(g, pairCount, seed);
  const std::vector<Length> expected = pathLengths(g, pairs);
  EXPECT_EQ(pathLengthsEarlyExit(g, pairs), expected);
  for (const unsigned width : {64U, 512U}) {
    for (const bool directionOptimizing : {false, true}) {
      MsBfsOptions options;
      options.width = width;
      options.directionOptimizing = directionOptimizing;
      options.threads = 2;
      options.memoryBudget = UINT64_MAX;  // the width asked for, not one the budget allows
      ASSERT_EQ(msbfsPlan(g, pairs.size(), options).width, width);
      EXPECT_EQ(msbfsPathLengths(g, pairs, options), expected)
          << g.name() << " width " << width << " direction-optimizing " << directionOptimizing;
    }
  }
  // The default budget (the graph's adjacency) narrows the word and the
  // number of workers; the answers stay the same.
  MsBfsOptions bounded;
  bounded.threads = 16;
  EXPECT_EQ(msbfsPathLengths(g, pairs, bounded), expected) << g.name() << " within the memory budget";
}

void expectMsbfsMatchesOnData(const char* file, Direction direction, uint32_t pairs) {
  if (!frontier::test::haveData(file)) {
    GTEST_SKIP() << "missing " << file;
  }
  LoadOptions options;
  options.direction = direction;
  expectMsbfsMatches(loadGraph(frontier::test::dataFile(file), options), pairs, 11);
}

} // namespace

TEST(ReferenceBfs, LevelsOnADirectedGraph) {
  const Graph g = directedChain();
  EXPECT_EQ(bfsLevels(g, 0), (std::vector<uint32_t>{0, 1, 1, 2, kUnreached}));
  EXPECT_EQ(bfsLevels(g, 3), (std::vector<uint32_t>{kUnreached, kUnreached, kUnreached, 0, kUnreached}));
  EXPECT_THROW(bfsLevels(g, 5), std::out_of_range);
}

TEST(ReferenceBfs, PathLengthsInHops) {
  const Graph g = directedChain();
  const std::vector<Pair> pairs{{0, 3}, {3, 0}, {2, 2}, {4, 4}, {0, 4}, {1, 3}, {0, 3}};
  const std::vector<Length> expected{2, kUnreachable, 0, 0, kUnreachable, 2, 2};
  EXPECT_EQ(pathLengths(g, pairs), expected);
  EXPECT_EQ(pathLengthsEarlyExit(g, pairs), expected);
  EXPECT_EQ(msbfsPathLengths(g, pairs), expected);
  EXPECT_TRUE(msbfsPathLengths(g, {}).empty());
  const std::vector<Pair> bad{{0, 9}};
  EXPECT_THROW(pathLengths(g, bad), std::out_of_range);
  EXPECT_THROW(msbfsPathLengths(g, bad), std::out_of_range);
  MsBfsOptions odd;
  odd.width = 100;
  EXPECT_THROW(msbfsPathLengths(g, pairs, odd), std::invalid_argument);
}

TEST(ReferenceBfs, MsbfsLevelsEqualTheOracleVertexByVertex) {
  for (const Graph& g : {generateGrid(20, 30), generateKronecker({.scale = 10, .edgeFactor = 8}),
                         generateWattsStrogatz(500, 6, 0.1, 2)}) {
    for (const unsigned width : {64U, 128U, 256U, 512U}) {
      std::vector<VertexId> sources;
      for (unsigned i = 0; i < width; ++i) {
        sources.push_back(static_cast<VertexId>((i * 7919U) % g.vertexCount()));
      }
      for (const bool directionOptimizing : {false, true}) {
        MsBfsOptions options;
        options.width = width;
        options.directionOptimizing = directionOptimizing;
        options.alpha = 2.0;  // switch often, to test both directions
        const auto levels = msbfsLevels(g, sources, options);
        for (size_t i = 0; i < sources.size(); i += 13) {
          ASSERT_EQ(levels[i], bfsLevels(g, sources[i])) << g.name() << " width " << width << " source " << i;
        }
      }
    }
  }
}

TEST(ReferenceBfs, MsbfsWithManyPairsPerSource) {
  const Graph g = generateBarabasiAlbert(3000, 2, 9);
  std::vector<Pair> pairs = randomPairs(g, 3000, 4);
  for (size_t i = 0; i < pairs.size(); ++i) {
    pairs[i].source = pairs[i % 40].source;  // 40 sources, many destinations each
  }
  MsBfsOptions options;
  options.threads = 3;
  EXPECT_EQ(msbfsPathLengths(g, pairs, options), pathLengths(g, pairs));
}

TEST(ReferenceBfs, MsbfsPlanStaysWithinTheMemoryBudget) {
  const Graph g = generateKronecker({.scale = 14, .edgeFactor = 16});
  const uint64_t n = g.vertexCount();
  EXPECT_EQ(msbfsWorkerBytes(n, 512), 3 * n * 64 + 2 * (n / 64 + 1) * 8);
  MsBfsOptions options;
  options.threads = 16;
  // Default budget: the graph's adjacency. 16 workers at 512 bits would
  // need 16 x 192 bytes per vertex; the plan fits within the adjacency.
  const MsBfsPlan plan = msbfsPlan(g, 1024, options);
  EXPECT_LE(plan.workers * msbfsWorkerBytes(n, plan.width), g.csrBytes());
  EXPECT_GE(plan.workers, 1U);
  EXPECT_LE(plan.workers, 16U);
  // A budget for everything: the widest word on every thread.
  options.memoryBudget = 16 * msbfsWorkerBytes(n, 512);
  EXPECT_EQ(msbfsPlan(g, 16 * 512, options).width, 512U);
  EXPECT_EQ(msbfsPlan(g, 16 * 512, options).workers, 16U);
  // Few sources: no more concurrent searches than sources need, the widest
  // word that gives them.
  EXPECT_EQ(msbfsPlan(g, 512, options).width, 512U);
  // A budget of nothing still runs one 64-bit worker.
  options.memoryBudget = 1;
  EXPECT_EQ(msbfsPlan(g, 1024, options).width, 64U);
  EXPECT_EQ(msbfsPlan(g, 1024, options).workers, 1U);
  // Thread count and budget change the plan, never the answers.
  const std::vector<Pair> pairs = randomPairs(g, 700, 3);
  const std::vector<Length> expected = pathLengths(g, pairs);
  for (const uint64_t budget : {uint64_t{1}, msbfsWorkerBytes(n, 128) * 3, uint64_t{0}}) {
    options.memoryBudget = budget;
    EXPECT_EQ(msbfsPathLengths(g, pairs, options), expected) << "budget " << budget;
  }
}

TEST(ReferenceBfs, MsbfsEqualsTextbookOnKarate) { expectMsbfsMatchesOnData("karate.txt", Direction::FromFormat, 300); }
TEST(ReferenceBfs, MsbfsEqualsTextbookOnLesMiserables) {
  expectMsbfsMatchesOnData("lesmis.graph", Direction::FromFormat, 300);
}
TEST(ReferenceBfs, MsbfsEqualsTextbookOnLdbc) { expectMsbfsMatchesOnData("ldbc-snb-sf0.1", Direction::FromFormat, 600); }
TEST(ReferenceBfs, MsbfsEqualsTextbookOnFacebook) {
  expectMsbfsMatchesOnData("facebook_combined.txt", Direction::FromFormat, 600);
}
TEST(ReferenceBfs, MsbfsEqualsTextbookOnWikiVoteDirected) {
  expectMsbfsMatchesOnData("wiki-Vote.txt", Direction::Directed, 600);
}
TEST(ReferenceBfs, MsbfsEqualsTextbookOnFourElt) { expectMsbfsMatchesOnData("4elt.graph", Direction::FromFormat, 200); }
TEST(ReferenceBfs, MsbfsEqualsTextbookOnLuxembourg) {
  expectMsbfsMatchesOnData("luxembourg_osm.mtx", Direction::FromFormat, 40);
}
TEST(ReferenceBfs, MsbfsEqualsTextbookOnAmsterdamDirected) {
  expectMsbfsMatchesOnData("amsterdam-roads.gr", Direction::FromFormat, 40);
}
TEST(ReferenceBfs, MsbfsEqualsTextbookOnCnrDirected) {
  expectMsbfsMatchesOnData("cnr-2000.txt.gz", Direction::Directed, 24);
}
