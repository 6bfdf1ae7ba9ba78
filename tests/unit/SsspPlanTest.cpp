// Host-side planning of shortest-path runs: weights, delta, queries by
// source, batch sizing, vertex states, algorithm names. No GPU.

#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <limits>
#include <stdexcept>
#include <vector>

#include "engine/ibfs/Search.h"
#include "engine/sssp/SsspPlan.h"

using namespace frontier::engine;
using frontier::graph::Csr;
using frontier::graph::Pair;

namespace {

// A path 0 -> 1 -> ... -> n-1 with the given weights (empty: unweighted).
Csr path(const std::vector<double>& weights, uint32_t n) {
  Csr csr;
  csr.offsets.push_back(0);
  for (uint32_t v = 0; v < n; ++v) {
    if (v + 1 < n) {
      csr.targets.push_back(v + 1);
    }
    csr.offsets.push_back(csr.targets.size());
  }
  csr.weights = weights;
  return csr;
}

} // namespace

TEST(SsspPlan, SummarizesIntegerRealAndMissingWeights) {
  const WeightSummary integer = summarizeWeights(path({2, 0, 4}, 4));
  EXPECT_TRUE(integer.weighted);
  EXPECT_TRUE(integer.integer);
  EXPECT_EQ(integer.maxWeight, 4);
  EXPECT_DOUBLE_EQ(integer.meanWeight, 2);
  EXPECT_EQ(integer.zeroArcs, 1U);
  const WeightSummary real = summarizeWeights(path({0.5, 1}, 3));
  EXPECT_FALSE(real.integer);
  const WeightSummary huge = summarizeWeights(path({5e9}, 2));  // beyond uint32: float32 on the GPU
  EXPECT_FALSE(huge.integer);
  const WeightSummary none = summarizeWeights(path({}, 3));
  EXPECT_FALSE(none.weighted);
  EXPECT_TRUE(none.integer);
  EXPECT_EQ(none.maxWeight, 1);
}

TEST(SsspPlan, RejectsNegativeAndNanWeightsAndFloatOverflow) {
  EXPECT_THROW(summarizeWeights(path({1, -1}, 3)), std::invalid_argument);
  EXPECT_THROW(summarizeWeights(path({std::nan("")}, 2)), std::invalid_argument);
  EXPECT_THROW(summarizeWeights(path(std::vector<double>(19, 1e37), 20)), ResourceError);
}

TEST(SsspPlan, DefaultDeltaFollowsMeanWeightAndDegree) {
  WeightSummary roads;
  roads.weighted = true;
  roads.integer = true;
  roads.meanWeight = 50;
  roads.vertices = 1000;
  roads.arcs = 2500;  // mean degree 2.5: 32 / 2.5 = 12.8 mean weights
  EXPECT_EQ(defaultDelta(roads), 640);
  WeightSummary dense = roads;
  dense.arcs = 64000;  // mean degree 64: one mean weight
  EXPECT_EQ(defaultDelta(dense), 50);
  WeightSummary real = roads;
  real.integer = false;
  real.meanWeight = 0.3;
  EXPECT_NEAR(defaultDelta(real), 3.84, 1e-9);
  EXPECT_EQ(defaultDelta(WeightSummary{}), 1);  // unweighted
}

TEST(SsspPlan, ResolvesDeltaToWholeNumbersForIntegerWeights) {
  WeightSummary integer;
  integer.weighted = true;
  integer.meanWeight = 3;
  integer.vertices = 10;
  integer.arcs = 320;
  EXPECT_EQ(resolveDelta(0, integer), 3);
  EXPECT_EQ(resolveDelta(2.4, integer), 2);
  EXPECT_EQ(resolveDelta(0.2, integer), 1);
  EXPECT_EQ(resolveDelta(1e30, integer), 4294967296.0);
  WeightSummary real = integer;
  real.integer = false;
  EXPECT_DOUBLE_EQ(resolveDelta(0.25, real), 0.25);
  EXPECT_THROW(resolveDelta(-1, integer), std::invalid_argument);
  EXPECT_THROW(resolveDelta(std::numeric_limits<double>::infinity(), integer), std::invalid_argument);
}

