#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <set>
#include <utility>

#include "GraphTestUtil.h"
#include "graph/Generators.h"
#include "graph/GraphStats.h"
#include "graph/Random.h"
#include "reference/Bfs.h"

using namespace frontier::graph;
using frontier::reference::bfsLevels;
using frontier::reference::kUnreached;

namespace {

uint32_t eccentricity(const Graph& g, VertexId v) {
  const std::vector<uint32_t> levels = bfsLevels(g, v);
  EXPECT_EQ(std::count(levels.begin(), levels.end(), kUnreached), 0);
  return *std::max_element(levels.begin(), levels.end());
}

bool sameGraph(const Graph& a, const Graph& b) {
  return a.out().offsets == b.out().offsets && a.out().targets == b.out().targets;
}

} // namespace

TEST(Generator, GridCountsDiameterAndCoordinates) {
  const Graph g = generateGrid(7, 11);
  EXPECT_EQ(g.vertexCount(), 77U);
  EXPECT_EQ(g.edgeCount(), 7U * 10 + 6 * 11);
  EXPECT_EQ(eccentricity(g, 0), 7U + 11 - 2);  // corner to corner
  EXPECT_EQ(computeStats(g).diameterEstimate, 16U);
  ASSERT_TRUE(g.hasCoordinates());
  EXPECT_EQ(g.coordinates()[2 * 11 + 5].x, 5.0);
  EXPECT_EQ(g.coordinates()[2 * 11 + 5].y, 2.0);
  EXPECT_EQ(generate("grid:7x11").edgeCount(), g.edgeCount());
  EXPECT_EQ(generate("grid:rows=7,cols=11").name(), "grid:7x11");
}

TEST(Generator, TeachingShapes) {
  const Graph path = generatePath(10);
  EXPECT_EQ(path.edgeCount(), 9U);
  EXPECT_EQ(eccentricity(path, 0), 9U);
  const Graph star = generateStar(10);
  EXPECT_EQ(star.edgeCount(), 9U);
  EXPECT_EQ(star.out().degree(0), 9U);
  EXPECT_EQ(eccentricity(star, 3), 2U);
  const Graph tree = generateTree(15, 2);  // complete binary tree of depth 3
  EXPECT_EQ(tree.edgeCount(), 14U);
  EXPECT_EQ(eccentricity(tree, 0), 3U);
  EXPECT_EQ(computeStats(tree).diameterEstimate, 6U);
  const Graph complete = generateComplete(6);
  EXPECT_EQ(complete.edgeCount(), 15U);
  EXPECT_EQ(eccentricity(complete, 2), 1U);
  EXPECT_EQ(generate("path:10").edgeCount(), 9U);
  EXPECT_EQ(generate("tree:n=15,branching=2").edgeCount(), 14U);
}

TEST(Generator, KroneckerCancelsFromItsProgress) {
  KroneckerParams params;
  params.scale = 16;
  params.threads = 4;
  int calls = 0;
  const ProgressCallback cancel = [&calls](double) { return ++calls < 1; };
  EXPECT_THROW(generateKronecker(params, cancel), LoadCancelled);
  EXPECT_EQ(calls, 1);
}

TEST(Generator, KroneckerIsDeterministicAndSkewed) {
  KroneckerParams params;
  params.scale = 12;
  params.edgeFactor = 8;
  params.threads = 1;
  const Graph a = generateKronecker(params);
  params.threads = 3;  // the result must not depend on the threads
  const Graph b = generateKronecker(params);
  EXPECT_TRUE(sameGraph(a, b));
  params.seed = 2;
  EXPECT_FALSE(sameGraph(a, generateKronecker(params)));
  EXPECT_EQ(a.vertexCount(), 4096U);
  EXPECT_FALSE(a.directed());
  EXPECT_LE(a.edgeCount(), 4096U * 8);
  EXPECT_GT(a.edgeCount(), 4096U * 8 * 8 / 10);  // few duplicates at this density
  const GraphStats stats = computeStats(a);
  // R-MAT skew: hubs with many times the mean degree, many isolated vertices.
  EXPECT_GT(static_cast<double>(stats.degreeMax), 20 * stats.degreeMean);
  EXPECT_EQ(stats.degreeMin, 0U);
  EXPECT_LT(stats.degreeMedian, stats.degreeMean);
  // The vertex permutation spreads the hubs: vertex 0 (the R-MAT hub before
  // permuting) is not the top vertex.
  EXPECT_NE(stats.top[0].id, 0U);
  EXPECT_TRUE(sameGraph(a, generate("kronecker:scale=12,edgefactor=8")));
  EXPECT_EQ(a.name(), "kronecker:scale=12,edgefactor=8,a=0.57,b=0.19,c=0.19,seed=1");
}

