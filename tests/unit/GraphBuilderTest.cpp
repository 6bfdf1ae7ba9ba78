#include <gtest/gtest.h>

#include <map>
#include <string>
#include <tuple>
#include <vector>

#include "GraphTestUtil.h"
#include "graph/GraphBuilder.h"

using namespace frontier::graph;
using frontier::test::adjacency;
using Lists = std::vector<std::vector<FileId>>;

TEST(GraphBuilder, SymmetrisesDedupesAndSortsUndirectedEdges) {
  GraphBuilder builder;
  builder.addEdge(2, 0);
  builder.addEdge(0, 1);
  builder.addEdge(1, 0);  // the same edge again, reversed
  builder.addEdge(2, 1);
  builder.addEdge(2, 2);  // self-loop: stored once
  builder.addEdge(2, 2);
  const Graph g = builder.build();
  EXPECT_FALSE(g.directed());
  EXPECT_EQ(g.vertexCount(), 3U);
  EXPECT_EQ(adjacency(g), (Lists{{1, 2}, {0, 2}, {0, 1, 2}}));
  EXPECT_EQ(g.arcCount(), 7U);
  EXPECT_EQ(g.selfLoopCount(), 1U);
  EXPECT_EQ(g.edgeCount(), 4U);  // 0-1, 0-2, 1-2, 2-2
  EXPECT_EQ(&g.in(), &g.out());
}

TEST(GraphBuilder, DirectedKeepsArcsAndBuildsTheReverse) {
  GraphBuilder builder({.directed = true});
  builder.addEdge(0, 1);
  builder.addEdge(0, 1);
  builder.addEdge(1, 0);
  builder.addEdge(2, 0);
  builder.addEdge(1, 1);
  const Graph g = builder.build();
  EXPECT_TRUE(g.directed());
  EXPECT_EQ(adjacency(g), (Lists{{1}, {0, 1}, {0}}));
  EXPECT_EQ(g.edgeCount(), 4U);
  EXPECT_EQ(g.selfLoopCount(), 1U);
  const Csr& in = g.in();
  ASSERT_EQ(in.vertexCount(), 3U);
  EXPECT_EQ(std::vector<VertexId>(in.neighbours(0).begin(), in.neighbours(0).end()), (std::vector<VertexId>{1, 2}));
  EXPECT_EQ(std::vector<VertexId>(in.neighbours(1).begin(), in.neighbours(1).end()), (std::vector<VertexId>{0, 1}));
  EXPECT_TRUE(in.neighbours(2).empty());
}

TEST(GraphBuilder, RemovesSelfLoopsButKeepsTheirVertices) {
  GraphBuilder builder({.removeSelfLoops = true});
  builder.addEdge(5, 5);
  builder.addEdge(1, 3);
  const Graph g = builder.build();
  EXPECT_EQ(g.vertexCount(), 3U);
  EXPECT_EQ(g.selfLoopCount(), 0U);
  EXPECT_EQ(g.edgeCount(), 1U);
  EXPECT_EQ(adjacency(g), (Lists{{3}, {1}, {}}));
}

TEST(GraphBuilder, SparseIdsAreNumberedInFileIdOrder) {
  GraphBuilder builder;
  builder.addEdge(1000, 7);
  builder.addEdge(7, 42);
  builder.addVertex(99);
  const Graph g = builder.build();
  ASSERT_EQ(g.vertexCount(), 4U);
  EXPECT_EQ(g.fileId(0), 7U);
  EXPECT_EQ(g.fileId(1), 42U);
  EXPECT_EQ(g.fileId(2), 99U);
  EXPECT_EQ(g.fileId(3), 1000U);
  EXPECT_EQ(g.denseId(42), 1U);
  EXPECT_EQ(g.denseId(1000), 3U);
  EXPECT_FALSE(g.denseId(8).has_value());
  EXPECT_FALSE(g.denseId(5000).has_value());
  EXPECT_TRUE(g.out().neighbours(2).empty());
}

