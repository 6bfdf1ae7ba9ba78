// `frontier-cli run --strategy SPEC` takes every spec of the one grammar,
// iBFS strategies and shortest-path algorithms alike; a bad spec exits 2
// naming the bad part and listing what is allowed there.

#include <fstream>
#include <sstream>

#include "CliSupport.h"

namespace frontier::clitest {
namespace {

// DIMACS shortest-path arcs ("a u v w"), read here, apart from the tool.
RefGraph readDimacsArcs(const std::filesystem::path& file) {
  RefGraph g;
  g.directed = true;
  g.weighted = true;
  std::ifstream in(file);
  std::string line;
  while (std::getline(in, line)) {
    if (line.rfind("a ", 0) == 0) {
      std::istringstream fields(line.substr(2));
      uint64_t u = 0;
      uint64_t v = 0;
      double w = 0;
      fields >> u >> v >> w;
      g.addEdge(u, v, w);
    } else if (line.rfind("p sp ", 0) == 0) {
      std::istringstream fields(line.substr(5));
      uint64_t n = 0;
      fields >> n;
      for (uint64_t v = 1; v <= n; ++v) {
        g.vertices.insert(v);
      }
    }
  }
  return g;
}

TEST(CliRunSpec, AmsterdamNearFarGivesDijkstrasLengths) {
  FRONTIER_REQUIRE_DATA("amsterdam-roads.gr");
  const RefGraph g = readDimacsArcs(dataPath("amsterdam-roads.gr"));
  ASSERT_EQ(g.vertices.size(), 68213U);
  // Sources and destinations spread over the id range; some lie outside the
  // largest component, so unreachable pairs are among them.
  std::vector<uint64_t> ids;
  for (uint64_t v = 1; v <= 68213; v += 4547) {
    ids.push_back(v);
  }
  TempDir dir;
  std::string pairs = "source,destination\n";
  for (size_t i = 0; i + 1 < ids.size(); ++i) {
    pairs += std::to_string(ids[i]) + "," + std::to_string(ids[ids.size() - 1 - i]) + "\n";
  }
  const std::string pairsFile = dir.write("p.csv", pairs);
  const ProcessResult r = cli({"run", dataPath("amsterdam-roads.gr"), "--strategy", "near-far+delta=500",
                               "--pairs-file", pairsFile, "--output", dir / "o.csv"});
  ASSERT_EQ(r.status, 0) << describe(r);
  const std::vector<ResultRow> rows = parseResults(readText(dir / "o.csv"));
  ASSERT_EQ(rows.size(), ids.size() - 1);
  size_t reachable = 0;
  for (const ResultRow& row : rows) {
    const std::map<uint64_t, double> distance = dijkstra(g, row.source);
    const auto it = distance.find(row.destination);
    const std::string expected = it == distance.end() ? "-1" : std::to_string(static_cast<int64_t>(it->second));
    EXPECT_EQ(row.length, expected) << row.source << " -> " << row.destination;
    reachable += it == distance.end() ? 0U : 1U;
  }
  EXPECT_GT(reachable, 0U);
}

TEST(CliRunSpec, IbfsSpecWithSwitchesGivesBfsHops) {
  FRONTIER_REQUIRE_DATA("karate.txt");
  TempDir dir;
  const ProcessResult r = cli({"run", dataPath("karate.txt"), "--undirected", "--strategy", "coalesced+adaptive+lb",
                               "--pairs", "random:20", "--seed", "4", "-o", dir / "o.csv"});
  ASSERT_EQ(r.status, 0) << describe(r);
  const std::vector<ResultRow> rows = parseResults(readText(dir / "o.csv"));
  EXPECT_EQ(rows.size(), 20U);
  expectHopsMatch(readEdgeList(dataPath("karate.txt"), false), rows);
}

TEST(CliRunSpec, SsspIsASynonymOfRunWithTheSpec) {
  FRONTIER_REQUIRE_DATA("lesmis.graph");
  const ProcessResult viaRun = cli({"run", dataPath("lesmis.graph"), "--strategy", "delta-step+delta=3+B=4+Q=8",
                                    "--pairs", "random:30", "--seed", "5", "-o", "-"});
  const ProcessResult viaSssp =
      cli({"sssp", dataPath("lesmis.graph"), "--algorithm", "delta-step", "--delta", "3", "--batch", "4", "--queries",
           "8", "--pairs", "random:30", "--seed", "5", "-o", "-"});
  ASSERT_EQ(viaRun.status, 0) << describe(viaRun);
  ASSERT_EQ(viaSssp.status, 0) << describe(viaSssp);
  EXPECT_EQ(viaRun.out, viaSssp.out);
  const RefGraph g = readMetis(dataPath("lesmis.graph"));
  for (const ResultRow& row : parseResults(viaRun.out)) {
    const std::map<uint64_t, double> distance = dijkstra(g, row.source);
    const auto it = distance.find(row.destination);
    EXPECT_EQ(row.length, it == distance.end() ? "-1" : std::to_string(static_cast<int64_t>(it->second)));
  }
}

struct BadSpec {
  std::string name;
  std::vector<std::string> extra;    // after run GRAPH --pairs random:4 -o OUT
  std::vector<std::string> mustName; // the bad part, and what is allowed there
};

std::ostream& operator<<(std::ostream& out, const BadSpec& bad) {
  return out << bad.name;
}

class CliBadSpec : public ::testing::TestWithParam<BadSpec> {};

TEST_P(CliBadSpec, ExitsTwoNamingTheBadPartAndWhatIsAllowed) {
  FRONTIER_REQUIRE_DATA("lesmis.graph");
  TempDir dir;
  std::vector<std::string> args = {"run", dataPath("lesmis.graph"), "--pairs", "random:4", "-o", dir / "out.csv"};
  args.insert(args.end(), GetParam().extra.begin(), GetParam().extra.end());
  const ProcessResult r = cli(args);
  EXPECT_EQ(r.status, 2) << describe(r);
  for (const std::string& part : GetParam().mustName) {
    EXPECT_TRUE(contains(r.err, part)) << "the message should name '" << part << "':\n" << r.err;
  }
  EXPECT_FALSE(std::filesystem::exists(dir / "out.csv")) << "a failed command wrote its output";
}

INSTANTIATE_TEST_SUITE_P(
    Cases, CliBadSpec,
    ::testing::Values(
        BadSpec{
            "UnknownAlgorithm", {"--strategy", "a-star+delta=5"}, {"'a-star'", "near-far", "bellman-ford", "tuned"}},
        BadSpec{"UnknownSwitch", {"--strategy", "near-far+warp"}, {"'warp'", "delta=D", "B=N", "Q=N"}},
        BadSpec{"NegativeDelta", {"--strategy", "delta-step+delta=-3"}, {"'delta=-3'", "positive", "B=N"}},
        BadSpec{"DeltaOnAnIbfsStrategy", {"--strategy", "coalesced+delta=500"}, {"'delta=500'", "lb", "adaptive"}},
        BadSpec{"BatchOutOfRange", {"--strategy", "near-far+B=65"}, {"'B=65'", "1..64"}},
        BadSpec{"IbfsOverrideOnAShortestPathSpec",
                {"--strategy", "near-far", "--direction", "beamer"},
                {"near-far", "--direction", "iBFS"}}),
    [](const ::testing::TestParamInfo<BadSpec>& param) { return param.param.name; });

} // namespace
} // namespace frontier::clitest
