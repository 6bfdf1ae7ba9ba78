// frontier-cli diff on reports the tool wrote: a run against itself, against
// a copy whose GPU times this test scales, against a report of another
// format version; and the trace's counter tracks of a real run.

#include <map>

#include <nlohmann/json.hpp>

#include "CliSupport.h"

using namespace frontier::clitest;

namespace {

// A run report of karate (8 pairs), written by the tool into `dir`.
std::string writeRunReport(const TempDir& dir, const std::string& name) {
  const ProcessResult r = cli({"run", dataPath("karate.txt"), "--pairs", "random:8", "--json", dir / name});
  EXPECT_EQ(r.status, 0) << describe(r);
  return dir / name;
}

// Every GPU time of a run report times `factor`.
nlohmann::json slowed(nlohmann::json report, double factor) {
  report["totals"]["gpu_ms"] = report["totals"]["gpu_ms"].get<double>() * factor;
  for (auto& [kernel, ms] : report["gpu_ms_per_kernel"].items()) {
    ms = ms.get<double>() * factor;
  }
  for (nlohmann::json& it : report["iterations"]) {
    it["gpu_us"] = it["gpu_us"].get<double>() * factor;
  }
  for (nlohmann::json& k : report["kernels"]) {
    k["start_us"] = k["start_us"].get<double>() * factor;
    k["duration_us"] = k["duration_us"].get<double>() * factor;
  }
  return report;
}

} // namespace

TEST(CliDiff, ARunAgainstItselfShowsNoDifference) {
  FRONTIER_REQUIRE_DATA("karate.txt");
  TempDir dir;
  const std::string a = writeRunReport(dir, "a.json");
  const ProcessResult r = cli({"diff", a, a, "--fail-above", "0"});
  EXPECT_EQ(r.status, 0) << describe(r);
  EXPECT_TRUE(contains(r.out, "+0.0%")) << r.out;
  EXPECT_FALSE(contains(r.out, "SLOWER")) << r.out;
  // Every level, every kernel: a zero difference.
  const nlohmann::json report = nlohmann::json::parse(readText(a));
  size_t zeroLevels = 0;
  std::istringstream lines(r.out);
  for (std::string line; std::getline(lines, line);) {
    if (contains(line, "+0.000  |")) {
      ++zeroLevels;
    }
    EXPECT_FALSE(contains(line, "ms  +") && !contains(line, "+0.0000 ms  +0.0%")) << line;
  }
  EXPECT_EQ(zeroLevels, report.at("iterations").size()) << r.out;
}

TEST(CliDiff, ASlowerRunFailsAboveTheThreshold) {
  FRONTIER_REQUIRE_DATA("karate.txt");
  TempDir dir;
  const std::string a = writeRunReport(dir, "a.json");
  const std::string b = dir.write("b.json", slowed(nlohmann::json::parse(readText(a)), 1.5).dump());
  const ProcessResult slower = cli({"diff", a, b, "--fail-above", "10"});
  EXPECT_EQ(slower.status, 1) << describe(slower);
  EXPECT_TRUE(contains(slower.out, "+50.0%")) << slower.out;
  EXPECT_TRUE(contains(slower.out, "SLOWER")) << slower.out;
  // Within the threshold, and the other way round (B faster): exit 0.
  EXPECT_EQ(cli({"diff", a, b, "--fail-above", "60"}).status, 0);
  EXPECT_EQ(cli({"diff", b, a, "--fail-above", "0"}).status, 0);
  // Without a threshold, differences are printed, never failed on.
  EXPECT_EQ(cli({"diff", a, b}).status, 0);
}

