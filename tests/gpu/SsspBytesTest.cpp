// Bytes moved by the shortest-path relaxes (SsspStats::relaxBytes, counted
// on the GPU where the kernels access memory) against a CPU count. On a
// forest of two weighted trees with every destination in the other tree,
// each query reaches its whole tree, every vertex's distance is lowered
// exactly once (by its parent: a tree has one path) and every reached entry
// is relaxed exactly once, so the totals follow from the trees' sizes
// whatever order the relaxations land in. Priced with the terms of
// docs/ENGINE.md ("Bytes moved").

#include <gtest/gtest.h>

#include <memory>
#include <random>
#include <set>
#include <tuple>
#include <vector>

#include "GpuTest.h"
#include "SsspGraphs.h"
#include "engine/DeviceGraph.h"
#include "engine/sssp/DeviceWeights.h"
#include "engine/sssp/SsspSearch.h"
#include "reference/Dijkstra.h"

namespace frontier::test {
namespace {

using engine::SsspAlgorithm;
using engine::SsspOptions;
using engine::SsspSearch;

constexpr uint32_t kTree = 300;  // vertices per tree

// Two random trees with integer weights 1..20: vertices [0, kTree) and
// [kTree, 2 kTree); vertex i's parent is a random earlier vertex of its tree.
std::shared_ptr<const graph::Graph> forest() {
  std::mt19937 random(5);
  std::vector<std::tuple<uint32_t, uint32_t, double>> arcs;
  for (uint32_t tree = 0; tree < 2; ++tree) {
    for (uint32_t i = 1; i < kTree; ++i) {
      const uint32_t parent = std::uniform_int_distribution<uint32_t>(0, i - 1)(random);
      arcs.emplace_back(tree * kTree + parent, tree * kTree + i, std::uniform_int_distribution<int>(1, 20)(random));
    }
  }
  return weighted(false, 2 * kTree, arcs);
}

// `count` pairs from distinct sources of the first tree to the second tree.
std::vector<graph::Pair> unreachablePairs(uint32_t count) {
  std::vector<graph::Pair> pairs;
  for (uint32_t i = 0; i < count; ++i) {
    pairs.push_back({(i * 37) % kTree, kTree + (i * 11) % kTree});
  }
  return pairs;
}

class SsspBytes : public GpuTest {
protected:
  // Runs the pairs and returns the relax spans' bytes summed over the run.
  uint64_t relaxBytes(const std::vector<graph::Pair>& pairs, SsspOptions options) {
    const auto g = forest();
    auto deviceGraph = std::make_shared<const engine::DeviceGraph>(context(), g);
    auto weights = std::make_shared<const engine::DeviceWeights>(context(), *g);
    SsspSearch search(context(), deviceGraph, weights, pairs, options);
    EXPECT_TRUE(search.run());
    for (const reference::PathLength& cpu : reference::shortestPaths(*g, pairs)) {
      EXPECT_FALSE(cpu.reachable());  // every query explores its whole tree
    }
    EXPECT_EQ(search.trace().batches, 1U);
    uint64_t bytes = 0;
    uint64_t phaseEnds = 0;
    for (const engine::KernelSpan& span : search.trace().kernels) {
      if (span.kind == engine::KernelKind::Relax) {
        EXPECT_GT(span.bytesMoved, 0U) << "a relax span without bytes at step " << span.level;
        bytes += span.bytesMoved;
      } else if (span.kind == engine::KernelKind::SplitBuckets || span.kind == engine::KernelKind::Compact) {
        // The phase end's pass over the far pile and its collection count
        // their bytes too; how often an entry waits in the pile depends on
        // the buckets, so only their presence is checked here.
        phaseEnds += span.bytesMoved;
      } else if (span.kind != engine::KernelKind::Readback) {
        EXPECT_EQ(span.bytesMoved, 0U) << engine::kernelName(span.kind) << ": no model, nothing claimed";
      }
    }
    EXPECT_GT(phaseEnds, 0U) << "weights up to 20 over buckets of 7: some entries wait in the far pile";
    EXPECT_EQ(context().validationErrorCount(), 0U);
    return bytes;
  }
};

// Near-Far: per relaxed entry its queue entry, distance, processed bit and
// two offsets (24); per arc its weight, target and the target's distance
// (16); per lowered distance the atomic minimum, the stamp or far bit and the
// queue entry (16).
TEST_F(SsspBytes, NearFarRelaxMovesWhatTheCpuCounts) {
  const uint32_t queries = 40;
  SsspOptions options;
  options.algorithm = SsspAlgorithm::NearFar;
  options.delta = 7;
  const uint64_t entries = uint64_t{queries} * kTree;
  const uint64_t arcs = uint64_t{queries} * 2 * (kTree - 1);
  const uint64_t lowered = uint64_t{queries} * (kTree - 1);
  EXPECT_EQ(relaxBytes(unreachablePairs(queries), options), entries * 24 + arcs * 16 + lowered * 16);
}

// Batched with one query and no chaining: per item its list entry (4), its
// distance read and claimed (16) and its offsets (8); per arc its target and
// weight (8) and the target's distance (8); per lowered distance the atomic
// minimum (8), the mark or far flag and the list entry (8).
TEST_F(SsspBytes, BatchedRelaxMovesWhatTheCpuCounts) {
  SsspOptions options;
  options.algorithm = SsspAlgorithm::Batched;
  options.chainRounds = 0;
  options.delta = 7;
  const uint64_t items = kTree;
  const uint64_t arcs = 2 * (kTree - 1);
  const uint64_t lowered = kTree - 1;
  EXPECT_EQ(relaxBytes(unreachablePairs(1), options), items * 28 + arcs * 16 + lowered * 16);
}

} // namespace
} // namespace frontier::test