TEST(SsspPlan, KeysRoundTrip) {
  EXPECT_EQ(deltaKey(640, true), 640U);
  EXPECT_EQ(deltaKey(0.5, false), std::bit_cast<uint32_t>(0.5F));
  EXPECT_EQ(keyToLength(12345678901ULL, true), 12345678901.0);
  EXPECT_EQ(keyToLength(std::bit_cast<uint32_t>(2.75F), false), 2.75);
  EXPECT_TRUE(std::isinf(keyToLength(~uint64_t{0}, true)));
  EXPECT_TRUE(std::isinf(keyToLength(~uint64_t{0}, false)));
  // Non-negative float32 bits order like the numbers: one atomicMin serves both.
  EXPECT_LT(std::bit_cast<uint32_t>(1.5F), std::bit_cast<uint32_t>(1.75F));
  EXPECT_LT(std::bit_cast<uint32_t>(0.0F), std::bit_cast<uint32_t>(1e-30F));
}

namespace {

// Every pair has a destination entry of its own, under its source's query.
void expectEveryPairAnswered(const QueryPlan& plan, const std::vector<Pair>& pairs) {
  for (uint32_t i = 0; i < pairs.size(); ++i) {
    EXPECT_EQ(plan.pairOfEntry[plan.entryOfPair[i]], i);
    EXPECT_EQ(plan.destinations[plan.entryOfPair[i]], pairs[i].destination);
    EXPECT_EQ(plan.sources[plan.queryOfEntry(plan.entryOfPair[i])], pairs[i].source);
  }
}

} // namespace

TEST(SsspPlan, GroupsPairsBySourceInOrderOfFirstAppearance) {
  const std::vector<Pair> pairs = {{5, 1}, {2, 3}, {5, 4}, {7, 7}, {2, 2}, {5, 1}};
  const QueryPlan plan = groupBySource(pairs);
  EXPECT_EQ(plan.sources, (std::vector<uint32_t>{5, 2, 7}));
  EXPECT_EQ(plan.destOffsets, (std::vector<uint32_t>{0, 3, 5, 6}));
  EXPECT_EQ(plan.destinations, (std::vector<uint32_t>{1, 4, 1, 3, 2, 7}));
  EXPECT_EQ(plan.pairOfEntry, (std::vector<uint32_t>{0, 2, 5, 1, 4, 3}));
  expectEveryPairAnswered(plan, pairs);
  EXPECT_EQ(groupBySource({}).queryCount(), 0U);
}

TEST(SsspPlan, ReorderedQueriesKeepEveryPairsDestination) {
  const std::vector<Pair> pairs = {{5, 1}, {2, 3}, {5, 4}, {7, 7}, {2, 2}, {5, 1}};
  const QueryPlan plan = reorderQueries(groupBySource(pairs), std::vector<uint32_t>{2, 0, 1});
  EXPECT_EQ(plan.sources, (std::vector<uint32_t>{7, 5, 2}));
  EXPECT_EQ(plan.destOffsets, (std::vector<uint32_t>{0, 1, 4, 6}));
  EXPECT_EQ(plan.destinations, (std::vector<uint32_t>{7, 1, 4, 1, 3, 2}));
  EXPECT_EQ(plan.pairOfEntry, (std::vector<uint32_t>{3, 0, 2, 5, 1, 4}));
  expectEveryPairAnswered(plan, pairs);
}

