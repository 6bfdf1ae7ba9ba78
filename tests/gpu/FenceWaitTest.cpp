// How a context waits for its submissions (ContextOptions::fenceWait): a CPU
// device (lavapipe) sleeps by default, since its work needs the cores a
// spinning thread would take; a context told to spin polls its timeline
// semaphore and its runs give the lengths of the test's own BFS.

#include <gtest/gtest.h>

#include <memory>
#include <tuple>
#include <vector>

#include "GpuTest.h"
#include "graph/Generators.h"
#include "graph/Pairs.h"
#include "reference/Bfs.h"
#include "reference/Dijkstra.h"
#include "run/DeviceInputs.h"
#include "run/Registry.h"
#include "run/RunSpec.h"
#include "vk/DeviceChoice.h"

namespace frontier::test {
namespace {

gpu::ContextOptions optionsWith(gpu::FenceWaitMode mode, gpu::Validation validation = gpu::Validation::On) {
  gpu::ContextOptions options;
  options.validation = validation;
  options.deviceRequest = gpu::resolveDeviceRequest("");
  options.fenceWait = mode;
  return options;
}

TEST(FenceWait, AutoSleepsOnCpuDevicesAndSpinsOnGpus) {
  const gpu::Context context(optionsWith(gpu::FenceWaitMode::Auto));
  EXPECT_EQ(context.spinsOnFences(), context.info().type != gpu::DeviceType::Cpu);
  EXPECT_FALSE(gpu::Context(optionsWith(gpu::FenceWaitMode::Sleep)).spinsOnFences());
}

// Every context: with the layers on (fences, as all other GPU tests run)
// and off (the timeline semaphore that production runs use; the layers are
// off here because they slow down with every timeline value, Context.h),
// spinning and sleeping.
class FenceWaitRuns : public ::testing::TestWithParam<std::tuple<gpu::FenceWaitMode, gpu::Validation>> {};

TEST_P(FenceWaitRuns, GiveTheReferenceLengths) {
  const auto [mode, validation] = GetParam();
  gpu::Context context(optionsWith(mode, validation));
  EXPECT_EQ(context.usesTimeline(), validation == gpu::Validation::Off);
  if (mode == gpu::FenceWaitMode::Spin) {
    EXPECT_TRUE(context.spinsOnFences());
  }
  const auto graph = std::make_shared<const graph::Graph>(graph::generate("grid:31x17"));
  const std::vector<graph::Pair> pairs = graph::randomPairs(*graph, 300, 4);
  std::vector<double> expected;
  for (const graph::Length length : reference::pathLengths(*graph, pairs)) {
    expected.push_back(length == graph::kUnreachable ? reference::kNoPath : static_cast<double>(length));
  }
  {
    run::DeviceInputs inputs(context, graph);
    for (const char* spec : {"coalesced", "tuned", "tuned+omega=1024"}) {
      const std::unique_ptr<run::Run> run = run::makeRun(inputs, pairs, run::parseRunSpec(spec));
      ASSERT_TRUE(run->run());
      EXPECT_EQ(run->results().lengths, expected) << spec;
    }
  }
  EXPECT_EQ(context.validationErrorCount(), 0U);
}

INSTANTIATE_TEST_SUITE_P(Modes, FenceWaitRuns,
                         ::testing::Combine(::testing::Values(gpu::FenceWaitMode::Spin, gpu::FenceWaitMode::Sleep),
                                            ::testing::Values(gpu::Validation::On, gpu::Validation::Off)));

} // namespace
} // namespace frontier::test