TEST(CliDiff, AConfigurationMissingFromBFailsTheGate) {
  FRONTIER_REQUIRE_DATA("karate.txt");
  TempDir dir;
  for (const auto& [name, configs] : std::map<std::string, std::string>{{"a.json", "coalesced,workgroups"},
                                                                        {"b.json", "coalesced"}}) {
    const ProcessResult r = cli({"bench", "--graph", dataPath("karate.txt"), "--configs", configs, "--pairs", "8",
                                 "--repeat", "1", "--warmup-ms", "0", "--json", dir / name});
    ASSERT_EQ(r.status, 0) << describe(r);
  }
  // B lacks workgroups: listed always, a failure only for a gate. The GPU
  // times of the pair that matches may differ either way, so the threshold
  // is one no real difference reaches.
  const ProcessResult gate = cli({"diff", dir / "a.json", dir / "b.json", "--fail-above", "100000"});
  EXPECT_EQ(gate.status, 1) << describe(gate);
  EXPECT_TRUE(contains(gate.out, "only in A")) << gate.out;
  EXPECT_TRUE(contains(gate.out, "MISSING")) << gate.out;
  const ProcessResult plain = cli({"diff", dir / "a.json", dir / "b.json"});
  EXPECT_EQ(plain.status, 0) << describe(plain);
  EXPECT_TRUE(contains(plain.out, "only in A")) << plain.out;
}

TEST(CliDiff, AReportOfAnotherVersionIsRefused) {
  FRONTIER_REQUIRE_DATA("karate.txt");
  TempDir dir;
  const std::string a = writeRunReport(dir, "a.json");
  nlohmann::json report = nlohmann::json::parse(readText(a));
  const int current = report.at("format_version").get<int>();
  report["format_version"] = current + 1;
  const std::string newer = dir.write("newer.json", report.dump());
  const ProcessResult r = cli({"diff", a, newer});
  EXPECT_EQ(r.status, 2) << describe(r);
  EXPECT_TRUE(contains(r.err, "newer.json")) << r.err;
  EXPECT_TRUE(contains(r.err, "version " + std::to_string(current + 1))) << r.err;
  EXPECT_TRUE(contains(r.err, "reads version " + std::to_string(current))) << r.err;
  report.erase("format_version");
  const ProcessResult unversioned = cli({"diff", dir.write("old.json", report.dump()), a});
  EXPECT_EQ(unversioned.status, 2) << describe(unversioned);
  EXPECT_TRUE(contains(unversioned.err, "old.json")) << unversioned.err;
  const ProcessResult notJson = cli({"diff", dir.write("bad.json", "{\"runs\": ["), a});
  EXPECT_EQ(notJson.status, 1) << describe(notJson);
  EXPECT_TRUE(contains(notJson.err, "bad.json")) << notJson.err;
}

TEST(CliDiff, TraceCountersHaveOneSamplePerLevel) {
  FRONTIER_REQUIRE_DATA("karate.txt");
  TempDir dir;
  const ProcessResult r = cli({"run", dataPath("karate.txt"), "--strategy", "coalesced-bottom-up", "--pairs",
                               "random:8", "--json", dir / "r.json", "--trace", dir / "t.json"});
  ASSERT_EQ(r.status, 0) << describe(r);
  const nlohmann::json report = nlohmann::json::parse(readText(dir / "r.json"));
  const nlohmann::json& iterations = report.at("iterations");
  const nlohmann::json trace = nlohmann::json::parse(readText(dir / "t.json"));
  std::map<std::string, std::vector<double>> samples;
  for (const nlohmann::json& e : trace.at("traceEvents")) {
    if (e.at("ph") == "C") {
      samples[e.at("name").get<std::string>()].push_back(e.at("args").at("value").get<double>());
    }
  }
  for (const char* name : {"JFQ length", "newly visited", "arcs examined", "active searches"}) {
    ASSERT_EQ(samples[name].size(), iterations.size()) << name;
  }
  for (size_t i = 0; i < iterations.size(); ++i) {
    EXPECT_EQ(samples["JFQ length"][i], iterations[i].at("jfq_length").get<double>());
    EXPECT_EQ(samples["newly visited"][i], iterations[i].at("newly_visited").get<double>());
    EXPECT_EQ(samples["arcs examined"][i], iterations[i].at("edges_examined").get<double>());
    EXPECT_EQ(samples["active searches"][i], iterations[i].at("active_searches").get<double>());
  }
}
