// The benchmark subcommands with tiny settings (they run, exit 0, and their
// JSON has what the docs promise), `devices` and `selftest`.

#include <nlohmann/json.hpp>

#include "CliSupport.h"

namespace frontier::clitest {
namespace {

TEST(CliBench, JsonHasOneVerifiedRecordPerConfigurationAndPairCount) {
  FRONTIER_REQUIRE_DATA("karate.txt");
  TempDir dir;
  const ProcessResult r =
      cli({"bench", "--graph", dataPath("karate.txt"), "--configs", "coalesced,workgroups", "--pairs", "8,16",
           "--repeat", "1", "--warmup-ms", "0", "--verify", "--json", dir / "b.json", "--markdown", dir / "b.md"});
  ASSERT_EQ(r.status, 0) << describe(r);
  const nlohmann::json j = nlohmann::json::parse(readText(dir / "b.json"));
  EXPECT_EQ(j.at("repeat").get<unsigned>(), 1U);
  EXPECT_EQ(j.at("seed").get<uint64_t>(), 1U);
  EXPECT_TRUE(j.at("device").is_object());
  const nlohmann::json& results = j.at("results");
  ASSERT_EQ(results.size(), 4U); // 2 configurations x 2 pair counts
  std::set<std::pair<std::string, uint32_t>> seen;
  for (const nlohmann::json& rec : results) {
    seen.emplace(rec.at("configuration").get<std::string>(), rec.at("pairs").get<uint32_t>());
    EXPECT_EQ(rec.at("graph").get<std::string>(), dataPath("karate.txt"));
    EXPECT_EQ(rec.at("vertices").get<uint64_t>(), 34U);
    EXPECT_EQ(rec.at("arcs").get<uint64_t>(), 156U);
    EXPECT_EQ(rec.at("exact").get<std::string>(), "yes");
    EXPECT_GE(rec.at("gpu_ms").at("median").get<double>(), 0.0);
    EXPECT_LE(rec.at("gpu_ms").at("min").get<double>(), rec.at("gpu_ms").at("max").get<double>());
    EXPECT_TRUE(rec.at("wall_ms").contains("median"));
    EXPECT_GT(rec.at("iterations").get<uint32_t>(), 0U);
    EXPECT_TRUE(rec.at("gpu_ms_per_kernel").is_object());
    EXPECT_TRUE(rec.contains("search_edges_per_second"));
    // Work beside speed: some arcs were examined, each level at most every
    // arc once (one instance of 32 searches, one batch), and per pair is the
    // total over the pairs asked.
    const auto arcsExamined = rec.at("arcs_examined").get<uint64_t>();
    EXPECT_GT(arcsExamined, 0U);
    EXPECT_LE(arcsExamined, uint64_t{rec.at("iterations").get<uint32_t>()} * 156U);
    EXPECT_DOUBLE_EQ(rec.at("arcs_examined_per_pair").get<double>(),
                     static_cast<double>(arcsExamined) / rec.at("pairs").get<double>());
  }
  const std::set<std::pair<std::string, uint32_t>> expected = {
      {"coalesced", 8}, {"coalesced", 16}, {"workgroups", 8}, {"workgroups", 16}};
  EXPECT_EQ(seen, expected);
  EXPECT_TRUE(contains(readText(dir / "b.md"), "| graph | vertices | arcs | pairs | configuration |"));
}

TEST(CliBench, CpuReferencesAgree) {
  FRONTIER_REQUIRE_DATA("karate.txt");
  const ProcessResult r = cli({"bench-cpu", dataPath("karate.txt"), "--pairs", "random:16", "--width", "64"});
  ASSERT_EQ(r.status, 0) << describe(r);
  EXPECT_TRUE(contains(r.out, "34 vertices, 156 arcs; 16 pairs")) << r.out;
  EXPECT_TRUE(contains(r.out, "all lengths equal the textbook BFS")) << r.out;
}

TEST(CliBench, LoadBenchmarkReportsCountsAndRemovesItsCache) {
  FRONTIER_REQUIRE_DATA("karate.txt");
  TempDir dir;
  const ProcessResult r =
      cli({"bench-load", dataPath("karate.txt"), "--repeat", "1", "--cache-dir", dir.path().string()});
  ASSERT_EQ(r.status, 0) << describe(r);
  EXPECT_TRUE(contains(r.out, "34 vertices, 78 edges, 78 input edges")) << r.out;
  EXPECT_TRUE(contains(r.out, "binary cache")) << r.out;
  EXPECT_TRUE(dir.entries().empty()) << "bench-load left its cache behind";
}

TEST(CliBench, LoadBenchmarkTakesTheParseWorkers) {
  FRONTIER_REQUIRE_DATA("wiki-Vote.txt");
  TempDir dir;
  for (const char* threads : {"1", "2"}) {
    const ProcessResult r = cli({"bench-load", dataPath("wiki-Vote.txt"), "--repeat", "1", "--threads", threads,
                                 "--cache-dir", dir.path().string()});
    ASSERT_EQ(r.status, 0) << describe(r);
    EXPECT_TRUE(contains(r.out, std::string("text parsed by ") + threads + " worker")) << r.out;
    EXPECT_TRUE(contains(r.out, "7115 vertices, 103689 edges, 103689 input edges")) << r.out;
  }
}

TEST(CliBench, SsspBenchJsonRowsAreAllVerified) {
  FRONTIER_REQUIRE_DATA("lesmis.graph");
  TempDir dir;
  const ProcessResult r =
      cli({"sssp-bench", dataPath("lesmis.graph"), "--pairs", "random:8", "--delta-factors", "1", "--batches", "16",
           "--query-sweep", "4", "--repeat", "1", "--json", dir / "s.json", "-o", dir / "s.md"});
  ASSERT_EQ(r.status, 0) << describe(r);
  const nlohmann::json j = nlohmann::json::parse(readText(dir / "s.json"));
  EXPECT_EQ(j.at("graph").get<std::string>(), "lesmis.graph");
  EXPECT_EQ(j.at("pairs").get<uint64_t>(), 8U);
  EXPECT_FALSE(j.at("device").get<std::string>().empty());
  const nlohmann::json& rows = j.at("rows");
  ASSERT_GE(rows.size(), 4U);
  EXPECT_EQ(rows[0].at("algorithm").get<std::string>(), "dijkstra (cpu)");
  // The all-core CPU baseline: the same Dijkstras over every core's thread.
  EXPECT_EQ(rows[1].at("algorithm").get<std::string>().rfind("dijkstra (cpu, ", 0), 0U) << rows[1].dump();
  std::set<std::string> algorithms;
  for (const nlohmann::json& row : rows) {
    const std::string algorithm = row.at("algorithm").get<std::string>();
    algorithms.insert(algorithm.rfind("dijkstra (cpu, ", 0) == 0 ? "dijkstra (cpu, threads)" : algorithm);
    EXPECT_EQ(row.at("wrong").get<uint64_t>(), 0U) << row.dump();
    for (const char* key : {"delta", "iterations_per_submit", "queries_per_batch", "queries", "iterations",
                            "arcs_relaxed", "gpu_ms", "wall_ms"}) {
      EXPECT_TRUE(row.contains(key)) << key;
    }
  }
  EXPECT_EQ(algorithms, (std::set<std::string>{"dijkstra (cpu)", "dijkstra (cpu, threads)", "resident", "batched",
                                               "near-far", "delta-step", "bellman-ford"}));
  EXPECT_TRUE(contains(readText(dir / "s.md"), "| near-far |")) << readText(dir / "s.md");
}

// Without the one-core row the all-core Dijkstra is the oracle; the table's
// heading still counts the queries (it said 0 when the one-core row was
// left out).
TEST(CliBench, SsspBenchWithoutTheOneCoreRowCountsTheQueries) {
  FRONTIER_REQUIRE_DATA("lesmis.graph");
  TempDir dir;
  const ProcessResult r = cli({"sssp-bench", dataPath("lesmis.graph"), "--pairs", "random:8", "--no-single-core",
                               "--algorithms", "batched", "--batched-queries", "4", "--repeat", "1", "--json",
                               dir / "s.json", "-o", dir / "s.md"});
  ASSERT_EQ(r.status, 0) << describe(r);
  const nlohmann::json j = nlohmann::json::parse(readText(dir / "s.json"));
  const nlohmann::json& rows = j.at("rows");
  ASSERT_GE(rows.size(), 2U);
  EXPECT_EQ(rows[0].at("algorithm").get<std::string>().rfind("dijkstra (cpu, ", 0), 0U) << rows[0].dump();
  const uint64_t queries = rows[0].at("queries").get<uint64_t>();
  EXPECT_GE(queries, 1U);
  EXPECT_LE(queries, 8U);
  const std::string md = readText(dir / "s.md");
  EXPECT_TRUE(contains(md, "8 pairs, " + std::to_string(queries) + " queries (distinct sources)")) << md;
  for (const nlohmann::json& row : rows) {
    EXPECT_EQ(row.at("wrong").get<uint64_t>(), 0U) << row.dump();
  }
}

TEST(CliDevices, TextAndJsonListTheDevice) {
  const ProcessResult text = cli({"devices"});
  ASSERT_EQ(text.status, 0) << describe(text);
  EXPECT_TRUE(contains(text.out, "* [0] ")) << text.out;
  EXPECT_TRUE(contains(text.out, "subgroup size")) << text.out;
  const ProcessResult json = cli({"devices", "--json"});
  ASSERT_EQ(json.status, 0) << describe(json);
  const nlohmann::json j = nlohmann::json::parse(json.out);
  ASSERT_TRUE(j.at("devices").is_array());
  ASSERT_FALSE(j.at("devices").empty());
  const uint32_t chosen = j.at("default_device").get<uint32_t>();
  bool found = false;
  for (const nlohmann::json& d : j.at("devices")) {
    found = found || d.at("index").get<uint32_t>() == chosen;
    EXPECT_FALSE(d.at("name").get<std::string>().empty());
    EXPECT_TRUE(contains(text.out, d.at("name").get<std::string>())) << "the text lists every device";
    EXPECT_GE(d.at("max_subgroup_size").get<uint32_t>(), 1U);
  }
  EXPECT_TRUE(found) << "default_device is not among the devices";
  // The tests run on Mesa's lavapipe where there is no GPU.
  if (contains(text.out, "llvmpipe")) {
    EXPECT_EQ(j.at("devices")[0].at("driver_name").get<std::string>(), "llvmpipe");
  }
}

TEST(CliSelftest, BothScansPass) {
  const ProcessResult r = cli({"selftest", "--count", "5000", "--seed", "3"});
  ASSERT_EQ(r.status, 0) << describe(r);
  EXPECT_TRUE(contains(r.out, "prefix sum (reduce-then-scan) of 5000 values")) << r.out;
  EXPECT_TRUE(contains(r.out, "prefix sum (chained) of 5000 values")) << r.out;
  EXPECT_TRUE(contains(r.out, "PASS: every value of every scan equals the CPU prefix sum")) << r.out;
}

TEST(CliSelftest, DeviceChosenByNameAndIndex) {
  const nlohmann::json devices = nlohmann::json::parse(cli({"devices", "--json"}).out);
  ASSERT_FALSE(devices.at("devices").empty());
  const nlohmann::json& first = devices.at("devices")[0];
  const std::string name = first.at("name").get<std::string>();
  const std::string word = name.substr(0, name.find(' '));
  for (const std::string& request : {std::to_string(first.at("index").get<uint32_t>()), word}) {
    const ProcessResult r = cli({"selftest", "--count", "1000", "--scan", "rts", "--device", request});
    ASSERT_EQ(r.status, 0) << "--device " << request << ": " << describe(r);
    EXPECT_TRUE(contains(r.out, "device: " + name)) << r.out;
  }
}

} // namespace
} // namespace frontier::clitest