namespace {

// The Kronecker graph as its definition says, one draw after the other
// (Generators.h and KroneckerGenerator.cpp: blocks of 2^20 edges, block k
// from the stream seeded mix64(seed + k), one 64-bit draw per bit, then the
// Fisher-Yates relabelling), as the set of arcs of the undirected graph.
std::set<std::pair<VertexId, VertexId>> kroneckerByDefinition(const KroneckerParams& p) {
  const uint64_t n = uint64_t{1} << p.scale;
  const uint64_t m = n * p.edgeFactor;
  auto threshold = [](double x) { return static_cast<uint64_t>(std::floor(x * 4294967296.0)); };
  const uint64_t ab = threshold(p.a + p.b);
  const uint64_t cNorm = threshold(p.c / (1 - (p.a + p.b)));
  const uint64_t aNorm = threshold(p.a / (p.a + p.b));
  std::vector<VertexId> permutation(n);
  for (uint64_t i = 0; i < n; ++i) {
    permutation[i] = static_cast<VertexId>(i);
  }
  SplitMix64 shuffle(mix64(p.seed ^ 0x6b726f6e65636b72ULL));
  for (uint64_t i = n - 1; i > 0; --i) {
    std::swap(permutation[i], permutation[shuffle.below(i + 1)]);
  }
  std::set<std::pair<VertexId, VertexId>> arcs;
  constexpr uint64_t kBlock = uint64_t{1} << 20U;
  for (uint64_t block = 0; block * kBlock < m; ++block) {
    SplitMix64 random(mix64(p.seed + block));
    for (uint64_t e = block * kBlock; e < std::min(m, (block + 1) * kBlock); ++e) {
      uint64_t row = 0;
      uint64_t column = 0;
      for (uint32_t bit = 0; bit < p.scale; ++bit) {
        const uint64_t r = random.next();
        if ((r >> 32U) > ab) {
          row |= uint64_t{1} << bit;
          if ((r & 0xffffffffU) > cNorm) {
            column |= uint64_t{1} << bit;
          }
        } else if ((r & 0xffffffffU) > aNorm) {
          column |= uint64_t{1} << bit;
        }
      }
      arcs.insert({permutation[row], permutation[column]});
      arcs.insert({permutation[column], permutation[row]});
    }
  }
  return arcs;
}

} // namespace

// The generator makes 16 edges side by side in vector lanes where the CPU
// allows (and one at a time for the rest of a block, or everywhere without
// lanes): the graph must be the one of the definition whichever way, on one
// block or several, with counts that leave a remainder and counts that do
// not.
TEST(Generator, KroneckerFollowsItsDefinition) {
  for (const auto& [scale, edgeFactor] : std::vector<std::pair<uint32_t, uint32_t>>{{2, 1}, {3, 3}, {5, 7}, {11, 16}, {16, 17}}) {
    SCOPED_TRACE("scale " + std::to_string(scale) + ", edge factor " + std::to_string(edgeFactor));
    KroneckerParams params;
    params.scale = scale;
    params.edgeFactor = edgeFactor;
    params.seed = 5;
    params.threads = 2;
    const Graph g = generateKronecker(params);
    std::set<std::pair<VertexId, VertexId>> arcs;
    for (VertexId u = 0; u < g.vertexCount(); ++u) {
      for (const VertexId v : g.out().neighbours(u)) {
        arcs.insert({u, v});
      }
    }
    EXPECT_EQ(g.out().targets.size(), arcs.size());  // no duplicate left in a list
    EXPECT_TRUE(arcs == kroneckerByDefinition(params));
    params.vectorLanes = false;  // one edge at a time: the same graph
    const Graph plain = generateKronecker(params);
    EXPECT_EQ(plain.out().offsets, g.out().offsets);
    EXPECT_EQ(plain.out().targets, g.out().targets);
    if (scale == 16) {
      // Lists this long are radix sorted (CsrBuild.cpp): that path is here too.
      EXPECT_GE(computeStats(g).degreeMax, 2048U);
    }
  }
}