TEST(GraphBuilder, LargeIdsSwitchToHashingMidway) {
  GraphBuilder builder;
  builder.addEdge(3, 1);
  builder.addEdge(1, 2);
  const FileId big = (FileId{1} << 62U) + 5;
  builder.addEdge(2, big);
  builder.addEdge(big, UINT64_MAX);
  const Graph g = builder.build();
  ASSERT_EQ(g.vertexCount(), 5U);
  EXPECT_EQ(g.fileId(0), 1U);
  EXPECT_EQ(g.fileId(3), big);
  EXPECT_EQ(g.fileId(4), UINT64_MAX);
  EXPECT_EQ(adjacency(g), (Lists{{2, 3}, {1, big}, {1}, {2, UINT64_MAX}, {big}}));
  EXPECT_EQ(g.denseId(UINT64_MAX), 4U);
}

TEST(GraphBuilder, ContiguousIdsNeedNoTable) {
  GraphBuilder builder;
  builder.addEdge(11, 10);
  builder.addEdge(12, 11);
  const Graph g = builder.build();
  EXPECT_EQ(g.fileId(0), 10U);
  EXPECT_EQ(g.fileId(2), 12U);
  EXPECT_EQ(g.denseId(12), 2U);
  EXPECT_FALSE(g.denseId(9).has_value());
  EXPECT_LT(g.memoryBytes(), 200U);
}

TEST(GraphBuilder, DeclaredVerticesIncludeIsolatedOnes) {
  GraphBuilder builder({.directed = true});
  builder.declareVertices(5, 1);
  builder.addEdge(1, 5);
  const Graph g = builder.build();
  EXPECT_EQ(g.vertexCount(), 5U);
  EXPECT_EQ(g.fileId(0), 1U);
  EXPECT_EQ(g.fileId(4), 5U);
  EXPECT_EQ(adjacency(g), (Lists{{5}, {}, {}, {}, {}}));
  GraphBuilder outside;
  outside.declareVertices(3, 1);
  EXPECT_THROW(outside.addEdge(0, 1), std::out_of_range);
  EXPECT_THROW(outside.addEdge(1, 4), std::out_of_range);
}

TEST(GraphBuilder, DuplicateWeightedArcsKeepTheSmallestWeight) {
  GraphBuilder builder({.directed = true, .weighted = true});
  builder.addEdge(0, 1, 7.0);
  builder.addEdge(0, 1, 3.0);
  builder.addEdge(0, 1, 5.0);
  builder.addEdge(1, 0, 2.5);
  const Graph g = builder.build();
  ASSERT_TRUE(g.weighted());
  EXPECT_FALSE(g.integerWeights());
  ASSERT_EQ(g.arcCount(), 2U);
  EXPECT_EQ(g.out().arcWeights(0)[0], 3.0);
  EXPECT_EQ(g.out().arcWeights(1)[0], 2.5);
  EXPECT_EQ(g.in().arcWeights(1)[0], 3.0);
}

TEST(GraphBuilder, UndirectedWeightsAgreeOnBothArcs) {
  GraphBuilder builder({.weighted = true});
  builder.addEdge(0, 1, 4.0);
  builder.addEdge(1, 0, 2.0);
  const Graph g = builder.build();
  EXPECT_TRUE(g.integerWeights());
  EXPECT_EQ(g.out().arcWeights(0)[0], 2.0);
  EXPECT_EQ(g.out().arcWeights(1)[0], 2.0);
  GraphBuilder unweighted;
  EXPECT_THROW(unweighted.addEdge(0, 1, 1.0), std::logic_error);
}

TEST(GraphBuilder, RelabelByDegreePutsHubsFirst) {
  GraphBuilder builder({.relabelByDegree = true});
  builder.addEdge(10, 20);
  builder.addEdge(30, 20);
  builder.addEdge(40, 20);
  builder.addEdge(40, 10);
  const Graph g = builder.build();
  // Degrees: 20 -> 3, 10 and 40 -> 2 (ties by file id), 30 -> 1.
  EXPECT_EQ(g.fileId(0), 20U);
  EXPECT_EQ(g.fileId(1), 10U);
  EXPECT_EQ(g.fileId(2), 40U);
  EXPECT_EQ(g.fileId(3), 30U);
  EXPECT_FALSE(g.denseIdsSorted());
  for (const FileId id : {10U, 20U, 30U, 40U}) {
    ASSERT_TRUE(g.denseId(id).has_value());
    EXPECT_EQ(g.fileId(*g.denseId(id)), id);
  }
  EXPECT_EQ(adjacency(g), (Lists{{10, 40, 30}, {20, 40}, {20, 10}, {20}}));
}

