// `frontier-cli run` (the iBFS engine on the Vulkan device) and `paths` (the
// CPU): every length against the tests' own BFS, the reports parsed field by
// field.

#include <cmath>

#include <nlohmann/json.hpp>

#include "CliSupport.h"

namespace frontier::clitest {
namespace {

TEST(CliRun, KarateLengthsEqualAnIndependentBfs) {
  FRONTIER_REQUIRE_DATA("karate.txt");
  TempDir dir;
  const ProcessResult r =
      cli({"run", dataPath("karate.txt"), "--pairs", "random:24", "--seed", "5", "-o", dir / "r.csv"});
  ASSERT_EQ(r.status, 0) << describe(r);
  const std::vector<ResultRow> rows = parseResults(readText(dir / "r.csv"));
  EXPECT_EQ(rows.size(), 24U);
  expectHopsMatch(readEdgeList(dataPath("karate.txt"), false), rows);
  EXPECT_TRUE(contains(r.err, "24 pairs")) << r.err;
}

class CliRunStrategy : public ::testing::TestWithParam<std::string> {};

TEST_P(CliRunStrategy, FacebookLengthsEqualAnIndependentBfs) {
  FRONTIER_REQUIRE_DATA("facebook_combined.txt");
  TempDir dir;
  const ProcessResult r = cli({"run", dataPath("facebook_combined.txt"), "--strategy", GetParam(), "--pairs",
                               "random:32", "--seed", "7", "--output", dir / "r.csv", "--verify"});
  ASSERT_EQ(r.status, 0) << describe(r);
  EXPECT_TRUE(contains(r.err, "verified: every length equals the CPU reference")) << r.err;
  const std::vector<ResultRow> rows = parseResults(readText(dir / "r.csv"));
  EXPECT_EQ(rows.size(), 32U);
  expectHopsMatch(readEdgeList(dataPath("facebook_combined.txt"), false), rows);
}

INSTANTIATE_TEST_SUITE_P(Strategies, CliRunStrategy,
                         ::testing::Values("workgroups", "coalesced", "coalesced-bottom-up", "tuned",
                                           "coalesced-bottom-up+beamer+lb"),
                         [](const ::testing::TestParamInfo<std::string>& param) {
                           std::string name;
                           for (const char c : param.param) {
                             name += std::isalnum(static_cast<unsigned char>(c)) ? c : '_';
                           }
                           return name;
                         });

TEST(CliRun, PairsFileKeepsItsOrderAndReportsUnreachableAsMinusOne) {
  TempDir dir;
  // Directed (declared by SNAP's header): 2 -> 0 has no path, 7 is isolated
  // from 5 by direction, a pair of a vertex with itself has length 0.
  const std::string graph = dir.write("g.txt", "# Directed graph\n0 1\n1 2\n2 3\n3 10\n5 7\n10 11\n");
  const std::string pairs = dir.write("p.csv", "source,destination\n0,11\n2,0\n5,7\n7,5\n3,3\n0,3\n10,2\n");
  const ProcessResult r = cli({"run", graph, "--pairs-file", pairs, "-o", dir / "r.csv"});
  ASSERT_EQ(r.status, 0) << describe(r);
  const std::vector<ResultRow> rows = parseResults(readText(dir / "r.csv"));
  const std::vector<std::tuple<uint64_t, uint64_t, std::string>> expected = {
      {0, 11, "5"}, {2, 0, "-1"}, {5, 7, "1"}, {7, 5, "-1"}, {3, 3, "0"}, {0, 3, "3"}, {10, 2, "-1"}};
  ASSERT_EQ(rows.size(), expected.size());
  for (size_t i = 0; i < rows.size(); ++i) {
    EXPECT_EQ(rows[i].source, std::get<0>(expected[i])) << "row " << i;
    EXPECT_EQ(rows[i].destination, std::get<1>(expected[i])) << "row " << i;
    EXPECT_EQ(rows[i].length, std::get<2>(expected[i])) << "row " << i;
  }
  expectHopsMatch(readEdgeList(graph, true), rows);
}

// A grid generator's vertex r * cols + c sits at (c, r): every length is
// the Manhattan distance.
void expectManhattan(const std::vector<ResultRow>& rows, int64_t cols) {
  for (const ResultRow& row : rows) {
    const auto s = static_cast<int64_t>(row.source);
    const auto d = static_cast<int64_t>(row.destination);
    EXPECT_EQ(row.length, std::to_string(std::llabs(s / cols - d / cols) + std::llabs(s % cols - d % cols)))
        << row.source << " -> " << row.destination;
  }
}

TEST(CliRun, GridLengthsAreManhattanDistances) {
  // A generator spec as the graph: vertex r*cols + c sits at (c, r).
  const ProcessResult r =
      cli({"run", "grid:9x7", "--strategy", "coalesced-bottom-up", "--pairs", "random:40", "-o", "-"});
  ASSERT_EQ(r.status, 0) << describe(r);
  const std::vector<ResultRow> rows = parseResults(r.out);
  ASSERT_EQ(rows.size(), 40U);
  expectManhattan(rows, 7);
}

TEST(CliRun, DirectedWikiVoteWithBottomUpMatchesBfs) {
  FRONTIER_REQUIRE_DATA("wiki-Vote.txt");
  TempDir dir;
  const ProcessResult r = cli({"run", dataPath("wiki-Vote.txt"), "--strategy", "coalesced-bottom-up", "--pairs",
                               "random:24", "--seed", "3", "-o", dir / "r.csv"});
  ASSERT_EQ(r.status, 0) << describe(r);
  const std::vector<ResultRow> rows = parseResults(readText(dir / "r.csv"));
  ASSERT_EQ(rows.size(), 24U);
  const RefGraph g = readEdgeList(dataPath("wiki-Vote.txt"), true);
  expectHopsMatch(g, rows);
  size_t unreachable = 0;
  for (const ResultRow& row : rows) {
    unreachable += row.length == "-1" ? 1U : 0U;
  }
  EXPECT_GT(unreachable, 0U) << "random pairs on wiki-Vote should include unreachable ones";
}

// Renumbered for locality (reverse Cuthill-McKee), on the command line and
// stored by convert: the pairs and the results still speak of the file's
// vertices, and the lengths are those of an independent BFS over the file.
TEST(CliRun, VertexOrderRcmKeepsFileIdsAndLengths) {
  FRONTIER_REQUIRE_DATA("wiki-Vote.txt");
  TempDir dir;
  const std::string pairs = dir.write("p.csv", "source,destination\n3,28\n30,3\n8296,4037\n5,5\n2565,766\n");
  const ProcessResult r = cli({"run", dataPath("wiki-Vote.txt"), "--vertex-order", "rcm", "--strategy", "tuned",
                               "--pairs-file", pairs, "-o", dir / "r.csv"});
  ASSERT_EQ(r.status, 0) << describe(r);
  const RefGraph g = readEdgeList(dataPath("wiki-Vote.txt"), true);
  const std::vector<ResultRow> rows = parseResults(readText(dir / "r.csv"));
  ASSERT_EQ(rows.size(), 5U);
  EXPECT_EQ(rows[0].source, 3U);
  EXPECT_EQ(rows[2].destination, 4037U);
  expectHopsMatch(g, rows);
  const ProcessResult converted =
      cli({"convert", dataPath("wiki-Vote.txt"), "--vertex-order", "rcm", dir / "rcm.fgraph"});
  ASSERT_EQ(converted.status, 0) << describe(converted);
  const ProcessResult again = cli({"run", dir / "rcm.fgraph", "--strategy", "coalesced-bottom-up", "--pairs",
                                   "random:24", "--seed", "3", "-o", dir / "again.csv"});
  ASSERT_EQ(again.status, 0) << describe(again);
  const std::vector<ResultRow> stored = parseResults(readText(dir / "again.csv"));
  ASSERT_EQ(stored.size(), 24U);
  expectHopsMatch(g, stored);
}

// `--vertex-order auto` numbers a long, thin graph in RCM order and says
// so; the pairs and lengths still speak of the file's vertices (a grid's
// Manhattan distances), the random pairs are the file order's; the default
// (file) keeps the file's order, and auto keeps it for a graph with hubs.
TEST(CliRun, AutoOrderRenumbersLongThinGraphs) {
  const ProcessResult r = cli({"run", "grid:40x30", "--strategy", "tuned", "--vertex-order", "auto", "--pairs",
                               "random:60", "-o", "-"});
  ASSERT_EQ(r.status, 0) << describe(r);
  EXPECT_TRUE(contains(r.err, "reverse Cuthill-McKee")) << r.err;
  const std::vector<ResultRow> rows = parseResults(r.out);
  ASSERT_EQ(rows.size(), 60U);
  expectManhattan(rows, 30);
  const ProcessResult file = cli({"run", "grid:40x30", "--strategy", "tuned", "--pairs", "random:60", "-o", "-"});
  ASSERT_EQ(file.status, 0) << describe(file);
  EXPECT_FALSE(contains(file.err, "Cuthill")) << file.err;
  EXPECT_EQ(file.out, r.out);  // the same pairs, the same lengths
  const ProcessResult hubs =
      cli({"run", "kronecker:scale=11,edgefactor=8", "--vertex-order", "auto", "--pairs", "random:8", "-o", "-"});
  ASSERT_EQ(hubs.status, 0) << describe(hubs);
  EXPECT_FALSE(contains(hubs.err, "Cuthill")) << hubs.err;
}

TEST(CliRun, ManyPairsSplitIntoBatchesStayExact) {
  FRONTIER_REQUIRE_DATA("karate.txt");
  TempDir dir;
  const ProcessResult r = cli({"run", dataPath("karate.txt"), "--searches-per-batch", "32", "--pairs", "random:80",
                               "-o", dir / "r.csv", "--json", dir / "r.json"});
  ASSERT_EQ(r.status, 0) << describe(r);
  const std::vector<ResultRow> rows = parseResults(readText(dir / "r.csv"));
  EXPECT_EQ(rows.size(), 80U);
  expectHopsMatch(readEdgeList(dataPath("karate.txt"), false), rows);
  const nlohmann::json j = nlohmann::json::parse(readText(dir / "r.json"));
  EXPECT_EQ(j.at("searches_per_batch").get<uint32_t>(), 32U);
  EXPECT_GE(j.at("batches").get<uint32_t>(), 2U) << "80 searches do not fit one batch of 32";
}

TEST(CliRun, JsonReportDescribesTheRun) {
  FRONTIER_REQUIRE_DATA("karate.txt");
  TempDir dir;
  const ProcessResult r =
      cli({"run", dataPath("karate.txt"), "--strategy", "workgroups", "--pairs", "random:8", "--json", dir / "r.json"});
  ASSERT_EQ(r.status, 0) << describe(r);
  const nlohmann::json j = nlohmann::json::parse(readText(dir / "r.json"));
  EXPECT_EQ(j.at("algorithm").get<std::string>(), "ibfs");
  EXPECT_EQ(j.at("strategy").get<std::string>(), "workgroups");
  EXPECT_EQ(j.at("pairs").get<uint64_t>(), 8U);
  EXPECT_EQ(j.at("graph").at("vertices").get<uint64_t>(), 34U);
  EXPECT_EQ(j.at("graph").at("arcs").get<uint64_t>(), 156U);
  EXPECT_FALSE(j.at("graph").at("directed").get<bool>());
  EXPECT_EQ(j.at("graph").at("direction_source").get<std::string>(), "format default");
  EXPECT_FALSE(j.at("device").get<std::string>().empty());
  const nlohmann::json& iterations = j.at("iterations");
  ASSERT_TRUE(iterations.is_array());
  EXPECT_EQ(iterations.size(), j.at("totals").at("iterations").get<size_t>());
  // Every level's new (vertex, search) pairs add up to the total.
  uint64_t newly = 0;
  for (const nlohmann::json& it : iterations) {
    newly += it.at("newly_visited").get<uint64_t>();
    EXPECT_EQ(it.at("direction").get<std::string>(), "top-down"); // workgroups never pulls
  }
  EXPECT_EQ(newly, j.at("totals").at("newly_visited").get<uint64_t>());
  // The first level's frontier is the distinct sources.
  EXPECT_GE(iterations.at(0).at("jfq_length").get<uint64_t>(), 1U);
  EXPECT_LE(iterations.at(0).at("jfq_length").get<uint64_t>(), 8U);
  EXPECT_GT(j.at("totals").at("gpu_ms").get<double>(), 0.0);
  ASSERT_TRUE(j.at("kernels").is_array());
  for (const nlohmann::json& k : j.at("kernels")) {
    EXPECT_GE(k.at("duration_us").get<double>(), 0.0);
    EXPECT_FALSE(k.at("kernel").get<std::string>().empty());
  }
  EXPECT_TRUE(j.at("gpu_ms_per_kernel").contains("identify"));
}

TEST(CliRun, TraceIsChromeTraceJson) {
  FRONTIER_REQUIRE_DATA("karate.txt");
  TempDir dir;
  const ProcessResult r = cli({"run", dataPath("karate.txt"), "--strategy", "coalesced-bottom-up", "--pairs",
                               "random:8", "--trace", dir / "t.json"});
  ASSERT_EQ(r.status, 0) << describe(r);
  const nlohmann::json t = nlohmann::json::parse(readText(dir / "t.json"));
  ASSERT_TRUE(t.at("traceEvents").is_array());
  std::set<std::string> processNames;
  std::set<std::string> kernels;
  size_t counters = 0;
  for (const nlohmann::json& e : t.at("traceEvents")) {
    const std::string ph = e.at("ph").get<std::string>();
    EXPECT_TRUE(e.contains("pid"));
    if (ph == "M" && e.at("name") == "process_name") {
      processNames.insert(e.at("args").at("name").get<std::string>());
    } else if (ph == "X") {
      EXPECT_GE(e.at("ts").get<double>(), 0.0);
      EXPECT_GE(e.at("dur").get<double>(), 0.0);
      EXPECT_TRUE(e.contains("tid"));
      kernels.insert(e.at("name").get<std::string>());
    } else if (ph == "C") {
      ++counters;
      EXPECT_TRUE(e.at("args").is_object());
    }
  }
  EXPECT_EQ(processNames, std::set<std::string>{"coalesced-bottom-up"});
  EXPECT_TRUE(kernels.count("identify")) << "no identify dispatch in the trace";
  EXPECT_GT(counters, 0U);
}

// One search from 16 to 26 on karate (26 is 5 hops away): before the
// destination is reached, level k's joint frontier is exactly the vertices at
// distance k, and the edges examined are their degrees.
TEST(CliRun, IterationsCsvFollowsTheBfsLevels) {
  FRONTIER_REQUIRE_DATA("karate.txt");
  TempDir dir;
  const std::string pairs = dir.write("p.csv", "source,destination\n16,26\n");
  const ProcessResult r = cli({"run", dataPath("karate.txt"), "--strategy", "coalesced", "--pairs-file", pairs,
                               "--iterations-csv", dir / "it.csv", "-o", dir / "r.csv"});
  ASSERT_EQ(r.status, 0) << describe(r);
  const RefGraph g = readEdgeList(dataPath("karate.txt"), false);
  const std::map<uint64_t, int64_t> levels = bfs(g, 16);
  const int64_t target = levels.at(26);
  ASSERT_EQ(target, 5);
  std::map<int64_t, uint64_t> count;
  std::map<int64_t, uint64_t> degrees;
  for (const auto& [v, level] : levels) {
    ++count[level];
    degrees[level] += g.degree(v);
  }
  const std::vector<CsvRow> rows = parseCsv(readText(dir / "it.csv"));
  ASSERT_GE(rows.size(), static_cast<size_t>(target) + 1);
  const CsvRow& header = rows[0];
  const size_t levelColumn = column(header, "level");
  const size_t jfq = column(header, "jfq_length");
  const size_t newly = column(header, "newly_visited");
  const size_t edges = column(header, "edges_examined");
  const size_t direction = column(header, "direction");
  for (size_t i = 1; i < rows.size(); ++i) {
    const int64_t level = std::stoll(rows[i][levelColumn]);
    EXPECT_EQ(level, static_cast<int64_t>(i) - 1);
    if (level >= target) {
      continue;
    }
    EXPECT_EQ(std::stoull(rows[i][jfq]), count[level]) << "level " << level;
    EXPECT_EQ(std::stoull(rows[i][newly]), count[level]) << "level " << level;
    EXPECT_EQ(std::stoull(rows[i][edges]), degrees[level]) << "level " << level;
    EXPECT_EQ(rows[i][direction], "top-down");
  }
  EXPECT_EQ(parseResults(readText(dir / "r.csv")).at(0).length, "5");
}

// tuned hands its pairs to the pair engine with every arc weighing 1: on a
// weighted graph (Les Miserables' co-appearance counts, up to 31) its
// lengths are still hop counts, and the run says which engine answered;
// --step and options past the spec keep the BFS engine.
TEST(CliRun, TunedGivesHopCountsOnAWeightedGraph) {
  FRONTIER_REQUIRE_DATA("lesmis.graph");
  TempDir dir;
  const ProcessResult r = cli({"run", dataPath("lesmis.graph"), "--strategy", "tuned", "--pairs", "random:300",
                               "--seed", "4", "-o", dir / "r.csv"});
  ASSERT_EQ(r.status, 0) << describe(r);
  EXPECT_TRUE(contains(r.err, "lengths in hops")) << r.err;
  EXPECT_TRUE(contains(r.err, "hop counts by the pairs engine")) << r.err;
  const RefGraph g = readMetis(dataPath("lesmis.graph"));  // its BFS counts arcs, never weights
  const std::vector<ResultRow> rows = parseResults(readText(dir / "r.csv"));
  ASSERT_EQ(rows.size(), 300U);
  expectHopsMatch(g, rows);
  const ProcessResult step =
      cli({"run", dataPath("lesmis.graph"), "--strategy", "tuned", "--pairs", "random:3", "--step"});
  ASSERT_EQ(step.status, 0) << describe(step);
  EXPECT_TRUE(contains(step.out, "batch 0 level   1 ")) << step.out;
  EXPECT_FALSE(contains(step.err, "hop counts by")) << step.err;
  // An option set past the spec (even to the preset's own value) asks for
  // the BFS engine as configured.
  const ProcessResult configured = cli({"run", dataPath("lesmis.graph"), "--strategy", "tuned", "--searches-per-batch",
                                        "1024", "--pairs", "random:300", "--seed", "4", "-o", dir / "c.csv"});
  ASSERT_EQ(configured.status, 0) << describe(configured);
  EXPECT_FALSE(contains(configured.err, "hop counts by")) << configured.err;
  expectHopsMatch(g, parseResults(readText(dir / "c.csv")));
}

TEST(CliRun, StepPrintsOneLinePerLevel) {
  FRONTIER_REQUIRE_DATA("karate.txt");
  TempDir dir;
  const std::string pairs = dir.write("p.csv", "source,destination\n16,26\n");
  const ProcessResult r = cli({"run", dataPath("karate.txt"), "--pairs-file", pairs, "--step"});
  ASSERT_EQ(r.status, 0) << describe(r);
  const RefGraph g = readEdgeList(dataPath("karate.txt"), false);
  std::map<int64_t, uint64_t> count;
  for (const auto& [v, level] : bfs(g, 16)) {
    ++count[level];
  }
  std::istringstream lines(r.out);
  std::string line;
  int64_t expectedLevel = 0;
  while (std::getline(lines, line)) {
    unsigned batch = 0;
    unsigned level = 0;
    char direction[32] = {};
    unsigned jfq = 0;
    ASSERT_EQ(std::sscanf(line.c_str(), "batch %u level %u %31s jfq %u", &batch, &level, direction, &jfq), 4) << line;
    EXPECT_EQ(level, expectedLevel);
    if (expectedLevel < 5) {
      EXPECT_EQ(jfq, count[expectedLevel]) << line;
    }
    ++expectedLevel;
  }
  EXPECT_GE(expectedLevel, 5) << r.out;
}

TEST(CliPaths, MsbfsToStdoutEqualsAnIndependentBfs) {
  FRONTIER_REQUIRE_DATA("facebook_combined.txt");
  const ProcessResult r =
      cli({"paths", dataPath("facebook_combined.txt"), "--pairs", "random:64", "--seed", "11", "-o", "-"});
  ASSERT_EQ(r.status, 0) << describe(r);
  const std::vector<ResultRow> rows = parseResults(r.out);
  EXPECT_EQ(rows.size(), 64U);
  expectHopsMatch(readEdgeList(dataPath("facebook_combined.txt"), false), rows);
  EXPECT_TRUE(contains(r.err, "64 pairs (64 reachable)")) << r.err;
}

TEST(CliPaths, TextbookMethodWithPairsFileToAFile) {
  TempDir dir;
  const std::string graph = dir.write("g.txt", "# Undirected graph\n1 2\n2 3\n3 4\n4 1\n8 9\n");
  const std::string pairs = dir.write("p.csv", "source , destination\n1,3\n9,8\n1,9\n4,4\n");
  const ProcessResult r = cli({"paths", graph, "--pairs-file", pairs, "--method", "textbook", "-o", dir / "r.csv"});
  ASSERT_EQ(r.status, 0) << describe(r);
  const std::vector<ResultRow> rows = parseResults(readText(dir / "r.csv"));
  ASSERT_EQ(rows.size(), 4U);
  EXPECT_EQ(rows[0].length, "2");
  EXPECT_EQ(rows[1].length, "1");
  EXPECT_EQ(rows[2].length, "-1");
  EXPECT_EQ(rows[3].length, "0");
  expectHopsMatch(readEdgeList(graph, false), rows);
}

} // namespace
} // namespace frontier::clitest