TEST(Generator, ErdosRenyiHasExactlyMEdges) {
  const Graph g = generateErdosRenyi(1000, 5000, 7);
  EXPECT_EQ(g.vertexCount(), 1000U);
  EXPECT_EQ(g.edgeCount(), 5000U);
  EXPECT_EQ(g.selfLoopCount(), 0U);
  EXPECT_TRUE(sameGraph(g, generateErdosRenyi(1000, 5000, 7)));
  EXPECT_FALSE(sameGraph(g, generateErdosRenyi(1000, 5000, 8)));
  EXPECT_EQ(generateErdosRenyi(10, 45, 1).edgeCount(), 45U);  // complete
  EXPECT_EQ(generateErdosRenyi(10, 40, 1).edgeCount(), 40U);  // the dense path
  EXPECT_THROW(generateErdosRenyi(10, 46, 1), std::invalid_argument);
}

TEST(Generator, BarabasiAlbertCountsAndHubs) {
  const Graph g = generateBarabasiAlbert(2000, 3, 5);
  EXPECT_EQ(g.edgeCount(), 3U * (2000 - 3));
  EXPECT_EQ(g.selfLoopCount(), 0U);
  const GraphStats stats = computeStats(g);
  EXPECT_GE(stats.degreeMin, 3U);
  EXPECT_GT(stats.degreeMax, 10 * 3U);
  EXPECT_EQ(stats.components, 1U);
}

TEST(Generator, WattsStrogatzKeepsTheEdgeCount) {
  const Graph ring = generateWattsStrogatz(100, 4, 0.0, 1);
  EXPECT_EQ(ring.edgeCount(), 200U);
  EXPECT_EQ(computeStats(ring).diameterEstimate, 25U);  // ring of 100, two steps per hop
  const Graph rewired = generateWattsStrogatz(1000, 10, 0.2, 3);
  EXPECT_EQ(rewired.edgeCount(), 5000U);
  EXPECT_EQ(rewired.selfLoopCount(), 0U);
  EXPECT_LT(computeStats(rewired).diameterEstimate, 20U);  // small world
}

TEST(Generator, SpecErrorsAreClear) {
  EXPECT_THROW(generate("nope:1"), std::invalid_argument);
  EXPECT_THROW(generate("grid:4"), std::invalid_argument);
  EXPECT_THROW(generate("kronecker:scale=x"), std::invalid_argument);
  EXPECT_THROW(generate("kronecker:scale=10,bogus=1"), std::invalid_argument);
  EXPECT_THROW(generate("kronecker:scale=10,a=0.9,b=0.2"), std::invalid_argument);
  EXPECT_THROW(generate("ws:n=10,k=3,beta=0.1"), std::invalid_argument);
  try {
    generate("er:n=10");
    FAIL();
  } catch (const std::invalid_argument& error) {
    EXPECT_NE(std::string(error.what()).find("missing m"), std::string::npos) << error.what();
  }
}

TEST(Generator, RandomWeightsAreSymmetricAndInRange) {
  const Graph g = withRandomWeights(generateGrid(10, 10), 9, 4);
  ASSERT_TRUE(g.weighted());
  EXPECT_TRUE(g.integerWeights());
  std::vector<int> seen(10, 0);
  const Csr& out = g.out();
  for (VertexId u = 0; u < g.vertexCount(); ++u) {
    for (EdgeIndex i = out.offsets[u]; i < out.offsets[u + 1]; ++i) {
      const double w = out.weights[i];
      ASSERT_GE(w, 1.0);
      ASSERT_LE(w, 9.0);
      ++seen[static_cast<size_t>(w)];
      // The reverse arc has the same weight.
      const VertexId v = out.targets[i];
      const auto back = std::lower_bound(out.targets.begin() + static_cast<std::ptrdiff_t>(out.offsets[v]),
                                         out.targets.begin() + static_cast<std::ptrdiff_t>(out.offsets[v + 1]), u);
      EXPECT_EQ(out.weights[static_cast<size_t>(back - out.targets.begin())], w);
    }
  }
  EXPECT_GT(*std::min_element(seen.begin() + 1, seen.end()), 0);  // every weight occurs
  const Graph again = withRandomWeights(generateGrid(10, 10), 9, 4);
  EXPECT_EQ(g.out().weights, again.out().weights);
}
