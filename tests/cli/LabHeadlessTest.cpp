// frontier-lab without a display: --help and --version answer before any
// window exists (app/gui/main.cpp), so they work on a server, in a package
// build (help2man) and over ssh. And frontier-lab without a graph opens the
// built-in karate club.

#include <cstdlib>
#include <string>
#include <vector>

#include "CliSupport.h"

namespace frontier::clitest {
namespace {

// Bare names: removed from the child's environment (test::runProcess), so
// that no display and no platform plugin choice reaches it.
const std::vector<std::string> kNoDisplay{"DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM"};

TEST(CliVersion, PrintsTheProjectVersion) {
  const ProcessResult r = cli({"--version"});
  EXPECT_EQ(r.status, 0) << describe(r);
  EXPECT_EQ(r.out, std::string("frontier-cli ") + FRONTIER_PROJECT_VERSION + "\n");
}

#ifdef FRONTIER_LAB_PATH

ProcessResult lab(const std::vector<std::string>& args, const std::vector<std::string>& env = {}) {
  return test::runProcess(FRONTIER_LAB_PATH, args, env);
}

TEST(LabWithoutDisplay, HelpListsTheOptionsAndExitsZero) {
  const ProcessResult r = lab({"--help"}, kNoDisplay);
  EXPECT_EQ(r.status, 0) << describe(r);
  for (const char* option :
       {"--help", "--version", "--device", "--strategy", "--pairs", "--seed", "--compare", "--repeats",
        "--compare-devices", "--run", "--screenshot", "--export-trace", "--quit", "GRAPH"}) {
    EXPECT_TRUE(contains(r.out, option)) << option << " missing from:\n" << r.out;
  }
  EXPECT_TRUE(contains(r.out, "demo:karate")) << "the default graph is not named:\n" << r.out;
}

TEST(LabWithoutDisplay, ShortHelpToo) {
  const ProcessResult r = lab({"-h"}, kNoDisplay);
  EXPECT_EQ(r.status, 0) << describe(r);
  EXPECT_TRUE(contains(r.out, "--pairs")) << r.out;
}

TEST(LabWithoutDisplay, VersionIsTheProjectVersion) {
  const ProcessResult r = lab({"--version"}, kNoDisplay);
  EXPECT_EQ(r.status, 0) << describe(r);
  EXPECT_EQ(r.out, std::string("Frontier Lab ") + FRONTIER_PROJECT_VERSION + "\n");
}

TEST(LabWithoutDisplay, HelpAfterOtherOptionsStillNeedsNoDisplay) {
  const ProcessResult r = lab({"demo:grid", "--pairs", "random:4", "--help"}, kNoDisplay);
  EXPECT_EQ(r.status, 0) << describe(r);
  EXPECT_TRUE(contains(r.out, "--strategy")) << r.out;
}

TEST(LabWithoutDisplay, UnknownOptionWithHelpExitsTwo) {
  const ProcessResult r = lab({"--help", "--turbo"}, kNoDisplay);
  EXPECT_EQ(r.status, 2) << describe(r);
  EXPECT_TRUE(contains(r.err, "turbo")) << r.err;
}

// Zachary's karate club has 34 members, numbered 0 to 33 in the demo file
// (resources/demo/karate.txt). With no graph named, a pairs file that uses
// vertex 33 must be accepted and one that uses vertex 34 refused: only a
// graph of exactly 34 vertices was opened.
class LabWithoutGraph : public NeedsDisplay {};

TEST_F(LabWithoutGraph, OpensTheKarateClub) {
  TempDir dir;
  const std::string inside = dir.write("inside.csv", "source,destination\n0,33\n16,26\n");
  const ProcessResult ok = lab({"--pairs", inside, "--run", "--quit"});
  EXPECT_EQ(ok.status, 0) << describe(ok);

  const std::string outside = dir.write("outside.csv", "source,destination\n0,34\n");
  const ProcessResult refused = lab({"--pairs", outside, "--run", "--quit"});
  EXPECT_EQ(refused.status, 1) << describe(refused);
  EXPECT_TRUE(contains(refused.err, "cannot read the pairs")) << refused.err;
}

#endif

} // namespace
} // namespace frontier::clitest
