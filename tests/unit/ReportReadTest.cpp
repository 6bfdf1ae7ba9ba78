// Reports read back (ReportLoad), their version check (ReportFormat), the
// differences of two reports (ReportDiff) and the trace's level and counter
// tracks. The traces are made here; expected values come from them.

#include <gtest/gtest.h>

#include <cmath>
#include <map>
#include <set>

#include "report/Report.h"
#include "report/ReportDiff.h"
#include "report/ReportFormat.h"
#include "report/ReportLoad.h"

using namespace frontier;

namespace {

// Two batches of three levels, each level an identify and an expand.
engine::RunTrace madeTrace(const std::string& strategy, double scale = 1.0) {
  engine::RunTrace t;
  t.algorithm = "ibfs";
  t.strategy = strategy;
  t.options = "searches/batch=32";
  t.device = "test device";
  t.graph = "g";
  t.vertices = 50;
  t.arcs = 400;
  t.pairs = 40;
  t.batches = 2;
  t.searchesPerBatch = 32;
  double at = 0;
  for (uint32_t batch = 0; batch < 2; ++batch) {
    for (uint32_t level = 0; level < 3; ++level) {
      engine::IterationStats it;
      it.batch = batch;
      it.level = level;
      it.jfqLength = 10 * (level + 1) + batch;
      it.newlyVisited = 100 + level;
      it.edgesExamined = 7 * level + 3;
      it.searchEdges = 1000 + level;
      it.activeSearches = 32 - level;
      it.direction = level == 2 ? engine::Direction::BottomUp : engine::Direction::TopDown;
      it.gpuNs = 1250.5 * scale;
      t.iterations.push_back(it);
      t.kernels.push_back({engine::KernelKind::Identify, batch, level, at, at + 500.25 * scale, 4000U + level});
      t.kernels.push_back(
          {engine::KernelKind::ExpandTopDown, batch, level, at + 500.25 * scale, at + 1250.5 * scale, 9000U * batch});
      at += 2000 * scale;
    }
  }
  t.totals.iterations = 6;
  t.totals.gpuMs = 6 * 1250.5e-6 * scale;
  t.totals.submittedMs = t.totals.gpuMs;
  t.totals.wallMs = 0.5;
  t.totals.searchEdges = 6003;
  return t;
}

} // namespace

TEST(ReportRead, ARunReportReadsBackWithTheSameNumbers) {
  const engine::RunTrace made = madeTrace("coalesced");
  // Through text, as a file would be.
  const auto json = nlohmann::json::parse(report::jsonReport(made).dump());
  const report::LoadedReport loaded = report::reportFromJson(json, "a.json");
  EXPECT_EQ(loaded.kind, "run");
  ASSERT_EQ(loaded.runs.size(), 1U);
  const engine::RunTrace& t = loaded.runs[0].trace;
  EXPECT_EQ(loaded.runs[0].label, "coalesced");
  EXPECT_EQ(t.device, "test device");
  EXPECT_EQ(t.vertices, 50U);
  EXPECT_EQ(t.pairs, 40U);
  EXPECT_DOUBLE_EQ(t.totals.gpuMs, 6 * 1250.5e-6);
  ASSERT_EQ(t.iterations.size(), 6U);
  EXPECT_EQ(t.iterations[4].batch, 1U);
  EXPECT_EQ(t.iterations[4].jfqLength, 21U);
  EXPECT_EQ(t.iterations[2].direction, engine::Direction::BottomUp);
  EXPECT_EQ(t.iterations[5].activeSearches, 30U);
  EXPECT_NEAR(t.iterations[3].gpuNs, 1250.5, 1e-9);
  ASSERT_EQ(t.kernels.size(), 12U);
  EXPECT_EQ(t.kernels[3].kind, engine::KernelKind::ExpandTopDown);
  EXPECT_NEAR(t.kernels[3].durationNs(), 750.25, 1e-6);
  // Bytes moved come back per dispatch; a dispatch without them has none.
  EXPECT_EQ(t.kernels[2].bytesMoved, 4001U);
  EXPECT_EQ(t.kernels[3].bytesMoved, 0U);
  EXPECT_EQ(t.kernels[9].bytesMoved, 9000U);
  const std::vector<double> ns = t.nsPerKind();
  EXPECT_NEAR(ns[static_cast<size_t>(engine::KernelKind::Identify)], 6 * 500.25, 1e-6);
}