TEST(GraphBuilder, ManyEdgesAcrossBlocks) {
  // More than one block of the edge list, a path 0-1-...-n.
  const uint64_t n = (uint64_t{1} << 20U) + 1000;
  GraphBuilder builder;
  for (uint64_t v = 0; v < n; ++v) {
    builder.addEdge(v + 1, v);
  }
  const Graph g = builder.build();
  EXPECT_EQ(g.vertexCount(), n + 1);
  EXPECT_EQ(g.edgeCount(), n);
  EXPECT_EQ(g.out().degree(0), 1U);
  EXPECT_EQ(g.out().degree(static_cast<VertexId>(n / 2)), 2U);
  EXPECT_EQ(g.out().neighbours(5)[0], 4U);
  EXPECT_EQ(g.out().neighbours(5)[1], 6U);
}

// The lists are sorted on several threads: any number gives the lists a
// std::map of the same arcs gives (sorted, one arc per target, the smallest
// weight), with duplicates, self-loops and both directions in the input.
TEST(GraphBuilder, SameListsForAnyNumberOfThreads) {
  for (const bool directed : {false, true}) {
    for (const bool weighted : {false, true}) {
      std::vector<std::tuple<FileId, FileId, double>> edges;
      uint64_t state = 12345;
      auto draw = [&state](uint64_t bound) {
        state = state * 6364136223846793005ULL + 1442695040888963407ULL;
        return (state >> 33U) % bound;
      };
      const FileId n = 300;
      for (int i = 0; i < 20000; ++i) {
        const FileId u = draw(10) == 0 ? 7 : draw(n);  // vertex 7 a hub
        edges.emplace_back(u, draw(n), static_cast<double>(1 + draw(50)));
      }
      std::vector<std::map<FileId, double>> expected(n);
      uint64_t loops = 0;
      auto keep = [&](FileId u, FileId v, double w) {
        const auto [it, inserted] = expected[u].emplace(v, w);
        if (!inserted) {
          it->second = std::min(it->second, weighted ? w : 1.0);
        }
      };
      for (const auto& [u, v, w] : edges) {
        keep(u, v, weighted ? w : 1.0);
        if (!directed) {
          keep(v, u, weighted ? w : 1.0);
        }
      }
      for (FileId v = 0; v < n; ++v) {
        loops += expected[v].count(v);
      }
      for (const unsigned threads : {1U, 2U, 5U}) {
        GraphBuilder builder({.directed = directed, .weighted = weighted, .threads = threads});
        builder.declareVertices(n, 0);
        for (const auto& [u, v, w] : edges) {
          if (weighted) {
            builder.addEdge(u, v, w);
          } else {
            builder.addEdge(u, v);
          }
        }
        const Graph g = builder.build();
        const std::string where = std::string(directed ? "directed" : "undirected") +
                                  (weighted ? " weighted" : "") + ", threads " + std::to_string(threads);
        ASSERT_EQ(g.vertexCount(), n) << where;
        EXPECT_EQ(g.selfLoopCount(), loops) << where;
        for (VertexId v = 0; v < n; ++v) {
          std::vector<VertexId> targets;
          std::vector<double> weights;
          for (const auto& [t, w] : expected[v]) {
            targets.push_back(static_cast<VertexId>(t));
            weights.push_back(w);
          }
          const auto got = g.out().neighbours(v);
          ASSERT_EQ(std::vector<VertexId>(got.begin(), got.end()), targets) << where << ", vertex " << v;
          if (weighted) {
            const auto gotWeights = g.out().arcWeights(v);
            ASSERT_EQ(std::vector<double>(gotWeights.begin(), gotWeights.end()), weights) << where << ", vertex " << v;
          }
        }
      }
    }
  }
}

TEST(GraphBuilder, EmptyBuilderGivesAnEmptyGraph) {
  GraphBuilder builder;
  const Graph g = builder.build();
  EXPECT_EQ(g.vertexCount(), 0U);
  EXPECT_EQ(g.edgeCount(), 0U);
  EXPECT_FALSE(g.denseId(0).has_value());
}

TEST(GraphBuilder, ProgressIsReportedAndCanCancel) {
  GraphBuilder builder;
  for (uint64_t v = 0; v < 100000; ++v) {
    builder.addEdge(v, v + 1);
  }
  ProgressCallback cancel = [](double) { return false; };
  builder.setProgress(Progress(&cancel));
  EXPECT_THROW(builder.build(), LoadCancelled);
}
