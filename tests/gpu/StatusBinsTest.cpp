// The status arrays and their binning against a CPU BFS per search: after k
// steps search s has visited exactly the vertices within k - 1 hops of its
// source (S_{k-1}, `current`) and its frontier is the vertices at k hops (in
// S_k, `next`). Both the full words and the device's bins (for both layouts,
// grids that do and do not divide the searches and vertices, one cell per
// vertex, rows clamped) are compared with counts the test bins itself from
// those BFS levels, with the cell ranges of shaders/include/BinStatus.h.
//
// Every destination is chosen farther than the steps taken (or unreachable),
// so no search has stopped at its destination yet: a stopped search's words
// are not a BFS level set (it freezes, and pulls or the instance-major expand
// may still carry its bits along), so it would not be a CPU-checkable case.

#include "GpuTest.h"

#include <algorithm>
#include <memory>
#include <string>
#include <vector>

#include "TestData.h"
#include "engine/DeviceGraph.h"
#include "engine/ibfs/Search.h"
#include "graph/GraphIO.h"
#include "graph/Pairs.h"
#include "reference/Bfs.h"
#include "vk/FaultInjection.h"

namespace {

using namespace frontier;
using frontier::test::GpuTest;

// What the CPU BFS says about every search at level k.
struct Expected {
  std::vector<std::vector<uint32_t>> hops;  // per search (= pair), per vertex
  uint32_t k = 0;
  bool visited(uint32_t s, uint32_t v) const { return hops[s][v] < k; }    // kUnreached is UINT32_MAX
  bool frontier(uint32_t s, uint32_t v) const { return hops[s][v] == k; }
};

// The cell counts from the BFS levels: row r holds searches
// [floor(r S / rows), floor((r + 1) S / rows)), so search s is in row
// ceil((s + 1) rows / S) - 1; columns likewise over the vertices.
std::vector<uint32_t> binExpected(const Expected& e, uint32_t vertices, uint32_t rows, uint32_t cols) {
  const auto searches = static_cast<uint32_t>(e.hops.size());
  std::vector<uint32_t> cells(size_t{rows} * cols * 2, 0);
  std::vector<uint32_t> colOf(vertices);
  for (uint32_t v = 0; v < vertices; ++v) {
    colOf[v] = static_cast<uint32_t>((uint64_t{v + 1} * cols + vertices - 1) / vertices - 1);
  }
  for (uint32_t s = 0; s < searches; ++s) {
    const auto row = static_cast<uint32_t>((uint64_t{s + 1} * rows + searches - 1) / searches - 1);
    for (uint32_t v = 0; v < vertices; ++v) {
      const size_t cell = size_t{row} * cols + colOf[v];
      cells[2 * cell] += e.visited(s, v) ? 1U : 0U;
      cells[2 * cell + 1] += e.frontier(s, v) ? 1U : 0U;
    }
  }
  return cells;
}

void checkBins(engine::Search& search, const Expected& e, uint32_t vertices, uint32_t rows, uint32_t cols) {
  const auto searches = static_cast<uint32_t>(e.hops.size());
  const engine::StatusBins gpu = search.binStatus(rows, cols);
  const uint32_t clampedRows = std::min(rows, searches);
  const uint32_t clampedCols = std::min(cols, vertices);
  ASSERT_EQ(gpu.batch, 0U);
  ASSERT_EQ(gpu.searches, searches);
  ASSERT_EQ(gpu.rows, clampedRows) << rows << " rows asked";
  ASSERT_EQ(gpu.cols, clampedCols) << cols << " columns asked";
  const std::vector<uint32_t> cpu = binExpected(e, vertices, clampedRows, clampedCols);
  ASSERT_EQ(gpu.cells.size(), cpu.size());
  uint64_t visited = 0;
  uint64_t frontier = 0;
  for (size_t i = 0; i < cpu.size(); ++i) {
    ASSERT_EQ(gpu.cells[i], cpu[i]) << "cell " << i / 2 << (i % 2 == 0 ? " visited" : " frontier") << " of "
                                    << clampedRows << " x " << clampedCols;
    (i % 2 == 0 ? visited : frontier) += cpu[i];
  }
  EXPECT_GT(visited, 0U);  // a test on an empty array would prove nothing
  EXPECT_GT(frontier, 0U);
}

// Bit s of vertex v in one status array, from the layouts of docs/ENGINE.md:
// vertex-major word[v * W + s / 32], instance-major word[(s / 32) * V + v].
bool bitOf(const std::vector<uint32_t>& array, bool vertexMajor, uint32_t words, uint32_t vertices, uint32_t s,
           uint32_t v) {
  const size_t index = vertexMajor ? size_t{v} * words + s / 32 : size_t{s / 32} * vertices + v;
  return ((array.at(index) >> (s % 32)) & 1U) != 0;
}

void runCase(gpu::Context& context, const std::string& file, const std::string& strategy, uint32_t pairCount,
             uint32_t steps) {
  if (!std::filesystem::exists(test::dataFile(file))) {
    GTEST_SKIP() << file << " is not in the data folder";
  }
  auto host = std::make_shared<const graph::Graph>(graph::loadGraph(test::dataFile(file)));
  auto device = std::make_shared<const engine::DeviceGraph>(context, host);
  const uint32_t V = host->vertexCount();
  // Random sources; for each, the first vertex from a random start (in id
  // order, wrapping) more than `steps` hops away or unreachable.
  std::vector<graph::Pair> pairs = graph::randomPairs(*host, pairCount, 7);
  Expected expected;
  for (graph::Pair& pair : pairs) {
    std::vector<uint32_t> hops = reference::bfsLevels(*host, pair.source);
    uint32_t tries = 0;
    while (hops[pair.destination] != reference::kUnreached && hops[pair.destination] <= steps && tries++ < V) {
      pair.destination = (pair.destination + 1) % V;
    }
    ASSERT_LT(tries, V) << "every vertex is within " << steps << " hops of " << pair.source;
    expected.hops.push_back(std::move(hops));
  }
  engine::SearchOptions options;
  options.trackedPair = 0;
  engine::Search search(context, device, pairs, engine::strategyByName(strategy), options);
  EXPECT_EQ(search.binStatus(4, 4).searches, 0U);  // nothing started yet
  for (uint32_t i = 0; i < steps; ++i) {
    ASSERT_FALSE(search.finished());
    search.step();
  }
  ASSERT_FALSE(search.finished());
  ASSERT_EQ(search.currentBatch(), 0U);
  expected.k = search.currentLevel();
  ASSERT_EQ(expected.k, steps);  // one level per step, from level 0

  // One batch, pairs in their given order.
  const std::vector<uint32_t> slots = search.batchPairs(0);
  ASSERT_EQ(slots.size(), pairs.size());
  for (uint32_t s = 0; s < slots.size(); ++s) {
    ASSERT_EQ(slots[s], s);
  }

  // The words themselves, every search and vertex.
  const engine::StatusWords words = search.statusWords();
  ASSERT_EQ(words.searches, pairCount);
  ASSERT_EQ(words.vertices, V);
  for (uint32_t s = 0; s < pairCount; ++s) {
    for (uint32_t v = 0; v < V; ++v) {
      ASSERT_EQ(bitOf(words.current, words.vertexMajor, words.words, V, s, v), expected.visited(s, v))
          << "search " << s << ", vertex " << v << " at " << expected.hops[s][v] << " hops, level " << expected.k;
      ASSERT_EQ(bitOf(words.next, words.vertexMajor, words.words, V, s, v), expected.hops[s][v] <= expected.k)
          << "search " << s << ", vertex " << v << " at " << expected.hops[s][v] << " hops, level " << expected.k;
    }
  }

  checkBins(search, expected, V, 1, 1);
  checkBins(search, expected, V, 7, 13);
  checkBins(search, expected, V, 64, 1000);
  checkBins(search, expected, V, 1, V);       // reached count per vertex
  checkBins(search, expected, V, 5000, 300);  // rows clamped to the batch's searches
}

class StatusBinsTest : public GpuTest {
protected:
  void TearDown() override {
    gpu::faults::configure("");
    GpuTest::TearDown();
  }
};

TEST_F(StatusBinsTest, CoalescedOnLuxembourgRoads) {
  runCase(context(), "luxembourg_osm.mtx", "coalesced", 200, 40);
}

// 200 searches on 114,599 vertices: 3.5 MiB per status array, spread over
// four chunks when the device allows 1 MiB per allocation (allocation@1):
// the words read back and the bins cross chunk boundaries.
TEST_F(StatusBinsTest, CoalescedOverChunksOnLuxembourgRoads) {
  gpu::faults::configure("allocation@1");
  runCase(context(), "luxembourg_osm.mtx", "coalesced", 200, 40);
  gpu::faults::configure("");
}

TEST_F(StatusBinsTest, WorkgroupsOnFacebook) {
  runCase(context(), "facebook_combined.txt", "workgroups", 70, 2);
}

TEST_F(StatusBinsTest, BottomUpOnWikiVote) {
  runCase(context(), "wiki-Vote.txt", "coalesced-bottom-up", 300, 3);
}

} // namespace