TEST(ReportRead, ARunKeepsTheRoofsItWasSavedWith) {
  const engine::RunTrace made = madeTrace("coalesced");
  const auto withRoofs = nlohmann::json::parse(report::jsonReport(made, true, {2987.0, 34.5, 4.3}).dump());
  const report::LoadedRun run = report::reportFromJson(withRoofs, "a.json").runs.at(0);
  EXPECT_DOUBLE_EQ(run.roofs.copyGbps, 2987.0);
  EXPECT_DOUBLE_EQ(run.roofs.gatherGps, 34.5);
  EXPECT_DOUBLE_EQ(run.roofs.dispatchUs, 4.3);
  // Saved without roofs: none, never made up.
  const auto bare = nlohmann::json::parse(report::jsonReport(made).dump());
  EXPECT_FALSE(report::reportFromJson(bare, "b.json").runs.at(0).roofs.measured());
}

TEST(ReportRead, AComparisonKeepsEveryRunAndItsRepeats) {
  const std::vector<engine::RunTrace> runs = {madeTrace("a"), madeTrace("b", 2.0)};
  nlohmann::json json = report::jsonComparison(runs, true);
  json["runs"][1]["repeats"] = {{"runs",
                                 {{{"order", 0}, {"warmup", true}, {"gpu_ms", 1.0}, {"wall_ms", 2.0}},
                                  {{"order", 1}, {"warmup", false}, {"gpu_ms", 0.5}, {"wall_ms", 1.5}}}}};
  const report::LoadedReport loaded = report::reportFromJson(json, "c.json");
  EXPECT_EQ(loaded.kind, "comparison");
  ASSERT_EQ(loaded.runs.size(), 2U);
  EXPECT_EQ(loaded.runs[1].label, "b");
  EXPECT_DOUBLE_EQ(loaded.runs[1].trace.totals.gpuMs, 2 * 6 * 1250.5e-6);
  ASSERT_EQ(loaded.runs[1].samples.size(), 2U);
  EXPECT_TRUE(loaded.runs[1].samples[0].warmup);
  EXPECT_DOUBLE_EQ(loaded.runs[1].samples[1].gpuMs, 0.5);
}

TEST(ReportRead, ABenchRowKeepsItsTimePerKernel) {
  const nlohmann::json bench =
      report::versioned({{"device", {{"name", "dev"}}},
                         {"results",
                          {{{"graph", "g"}, {"pairs", 8}, {"configuration", "cpu"}, {"wall_ms", {{"median", 3.0}}}},
                           {{"graph", "g"},
                            {"pairs", 8},
                            {"configuration", "coalesced"},
                            {"gpu_ms", {{"median", 2.5}, {"min", 2.0}, {"max", 3.0}}},
                            {"wall_ms", {{"median", 4.0}}},
                            {"gpu_ms_per_kernel", {{"identify", 1.0}, {"expand-top-down", 1.5}}}}}}},
                        "bench");
  const report::LoadedReport loaded = report::reportFromJson(bench, "b.json");
  ASSERT_EQ(loaded.runs.size(), 1U); // the CPU row has no GPU time
  const engine::RunTrace& t = loaded.runs[0].trace;
  EXPECT_EQ(t.device, "dev");
  EXPECT_DOUBLE_EQ(t.totals.gpuMs, 2.5);
  EXPECT_NEAR(t.nsPerKind()[static_cast<size_t>(engine::KernelKind::ExpandTopDown)], 1.5e6, 1e-6);
}

