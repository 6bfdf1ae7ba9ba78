// Reports of shortest-path runs: the near, far and settled columns and the
// near, far and settled counter tracks of the Chrome trace.

#include <gtest/gtest.h>

#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "report/Report.h"
#include "report/ReportLoad.h"

using namespace frontier;

namespace {

engine::RunTrace ssspTrace() {
  engine::RunTrace trace;
  trace.algorithm = "sssp";
  trace.strategy = "near-far";
  engine::IterationStats it;
  it.level = 3;
  it.nearSize = 120;
  it.jfqLength = 120;
  it.farSize = 45;
  it.settled = 400;
  it.edgesExamined = 300;
  trace.iterations.push_back(it);
  trace.kernels.push_back({engine::KernelKind::Relax, 0, 3, 1000, 5000});
  return trace;
}

} // namespace

TEST(SsspReport, IterationsCarryNearFarAndSettled) {
  const nlohmann::json report = report::jsonReport(ssspTrace());
  ASSERT_EQ(report["iterations"].size(), 1U);
  EXPECT_EQ(report["iterations"][0]["near_size"], 120);
  EXPECT_EQ(report["iterations"][0]["far_size"], 45);
  EXPECT_EQ(report["iterations"][0]["settled"], 400);
  std::ostringstream csv;
  report::writeIterationsCsv(csv, ssspTrace());
  EXPECT_NE(csv.str().find(",120,45,400\n"), std::string::npos) << csv.str();
}

TEST(SsspReport, ChromeTraceHasNearAndFarCounters) {
  const std::vector<engine::RunTrace> runs = {ssspTrace()};
  const nlohmann::json trace = report::chromeTrace(runs);
  std::map<std::string, double> values;
  for (const auto& event : trace["traceEvents"]) {
    if (event["ph"] == "C") {
      values[event["name"].get<std::string>()] = event["args"]["value"].get<double>();
      EXPECT_DOUBLE_EQ(event["ts"].get<double>(), 1.0);  // start of the level's relax span, in µs
    }
  }
  EXPECT_EQ(values["near bucket"], 120);
  EXPECT_EQ(values["far pile"], 45);
  EXPECT_EQ(values["settled"], 400);
  EXPECT_EQ(values["arcs examined"], 300);
}

TEST(SsspReport, PerQueryProgressInTheTraceAndTheReport) {
  engine::RunTrace run = ssspTrace();
  run.strategy = "batched";
  run.queryProgress = {{.batch = 0, .level = 3, .query = 0, .settled = 17},
                       {.batch = 0, .level = 3, .query = 5, .settled = 2}};
  const std::vector<engine::RunTrace> runs = {run};
  const nlohmann::json trace = report::chromeTrace(runs);
  std::map<std::string, double> values;
  for (const auto& event : trace["traceEvents"]) {
    if (event["ph"] == "C" && event["name"].get<std::string>().starts_with("settled, query")) {
      values[event["name"].get<std::string>()] = event["args"]["value"].get<double>();
      EXPECT_DOUBLE_EQ(event["ts"].get<double>(), 5.0);  // end of the step's last span, in µs
    }
  }
  EXPECT_EQ(values, (std::map<std::string, double>{{"settled, query 0", 17}, {"settled, query 5", 2}}));

  const nlohmann::json report = report::jsonReport(run);
  EXPECT_EQ(report["query_progress"], nlohmann::json::parse("[[0, 3, 0, 17], [0, 3, 5, 2]]"));
  EXPECT_FALSE(report::jsonReport(ssspTrace()).contains("query_progress"));
  const engine::RunTrace back = report::traceFromJson(report);
  ASSERT_EQ(back.queryProgress.size(), 2U);
  EXPECT_EQ(back.queryProgress[1].query, 5U);
  EXPECT_EQ(back.queryProgress[1].level, 3U);
  EXPECT_EQ(back.queryProgress[0].settled, 17U);
}
