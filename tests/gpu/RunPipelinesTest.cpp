// A run's pipelines as the trace carries them (run::runPipelines): none
// without pipeline statistics; with them, on a device without
// VK_KHR_pipeline_executable_properties (lavapipe), an empty list and a run
// that still succeeds; on one with it, every pipeline with a register count
// and its workgroup size read from the SPIR-V.

#include <gtest/gtest.h>

#include <memory>

#include "graph/Generators.h"
#include "graph/Pairs.h"
#include "run/DeviceInputs.h"
#include "run/Registry.h"
#include "run/RunPipelines.h"
#include "run/RunSpec.h"
#include "vk/Context.h"

using namespace frontier;

namespace {

std::optional<std::vector<engine::PipelineResources>> pipelinesOfARun(bool statistics, bool* executableInfo) {
  gpu::ContextOptions options;
  options.validation = gpu::Validation::On;
  options.pipelineStatistics = statistics;
  gpu::Context context(options);
  *executableInfo = context.pipelineExecutableInfo();
  const auto g = std::make_shared<const graph::Graph>(graph::generate("grid:6x6"));
  run::DeviceInputs inputs(context, g);
  const size_t first = context.pipelineReports().size();
  const auto search = run::makeRun(inputs, graph::randomPairs(*g, 8, 1), run::parseRunSpec("coalesced"));
  EXPECT_TRUE(search->run());
  EXPECT_EQ(context.validationErrorCount(), 0U);
  return run::runPipelines(context, first);
}

} // namespace

TEST(RunPipelines, NoneWithoutStatistics) {
  bool executableInfo = true;
  EXPECT_FALSE(pipelinesOfARun(false, &executableInfo).has_value());
  EXPECT_FALSE(executableInfo);
}

TEST(RunPipelines, ListedWhereTheDeviceReportsThem) {
  bool executableInfo = false;
  const auto pipelines = pipelinesOfARun(true, &executableInfo);
  ASSERT_TRUE(pipelines.has_value());
  if (!executableInfo) {
    EXPECT_TRUE(pipelines->empty()) << "a device without VK_KHR_pipeline_executable_properties reports none";
    return;
  }
  ASSERT_FALSE(pipelines->empty());
  for (const engine::PipelineResources& p : *pipelines) {
    EXPECT_FALSE(p.statistics.empty()) << p.name;
    EXPECT_GT(p.invocationsPerWorkgroup(), 0U) << p.name;
  }
}
