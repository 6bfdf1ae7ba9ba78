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

// Sources shared out over threads: the same lengths, arc counts and stats
// as one full Dijkstra per source (the single-source function, independent
// of the pair grouping), for any thread count.
TEST(Dijkstra, ThreadsGiveTheSameLengths) {
  std::vector<Arc> arcs;
  for (uint32_t v = 0; v < 300; ++v) {
    arcs.emplace_back(v, (v * 7 + 3) % 300, 1.0 + v % 5);
    arcs.emplace_back(v, (v + 1) % 300, 2.0);
  }
  const Csr csr = makeCsr(300, arcs);
  std::vector<Pair> pairs;
  for (uint32_t i = 0; i < 400; ++i) {
    pairs.push_back({(i * 37) % 300, (i * 101 + 7) % 300});
  }
  for (const unsigned threads : {1U, 2U, 5U, 64U, 0U}) {
    DijkstraStats stats;
    const auto lengths = shortestPaths(csr, pairs, &stats, threads);
    ASSERT_EQ(lengths.size(), pairs.size());
    for (size_t i = 0; i < pairs.size(); ++i) {
      EXPECT_EQ(lengths[i].length, dijkstra(csr, pairs[i].source)[pairs[i].destination]) << threads << " " << i;
    }
    EXPECT_EQ(stats.runs, 300U) << threads;  // 400 pairs over 300 distinct sources
  }
  const auto one = shortestPaths(csr, pairs, nullptr, 1);
  const auto many = shortestPaths(csr, pairs, nullptr, 7);
  for (size_t i = 0; i < pairs.size(); ++i) {
    EXPECT_EQ(one[i].arcs, many[i].arcs) << i;
  }
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

TEST(Dijkstra, RealWeightsAreSummedBeyondDoublePrecision) {
  // 0.5 + 2^53 + 0.5 = 2^53 + 1, a double; summed in double precision the
  // halves are lost (2^53 + 0.5 rounds to 2^53, twice).
  const double big = 9007199254740992.0;  // 2^53
  const Csr csr = makeCsr(4, {{0, 1, 0.5}, {1, 2, big}, {2, 3, 0.5}});
  ASSERT_FALSE(frontier::reference::hasIntegerWeights(csr));
  EXPECT_EQ(dijkstra(csr, 0)[3], big + 1);
  const std::vector<Pair> pairs = {{0, 3}};
  EXPECT_EQ(shortestPaths(csr, pairs)[0].length, big + 1);
  // Ten arcs of 0.1: the double sum is 0.9999999999999999, the exact sum of
  // those ten doubles rounds to 1.
  std::vector<Arc> tenths;
  for (uint32_t v = 0; v < 10; ++v) {
    tenths.emplace_back(v, v + 1, 0.1);
  }
  double doubleSum = 0;
  for (int i = 0; i < 10; ++i) {
    doubleSum += 0.1;
  }
  ASSERT_NE(doubleSum, 1.0);
  EXPECT_EQ(dijkstra(makeCsr(11, tenths), 0)[10], 1.0);
}

TEST(Dijkstra, IntegerSumsThatOverflowAreRefused) {
  const double big = 9007199254740990.0;  // below 2^53: an integer weight
  std::vector<Arc> arcs;
  for (uint32_t v = 0; v < 3000; ++v) {
    arcs.emplace_back(v, v + 1, big);  // 3000 * 2^53 > 2^64
  }
  const Csr csr = makeCsr(3001, arcs);
  ASSERT_TRUE(frontier::reference::hasIntegerWeights(csr));
  EXPECT_THROW(dijkstra(csr, 0), std::overflow_error);
}

TEST(Dijkstra, TiesKeepThePathWithTheMostPositiveArcs) {
  // 0 -> 3 directly (3), through 1 and 2 (1 + 1 + 1), or through 4 with a
  // zero-weight arc (0 + 3): all of length 3; the three-arc path has the most
  // arcs that round a float32 sum.
  const Csr csr = makeCsr(5, {{0, 3, 3}, {0, 1, 1}, {1, 2, 1}, {2, 3, 1}, {0, 4, 0}, {4, 3, 3}});
  const std::vector<Pair> pairs = {{0, 3}, {0, 4}};
  const auto lengths = shortestPaths(csr, pairs);
  EXPECT_EQ(lengths[0].length, 3);
  EXPECT_EQ(lengths[0].arcs, 3U);
  EXPECT_EQ(lengths[1].length, 0);
  EXPECT_EQ(lengths[1].arcs, 1U);
  // Whatever order the arcs are listed in.
  const Csr reversed = makeCsr(5, {{0, 4, 0}, {4, 3, 3}, {0, 3, 3}, {2, 3, 1}, {1, 2, 1}, {0, 1, 1}});
  EXPECT_EQ(shortestPaths(reversed, pairs)[0].arcs, 3U);
}

TEST(Dijkstra, AgreementIsExactForIntegersAndBoundedForFloat32Sums) {
  using frontier::reference::agrees;
  using frontier::reference::float32SumTolerance;
  using frontier::reference::PathLength;
  EXPECT_TRUE(agrees(PathLength{7, 3}, 7, true));
  EXPECT_FALSE(agrees(PathLength{7, 3}, 7.0000001, true));
  EXPECT_TRUE(agrees(PathLength{}, kNoPath, true));
  EXPECT_FALSE(agrees(PathLength{}, 0, false));
  EXPECT_FALSE(agrees(PathLength{5, 1}, kNoPath, false));
  EXPECT_TRUE(agrees(PathLength{0, 0}, 0, false));
  EXPECT_FALSE(agrees(PathLength{0, 0}, 1e-30, false));
  const double u = 1.0 / 16777216.0;  // 2^-24
  // One arc: only the conversion of the weight to float32 rounds, by at most
  // half an ulp, 2^-24 relative. 0.1 in float32 is 0.100000001490116...
  EXPECT_TRUE(agrees(PathLength{0.1, 1}, static_cast<double>(0.1F), false));
  EXPECT_TRUE(agrees(PathLength{1000, 1}, 1000 * (1 + u), false));
  EXPECT_FALSE(agrees(PathLength{1000, 1}, 1000 * (1 + 3 * u), false));
  EXPECT_FALSE(agrees(PathLength{1000, 1}, 1000 * (1 - 3 * u), false));
  EXPECT_FALSE(agrees(PathLength{1000, 1}, 1000 * (1 + 1e-6), false));  // 16 u
  // 1000 arcs: up to (1 + 2^-24)^1000 - 1 = 5.9606e-5 relative, no more.
  const double exact = 12345.678;
  // 1000 u + (1000 * 999 / 2) u^2 + ... = 5.96046448e-5 + 1.77458e-9.
  EXPECT_NEAR(float32SumTolerance(exact, 1000) / exact, 5.96064194e-5, 1e-12);
  EXPECT_TRUE(agrees(PathLength{exact, 1000}, exact * (1 + 1000 * 5.96e-8), false));
  EXPECT_TRUE(agrees(PathLength{exact, 1000}, exact * (1 - 1000 * 5.96e-8), false));
  EXPECT_FALSE(agrees(PathLength{exact, 1000}, exact * (1 + 1010 * u), false));
  EXPECT_FALSE(agrees(PathLength{exact, 1000}, exact * 1.001, false));
}

TEST(Dijkstra, Float32SumsOfRealWeightsStayWithinTheTolerance) {
  // The bound against an actual float32 sum, arc by arc as the GPU adds.
  uint32_t state = 12345;
  for (uint32_t arcs : {1U, 2U, 7U, 100U, 5000U}) {
    long double exact = 0;
    float sum = 0;
    for (uint32_t i = 0; i < arcs; ++i) {
      state = state * 1664525U + 1013904223U;
      const double w = 0.001 + static_cast<double>(state >> 8U) / 1677.7216;
      exact += w;
      sum += static_cast<float>(w);
    }
    const frontier::reference::PathLength cpu{static_cast<double>(exact), arcs};
    EXPECT_TRUE(frontier::reference::agrees(cpu, sum, false))
        << arcs << " arcs: " << sum << " against " << cpu.length;
  }
}
