#include <gtest/gtest.h>

#include <sstream>

#include "report/Report.h"

using namespace frontier;

namespace {
engine::RunTrace sampleTrace(const std::string& strategy) {
  engine::RunTrace t;
  t.algorithm = "ibfs";
  t.strategy = strategy;
  t.device = "test device";
  t.graph = "g";
  for (uint32_t level = 0; level < 3; ++level) {
    engine::IterationStats it;
    it.level = level;
    it.jfqLength = 10 * (level + 1);
    it.newlyVisited = 100 + level;
    it.searchEdges = 1000;
    it.direction = level == 1 ? engine::Direction::BottomUp : engine::Direction::TopDown;
    t.iterations.push_back(it);
    const double base = level * 1000.0;
    t.kernels.push_back({engine::KernelKind::Identify, 0, level, base, base + 400});
    t.kernels.push_back({engine::KernelKind::ExpandTopDown, 0, level, base + 400, base + 900});
  }
  t.totals.gpuMs = 0.003;
  t.totals.searchEdges = 3000;
  return t;
}
} // namespace

TEST(Report, JsonHasTotalsRateAndIterations) {
  const nlohmann::json j = report::jsonReport(sampleTrace("coalesced"));
  EXPECT_EQ(j["strategy"], "coalesced");
  EXPECT_EQ(j["iterations"].size(), 3U);
  EXPECT_EQ(j["iterations"][1]["direction"], "bottom-up");
  EXPECT_EQ(j["kernels"].size(), 6U);
  // 3000 search-edges in 3 microseconds.
  EXPECT_NEAR(j["totals"]["search_edges_per_second"].get<double>(), 1e9, 1.0);
  EXPECT_NEAR(j["gpu_ms_per_kernel"]["identify"].get<double>(), 0.0012, 1e-12);
}

TEST(Report, ChromeTraceHasOneProcessPerRunAndATrackPerKernelKind) {
  const std::vector<engine::RunTrace> runs = {sampleTrace("a"), sampleTrace("b")};
  const nlohmann::json trace = report::chromeTrace(runs);
  std::set<int> pids;
  int complete = 0;
  int counters = 0;
  std::set<std::string> processNames;
  for (const auto& e : trace["traceEvents"]) {
    pids.insert(e["pid"].get<int>());
    if (e["ph"] == "X") {
      ++complete;
      EXPECT_GE(e["dur"].get<double>(), 0.0);
    } else if (e["ph"] == "C") {
      ++counters;
    } else if (e["ph"] == "M" && e["name"] == "process_name") {
      processNames.insert(e["args"]["name"].get<std::string>());
    }
  }
  EXPECT_EQ(pids.size(), 2U);
  EXPECT_EQ(processNames, (std::set<std::string>{"a", "b"}));
  EXPECT_EQ(complete, 12 + 2 * 3);  // the dispatches, then a slice per level
  // JFQ length, newly visited, arcs examined, search-edges, active searches,
  // bytes moved: per iteration, per run.
  EXPECT_EQ(counters, 6 * 3 * 2);
  // The metadata says that host events are not in the trace.
  EXPECT_NE(trace["otherData"]["host_events"].get<std::string>().find("not recorded"), std::string::npos);
}

TEST(Report, IterationsCsvHasAHeaderAndARowPerIteration) {
  std::ostringstream out;
  report::writeIterationsCsv(out, sampleTrace("x"));
  const std::string text = out.str();
  EXPECT_EQ(text.rfind("batch,level,direction,jfq_length", 0), 0U);
  EXPECT_EQ(std::count(text.begin(), text.end(), '\n'), 4);
  EXPECT_NE(text.find("0,1,bottom-up,20,101"), std::string::npos) << text;
}

TEST(Report, ComparisonCsvHasOneRowPerIterationPerRun) {
  engine::RunTrace a = sampleTrace("workgroups");
  engine::RunTrace b = sampleTrace("coalesced+lb,agg"); // a comma: the field is quoted
  b.iterations.pop_back();
  const std::vector<engine::RunTrace> runs = {a, b};
  std::ostringstream out;
  report::writeIterationsCsv(out, std::span<const engine::RunTrace>(runs));
  std::istringstream in(out.str());
  std::string line;
  std::getline(in, line);
  EXPECT_EQ(line.rfind("strategy,batch,level,direction,jfq_length", 0), 0U);
  int first = 0;
  int second = 0;
  while (std::getline(in, line)) {
    first += line.rfind("workgroups,", 0) == 0 ? 1 : 0;
    second += line.rfind("\"coalesced+lb,agg\",", 0) == 0 ? 1 : 0;
  }
  EXPECT_EQ(first, 3);
  EXPECT_EQ(second, 2);
}

TEST(Report, ComparisonJsonAndTraceHoldEveryRun) {
  const std::vector<engine::RunTrace> runs = {sampleTrace("a"), sampleTrace("b"), sampleTrace("c")};
  const nlohmann::json j = report::jsonComparison(runs);
  ASSERT_EQ(j["runs"].size(), 3U);
  EXPECT_EQ(j["runs"][2]["strategy"], "c");
  int processes = 0;
  const nlohmann::json trace = report::chromeTrace(runs);
  for (const auto& event : trace["traceEvents"]) {
    processes += event["name"] == "process_name" ? 1 : 0;
  }
  EXPECT_EQ(processes, 3);
}
