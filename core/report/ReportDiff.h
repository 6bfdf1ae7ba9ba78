#pragma once
// Two saved reports side by side: for each pair of runs (the only run of
// each, or runs with the same label, graph and pair count), what differs in
// their headers (build, device, graph, strategy, options), the GPU time, the
// GPU time per kernel kind, and every level lined up by (batch, level).
// Pure functions of loaded reports; `frontier-cli diff` prints them and the
// comparison window shows the header differences.

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "ReportLoad.h"

namespace frontier::report {

// A header field whose value differs: "device", "llvmpipe", "NVIDIA H100".
struct HeaderDifference {
  std::string field;
  std::string a;
  std::string b;
};

// A time in A and in B (milliseconds, or microseconds for levels); absent on
// one side counts as 0 there.
struct TimeDiff {
  std::string name;
  double a = 0;
  double b = 0;
  double delta() const noexcept { return b - a; }
  // (B - A) / A in percent; 0 when both are 0, +inf when only B has time.
  double percent() const noexcept;
};

struct LevelDiff {
  uint32_t batch = 0;
  uint32_t level = 0;
  std::optional<engine::IterationStats> a; // absent: the run had no such level
  std::optional<engine::IterationStats> b;
};

struct RunDiff {
  std::string labelA;
  std::string labelB;
  std::vector<HeaderDifference> header;
  TimeDiff gpu;                  // GPU time, ms
  std::vector<TimeDiff> kernels; // per kernel kind with time in either run, ms, in kind order
  std::vector<LevelDiff> levels; // in (batch, level) order; empty when either report has no iterations
};

struct ReportDiff {
  std::vector<HeaderDifference> header; // of the reports themselves: kind, program
  std::vector<RunDiff> runs;
  std::vector<std::string> onlyInA; // labels of runs without a partner
  std::vector<std::string> onlyInB;
};

std::vector<HeaderDifference> headerDifferences(const engine::RunTrace& a, const engine::RunTrace& b);
// Levels of both runs lined up by (batch, level).
std::vector<LevelDiff> lineUpLevels(const engine::RunTrace& a, const engine::RunTrace& b);
RunDiff diffRuns(const LoadedRun& a, const LoadedRun& b);
ReportDiff diffReports(const LoadedReport& a, const LoadedReport& b);

} // namespace frontier::report
