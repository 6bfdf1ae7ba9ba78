// `run`, `sssp` and `bench` with --devices: the pairs spread over several
// devices (here device 0 opened twice, two logical devices of one physical
// device) give the lengths of the tests' own BFS and Dijkstra in the input
// order, byte for byte the file of a one-device run; the report and the
// trace have one run per device; a device that fails hands its chunk on;
// bad device lists exit 2 naming the entry.

#include <nlohmann/json.hpp>

#include "CliSupport.h"

namespace frontier::clitest {
namespace {

TEST(CliDevices, TwoDevicesGiveTheOneDeviceFileAndTheReference) {
  FRONTIER_REQUIRE_DATA("facebook_combined.txt");
  TempDir dir;
  const std::string graph = dataPath("facebook_combined.txt");
  const ProcessResult one =
      cli({"run", graph, "--strategy", "tuned", "--pairs", "random:300", "--seed", "3", "-o", dir / "one.csv"});
  ASSERT_EQ(one.status, 0) << describe(one);
  const ProcessResult two = cli({"run", graph, "--strategy", "tuned", "--pairs", "random:300", "--seed", "3",
                                 "--devices", "0,0", "--chunk-pairs", "64", "--verify", "-o", dir / "two.csv",
                                 "--json", dir / "two.json", "--trace", dir / "trace.json"});
  ASSERT_EQ(two.status, 0) << describe(two);
  EXPECT_EQ(readText(dir / "one.csv"), readText(dir / "two.csv"));
  expectHopsMatch(readEdgeList(graph, false), parseResults(readText(dir / "two.csv")));
  EXPECT_TRUE(contains(two.err, "on 2 devices: 300 pairs")) << two.err;
  EXPECT_TRUE(contains(two.err, "in 5 chunks")) << two.err;
  EXPECT_TRUE(contains(two.err, "device [0] ")) << two.err;
  EXPECT_TRUE(contains(two.err, "device [1] ")) << two.err;

  const nlohmann::json report = nlohmann::json::parse(readText(dir / "two.json"));
  EXPECT_EQ(report.at("kind"), "comparison");
  ASSERT_EQ(report.at("runs").size(), 2U);
  const nlohmann::json& devices = report.at("devices");
  EXPECT_EQ(devices.at("chunks"), 5);
  EXPECT_GT(devices.at("wall_ms").get<double>(), 0.0);
  uint64_t pairs = 0;
  for (const nlohmann::json& share : devices.at("per_device")) {
    pairs += share.at("pairs").get<uint64_t>();
    EXPECT_EQ(share.at("failure"), "");
  }
  EXPECT_EQ(pairs, 300U);
  // One process per device in the trace.
  const nlohmann::json trace = nlohmann::json::parse(readText(dir / "trace.json"));
  std::set<int> processes;
  std::set<std::string> names;
  for (const nlohmann::json& event : trace.at("traceEvents")) {
    if (event.at("ph") == "M" && event.at("name") == "process_name") {
      processes.insert(event.at("pid").get<int>());
      names.insert(event.at("args").at("name").get<std::string>());
    }
  }
  EXPECT_EQ(processes.size(), 2U);
  EXPECT_EQ(names.size(), 2U) << "each device's process is named apart";
}

TEST(CliDevices, SharedBatchesGiveTheOneDeviceFileAndTheReference) {
  FRONTIER_REQUIRE_DATA("facebook_combined.txt");
  TempDir dir;
  const std::string graph = dataPath("facebook_combined.txt");
  // One component: 1000 searches of 64 per batch, 16 batches to share, the
  // last two (64 and 40 searches) cut in two: 18 handed out.
  const std::vector<std::string> args = {"run", graph, "--strategy", "tuned+omega=64", "--pairs", "random:1000",
                                         "--seed", "5"};
  std::vector<std::string> oneArgs = args;
  oneArgs.insert(oneArgs.end(), {"-o", dir / "one.csv"});
  const ProcessResult one = cli(oneArgs);
  ASSERT_EQ(one.status, 0) << describe(one);
  std::vector<std::string> twoArgs = args;
  twoArgs.insert(twoArgs.end(), {"--devices", "0,0", "--verify", "-o", dir / "two.csv", "--json", dir / "two.json"});
  const ProcessResult two = cli(twoArgs);
  ASSERT_EQ(two.status, 0) << describe(two);
  EXPECT_EQ(readText(dir / "one.csv"), readText(dir / "two.csv"));
  expectHopsMatch(readEdgeList(graph, false), parseResults(readText(dir / "two.csv")));
  EXPECT_TRUE(contains(two.err, "in 18 batches")) << two.err;
  const nlohmann::json devices = nlohmann::json::parse(readText(dir / "two.json")).at("devices");
  EXPECT_EQ(devices.at("shared_batches"), true);
  EXPECT_EQ(devices.at("chunks"), 18);
  uint64_t pairs = 0;
  uint64_t batches = 0;
  for (const nlohmann::json& share : devices.at("per_device")) {
    pairs += share.at("pairs").get<uint64_t>();
    batches += share.at("chunks").get<uint64_t>();
  }
  EXPECT_EQ(pairs, 1000U);
  EXPECT_EQ(batches, 18U);
}

TEST(CliDevices, AFailedDeviceHandsItsSharedBatchesOn) {
  FRONTIER_REQUIRE_DATA("karate.txt");
  TempDir dir;
  const std::string graph = dataPath("karate.txt");
  // 13 batches of 32 searches; the preparation (graph copies, a run over
  // the first pair and the run over all pairs on each device) takes fewer
  // than 30 submissions, the batches about 3 each: the 45th is a batch's.
  const ProcessResult r = cli({"run", graph, "--strategy", "coalesced+omega=32", "--pairs", "random:400",
                               "--devices", "0,0", "--verify", "-o", dir / "r.csv"},
                              {"FRONTIER_INJECT_FAULT=lost@45"});
  ASSERT_EQ(r.status, 0) << describe(r);
  EXPECT_TRUE(contains(r.err, "FAILED: ")) << r.err;
  EXPECT_TRUE(contains(r.err, "batches ran again on another device")) << r.err;
  expectHopsMatch(readEdgeList(graph, false), parseResults(readText(dir / "r.csv")));
}

TEST(CliDevices, WeightedLengthsOverTwoDevicesEqualDijkstra) {
  FRONTIER_REQUIRE_DATA("lesmis.graph");
  TempDir dir;
  const std::string graph = dataPath("lesmis.graph");
  const ProcessResult r = cli({"sssp", graph, "--pairs", "random:90", "--devices", "0,0", "--chunk-pairs", "20",
                               "--verify", "-o", dir / "r.csv"});
  ASSERT_EQ(r.status, 0) << describe(r);
  EXPECT_TRUE(contains(r.err, "verified: every length equals the CPU reference")) << r.err;
  EXPECT_EQ(parseResults(readText(dir / "r.csv")).size(), 90U);
}

TEST(CliDevices, AFailedDeviceIsReportedAndItsChunkRerun) {
  FRONTIER_REQUIRE_DATA("karate.txt");
  TempDir dir;
  const std::string graph = dataPath("karate.txt");
  // The devices' preparation (graph copies, a run over the first pair on
  // each) takes fewer than 20 submissions; the 40th is a chunk's.
  const ProcessResult r = cli({"run", graph, "--pairs", "random:400", "--devices", "0,0", "--chunk-pairs", "16",
                               "--verify", "-o", dir / "r.csv"},
                              {"FRONTIER_INJECT_FAULT=lost@40"});
  ASSERT_EQ(r.status, 0) << describe(r);
  EXPECT_TRUE(contains(r.err, "FAILED: ")) << r.err;
  EXPECT_TRUE(contains(r.err, "1 chunks ran again on another device")) << r.err;
  expectHopsMatch(readEdgeList(graph, false), parseResults(readText(dir / "r.csv")));
}

TEST(CliDevices, EveryDeviceFailingExitsOneWithNoResultsFile) {
  FRONTIER_REQUIRE_DATA("karate.txt");
  TempDir dir;
  const ProcessResult r = cli({"run", dataPath("karate.txt"), "--pairs", "random:50", "--devices", "0,0", "-o",
                               dir / "r.csv"},
                              {"FRONTIER_INJECT_FAULT=lost-from@1"});
  EXPECT_EQ(r.status, 1) << describe(r);
  EXPECT_TRUE(contains(r.err, "[0]")) << r.err;
  EXPECT_TRUE(contains(r.err, "[1]")) << r.err;
  EXPECT_FALSE(std::filesystem::exists(dir / "r.csv"));
}

TEST(CliDevices, BadDeviceListsExitTwoNamingTheEntry) {
  FRONTIER_REQUIRE_DATA("karate.txt");
  const std::string graph = dataPath("karate.txt");
  const ProcessResult letters = cli({"run", graph, "--pairs", "random:4", "--devices", "0,x"});
  EXPECT_EQ(letters.status, 2) << describe(letters);
  EXPECT_TRUE(contains(letters.err, "'x' is not a device index")) << letters.err;
  const ProcessResult missing = cli({"run", graph, "--pairs", "random:4", "--devices", "0,99"});
  EXPECT_EQ(missing.status, 2) << describe(missing);
  EXPECT_TRUE(contains(missing.err, "there is no device 99")) << missing.err;
  const ProcessResult both = cli({"run", graph, "--pairs", "random:4", "--devices", "all", "--device", "0"});
  EXPECT_EQ(both.status, 2) << describe(both);
  const ProcessResult step = cli({"run", graph, "--pairs", "random:4", "--devices", "0,0", "--step"});
  EXPECT_EQ(step.status, 2) << describe(step);
  EXPECT_TRUE(contains(step.err, "--step")) << step.err;
  const ProcessResult empty = cli({"run", graph, "--pairs", "random:4", "--devices", "0,0", "--chunk-pairs", "0"});
  EXPECT_EQ(empty.status, 2) << describe(empty);
  EXPECT_TRUE(contains(empty.err, "--chunk-pairs: a chunk holds at least one pair")) << empty.err;
}

TEST(CliDevices, BenchOverTwoDevicesReportsEachDevice) {
  FRONTIER_REQUIRE_DATA("karate.txt");
  TempDir dir;
  const ProcessResult r = cli({"bench", "--graph", dataPath("karate.txt"), "--configs", "coalesced", "--pairs",
                               "3000", "--repeat", "1", "--warmup-ms", "0", "--verify", "--devices", "0,0", "--json",
                               dir / "b.json"});
  ASSERT_EQ(r.status, 0) << describe(r);
  const nlohmann::json j = nlohmann::json::parse(readText(dir / "b.json"));
  ASSERT_EQ(j.at("devices").size(), 2U);
  ASSERT_EQ(j.at("results").size(), 1U);
  const nlohmann::json& record = j.at("results")[0];
  EXPECT_EQ(record.at("exact"), "yes");
  ASSERT_EQ(record.at("per_device").size(), 2U);
  uint64_t pairs = 0;
  for (const nlohmann::json& share : record.at("per_device")) {
    pairs += share.at("pairs").get<uint64_t>();
  }
  EXPECT_EQ(pairs, 3000U);
  EXPECT_GT(record.at("pairs_per_second").get<double>(), 0.0);
}

} // namespace
} // namespace frontier::clitest
