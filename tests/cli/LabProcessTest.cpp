// frontier-lab started as a user starts it for a scripted run (--run --quit):
// its exit statuses (0 success, 1 a failure, 2 a bad option, 3 results that
// differ from the CPU reference; see app/gui/main.cpp) and its files. Needs
// an X display (scripts/test runs the tests under xvfb-run).

#include <cstdlib>
#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "CliSupport.h"

namespace frontier::clitest {
namespace {

#ifdef FRONTIER_LAB_PATH

class LabProcess : public NeedsDisplay {
protected:
  static ProcessResult lab(const std::vector<std::string>& args, const std::vector<std::string>& env = {}) {
    return test::runProcess(FRONTIER_LAB_PATH, args, env);
  }
};

TEST_F(LabProcess, ScriptedRunExitsZero) {
  FRONTIER_REQUIRE_DATA("karate.txt");
  const ProcessResult r = lab({dataPath("karate.txt"), "--pairs", "random:8", "--seed", "1", "--run", "--quit"});
  EXPECT_EQ(r.status, 0) << describe(r);
}

TEST_F(LabProcess, ScriptedRunWithPairsFileExitsZero) {
  FRONTIER_REQUIRE_DATA("karate.txt");
  TempDir dir;
  const std::string pairs = dir.write("p.csv", "source,destination\n0,33\n16,26\n");
  const ProcessResult r =
      lab({dataPath("karate.txt"), "--pairs", pairs, "--strategy", "coalesced-bottom-up", "--run", "--quit"});
  EXPECT_EQ(r.status, 0) << describe(r);
}

TEST_F(LabProcess, MissingGraphExitsOneNamingIt) {
  TempDir dir;
  const std::string missing = dir / "missing.txt";
  const ProcessResult r = lab({missing, "--pairs", "random:8", "--run", "--quit"});
  EXPECT_EQ(r.status, 1) << describe(r);
  EXPECT_TRUE(contains(r.err, missing)) << r.err;
}

TEST_F(LabProcess, UnknownOptionExitsTwo) {
  FRONTIER_REQUIRE_DATA("karate.txt");
  const ProcessResult r = lab({dataPath("karate.txt"), "--turbo", "--run", "--quit"});
  EXPECT_EQ(r.status, 2) << describe(r);
  EXPECT_TRUE(contains(r.err, "turbo")) << r.err;
}

TEST_F(LabProcess, UnknownStrategyExitsTwoNamingIt) {
  FRONTIER_REQUIRE_DATA("karate.txt");
  const ProcessResult r = lab({dataPath("karate.txt"), "--strategy", "fastest", "--run", "--quit"});
  EXPECT_EQ(r.status, 2) << describe(r);
  EXPECT_TRUE(contains(r.err, "unknown strategy 'fastest'")) << r.err;
}

TEST_F(LabProcess, BadRandomPairsExitTwo) {
  FRONTIER_REQUIRE_DATA("karate.txt");
  const ProcessResult r = lab({dataPath("karate.txt"), "--pairs", "random:0", "--run", "--quit"});
  EXPECT_EQ(r.status, 2) << describe(r);
  EXPECT_TRUE(contains(r.err, "random:N")) << r.err;
}

TEST_F(LabProcess, DeviceByIndexAndByName) {
  FRONTIER_REQUIRE_DATA("karate.txt");
  const nlohmann::json devices = nlohmann::json::parse(cli({"devices", "--json"}).out);
  ASSERT_FALSE(devices.at("devices").empty());
  const std::string name = devices.at("devices")[0].at("name").get<std::string>();
  // "llvmpipe" on the machines without a GPU; the first word of the name elsewhere.
  for (const std::string& request : {std::string("0"), name.substr(0, name.find(' '))}) {
    const ProcessResult r =
        lab({dataPath("karate.txt"), "--device", request, "--pairs", "random:8", "--run", "--quit"});
    EXPECT_EQ(r.status, 0) << "--device " << request << ": " << describe(r);
  }
}

TEST_F(LabProcess, UnknownDeviceFailsNamingIt) {
  FRONTIER_REQUIRE_DATA("karate.txt");
  const ProcessResult r =
      lab({dataPath("karate.txt"), "--device", "quantum-gpu", "--pairs", "random:8", "--run", "--quit"});
  EXPECT_EQ(r.status, 1) << describe(r);
  EXPECT_TRUE(contains(r.err, "quantum-gpu")) << r.err;
}

TEST_F(LabProcess, ResultsThatDifferFromTheCpuExitThree) {
  FRONTIER_REQUIRE_DATA("karate.txt");
  const ProcessResult r = lab({dataPath("karate.txt"), "--pairs", "random:8", "--seed", "1", "--run", "--quit"},
                              {"FRONTIER_INJECT_FAULT=wrong-length"});
  EXPECT_EQ(r.status, 3) << describe(r);
  EXPECT_TRUE(contains(r.err, "differ from the CPU reference")) << r.err;
}

TEST_F(LabProcess, DeviceLostExitsOne) {
  FRONTIER_REQUIRE_DATA("karate.txt");
  const ProcessResult r =
      lab({dataPath("karate.txt"), "--pairs", "random:8", "--run", "--quit"}, {"FRONTIER_INJECT_FAULT=lost@2"});
  EXPECT_EQ(r.status, 1) << describe(r);
  EXPECT_TRUE(contains(r.err, "lost")) << r.err;
}

// PNG: the 8-byte signature, then the IHDR chunk with width and height.
TEST_F(LabProcess, ScreenshotIsAPngOfTheDefaultLayout) {
  FRONTIER_REQUIRE_DATA("karate.txt");
  TempDir dir;
  const ProcessResult r =
      lab({dataPath("karate.txt"), "--pairs", "random:8", "--run", "--screenshot", dir / "s.png", "--quit"});
  ASSERT_EQ(r.status, 0) << describe(r);
  const std::string png = readText(dir / "s.png");
  ASSERT_GT(png.size(), 24U);
  EXPECT_EQ(png.substr(0, 8), std::string("\x89PNG\r\n\x1a\n", 8));
  EXPECT_EQ(png.substr(12, 4), "IHDR");
  auto be32 = [&](size_t at) {
    uint32_t v = 0;
    for (size_t i = 0; i < 4; ++i) {
      v = (v << 8U) | static_cast<unsigned char>(png[at + i]);
    }
    return v;
  };
  EXPECT_EQ(be32(16), 1600U); // the documented default layout, 1600 x 1000
  EXPECT_EQ(be32(20), 1000U);
}

TEST_F(LabProcess, ComparisonExportsOneTraceProcessPerStrategy) {
  FRONTIER_REQUIRE_DATA("karate.txt");
  TempDir dir;
  const ProcessResult r = lab({dataPath("karate.txt"), "--compare", "workgroups,coalesced-bottom-up", "--pairs",
                               "random:8", "--run", "--export-trace", dir / "t.json", "--quit"});
  ASSERT_EQ(r.status, 0) << describe(r);
  const nlohmann::json t = nlohmann::json::parse(readText(dir / "t.json"));
  std::set<std::string> processes;
  for (const nlohmann::json& e : t.at("traceEvents")) {
    if (e.at("ph") == "M" && e.at("name") == "process_name") {
      processes.insert(e.at("args").at("name").get<std::string>());
    }
  }
  EXPECT_EQ(processes, (std::set<std::string>{"workgroups", "coalesced-bottom-up"}));
}

TEST_F(LabProcess, ExportTraceWithoutCompareExitsTwo) {
  FRONTIER_REQUIRE_DATA("karate.txt");
  TempDir dir;
  const ProcessResult r = lab({dataPath("karate.txt"), "--export-trace", dir / "t.json", "--quit"});
  EXPECT_EQ(r.status, 2) << describe(r);
  EXPECT_TRUE(contains(r.err, "--export-trace needs --compare and --run")) << r.err;
  EXPECT_FALSE(std::filesystem::exists(dir / "t.json"));
}

// Device 0 twice (two logical devices of one: lavapipe is the only device
// on the test machines): the entries run on both and match the CPU.
TEST_F(LabProcess, ComparisonOnTwoDevicesExitsZero) {
  FRONTIER_REQUIRE_DATA("karate.txt");
  const ProcessResult r = lab({dataPath("karate.txt"), "--compare", "workgroups,coalesced-bottom-up",
                               "--compare-devices", "0,0", "--repeats", "1", "--pairs", "random:8", "--run", "--quit"});
  EXPECT_EQ(r.status, 0) << describe(r);
}

TEST_F(LabProcess, BadCompareDevicesExitTwoNamingTheEntry) {
  FRONTIER_REQUIRE_DATA("karate.txt");
  for (const auto& [list, named] : std::vector<std::pair<std::string, std::string>>{
           {"0,gpu", "--compare-devices: 'gpu'"}, {"0,99", "no device 99"}}) {
    const ProcessResult r = lab({dataPath("karate.txt"), "--compare", "workgroups,coalesced", "--compare-devices", list,
                                 "--pairs", "random:8", "--run", "--quit"});
    EXPECT_EQ(r.status, 2) << list << ": " << describe(r);
    EXPECT_TRUE(contains(r.err, named)) << list << ": " << r.err;
  }
  const ProcessResult alone = lab({dataPath("karate.txt"), "--compare-devices", "0,0", "--run", "--quit"});
  EXPECT_EQ(alone.status, 2) << describe(alone);
  EXPECT_TRUE(contains(alone.err, "--compare-devices needs --compare")) << alone.err;
}

#else

TEST(LabProcess, NotBuilt) {
  GTEST_SKIP() << "frontier-lab is not built (FRONTIER_BUILD_GUI=OFF)";
}

#endif

} // namespace
} // namespace frontier::clitest