TEST(ReportRead, AnSsspBenchRowIsNamedByItsKnobs) {
  const nlohmann::json bench =
      report::versioned({{"graph", "g"},
                         {"device", "dev"},
                         {"pairs", 8},
                         {"rows",
                          {{{"algorithm", "dijkstra (cpu)"}, {"delta", 0}, {"gpu_ms", 0}, {"wall_ms", 1.0}},
                           {{"algorithm", "near-far"},
                            {"delta", 23.0},
                            {"iterations_per_submit", 4},
                            {"queries_per_batch", 8},
                            {"gpu_ms", 1.5},
                            {"wall_ms", 2.0}},
                           {{"algorithm", "bellman-ford"},
                            {"delta", 0},
                            {"iterations_per_submit", 16},
                            {"queries_per_batch", 8},
                            {"gpu_ms", 2.5},
                            {"wall_ms", 3.0}}}}},
                        "sssp-bench");
  const report::LoadedReport loaded = report::reportFromJson(bench, "s.json");
  ASSERT_EQ(loaded.runs.size(), 2U); // the CPU row has no GPU time
  EXPECT_EQ(loaded.runs[0].label, "near-far+delta=23+B=4+Q=8");
  EXPECT_EQ(loaded.runs[1].label, "bellman-ford+B=16+Q=8");
  EXPECT_DOUBLE_EQ(loaded.runs[1].trace.totals.gpuMs, 2.5);
  EXPECT_EQ(loaded.runs[1].trace.algorithm, "sssp");
}

TEST(ReportRead, AnotherVersionIsRefusedNamingFileAndVersions) {
  nlohmann::json json = report::jsonReport(madeTrace("a"));
  json["format_version"] = report::kReportFormatVersion + 1;
  try {
    report::reportFromJson(json, "new.json");
    FAIL() << "a newer report was read";
  } catch (const report::ReportVersionError& error) {
    const std::string message = error.what();
    EXPECT_NE(message.find("new.json"), std::string::npos) << message;
    EXPECT_NE(message.find("version " + std::to_string(report::kReportFormatVersion + 1)), std::string::npos)
        << message;
    EXPECT_NE(message.find("newer"), std::string::npos) << message;
    EXPECT_NE(message.find("reads version " + std::to_string(report::kReportFormatVersion)), std::string::npos)
        << message;
  }
  json.erase("format_version");
  EXPECT_THROW(report::reportFromJson(json, "old.json"), report::ReportVersionError);
  EXPECT_THROW(report::reportFromJson(nlohmann::json{{"graph", 1}}, "x.json"), std::runtime_error);
}

TEST(ReportRead, AMissingKeyNamesFileAndKey) {
  nlohmann::json json = report::jsonReport(madeTrace("a"));
  json.erase("totals");
  try {
    report::reportFromJson(json, "cut.json");
    FAIL() << "a report without totals was read";
  } catch (const std::runtime_error& error) {
    const std::string message = error.what();
    EXPECT_NE(message.find("cut.json"), std::string::npos) << message;
    EXPECT_NE(message.find("totals"), std::string::npos) << message;
  }
}

TEST(ReportDiff, ARunAgainstItselfDiffersInNothing) {
  const report::LoadedReport a = report::reportFromJson(report::jsonReport(madeTrace("a")), "a.json");
  const report::ReportDiff diff = report::diffReports(a, a);
  ASSERT_EQ(diff.runs.size(), 1U);
  EXPECT_TRUE(diff.runs[0].header.empty());
  EXPECT_EQ(diff.runs[0].gpu.delta(), 0.0);
  EXPECT_EQ(diff.runs[0].gpu.percent(), 0.0);
  for (const report::TimeDiff& kernel : diff.runs[0].kernels) {
    EXPECT_EQ(kernel.delta(), 0.0) << kernel.name;
  }
  EXPECT_EQ(diff.runs[0].levels.size(), 6U);
}

TEST(ReportDiff, TimesScaleAndLevelsLineUp) {
  engine::RunTrace slow = madeTrace("a", 1.5);
  slow.device = "other device";
  slow.iterations.pop_back(); // batch 1 ends a level earlier
  const report::LoadedReport a = report::reportFromJson(report::jsonReport(madeTrace("a")), "a.json");
  const report::LoadedReport b = report::reportFromJson(report::jsonReport(slow), "b.json");
  const report::RunDiff d = report::diffReports(a, b).runs.at(0);
  EXPECT_NEAR(d.gpu.percent(), 50.0, 1e-9);
  ASSERT_EQ(d.header.size(), 1U);
  EXPECT_EQ(d.header[0].field, "device");
  EXPECT_EQ(d.header[0].b, "other device");
  ASSERT_EQ(d.levels.size(), 6U);
  EXPECT_EQ(d.levels[5].batch, 1U);
  EXPECT_EQ(d.levels[5].level, 2U);
  EXPECT_TRUE(d.levels[5].a.has_value());
  EXPECT_FALSE(d.levels[5].b.has_value());
  EXPECT_NEAR(d.levels[1].b->gpuNs / d.levels[1].a->gpuNs, 1.5, 1e-12);
}

