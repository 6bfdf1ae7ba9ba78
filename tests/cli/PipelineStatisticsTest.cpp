// `frontier-cli run --pipeline-statistics`: the JSON report's `pipelines`
// (an empty list on a device without VK_KHR_pipeline_executable_properties,
// such as lavapipe, and the line saying so; otherwise one entry per
// pipeline with its registers and workgroup size, and a line each), no key
// without the option, and the window's option in frontier-lab --help.

#include <nlohmann/json.hpp>

#include "CliSupport.h"
#include "Process.h"

namespace frontier::clitest {
namespace {

TEST(CliPipelineStatistics, ReportListsThePipelinesOrSaysWhyNot) {
  FRONTIER_REQUIRE_DATA("karate.txt");
  TempDir dir;
  const ProcessResult r =
      cli({"run", dataPath("karate.txt"), "--pairs", "random:8", "--pipeline-statistics", "--json", dir / "r.json"});
  ASSERT_EQ(r.status, 0) << describe(r);
  const nlohmann::json j = nlohmann::json::parse(readText(dir / "r.json"));
  ASSERT_TRUE(j.contains("pipelines")) << "asked for: the key is there";
  const nlohmann::json& pipelines = j.at("pipelines");
  ASSERT_TRUE(pipelines.is_array());
  if (pipelines.empty()) {
    EXPECT_TRUE(contains(r.err, "registers, shared memory, spills: not reported by this device "
                                "(no VK_KHR_pipeline_executable_properties)"))
        << r.err;
    return;
  }
  for (const nlohmann::json& p : pipelines) {
    EXPECT_FALSE(p.at("name").get<std::string>().empty());
    EXPECT_TRUE(p.at("statistics").is_object());
    EXPECT_GT(p.at("workgroup_size").at(0).get<uint32_t>(), 0U) << p.dump();
    EXPECT_TRUE(contains(r.err, "pipeline " + p.at("name").get<std::string>())) << r.err;
  }
}

TEST(CliPipelineStatistics, NoKeyWithoutTheOption) {
  FRONTIER_REQUIRE_DATA("karate.txt");
  TempDir dir;
  const ProcessResult r = cli({"run", dataPath("karate.txt"), "--pairs", "random:8", "--json", dir / "r.json"});
  ASSERT_EQ(r.status, 0) << describe(r);
  EXPECT_FALSE(nlohmann::json::parse(readText(dir / "r.json")).contains("pipelines"));
  EXPECT_FALSE(contains(r.err, "not reported by this device")) << r.err;
}

#ifdef FRONTIER_LAB_PATH
// --help needs no display (answered before the window exists).
TEST(CliPipelineStatistics, LabOffersTheOption) {
  const ProcessResult r = test::runProcess(FRONTIER_LAB_PATH, {"--help"});
  ASSERT_EQ(r.status, 0) << describe(r);
  EXPECT_TRUE(contains(r.out, "--pipeline-statistics")) << r.out;
}
#endif

} // namespace
} // namespace frontier::clitest
