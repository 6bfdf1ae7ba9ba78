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
  EXPECT_EQ(complete, 12);
  EXPECT_EQ(counters, 2 * 3 * 2);  // JFQ and newly visited, per iteration, per run
}

TEST(Report, IterationsCsvHasAHeaderAndARowPerIteration) {
  std::ostringstream out;
  report::writeIterationsCsv(out, sampleTrace("x"));
  const std::string text = out.str();
  EXPECT_EQ(text.rfind("batch,level,direction,jfq_length", 0), 0U);
  EXPECT_EQ(std::count(text.begin(), text.end(), '\n'), 4);
  EXPECT_NE(text.find("0,1,bottom-up,20,101"), std::string::npos) << text;
}