TEST(SsspPlan, QueriesPerBatchFitTheDevice) {
  DeviceLimits limits;  // no budget known: only the 32-bit entry indices bound a batch
  EXPECT_EQ(queriesPerBatch(0, 5, 1000, SsspAlgorithm::NearFar, limits, "dev"), 5U);
  EXPECT_EQ(queriesPerBatch(0, 100000, 1000, SsspAlgorithm::NearFar, limits, "dev"), kDefaultQueriesPerBatch);
  EXPECT_EQ(queriesPerBatch(300, 100000, 1000, SsspAlgorithm::NearFar, limits, "dev"), 300U);
  EXPECT_EQ(queriesPerBatch(300, 10, 1000, SsspAlgorithm::NearFar, limits, "dev"), 10U);
  // The near queue's two halves of Q * V entries: 2^31 / 1000 - 1 queries.
  try {
    queriesPerBatch(3000000, 4000000, 1000, SsspAlgorithm::NearFar, limits, "dev");
    FAIL() << "expected ResourceError";
  } catch (const ResourceError& error) {
    EXPECT_NE(std::string(error.what()).find("lower queries per batch to 2147482"), std::string::npos)
        << error.what();
  }
  // A memory budget: half of it, after the graph, for the batch.
  limits.memoryBudget = 2 * (1000 * bytesPerEntry(SsspAlgorithm::NearFar) * 40) + 4096;
  limits.graphBytes = 4096;
  EXPECT_EQ(queriesPerBatch(0, 1000, 1000, SsspAlgorithm::NearFar, limits, "dev"), 40U);
  // Not even one query fits.
  limits = {};
  limits.memoryBudget = 1000;
  EXPECT_THROW(queriesPerBatch(0, 1, 1000, SsspAlgorithm::BellmanFord, limits, "dev"), ResourceError);
  // Entries q * V + v stay below 2^32 (Near-Far's queue halves: 2^31).
  limits = {};
  EXPECT_EQ(queriesPerBatch(0, 100000, 1U << 30U, SsspAlgorithm::BellmanFord, limits, "dev"), 3U);
  EXPECT_EQ(queriesPerBatch(0, 100000, 1U << 29U, SsspAlgorithm::NearFar, limits, "dev"), 3U);
  // Past that not even one query: a clear refusal, not a wrapped count.
  EXPECT_THROW(queriesPerBatch(0, 10, (1U << 31U) + 5U, SsspAlgorithm::NearFar, limits, "dev"), ResourceError);
  EXPECT_THROW(queriesPerBatch(0, 10, (1U << 31U) + 5U, SsspAlgorithm::BellmanFord, limits, "dev"), ResourceError);
  EXPECT_EQ(queriesPerBatch(0, 10, 1U << 31U, SsspAlgorithm::BellmanFord, limits, "dev"), 1U);
}

TEST(SsspPlan, AutomaticBatchesAreEvenAndCapped) {
  DeviceLimits limits;
  // Batched: up to 1024 per block, the queries spread over the fewest blocks.
  EXPECT_EQ(queriesPerBatch(0, 1017, 1000, SsspAlgorithm::Batched, limits, "dev", kDefaultBatchedQueries), 1017U);
  EXPECT_EQ(queriesPerBatch(0, 1100, 1000, SsspAlgorithm::Batched, limits, "dev", kDefaultBatchedQueries), 550U);
  EXPECT_EQ(queriesPerBatch(0, 3073, 1000, SsspAlgorithm::Batched, limits, "dev", kDefaultBatchedQueries), 769U);
  // The others: at most 256, evenly.
  EXPECT_EQ(queriesPerBatch(0, 300, 1000, SsspAlgorithm::NearFar, limits, "dev"), 150U);
  // Memory first: 2^32 / V entries, then evenly (1024 queries in 3 of 342).
  EXPECT_EQ(queriesPerBatch(0, 1024, 1U << 23U, SsspAlgorithm::Batched, limits, "dev", kDefaultBatchedQueries), 342U);
  // Automatic batches keep their distances within the bytes given (4 GiB:
  // 512 queries of 2^20 vertices, so 1024 in two), asked-for ones may not.
  limits.automaticDistanceBytes = 4ULL << 30U;
  EXPECT_EQ(queriesPerBatch(0, 1024, 1U << 20U, SsspAlgorithm::Batched, limits, "dev", kDefaultBatchedQueries), 512U);
  EXPECT_EQ(queriesPerBatch(1024, 1024, 1U << 20U, SsspAlgorithm::Batched, limits, "dev", kDefaultBatchedQueries),
            1024U);
  // At least one query, however large the graph.
  EXPECT_EQ(queriesPerBatch(0, 10, 1U << 30U, SsspAlgorithm::Batched, limits, "dev", kDefaultBatchedQueries), 1U);
}

