// The status-array binning kernel against a CPU binning of the same words
// (read back in full), on real graphs, for both layouts, grids that do and do
// not divide the searches and vertices, and one cell per vertex (the reached
// counts of the graph view). The tracked search's bits are also checked
// against a CPU BFS: after k steps it has visited exactly the vertices within
// k - 1 hops and its frontier is the vertices at k hops.

#include "GpuTest.h"

#include <algorithm>
#include <memory>

#include "TestData.h"
#include "engine/DeviceGraph.h"
#include "engine/Search.h"
#include "graph/GraphIO.h"
#include "graph/Pairs.h"
#include "reference/Bfs.h"

namespace {

using namespace frontier;
using frontier::test::GpuTest;

// CPU binning with the shader's cell ranges (shaders/include/BinStatus.h).
engine::StatusBins binOnHost(const engine::StatusWords& words, uint32_t rows, uint32_t cols) {
  engine::StatusBins out;
  out.searches = words.searches;
  out.rows = rows;
  out.cols = cols;
  out.cells.assign(size_t{rows} * cols * 2, 0);
  for (uint32_t s = 0; s < words.searches; ++s) {
    // The row r with r * S / rows <= s < (r + 1) * S / rows.
    uint32_t row = 0;
    while (uint64_t{row + 1} * words.searches / rows <= s) {
      ++row;
    }
    uint32_t col = 0;
    for (uint32_t v = 0; v < words.vertices; ++v) {
      while (uint64_t{col + 1} * words.vertices / cols <= v) {
        ++col;
      }
      const bool visited = words.bit(words.current, s, v);
      const bool reached = words.bit(words.next, s, v);
      const size_t cell = size_t{row} * cols + col;
      out.cells[2 * cell] += visited ? 1U : 0U;
      out.cells[2 * cell + 1] += reached && !visited ? 1U : 0U;
    }
  }
  return out;
}

void checkBins(engine::Search& search, uint32_t rows, uint32_t cols) {
  const engine::StatusWords words = search.statusWords();
  ASSERT_GT(words.searches, 0U);
  const engine::StatusBins gpu = search.binStatus(rows, cols);
  const engine::StatusBins cpu = binOnHost(words, gpu.rows, gpu.cols);
  ASSERT_EQ(gpu.searches, words.searches);
  ASSERT_EQ(gpu.cells.size(), cpu.cells.size());
  uint64_t visited = 0;
  for (size_t i = 0; i < gpu.cells.size(); ++i) {
    ASSERT_EQ(gpu.cells[i], cpu.cells[i]) << "cell " << i / 2 << (i % 2 == 0 ? " visited" : " frontier") << " of "
                                          << gpu.rows << " x " << gpu.cols;
    visited += i % 2 == 0 ? gpu.cells[i] : 0;
  }
  EXPECT_GT(visited, 0U);  // a test on an empty array would prove nothing
}

void runCase(gpu::Context& context, const std::string& file, const std::string& strategy, uint32_t pairCount,
             uint32_t steps) {
  if (!std::filesystem::exists(test::dataFile(file))) {
    GTEST_SKIP() << file << " is not in the data folder";
  }
  auto host = std::make_shared<const graph::Graph>(graph::loadGraph(test::dataFile(file)));
  auto device = std::make_shared<const engine::DeviceGraph>(context, host);
  const std::vector<graph::Pair> pairs = graph::randomPairs(*host, pairCount, 7);
  engine::SearchOptions options;
  options.trackedPair = 0;
  engine::Search search(context, device, pairs, engine::strategyByName(strategy), options);
  EXPECT_EQ(search.binStatus(4, 4).searches, 0U);  // nothing started yet
  for (uint32_t i = 0; i < steps && !search.finished(); ++i) {
    search.step();
  }
  const uint32_t V = host->vertexCount();
  checkBins(search, 1, 1);
  checkBins(search, 7, 13);
  checkBins(search, 64, 1000);
  checkBins(search, 1, V);       // reached count per vertex
  checkBins(search, 5000, 300);  // rows clamped to the batch's searches

  // The tracked search against the CPU BFS from its source.
  const engine::StatusWords words = search.statusWords();
  const std::vector<uint32_t> slots = search.batchPairs(words.batch);
  const auto slot = static_cast<uint32_t>(std::find(slots.begin(), slots.end(), 0U) - slots.begin());
  ASSERT_LT(slot, slots.size());
  const std::vector<uint32_t> hops = reference::bfsLevels(*host, pairs[0].source);
  const uint32_t k = search.currentLevel();
  for (uint32_t v = 0; v < V; ++v) {
    const bool within = hops[v] < k;  // unreached is UINT32_MAX
    const bool atFrontier = hops[v] == k;
    ASSERT_EQ(words.bit(words.current, slot, v), within) << "vertex " << v << " at " << hops[v] << " hops";
    ASSERT_EQ(words.bit(words.next, slot, v) && !within, atFrontier) << "vertex " << v;
  }
}

class StatusBinsTest : public GpuTest {};

TEST_F(StatusBinsTest, CoalescedOnLuxembourgRoads) {
  runCase(context(), "luxembourg_osm.mtx", "coalesced", 200, 40);
}

TEST_F(StatusBinsTest, WorkgroupsOnFacebook) {
  runCase(context(), "facebook_combined.txt", "workgroups", 70, 2);
}

TEST_F(StatusBinsTest, BottomUpOnWikiVote) {
  runCase(context(), "wiki-Vote.txt", "coalesced-bottom-up", 300, 3);
}

} // namespace
