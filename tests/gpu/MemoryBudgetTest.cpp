// A run is compared with the device's memory budget before anything is
// allocated: too large, it is refused with what it needs, what the device
// can give and the searches per batch that would fit; lowered to that, it
// runs exactly. The budget is injected (faults: budget@M) so that lavapipe,
// whose heap is as large as the host's memory, can be made small.

#include "GpuTest.h"

#include <string>

#include "engine/DeviceGraph.h"
#include "engine/MemoryNeeds.h"
#include "engine/ibfs/Search.h"
#include "graph/Generators.h"
#include "graph/Pairs.h"
#include "reference/Bfs.h"
#include "vk/FaultInjection.h"

namespace {

using namespace frontier;
using frontier::test::GpuTest;

class MemoryBudget : public GpuTest {
protected:
  void TearDown() override {
    gpu::faults::configure("");
    GpuTest::TearDown();
  }
};

TEST_F(MemoryBudget, TooLargeIsRefusedBeforeAnyAllocationAndSaysWhatToLower) {
  // 32,768 vertices: one status array of 1024 searches is 4 MiB, three of
  // them (current, next, fresh words) do not fit 8 MiB; 256 searches do.
  const auto graph = std::make_shared<const graph::Graph>(graph::generate("kronecker:scale=15,edgefactor=8"));
  const auto deviceGraph = std::make_shared<engine::DeviceGraph>(context(), graph);
  const std::vector<graph::Pair> pairs = graph::randomPairs(*graph, 300, 7);
  constexpr uint64_t kBudget = 8ULL << 20U;
  // oom@1: had the search allocated anything before its check, that
  // allocation would fail instead of the check.
  gpu::faults::configure("budget@8,oom@1");
  uint32_t lowered = 0;
  try {
    engine::Search search(context(), deviceGraph, pairs, engine::strategyByName("coalesced"));
    FAIL() << "expected a ResourceError";
  } catch (const engine::ResourceError& error) {
    const std::string text = error.what();
    EXPECT_NE(text.find("of device memory but"), std::string::npos) << text;
    EXPECT_NE(text.find("can give 8.0 MiB"), std::string::npos) << text;
    const std::string key = "lower searches per batch to ";
    const size_t at = text.find(key);
    ASSERT_NE(at, std::string::npos) << text;
    lowered = static_cast<uint32_t>(std::stoul(text.substr(at + key.size())));
  }
  // Each halving of the words per vertex halves the status arrays: 512 still
  // needs more than 8 MiB (3 x 2 MiB plus 2 MiB of arcs and the queues).
  EXPECT_EQ(lowered, 256U);

  gpu::faults::configure("budget@8");
  engine::Strategy smaller = engine::strategyByName("coalesced");
  smaller.options.searchesPerBatch = lowered;
  engine::Search search(context(), deviceGraph, pairs, smaller);
  EXPECT_GT(search.trace().deviceBytes, deviceGraph->deviceBytes());
  EXPECT_LE(search.trace().deviceBytes, kBudget);
  EXPECT_EQ(search.trace().deviceBudget, kBudget);
  ASSERT_TRUE(search.run());
  EXPECT_EQ(search.lengths(), reference::pathLengths(*graph, pairs));
}

TEST_F(MemoryBudget, AGraphLargerThanTheBudgetIsRefusedBeforeItsUpload) {
  gpu::faults::configure("budget@1,oom@1");
  const auto graph = std::make_shared<const graph::Graph>(graph::generate("grid:400x400"));
  try {
    engine::DeviceGraph deviceGraph(context(), graph);
    FAIL() << "expected a ResourceError";
  } catch (const engine::ResourceError& error) {
    const std::string text = error.what();
    EXPECT_NE(text.find("the graph needs"), std::string::npos) << text;
    EXPECT_NE(text.find("use a smaller graph"), std::string::npos) << text;
  }
}

// A need a few MiB over the budget reads as two different numbers, not as
// "2.00 GiB of 2.00 GiB".
TEST(MemoryNeedsText, NumbersThatRoundAlikeAreShownFiner) {
  constexpr uint64_t kBudget = 2ULL << 30U;
  try {
    engine::checkFits("the graph", kBudget + (3ULL << 20U), kBudget, "dev", "lower it");
    FAIL() << "expected a ResourceError";
  } catch (const engine::ResourceError& error) {
    EXPECT_STREQ(error.what(), "the graph needs 2051.0 MiB of device memory but dev can give 2048.0 MiB: lower it");
  }
  try {
    engine::checkFits("the graph", kBudget + 100, kBudget, "dev", "lower it");
    FAIL() << "expected a ResourceError";
  } catch (const engine::ResourceError& error) {
    EXPECT_STREQ(error.what(),
                 "the graph needs 2147483748 bytes of device memory but dev can give 2147483648 bytes: lower it");
  }
  EXPECT_EQ(engine::describeNeed(3ULL << 30U, 4ULL << 30U), "needs 3.00 GiB of 4.00 GiB");
  EXPECT_NO_THROW(engine::checkFits("the graph", kBudget, kBudget, "dev", "lower it"));
}

} // namespace