TEST(SsspPlan, BatchedDeltaIsWiderThanThePerQueryDefault) {
  WeightSummary roads;
  roads.weighted = true;
  roads.integer = true;
  roads.meanWeight = 53;
  roads.arcs = 153424;
  roads.vertices = 68213;
  EXPECT_EQ(defaultBatchedDelta(roads), defaultDelta(roads) * 4);
  WeightSummary real = roads;
  real.integer = false;
  real.meanWeight = 0.37;
  EXPECT_DOUBLE_EQ(defaultBatchedDelta(real), defaultDelta(real) * 4);
  EXPECT_EQ(defaultBatchedDelta(WeightSummary{}), 4.0);  // unweighted: 4 hops per bucket
  WeightSummary kronecker = roads;  // mean degree 30: no chains, a wider bucket
  kronecker.vertices = 1U << 20U;
  kronecker.arcs = 31403980;
  EXPECT_EQ(defaultBatchedDelta(kronecker), defaultDelta(kronecker) * 8);
}

TEST(SsspPlan, AutomaticIsResidentOnRoadLikeGraphsThatFit) {
  WeightSummary roads;
  roads.weighted = true;
  roads.integer = true;
  roads.meanWeight = 53;
  roads.arcs = 153424;
  roads.vertices = 68213;  // mean degree 2.2
  EXPECT_EQ(resolveAlgorithm(SsspAlgorithm::Automatic, roads, true), SsspAlgorithm::Resident);
  EXPECT_EQ(resolveAlgorithm(SsspAlgorithm::Automatic, roads, false), SsspAlgorithm::Batched);
  WeightSummary kronecker = roads;  // mean degree 30: hubs
  kronecker.vertices = 1U << 16U;
  kronecker.arcs = 1966080;
  EXPECT_EQ(resolveAlgorithm(SsspAlgorithm::Automatic, kronecker, true), SsspAlgorithm::Batched);
  // An algorithm asked for by name is kept.
  EXPECT_EQ(resolveAlgorithm(SsspAlgorithm::Resident, kronecker, true), SsspAlgorithm::Resident);
  EXPECT_EQ(resolveAlgorithm(SsspAlgorithm::Batched, roads, true), SsspAlgorithm::Batched);
  EXPECT_EQ(resolveAlgorithm(SsspAlgorithm::NearFar, roads, true), SsspAlgorithm::NearFar);
  EXPECT_EQ(SsspOptions{}.algorithm, SsspAlgorithm::Automatic);
  // Its chains: 3 on roads (mean degree below 3), none on a grid (4) or
  // denser graphs; a chain asked for is kept.
  EXPECT_EQ(resolveResidentChain(kAutomaticChain, roads), 3U);
  WeightSummary grid = roads;
  grid.vertices = 90000;
  grid.arcs = 359400;
  EXPECT_EQ(resolveResidentChain(kAutomaticChain, grid), 0U);
  // Its bucket (measured, docs/BENCHMARKS.md): 4 times the per-query
  // default where it chains, twice elsewhere.
  EXPECT_EQ(defaultResidentDelta(roads), defaultDelta(roads) * 4);
  EXPECT_EQ(defaultResidentDelta(grid), defaultDelta(grid) * 2);
  // Unweighted roads (every arc 1): the bucket of unit weights, 32 arcs
  // over the mean degree 2.09 (15), four times: 60 hops, not one.
  WeightSummary unweighted;
  unweighted.arcs = 239332;
  unweighted.vertices = 114599;
  EXPECT_EQ(defaultResidentDelta(unweighted), 60.0);
  EXPECT_EQ(resolveResidentChain(kAutomaticChain, kronecker), 0U);
  EXPECT_EQ(resolveResidentChain(7, roads), 7U);
}

