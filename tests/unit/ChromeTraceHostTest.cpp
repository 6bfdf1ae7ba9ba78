// The Chrome trace's host thread: each submission's submit, wait and
// read-back placed from the times the submission's last span carries
// (relative to its end), and the shift that keeps every time positive. The
// expected times are worked out by hand from the spans below.

#include <gtest/gtest.h>

#include <map>
#include <string>

#include "report/Report.h"

using namespace frontier;

namespace {

// Two submissions: levels 0 and 1, each ending with a read-back span. The
// first was submitted 5 µs before the run's first GPU timestamp.
engine::RunTrace hostTrace() {
  engine::RunTrace t;
  t.algorithm = "ibfs";
  t.strategy = "coalesced";
  for (uint32_t level = 0; level < 2; ++level) {
    engine::IterationStats it;
    it.level = level;
    it.jfqLength = 1;
    t.iterations.push_back(it);
    const double base = level * 10'000.0;
    engine::KernelSpan identify;
    identify.kind = engine::KernelKind::Identify;
    identify.level = level;
    identify.startNs = base;
    identify.endNs = base + 4'000;
    engine::KernelSpan readback;
    readback.kind = engine::KernelKind::Readback;
    readback.level = level;
    readback.startNs = base + 4'000;
    readback.endNs = base + 5'000;
    readback.host.recorded = true;
    readback.host.submitStartNs = -10'000; // 5 µs before the level's first span
    readback.host.submitEndNs = -9'000;
    readback.host.readbackNs = 2'000;
    t.kernels.push_back(identify);
    t.kernels.push_back(readback);
  }
  return t;
}

std::string category(const nlohmann::json& e) {
  return e.contains("cat") ? e.at("cat").get<std::string>() : std::string();
}

} // namespace

TEST(ChromeTraceHost, SubmissionsWaitsAndReadBacksOnTheHostThread) {
  const engine::RunTrace run = hostTrace();
  const nlohmann::json trace = report::chromeTrace(std::span<const engine::RunTrace>(&run, 1));
  // The first submit at -5 µs: everything moves 5 µs later.
  EXPECT_DOUBLE_EQ(trace["otherData"]["shift_us"].get<double>(), 5.0);
  EXPECT_NE(trace["otherData"]["host_events"].get<std::string>().find("recorded: "), std::string::npos);
  int hostThread = -1;
  std::multimap<std::string, std::pair<double, double>> host; // name -> (ts, dur)
  double firstKernel = 1e300;
  for (const auto& e : trace["traceEvents"]) {
    if (e["ph"] == "M" && e["name"] == "thread_name" && e["args"]["name"] == "host") {
      hostThread = e["tid"].get<int>();
    }
    if (category(e) == "kernel") {
      firstKernel = std::min(firstKernel, e["ts"].get<double>());
    }
  }
  ASSERT_GE(hostThread, 0) << "the host thread is named";
  for (const auto& e : trace["traceEvents"]) {
    if (category(e) == "host") {
      EXPECT_EQ(e["tid"].get<int>(), hostThread);
      host.insert(
          {e["name"].get<std::string>(), {e["ts"].get<double>(), e.contains("dur") ? e.at("dur").get<double>() : 0.0}});
    }
    if (e.contains("ts")) {
      EXPECT_GE(e["ts"].get<double>(), 0.0);
    }
  }
  EXPECT_DOUBLE_EQ(firstKernel, 5.0);
  ASSERT_EQ(host.count("submit"), 2U);
  ASSERT_EQ(host.count("wait"), 2U);
  ASSERT_EQ(host.count("read-back"), 2U);
  // Submission 0: submit at 5 - 10 + 5 = 0 µs for 1 µs, wait from 1 µs to
  // the read-back at 5 + 5 + 2 = 12 µs. Submission 1: 10 µs later.
  auto submits = host.equal_range("submit");
  EXPECT_DOUBLE_EQ(submits.first->second.first, 0.0);
  EXPECT_DOUBLE_EQ(submits.first->second.second, 1.0);
  EXPECT_DOUBLE_EQ(std::next(submits.first)->second.first, 10.0);
  auto waits = host.equal_range("wait");
  EXPECT_DOUBLE_EQ(waits.first->second.first, 1.0);
  EXPECT_DOUBLE_EQ(waits.first->second.second, 11.0);
  auto reads = host.equal_range("read-back");
  EXPECT_DOUBLE_EQ(reads.first->second.first, 12.0);
  EXPECT_DOUBLE_EQ(std::next(reads.first)->second.first, 22.0);
}

TEST(ChromeTraceHost, WithoutHostTimesNothingMovesAndTheMetadataSaysWhy) {
  engine::RunTrace run = hostTrace();
  for (engine::KernelSpan& k : run.kernels) {
    k.host = {};
  }
  const nlohmann::json trace = report::chromeTrace(std::span<const engine::RunTrace>(&run, 1));
  EXPECT_DOUBLE_EQ(trace["otherData"]["shift_us"].get<double>(), 0.0);
  const std::string note = trace["otherData"]["host_events"].get<std::string>();
  EXPECT_EQ(note.rfind("not recorded", 0), 0U) << note;
  EXPECT_NE(note.find("calibrated_timestamps"), std::string::npos);
  for (const auto& e : trace["traceEvents"]) {
    EXPECT_NE(category(e), "host");
    if (e["ph"] == "M" && e["name"] == "thread_name") {
      EXPECT_NE(e["args"]["name"], "host");
    }
  }
}