TEST(ReportDiff, RunsOfSeveralArePairedByLabelGraphAndPairs) {
  const std::vector<engine::RunTrace> left = {madeTrace("a"), madeTrace("b")};
  const std::vector<engine::RunTrace> right = {madeTrace("b"), madeTrace("c")};
  const report::ReportDiff d = report::diffReports(report::reportFromJson(report::jsonComparison(left), "l"),
                                                   report::reportFromJson(report::jsonComparison(right), "r"));
  ASSERT_EQ(d.runs.size(), 1U);
  EXPECT_EQ(d.runs[0].labelA, "b");
  EXPECT_EQ(d.onlyInA, std::vector<std::string>{"a"});
  EXPECT_EQ(d.onlyInB, std::vector<std::string>{"c"});
}

TEST(ChromeTrace, EveryLevelHasASliceAndOneSampleOfEachCounter) {
  const engine::RunTrace t = madeTrace("a");
  // Through text, as Perfetto would read it.
  const auto trace = nlohmann::json::parse(report::chromeTrace(std::span<const engine::RunTrace>(&t, 1)).dump());
  std::map<std::string, std::vector<double>> samples;
  std::vector<nlohmann::json> levels;
  int levelTid = -1;
  for (const auto& e : trace.at("traceEvents")) {
    if (e["ph"] == "M" && e["name"] == "thread_name" && e["args"]["name"] == "levels") {
      levelTid = e["tid"].get<int>();
    } else if (e["ph"] == "C") {
      ASSERT_EQ(e["args"].size(), 1U);
      samples[e["name"].get<std::string>()].push_back(e["args"]["value"].get<double>());
    }
  }
  for (const auto& e : trace.at("traceEvents")) {
    if (e["ph"] == "X" && e["tid"] == levelTid) {
      levels.push_back(e);
    }
  }
  ASSERT_EQ(levels.size(), t.iterations.size());
  const std::set<std::string> names = {"JFQ length", "newly visited", "arcs examined", "search-edges",
                                       "active searches", "bytes moved"};
  EXPECT_EQ(samples.size(), names.size());
  for (const std::string& name : names) {
    ASSERT_EQ(samples[name].size(), t.iterations.size()) << name;
  }
  for (size_t i = 0; i < t.iterations.size(); ++i) {
    const engine::IterationStats& it = t.iterations[i];
    EXPECT_EQ(samples["JFQ length"][i], it.jfqLength);
    EXPECT_EQ(samples["newly visited"][i], static_cast<double>(it.newlyVisited));
    EXPECT_EQ(samples["arcs examined"][i], static_cast<double>(it.edgesExamined));
    EXPECT_EQ(samples["active searches"][i], it.activeSearches);
    uint64_t bytes = 0;  // the level's dispatches' bytes moved
    for (const engine::KernelSpan& k : t.kernels) {
      bytes += k.batch == it.batch && k.level == it.level ? k.bytesMoved : 0;
    }
    EXPECT_EQ(samples["bytes moved"][i], static_cast<double>(bytes));
    EXPECT_EQ(levels[i]["args"]["level"], it.level);
    EXPECT_EQ(levels[i]["args"]["direction"], std::string(engine::directionName(it.direction)));
    EXPECT_EQ(levels[i]["args"]["active_searches"], it.activeSearches);
    // The slice covers the level's two dispatches: 1250.5 ns from its first.
    EXPECT_NEAR(levels[i]["ts"].get<double>(), 2.0 * static_cast<double>(i), 1e-9);
    EXPECT_NEAR(levels[i]["dur"].get<double>(), 1.2505, 1e-9);
  }
}
