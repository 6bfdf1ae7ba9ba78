#pragma once
// Reading a saved JSON report back: a run (`frontier-cli run --json`), a
// comparison (the comparison window's export), or a bench result
// (`frontier-cli bench --json`, `sssp-bench --json`), each as a list of runs
// with their traces rebuilt, so that the comparison view and `frontier-cli
// diff` treat them as runs made now.
//
// What a kind holds: run and comparison reports hold every iteration and
// dispatch; a bench row holds the median GPU time per kernel kind (rebuilt
// as one span per kind, no iterations); an sssp-bench row only its totals.
//
// Errors: ReportVersionError (ReportFormat.h) for another format version,
// std::runtime_error naming the file and the key for anything else.

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "engine/Trace.h"

namespace frontier::report {

// One run of a comparison entry, from its "repeats".
struct LoadedSample {
  int order = 0;
  bool warmup = false;
  double gpuMs = 0;
  double wallMs = 0;
  double submittedMs = 0;
};

struct LoadedRun {
  std::string label; // the strategy (run, comparison) or configuration (bench)
  engine::RunTrace trace;
  std::vector<LoadedSample> samples; // every timed run and warm-up of a comparison entry; empty otherwise
  engine::DeviceRoofs roofs;         // the run's `roofs` (all zero when the report has none)
  bool hasIterations() const noexcept { return !trace.iterations.empty(); }
};

struct LoadedReport {
  std::string file;    // as given
  std::string kind;    // "run", "comparison", "bench", "sssp-bench"
  std::string program; // "frontier-lab 0.9.0": the build that wrote it
  std::vector<LoadedRun> runs;
};

LoadedReport readReport(const std::string& path);
// `file` only names the report in messages.
LoadedReport reportFromJson(const nlohmann::json& json, const std::string& file);
// One run object as jsonReport() writes it.
engine::RunTrace traceFromJson(const nlohmann::json& run);
// A run's `roofs` (all zero when the report has none).
engine::DeviceRoofs roofsFromJson(const nlohmann::json& run);

// What identifies a run across two reports: label, graph and pair count.
std::string runKey(const LoadedRun& run);

} // namespace frontier::report
