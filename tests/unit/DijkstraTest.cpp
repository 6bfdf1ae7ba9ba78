#include <gtest/gtest.h>

#include <algorithm>
#include <stdexcept>
#include <tuple>
#include <vector>

#include "reference/Dijkstra.h"

using frontier::graph::Csr;
using frontier::graph::Pair;
using frontier::reference::dijkstra;
using frontier::reference::DijkstraStats;
using frontier::reference::kNoPath;
using frontier::reference::shortestPaths;

namespace {

using Arc = std::tuple<uint32_t, uint32_t, double>;

// A CSR with `vertices` vertices from arcs (any order); unweighted when asked.
Csr makeCsr(uint32_t vertices, std::vector<Arc> arcs, bool weighted = true) {
  std::sort(arcs.begin(), arcs.end());
  Csr csr;
  csr.offsets.assign(vertices + 1, 0);
  for (const auto& [u, v, w] : arcs) {
    csr.offsets[u + 1] += 1;
    csr.targets.push_back(v);
    if (weighted) {
      csr.weights.push_back(w);
    }
  }
  for (uint32_t v = 0; v < vertices; ++v) {
    csr.offsets[v + 1] += csr.offsets[v];
  }
  return csr;
}

} // namespace

TEST(Dijkstra, HandComputedDirectedGraph) {
  // 0 -4-> 1, 0 -1-> 2, 2 -2-> 1, 1 -1-> 3, 2 -5-> 3, 3 -3-> 4; vertex 5 has no arcs.
  const Csr csr = makeCsr(6, {{0, 1, 4}, {0, 2, 1}, {2, 1, 2}, {1, 3, 1}, {2, 3, 5}, {3, 4, 3}});
  const std::vector<double> d = dijkstra(csr, 0);
  EXPECT_EQ(d, (std::vector<double>{0, 3, 1, 4, 7, kNoPath}));
  // Arcs point one way: from 4 nothing else is reachable.
  const std::vector<double> from4 = dijkstra(csr, 4);
  EXPECT_EQ(from4, (std::vector<double>{kNoPath, kNoPath, kNoPath, kNoPath, 0, kNoPath}));
}

TEST(Dijkstra, ZeroWeightsAndZeroWeightCycles) {
  const Csr csr = makeCsr(5, {{0, 1, 0}, {1, 2, 0}, {2, 0, 0}, {2, 3, 2}, {1, 3, 5}, {3, 3, 0}, {3, 4, 0}});
  EXPECT_EQ(dijkstra(csr, 0), (std::vector<double>{0, 0, 0, 2, 2}));
  EXPECT_EQ(dijkstra(csr, 1), (std::vector<double>{0, 0, 0, 2, 2}));
}

TEST(Dijkstra, RealWeightsInDoublePrecision) {
  const Csr csr = makeCsr(4, {{0, 1, 0.5}, {1, 2, 0.25}, {0, 2, 1.0}, {2, 3, 1e-3}});
  const std::vector<double> d = dijkstra(csr, 0);
  EXPECT_DOUBLE_EQ(d[2], 0.75);
  EXPECT_DOUBLE_EQ(d[3], 0.751);
  EXPECT_FALSE(frontier::reference::hasIntegerWeights(csr));
}

TEST(Dijkstra, UnweightedArcsCountOne) {
  const Csr csr = makeCsr(4, {{0, 1, 0}, {1, 2, 0}, {2, 3, 0}, {0, 3, 0}}, false);
  EXPECT_EQ(dijkstra(csr, 0), (std::vector<double>{0, 1, 2, 1}));
  EXPECT_TRUE(frontier::reference::hasIntegerWeights(csr));
}

TEST(Dijkstra, LargeIntegerSumsAreExact) {
  // 2^52 + 1 would lose its last bit if summed as 2^52 + 0.5 + 0.5; integers are summed in 64 bits.
  const double big = 4503599627370496.0;  // 2^52
  const Csr csr = makeCsr(3, {{0, 1, big}, {1, 2, 1}});
  EXPECT_EQ(dijkstra(csr, 0)[2], big + 1);
}

TEST(Dijkstra, PairsGroupedBySourceWithArcCounts) {
  const Csr csr = makeCsr(6, {{0, 1, 4}, {0, 2, 1}, {2, 1, 2}, {1, 3, 1}, {2, 3, 5}, {3, 4, 3}});
  const std::vector<Pair> pairs = {{0, 4}, {4, 0}, {0, 1}, {3, 3}, {0, 5}, {0, 4}, {2, 4}};
  DijkstraStats stats;
  const auto lengths = shortestPaths(csr, pairs, &stats);
  ASSERT_EQ(lengths.size(), pairs.size());
  EXPECT_EQ(lengths[0].length, 7);
  EXPECT_EQ(lengths[0].arcs, 4U);  // 0 -> 2 -> 1 -> 3 -> 4
  EXPECT_FALSE(lengths[1].reachable());
  EXPECT_EQ(lengths[2].length, 3);
  EXPECT_EQ(lengths[2].arcs, 2U);
  EXPECT_EQ(lengths[3].length, 0);
  EXPECT_EQ(lengths[3].arcs, 0U);
  EXPECT_EQ(lengths[4].length, kNoPath);
  EXPECT_EQ(lengths[5].length, 7);
  EXPECT_EQ(lengths[6].length, 6);
  EXPECT_EQ(stats.runs, 4U);  // sources 0, 2, 3, 4
}

TEST(Dijkstra, StopsOnceTheDestinationsAreSettled) {
  // A path 0 - 1 - ... - 99: asking for vertex 1 settles 2 vertices, not 100.
  std::vector<Arc> arcs;
  for (uint32_t v = 0; v + 1 < 100; ++v) {
    arcs.emplace_back(v, v + 1, 1.0);
  }
  const Csr csr = makeCsr(100, arcs);
  const std::vector<Pair> pairs = {{0, 1}};
  DijkstraStats stats;
  EXPECT_EQ(shortestPaths(csr, pairs, &stats)[0].length, 1);
  EXPECT_EQ(stats.settled, 2U);
}

TEST(Dijkstra, RejectsNegativeWeightsAndBadPairs) {
  const Csr negative = makeCsr(3, {{0, 1, 1}, {1, 2, -2}});
  EXPECT_THROW(dijkstra(negative, 0), std::invalid_argument);
  const Csr csr = makeCsr(3, {{0, 1, 1}});
  const std::vector<Pair> outside = {{0, 3}};
  EXPECT_THROW(shortestPaths(csr, outside), std::invalid_argument);
  EXPECT_THROW(dijkstra(csr, 7), std::invalid_argument);
}

TEST(Dijkstra, AgreementIsExactForIntegersAndBoundedForFloat32Sums) {
  using frontier::reference::agrees;
  using frontier::reference::PathLength;
  EXPECT_TRUE(agrees(PathLength{7, 3}, 7, true));
  EXPECT_FALSE(agrees(PathLength{7, 3}, 7.0000001, true));
  EXPECT_TRUE(agrees(PathLength{}, kNoPath, true));
  EXPECT_FALSE(agrees(PathLength{}, 0, false));
  EXPECT_FALSE(agrees(PathLength{5, 1}, kNoPath, false));
  // 1000 arcs: a float32 sum may be off by ~1000 * 2^-24 relative.
  const double exact = 12345.678;
  EXPECT_TRUE(agrees(PathLength{exact, 1000}, exact * (1 + 1000 * 5.96e-8), false));
  EXPECT_FALSE(agrees(PathLength{exact, 1000}, exact * 1.001, false));
  EXPECT_TRUE(agrees(PathLength{0, 0}, 0, false));
}
