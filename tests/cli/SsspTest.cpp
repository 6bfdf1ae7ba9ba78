// `frontier-cli sssp`: weighted lengths on the Vulkan device against the
// tests' own Dijkstra on the tests' own reading of the file.

#include <nlohmann/json.hpp>

#include "CliSupport.h"

namespace frontier::clitest {
namespace {

// Integer weights: the lengths are exact integers, "-1" when unreachable.
void expectDijkstraMatch(const RefGraph& g, const std::vector<ResultRow>& rows) {
  std::map<uint64_t, std::map<uint64_t, double>> cache;
  for (const ResultRow& row : rows) {
    auto found = cache.find(row.source);
    if (found == cache.end()) {
      found = cache.emplace(row.source, dijkstra(g, row.source)).first;
    }
    const auto it = found->second.find(row.destination);
    const std::string expected = it == found->second.end() ? "-1" : std::to_string(static_cast<int64_t>(it->second));
    EXPECT_EQ(row.length, expected) << row.source << " -> " << row.destination;
  }
}

class CliSsspAlgorithm : public ::testing::TestWithParam<std::string> {};

TEST_P(CliSsspAlgorithm, LesmisLengthsEqualAnIndependentDijkstra) {
  FRONTIER_REQUIRE_DATA("lesmis.graph");
  TempDir dir;
  const ProcessResult r = cli({"sssp", dataPath("lesmis.graph"), "--algorithm", GetParam(), "--pairs", "random:24",
                               "--seed", "9", "-o", dir / "r.csv", "--verify"});
  ASSERT_EQ(r.status, 0) << describe(r);
  EXPECT_TRUE(contains(r.err, "verify: 0 of 24 pairs differ")) << r.err;
  const std::string text = readText(dir / "r.csv");
  EXPECT_EQ(text.rfind("source,destination,length\n", 0), 0U) << text;
  const std::vector<ResultRow> rows = parseResults(text);
  EXPECT_EQ(rows.size(), 24U);
  const RefGraph g = readMetis(dataPath("lesmis.graph"));
  expectDijkstraMatch(g, rows);
  // The weights matter: some shortest path is longer than its hop count.
  bool weightsMatter = false;
  for (const ResultRow& row : rows) {
    weightsMatter = weightsMatter || std::stoll(row.length) > hops(g, row.source, row.destination);
  }
  EXPECT_TRUE(weightsMatter);
}

INSTANTIATE_TEST_SUITE_P(Algorithms, CliSsspAlgorithm,
                         ::testing::Values("auto", "resident", "batched", "near-far", "delta-step", "bellman-ford"),
                         [](const ::testing::TestParamInfo<std::string>& param) {
                           std::string name;
                           for (const char c : param.param) {
                             name += c == '-' ? '_' : c;
                           }
                           return name;
                         });

TEST(CliSssp, UnreachableIsMinusOneAndPairsKeepTheirOrder) {
  TempDir dir;
  // Two components; the heavy direct edge 0-2 loses to the path through 1.
  const std::string graph = dir.write("w.txt", "# Undirected graph\n0 1 5\n1 2 7\n0 2 20\n3 4 1\n");
  const std::string pairs = dir.write("p.csv", "source,destination\n0,2\n0,4\n2,0\n3,4\n4,4\n");
  const ProcessResult r = cli({"sssp", graph, "--pairs-file", pairs, "-o", "-"});
  ASSERT_EQ(r.status, 0) << describe(r);
  const std::vector<ResultRow> rows = parseResults(r.out);
  ASSERT_EQ(rows.size(), 5U);
  const std::vector<std::string> expected = {"12", "-1", "12", "1", "0"};
  for (size_t i = 0; i < rows.size(); ++i) {
    EXPECT_EQ(rows[i].length, expected[i]) << "row " << i;
  }
  expectDijkstraMatch(readEdgeList(graph, false), rows);
}

TEST(CliSssp, GeneratedWeightedGridEqualsDijkstra) {
  TempDir dir;
  ASSERT_EQ(cli({"generate", "grid:8x8", "--weights", "20", "-o", dir / "g.txt"}).status, 0);
  // Batched: several relax iterations to read (the default, auto, runs the
  // resident engine on this grid: one iteration per batch).
  const ProcessResult r = cli({"sssp", dir / "g.txt", "--algorithm", "batched", "--delta", "6", "--batch", "4", "--pairs",
                               "random:20", "--seed", "2", "-o", dir / "r.csv", "--iterations-csv", dir / "it.csv"});
  ASSERT_EQ(r.status, 0) << describe(r);
  expectDijkstraMatch(readEdgeList(dir / "g.txt", false), parseResults(readText(dir / "r.csv")));
  const std::vector<CsvRow> iterations = parseCsv(readText(dir / "it.csv"));
  ASSERT_GE(iterations.size(), 2U);
  column(iterations[0], "near_size");
  column(iterations[0], "far_size");
  column(iterations[0], "settled");
}

// --random-weights draws an arc's weight from its ends in the file's
// order, so renumbering the vertices (--vertex-order rcm) weighs the same
// graph: the same lengths for the same file ids, each Dijkstra's.
TEST(CliSssp, RandomWeightsDoNotDependOnTheVertexOrder) {
  TempDir dir;
  ASSERT_EQ(cli({"generate", "grid:9x14", "-o", dir / "g.txt"}).status, 0);
  ASSERT_EQ(cli({"generate", "grid:9x14", "--weights", "50", "--weight-seed", "4", "-o", dir / "w.txt"}).status, 0);
  const std::string pairs = dir.write("p.csv", "source,destination\n0,125\n17,3\n60,61\n99,99\n125,0\n");
  std::vector<std::string> lengths;
  for (const char* order : {"file", "rcm"}) {
    const ProcessResult r = cli({"sssp", dir / "g.txt", "--random-weights", "50", "--weight-seed", "4",
                                 "--vertex-order", order, "--pairs-file", pairs, "-o", dir / "r.csv"});
    ASSERT_EQ(r.status, 0) << describe(r);
    lengths.push_back(readText(dir / "r.csv"));
    // The same weights as `generate --weights` writes into the file.
    expectDijkstraMatch(readEdgeList(dir / "w.txt", false), parseResults(lengths.back()));
  }
  EXPECT_EQ(lengths[0], lengths[1]);
}

TEST(CliSssp, JsonReportAndTraceDescribeTheRun) {
  FRONTIER_REQUIRE_DATA("lesmis.graph");
  // The default (auto: lesmis has a mean degree of 6.6 and fits, so the
  // resident engine) and the batched engine.
  for (const auto& [algorithm, engine] : std::vector<std::pair<std::string, std::string>>{
           {"auto", "resident"}, {"batched", "batched"}}) {
    SCOPED_TRACE(algorithm);
    TempDir dir;
    const ProcessResult r = cli({"sssp", dataPath("lesmis.graph"), "--pairs", "random:8", "--algorithm", algorithm,
                                 "--json", dir / "r.json", "--trace", dir / "t.json"});
    ASSERT_EQ(r.status, 0) << describe(r);
    const nlohmann::json j = nlohmann::json::parse(readText(dir / "r.json"));
    EXPECT_EQ(j.at("algorithm").get<std::string>(), "sssp");
    EXPECT_EQ(j.at("strategy").get<std::string>(), engine);
    EXPECT_EQ(j.at("pairs").get<uint64_t>(), 8U);
    EXPECT_EQ(j.at("graph").at("vertices").get<uint64_t>(), 77U);
    EXPECT_EQ(j.at("graph").at("arcs").get<uint64_t>(), 2U * 254U);
    EXPECT_TRUE(j.at("iterations").is_array());
    EXPECT_FALSE(j.at("iterations").empty());
    EXPECT_GT(j.at("totals").at("edges_examined").get<uint64_t>(), 0U);
    const nlohmann::json t = nlohmann::json::parse(readText(dir / "t.json"));
    std::set<std::string> counters;
    for (const nlohmann::json& e : t.at("traceEvents")) {
      if (e.at("ph") == "C") {
        counters.insert(e.at("name").get<std::string>());
      }
    }
    EXPECT_FALSE(counters.empty());
    // Per-query progress: rows [batch, step, query, settled], a counter
    // track per query; lesmis has 77 vertices, so a query reaches at most
    // 76 besides its source.
    ASSERT_TRUE(j.contains("query_progress"));
    std::set<uint64_t> queries;
    for (const nlohmann::json& row : j.at("query_progress")) {
      ASSERT_EQ(row.size(), 4U);
      queries.insert(row.at(2).get<uint64_t>());
      EXPECT_GE(row.at(3).get<uint64_t>(), 1U);
      EXPECT_LE(row.at(3).get<uint64_t>(), 76U);
    }
    EXPECT_FALSE(queries.empty());
    for (const uint64_t q : queries) {
      EXPECT_LT(q, 8U);
      EXPECT_TRUE(counters.count("settled, query " + std::to_string(q))) << q;
    }
  }
}

TEST(CliSssp, UnweightedGraphCountsEveryArcAsOne) {
  FRONTIER_REQUIRE_DATA("karate.txt");
  const ProcessResult r = cli({"sssp", dataPath("karate.txt"), "--pairs", "random:16", "-o", "-"});
  ASSERT_EQ(r.status, 0) << describe(r);
  EXPECT_TRUE(contains(r.err, "has no weights; every arc weighs 1")) << r.err;
  expectHopsMatch(readEdgeList(dataPath("karate.txt"), false), parseResults(r.out));
}

} // namespace
} // namespace frontier::clitest
