// Faults injected into the device layer (FRONTIER_INJECT_FAULT, see
// core/vk/FaultInjection.h): a device allocation that does not fit, a lost
// device, a wrong length. The process must say what happened, exit 1, and
// leave no output file behind (a partial CSV would look like a result).
// Injection counts allocations and submissions from the start of the process,
// and one process makes the same calls each time, so the cases are
// deterministic.

#include "CliSupport.h"

namespace frontier::clitest {
namespace {

// A run that asks for every output file.
std::vector<std::string> runWithOutputs(const TempDir& dir) {
  return {"run",    dataPath("karate.txt"), "--pairs", "random:8",     "--output",         dir / "r.csv",
          "--json", dir / "r.json",         "--trace", dir / "t.json", "--iterations-csv", dir / "it.csv"};
}

TEST(CliFault, OutOfDeviceMemoryNamesTheBufferAndLeavesNoOutput) {
  FRONTIER_REQUIRE_DATA("karate.txt");
  // oom@1 hits the graph's upload, oom@5 a buffer of the search itself.
  for (const char* fault : {"oom@1", "oom@5"}) {
    TempDir dir;
    const ProcessResult r = cli(runWithOutputs(dir), {std::string("FRONTIER_INJECT_FAULT=") + fault});
    EXPECT_EQ(r.status, 1) << fault << ": " << describe(r);
    EXPECT_TRUE(contains(r.err, "frontier-cli run: error:")) << r.err;
    EXPECT_TRUE(contains(r.err, "out of memory")) << r.err;
    EXPECT_TRUE(contains(r.err, "buffer '")) << "the message should name what did not fit: " << r.err;
    EXPECT_EQ(dir.entries(), std::vector<std::string>{}) << fault << ": files left behind";
  }
}

TEST(CliFault, DeviceLostNamesItAndLeavesNoOutput) {
  FRONTIER_REQUIRE_DATA("karate.txt");
  TempDir dir;
  const ProcessResult r = cli(runWithOutputs(dir), {"FRONTIER_INJECT_FAULT=lost@2"});
  EXPECT_EQ(r.status, 1) << describe(r);
  EXPECT_TRUE(contains(r.err, "the device was lost")) << r.err;
  EXPECT_EQ(dir.entries(), std::vector<std::string>{});
}

// The device may be lost at any submission, the last one included: every
// one fails cleanly, and once N is past the last submission the run succeeds
// with the right lengths.
TEST(CliFault, DeviceLostAtEverySubmissionFailsCleanly) {
  FRONTIER_REQUIRE_DATA("karate.txt");
  const RefGraph g = readEdgeList(dataPath("karate.txt"), false);
  int failures = 0;
  for (int n = 1; n <= 200; ++n) {
    TempDir dir;
    const ProcessResult r = cli(runWithOutputs(dir), {"FRONTIER_INJECT_FAULT=lost@" + std::to_string(n)});
    if (r.status == 0) {
      expectHopsMatch(g, parseResults(readText(dir / "r.csv")));
      break;
    }
    ++failures;
    ASSERT_EQ(r.status, 1) << "lost@" << n << ": " << describe(r);
    ASSERT_TRUE(contains(r.err, "the device was lost")) << "lost@" << n << ": " << r.err;
    ASSERT_EQ(dir.entries(), std::vector<std::string>{}) << "lost@" << n << " left files behind";
  }
  EXPECT_GE(failures, 2) << "a run submits more than once";
  EXPECT_LT(failures, 200) << "the run never succeeded";
}

TEST(CliFault, SsspUnderFaultsLeavesNoOutput) {
  FRONTIER_REQUIRE_DATA("lesmis.graph");
  for (const char* fault : {"oom@6", "lost@2"}) {
    TempDir dir;
    const ProcessResult r =
        cli({"sssp", dataPath("lesmis.graph"), "--pairs", "random:8", "-o", dir / "r.csv", "--json", dir / "r.json"},
            {std::string("FRONTIER_INJECT_FAULT=") + fault});
    EXPECT_EQ(r.status, 1) << fault << ": " << describe(r);
    EXPECT_TRUE(contains(r.err, "frontier-cli sssp: error:")) << r.err;
    EXPECT_EQ(dir.entries(), std::vector<std::string>{}) << fault;
  }
}

// --verify documents "exit 1 on any difference" (frontier-cli run --help).
TEST(CliFault, WrongLengthFailsVerify) {
  FRONTIER_REQUIRE_DATA("karate.txt");
  const ProcessResult r =
      cli({"run", dataPath("karate.txt"), "--pairs", "random:8", "--verify"}, {"FRONTIER_INJECT_FAULT=wrong-length"});
  EXPECT_EQ(r.status, 1) << describe(r);
  EXPECT_TRUE(contains(r.err, "FAIL: 1 of 8 lengths differ from the CPU reference")) << r.err;
  EXPECT_FALSE(contains(r.err, "verified:")) << r.err;
}

// Lengths that fail the check never land in a results file.
TEST(CliFault, WrongLengthWithVerifyWritesNoResults) {
  FRONTIER_REQUIRE_DATA("karate.txt");
  TempDir dir;
  const ProcessResult r = cli({"run", dataPath("karate.txt"), "--pairs", "random:8", "--verify", "-o", dir / "r.csv"},
                              {"FRONTIER_INJECT_FAULT=wrong-length"});
  EXPECT_EQ(r.status, 1) << describe(r);
  EXPECT_TRUE(contains(r.err, "the results file was not written")) << r.err;
  EXPECT_FALSE(std::filesystem::exists(dir / "r.csv"));
}

TEST(CliFault, WrongShortestPathWithVerifyWritesNoResults) {
  FRONTIER_REQUIRE_DATA("lesmis.graph");
  TempDir dir;
  const ProcessResult r = cli({"sssp", dataPath("lesmis.graph"), "--pairs", "random:8", "--verify", "-o", dir / "r.csv"},
                              {"FRONTIER_INJECT_FAULT=wrong-length"});
  EXPECT_EQ(r.status, 1) << describe(r);
  EXPECT_TRUE(contains(r.err, "1 of 8 pairs differ from CPU Dijkstra")) << r.err;
  EXPECT_TRUE(contains(r.err, "the results file was not written")) << r.err;
  EXPECT_FALSE(std::filesystem::exists(dir / "r.csv"));
}

// Without --verify the tool cannot know; this suite's own BFS must.
TEST(CliFault, WrongLengthIsCaughtByTheIndependentBfs) {
  FRONTIER_REQUIRE_DATA("karate.txt");
  TempDir dir;
  const ProcessResult r = cli({"run", dataPath("karate.txt"), "--pairs", "random:8", "-o", dir / "r.csv"},
                              {"FRONTIER_INJECT_FAULT=wrong-length"});
  ASSERT_EQ(r.status, 0) << describe(r);
  const RefGraph g = readEdgeList(dataPath("karate.txt"), false);
  int wrong = 0;
  for (const ResultRow& row : parseResults(readText(dir / "r.csv"))) {
    const int64_t expected = hops(g, row.source, row.destination);
    if (row.length != std::to_string(expected)) {
      ++wrong;
      EXPECT_EQ(row.length, std::to_string(expected + 1)) << "the fault adds one hop";
    }
  }
  EXPECT_EQ(wrong, 1);
}

// A run larger than the device's memory budget (budget@M makes lavapipe's
// small) is refused before it starts, with what it needs, what the device
// can give and the searches per batch that fit; lowered to that, it runs and
// shows its need against the budget.
TEST(CliFault, ARunLargerThanTheMemoryBudgetSaysWhatToLower) {
  TempDir dir;
  const std::vector<std::string> args = {"run", "kronecker:scale=15,edgefactor=8", "--pairs", "random:300", "--strategy", "coalesced",
                                         "--output", dir / "r.csv"};
  const ProcessResult refused = cli(args, {"FRONTIER_INJECT_FAULT=budget@8"});
  EXPECT_EQ(refused.status, 1) << describe(refused);
  EXPECT_TRUE(contains(refused.err, "frontier-cli run: error: a run of 1024 searches per batch")) << refused.err;
  EXPECT_TRUE(contains(refused.err, "can give 8.0 MiB")) << refused.err;
  EXPECT_TRUE(contains(refused.err, "lower searches per batch to 256 (--searches-per-batch")) << refused.err;
  EXPECT_EQ(dir.entries(), std::vector<std::string>{});

  std::vector<std::string> lowered = args;
  lowered.insert(lowered.end(), {"--searches-per-batch", "256", "--verify"});
  const ProcessResult ran = cli(lowered, {"FRONTIER_INJECT_FAULT=budget@8"});
  EXPECT_EQ(ran.status, 0) << describe(ran);
  const size_t first = ran.err.find("device memory: needs ");
  ASSERT_NE(first, std::string::npos) << ran.err;
  EXPECT_EQ(ran.err.find("device memory: needs ", first + 1), std::string::npos) << "said twice: " << ran.err;
  EXPECT_TRUE(contains(ran.err, " MiB of 8.0 MiB\n")) << ran.err;
  EXPECT_TRUE(contains(ran.err, "verified")) << ran.err;
}

// bench shows each configuration's need against the budget on its row.
TEST(CliFault, BenchShowsTheMemoryNeededAgainstTheBudget) {
  const ProcessResult r = cli({"bench", "--graph", "kronecker:scale=12,edgefactor=8", "--pairs", "32", "--repeat", "1",
                               "--configs", "coalesced"},
                              {"FRONTIER_INJECT_FAULT=budget@8"});
  EXPECT_EQ(r.status, 0) << describe(r);
  EXPECT_TRUE(contains(r.out, "device memory: needs ")) << r.out;
  EXPECT_TRUE(contains(r.out, " of 8.0 MiB\n")) << r.out;
}

} // namespace
} // namespace frontier::clitest