// The resident engine's keys: 32 bits while maxWeight * V stays below
// 2^31 - 1 (a tentative distance plus one arc, shifted past the pending
// bit, then stays below the all-ones "unreached"), always for real weights.
TEST(SsspPlan, ResidentKeysAre32BitsWhereEveryDistanceFits) {
  WeightSummary w;
  w.weighted = true;
  w.integer = true;
  w.vertices = 1000;
  w.maxWeight = 2147483;  // 2,147,483,000 <= 2^31 - 2
  EXPECT_EQ(residentKeyBits(w), 32U);
  w.maxWeight = 2147484;  // 2,147,484,000 > 2^31 - 2
  EXPECT_EQ(residentKeyBits(w), 64U);
  w.maxWeight = 4294967295.0;  // the largest integer weight
  EXPECT_EQ(residentKeyBits(w), 64U);
  w.integer = false;  // float32 bits of a non-negative sum: below 2^31
  EXPECT_EQ(residentKeyBits(w), 32U);
  WeightSummary luxembourg;
  luxembourg.weighted = true;
  luxembourg.maxWeight = 1000;
  luxembourg.vertices = 114599;
  EXPECT_EQ(residentKeyBits(luxembourg), 32U);
  WeightSummary unweighted;
  unweighted.maxWeight = 1;
  unweighted.vertices = 1U << 24U;
  EXPECT_EQ(residentKeyBits(unweighted), 32U);
}

TEST(SsspPlan, ChainRoundsFollowTheGraphsDegree) {
  WeightSummary roads;
  roads.arcs = 153424;
  roads.vertices = 68213;  // degree 2.2
  EXPECT_EQ(resolveChainRounds(kAutomaticChain, roads), kDefaultChainRounds);
  WeightSummary kronecker;
  kronecker.arcs = 31403980;
  kronecker.vertices = 1U << 20U;  // degree 30
  EXPECT_EQ(resolveChainRounds(kAutomaticChain, kronecker), 0U);
  EXPECT_EQ(resolveChainRounds(7, kronecker), 7U);
  EXPECT_EQ(resolveChainRounds(0, roads), 0U);
}

TEST(SsspPlan, ClassifiesVerticesByTheirQuerysBuckets) {
  const uint64_t infinity = ~uint64_t{0};
  EXPECT_EQ(classifyVertex(infinity, 10, 20), VertexState::Unreached);
  EXPECT_EQ(classifyVertex(5, 10, 20), VertexState::Settled);
  EXPECT_EQ(classifyVertex(10, 10, 20), VertexState::Near);
  EXPECT_EQ(classifyVertex(19, 10, 20), VertexState::Near);
  EXPECT_EQ(classifyVertex(20, 10, 20), VertexState::Far);
  EXPECT_EQ(classifyVertex(1000, infinity, 20), VertexState::Settled);  // the query finished
}

TEST(SsspPlan, AlgorithmNames) {
  EXPECT_EQ(algorithmByName("near-far"), SsspAlgorithm::NearFar);
  EXPECT_EQ(algorithmByName("Delta-Stepping"), SsspAlgorithm::DeltaStepping);
  EXPECT_EQ(algorithmByName("delta_step"), SsspAlgorithm::DeltaStepping);
  EXPECT_EQ(algorithmByName("bf"), SsspAlgorithm::BellmanFord);
  EXPECT_EQ(algorithmByName("resident"), SsspAlgorithm::Resident);
  EXPECT_EQ(algorithmByName("Auto"), SsspAlgorithm::Automatic);
  EXPECT_THROW(algorithmByName("dijkstra"), std::invalid_argument);
  for (const std::string& name : algorithmNames()) {
    EXPECT_EQ(algorithmName(algorithmByName(name)), name);
  }
}
