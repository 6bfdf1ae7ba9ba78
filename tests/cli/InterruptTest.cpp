// Ctrl-C: a running command stops, exits 130 and leaves no output file.

#include <signal.h>

#include <chrono>

#include "CliSupport.h"

using namespace frontier::clitest;

namespace {

// Reads the process's output until standard error contains `text` or it
// ends; false when the text never came.
bool waitForError(frontier::test::SpawnedProcess& process, const std::string& text) {
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(90);
  while (!contains(process.result.err, text)) {
    if (std::chrono::steady_clock::now() > deadline || !frontier::test::readProcessOutput(process, 200)) {
      return contains(process.result.err, text);
    }
  }
  return true;
}

} // namespace

TEST(CliInterrupt, CtrlCStopsARunWithoutOutputFiles) {
  TempDir dir;
  // Enough batches (8 of 1024 searches) on a graph large enough that the run
  // lasts seconds on a CPU Vulkan device: its progress line comes after one.
  frontier::test::SpawnedProcess process = frontier::test::spawnProcess(
      cliProgram(), {"run", "kronecker:scale=14,edgefactor=16", "--strategy", "workgroups", "--pairs", "random:8192",
                     "-o", dir / "lengths.csv", "--json", dir / "report.json", "--trace", dir / "trace.json"});
  // A plain line (standard error is no terminal here) names the batch.
  const bool running = waitForError(process, "batch ");
  ASSERT_EQ(kill(process.pid, SIGINT), 0);
  const frontier::test::ProcessResult r = frontier::test::finishProcess(process);
  ASSERT_TRUE(running) << "no progress line before the end: " << describe(r);
  EXPECT_EQ(r.status, 130) << describe(r);
  EXPECT_TRUE(contains(r.err, "interrupted")) << r.err;
  // Nothing in the folder: neither the outputs nor their temporary files.
  EXPECT_TRUE(std::filesystem::is_empty(dir.path())) << describe(r);
}

TEST(CliInterrupt, CtrlCStopsGeneratingWithoutOutputFile) {
  TempDir dir;
  // Seconds of work: its first progress line comes after one.
  frontier::test::SpawnedProcess process = frontier::test::spawnProcess(
      cliProgram(), {"generate", "kronecker:scale=21,edgefactor=16", "-o", dir / "k.fgraph"});
  const bool running = waitForError(process, "generating kronecker");
  ASSERT_EQ(kill(process.pid, SIGINT), 0);
  const frontier::test::ProcessResult r = frontier::test::finishProcess(process);
  ASSERT_TRUE(running) << "no progress line before the end: " << describe(r);
  EXPECT_EQ(r.status, 130) << describe(r);
  EXPECT_TRUE(std::filesystem::is_empty(dir.path())) << describe(r);
}

TEST(CliInterrupt, QuickWorkPrintsNoProgress) {
  FRONTIER_REQUIRE_DATA("karate.txt");
  TempDir dir;
  const ProcessResult r = cli({"convert", dataPath("karate.txt"), dir / "k.fgraph"});
  ASSERT_EQ(r.status, 0) << describe(r);
  EXPECT_FALSE(contains(r.err, "%")) << r.err;
}
