// What a user sees when they get something wrong: bad arguments exit 2 with
// a message naming the argument; bad files exit 1 with a message naming the
// file and the line. Never a crash, never a silent success.

#include "CliSupport.h"

namespace frontier::clitest {
namespace {

struct BadArgument {
  std::string name;
  std::vector<std::string> args; // "{karate}" stands for the karate graph
  std::string named;             // what the message must name
};

std::ostream& operator<<(std::ostream& out, const BadArgument& bad) {
  return out << bad.name;
}

class CliBadArgument : public ::testing::TestWithParam<BadArgument> {};

TEST_P(CliBadArgument, ExitsTwoNamingIt) {
  FRONTIER_REQUIRE_DATA("karate.txt");
  TempDir dir;
  std::vector<std::string> args;
  for (const std::string& a : GetParam().args) {
    args.push_back(a == "{karate}" ? dataPath("karate.txt") : a == "{out}" ? dir / "out.csv" : a);
  }
  const ProcessResult r = cli(args);
  EXPECT_EQ(r.status, 2) << describe(r);
  EXPECT_TRUE(contains(r.err, GetParam().named)) << "the message should name '" << GetParam().named << "':\n" << r.err;
  EXPECT_FALSE(std::filesystem::exists(dir / "out.csv")) << "a failed command wrote its output";
}

INSTANTIATE_TEST_SUITE_P(
    Cases, CliBadArgument,
    ::testing::Values(
        BadArgument{"UnknownStrategy",
                    {"run", "{karate}", "--strategy", "fastest", "--pairs", "random:4", "-o", "{out}"},
                    "unknown strategy 'fastest'"},
        BadArgument{"UnknownStrategySwitch",
                    {"run", "{karate}", "--strategy", "coalesced+warp", "--pairs", "random:4", "-o", "{out}"},
                    "warp"},
        BadArgument{"UnknownOption", {"run", "{karate}", "--pairs", "random:4", "--fast", "-o", "{out}"}, "--fast"},
        BadArgument{"BadRandomCount", {"run", "{karate}", "--pairs", "random:many", "-o", "{out}"}, "random:many"},
        BadArgument{"PairsWithoutRandomPrefix", {"paths", "{karate}", "--pairs", "64", "-o", "{out}"}, "'64'"},
        BadArgument{"NoPairs", {"run", "{karate}", "-o", "{out}"}, "--pairs"},
        BadArgument{"UnknownVertexOrder",
                    {"run", "{karate}", "--vertex-order", "hilbert", "--pairs", "random:4", "-o", "{out}"},
                    "unknown vertex order 'hilbert'"},
        BadArgument{"PairsAndPairsFile",
                    {"run", "{karate}", "--pairs", "random:4", "--pairs-file", "p.csv", "-o", "{out}"},
                    "--pairs"},
        BadArgument{"BadDirection", {"run", "{karate}", "--pairs", "random:4", "--direction", "sideways"}, "sideways"},
        BadArgument{"OnOffSwitchWithAValue",
                    {"run", "{karate}", "--strategy", "coalesced+probe=0", "--pairs", "random:4", "-o", "{out}"},
                    "takes no value"},
        BadArgument{"EmptySwitch", {"run", "{karate}", "--strategy", "tuned+", "--pairs", "random:4", "-o", "{out}"},
                    "empty switch"},
        BadArgument{"ZeroRandomWeights",
                    {"run", "{karate}", "--strategy", "batched", "--random-weights", "0", "--pairs", "random:4", "-o",
                     "{out}"},
                    "--random-weights: must be a number at least 1, not '0'"},
        BadArgument{"NegativeLevelsPerSubmit",
                    {"run", "{karate}", "--levels-per-submit", "-2", "--pairs", "random:4", "-o", "{out}"},
                    "--levels-per-submit"},
        BadArgument{"NegativeThreshold",
                    {"run", "{karate}", "--strategy", "coalesced-bottom-up", "--threshold", "-1", "--pairs",
                     "random:4", "-o", "{out}"},
                    "--threshold: must be a number above 0"},
        BadArgument{"ZeroSearchesPerBatch",
                    {"run", "{karate}", "--pairs", "random:4", "--searches-per-batch", "0", "-o", "{out}"},
                    "--searches-per-batch: must be a number at least 1, not '0'"},
        BadArgument{"BenchOfZeroPairs", {"bench", "--graph", "{karate}", "--pairs", "0", "--configs", "coalesced"},
                    "--pairs: must be a number at least 1, not '0'"},
        BadArgument{"SearchesPerBatchNotMultipleOf32",
                    {"run", "{karate}", "--pairs", "random:4", "--searches-per-batch", "33", "-o", "{out}"},
                    "33"},
        BadArgument{"BottomUpWithoutVertexMajorLayout",
                    {"run", "{karate}", "--strategy", "workgroups", "--direction", "beamer", "--pairs", "random:4"},
                    "workgroups"},
        BadArgument{"ThresholdOutOfRange",
                    {"run", "{karate}", "--pairs", "random:4", "--direction", "jfq", "--threshold", "3"},
                    "--threshold"},
        BadArgument{"UnknownFormat", {"info", "{karate}", "--format", "graphml"}, "unknown format 'graphml'"},
        BadArgument{"DirectedAndUndirected", {"info", "{karate}", "--directed", "--undirected"}, "--directed"},
        BadArgument{"UnknownSsspAlgorithm",
                    {"sssp", "{karate}", "--algorithm", "a-star", "--pairs", "random:4", "-o", "{out}"},
                    "a-star"},
        BadArgument{"SsspBatchOutOfRange", {"sssp", "{karate}", "--batch", "65", "--pairs", "random:4"}, "65"},
        BadArgument{"SsspZeroDelta", {"sssp", "{karate}", "--delta", "0", "--pairs", "random:4", "-o", "{out}"},
                    "--delta: must be a number above 0, not '0'"},
        BadArgument{
            "UnknownPathsMethod", {"paths", "{karate}", "--pairs", "random:4", "--method", "dfs", "-o", "-"}, "dfs"},
        BadArgument{"UnwritableFormat", {"convert", "{karate}", "{out}", "--to", "dimacs"}, "dimacs"},
        BadArgument{"UnknownGenerator", {"generate", "hypercube:4", "-o", "{out}"}, "hypercube"},
        BadArgument{"GeneratorParameterOutOfRange", {"generate", "kronecker:scale=40", "-o", "{out}"}, "scale"},
        BadArgument{"UnknownSubcommand", {"walk", "{karate}"}, "unknown command 'walk'"},
        BadArgument{"MissingSubcommand", {}, "subcommand"}, BadArgument{"MissingGraph", {"info"}, "GRAPH"},
        BadArgument{"BenchWithoutGraph", {"bench", "--repeat", "1"}, "--graph"},
        BadArgument{"SelftestUnknownScan", {"selftest", "--scan", "bitonic"}, "bitonic"}),
    [](const ::testing::TestParamInfo<BadArgument>& param) { return param.param.name; });

TEST(CliBadArgument, HelpAndVersionExitZero) {
  const ProcessResult help = cli({"run", "--help"});
  EXPECT_EQ(help.status, 0) << describe(help);
  EXPECT_TRUE(contains(help.out, "--strategy")) << help.out;
  const ProcessResult version = cli({"--version"});
  EXPECT_EQ(version.status, 0) << describe(version);
  EXPECT_TRUE(contains(version.out, "frontier-cli")) << version.out;
}

TEST(CliBadArgument, UnknownFaultInTheEnvironmentIsNamed) {
  FRONTIER_REQUIRE_DATA("karate.txt");
  const ProcessResult r = cli({"run", dataPath("karate.txt"), "--pairs", "random:4"}, {"FRONTIER_INJECT_FAULT=melt@3"});
  EXPECT_EQ(r.status, 2) << describe(r);
  EXPECT_TRUE(contains(r.err, "FRONTIER_INJECT_FAULT")) << r.err;
  EXPECT_TRUE(contains(r.err, "melt@3")) << r.err;
}

TEST(CliBadFile, MalformedEdgeListNamesFileLineAndColumn) {
  TempDir dir;
  const std::string bad = dir.write("bad.txt", "# Undirected graph\n0 1\n1 2\n2 x\n3 4\n");
  for (const std::string& command : std::vector<std::string>{"info", "run", "paths", "convert"}) {
    std::vector<std::string> args{command, bad};
    if (command == "run" || command == "paths") {
      args.insert(args.end(), {"--pairs", "random:2", "-o", dir / "out.csv"});
    } else if (command == "convert") {
      args.push_back(dir / "out.csv");
    }
    const ProcessResult r = cli(args);
    EXPECT_EQ(r.status, 1) << command << ": " << describe(r);
    EXPECT_TRUE(contains(r.err, bad + ":4:3:")) << command << ": " << r.err;
    EXPECT_TRUE(contains(r.err, "found 'x'")) << command << ": " << r.err;
    EXPECT_FALSE(std::filesystem::exists(dir / "out.csv")) << command << " wrote an output";
  }
}

TEST(CliBadFile, MalformedMatrixMarketNamesTheLine) {
  TempDir dir;
  const std::string bad =
      dir.write("bad.mtx", "%%MatrixMarket matrix coordinate pattern general\n% comment\n3 3 2\n1 2\n2 7\n");
  const ProcessResult r = cli({"info", bad});
  EXPECT_EQ(r.status, 1) << describe(r);
  EXPECT_TRUE(contains(r.err, bad + ":5:")) << r.err;
}

TEST(CliBadFile, PairsFileWithAnUnknownVertexNamesTheLine) {
  FRONTIER_REQUIRE_DATA("karate.txt");
  TempDir dir;
  const std::string pairs = dir.write("pairs.csv", "source,destination\n0,1\n\n5,999\n");
  const ProcessResult r = cli({"run", dataPath("karate.txt"), "--pairs-file", pairs, "-o", dir / "out.csv"});
  EXPECT_EQ(r.status, 1) << describe(r);
  EXPECT_TRUE(contains(r.err, pairs + ":4:3: unknown destination id 999")) << r.err;
  EXPECT_FALSE(std::filesystem::exists(dir / "out.csv"));
}

TEST(CliBadFile, PairsFileWithoutHeaderIsRejected) {
  FRONTIER_REQUIRE_DATA("karate.txt");
  TempDir dir;
  const std::string pairs = dir.write("pairs.csv", "0,1\n2,3\n");
  const ProcessResult r = cli({"paths", dataPath("karate.txt"), "--pairs-file", pairs, "-o", "-"});
  EXPECT_EQ(r.status, 1) << describe(r);
  EXPECT_TRUE(contains(r.err, pairs + ":1:")) << r.err;
  EXPECT_TRUE(contains(r.err, "source,destination")) << r.err;
  EXPECT_TRUE(r.out.empty()) << r.out;
}

TEST(CliBadFile, MissingGraphFileIsNamed) {
  TempDir dir;
  const std::string missing = dir / "no-such-graph.txt";
  for (const std::string& command : std::vector<std::string>{"info", "run", "sssp"}) {
    std::vector<std::string> args{command, missing};
    if (command != "info") {
      args.insert(args.end(), {"--pairs", "random:2"});
    }
    const ProcessResult r = cli(args);
    EXPECT_EQ(r.status, 1) << command << ": " << describe(r);
    EXPECT_TRUE(contains(r.err, missing)) << command << ": " << r.err;
    EXPECT_TRUE(contains(r.err, "cannot open")) << command << ": " << r.err;
  }
}

TEST(CliBadFile, UnknownDeviceIsNamedWithTheDevicesThereAre) {
  FRONTIER_REQUIRE_DATA("karate.txt");
  const ProcessResult r = cli({"run", dataPath("karate.txt"), "--pairs", "random:4", "--device", "quantum-gpu"});
  EXPECT_EQ(r.status, 1) << describe(r);
  EXPECT_TRUE(contains(r.err, "no Vulkan device matches 'quantum-gpu'")) << r.err;
  EXPECT_TRUE(contains(r.err, "device 0")) << r.err;
}

} // namespace
} // namespace frontier::clitest
