#include "ReportDiff.h"

#include <limits>
#include <map>
#include <tuple>
#include <utility>

namespace frontier::report {

double TimeDiff::percent() const noexcept {
  if (a == 0) {
    return b == 0 ? 0.0 : std::numeric_limits<double>::infinity();
  }
  return (b - a) / a * 100.0;
}

std::vector<HeaderDifference> headerDifferences(const engine::RunTrace& a, const engine::RunTrace& b) {
  const auto yesNo = [](bool value) { return std::string(value ? "directed" : "undirected"); };
  const std::vector<std::tuple<const char*, std::string, std::string>> fields = {
      {"algorithm", a.algorithm, b.algorithm},
      {"strategy", a.strategy, b.strategy},
      {"options", a.options, b.options},
      {"device", a.device, b.device},
      {"graph", a.graph, b.graph},
      {"vertices", std::to_string(a.vertices), std::to_string(b.vertices)},
      {"arcs", std::to_string(a.arcs), std::to_string(b.arcs)},
      {"direction", yesNo(a.directed), yesNo(b.directed)},
      {"pairs", std::to_string(a.pairs), std::to_string(b.pairs)},
      {"batches", std::to_string(a.batches), std::to_string(b.batches)},
      {"searches per batch", std::to_string(a.searchesPerBatch), std::to_string(b.searchesPerBatch)},
  };
  std::vector<HeaderDifference> out;
  for (const auto& [field, left, right] : fields) {
    if (left != right) {
      out.push_back({field, left, right});
    }
  }
  return out;
}

std::vector<LevelDiff> lineUpLevels(const engine::RunTrace& a, const engine::RunTrace& b) {
  std::map<std::pair<uint32_t, uint32_t>, LevelDiff> byLevel;
  for (const engine::IterationStats& it : a.iterations) {
    LevelDiff& d = byLevel[{it.batch, it.level}];
    d.batch = it.batch;
    d.level = it.level;
    d.a = it;
  }
  for (const engine::IterationStats& it : b.iterations) {
    LevelDiff& d = byLevel[{it.batch, it.level}];
    d.batch = it.batch;
    d.level = it.level;
    d.b = it;
  }
  std::vector<LevelDiff> out;
  out.reserve(byLevel.size());
  for (auto& [key, diff] : byLevel) {
    out.push_back(std::move(diff));
  }
  return out;
}

RunDiff diffRuns(const LoadedRun& a, const LoadedRun& b) {
  RunDiff d;
  d.labelA = a.label;
  d.labelB = b.label;
  d.header = headerDifferences(a.trace, b.trace);
  d.gpu = {"GPU time", a.trace.totals.gpuMs, b.trace.totals.gpuMs};
  const std::vector<double> nsA = a.trace.nsPerKind();
  const std::vector<double> nsB = b.trace.nsPerKind();
  for (size_t k = 0; k < nsA.size() && k < nsB.size(); ++k) {
    if (nsA[k] > 0 || nsB[k] > 0) {
      d.kernels.push_back(
          {std::string(engine::kernelName(static_cast<engine::KernelKind>(k))), nsA[k] / 1e6, nsB[k] / 1e6});
    }
  }
  if (a.hasIterations() && b.hasIterations()) {
    d.levels = lineUpLevels(a.trace, b.trace);
  }
  return d;
}

ReportDiff diffReports(const LoadedReport& a, const LoadedReport& b) {
  ReportDiff out;
  if (a.kind != b.kind) {
    out.header.push_back({"kind", a.kind, b.kind});
  }
  if (a.program != b.program) {
    out.header.push_back({"program", a.program, b.program});
  }
  // One run each: compared whatever their labels (a strategy against another).
  if (a.runs.size() == 1 && b.runs.size() == 1) {
    out.runs.push_back(diffRuns(a.runs[0], b.runs[0]));
    return out;
  }
  std::vector<bool> used(b.runs.size(), false);
  for (const LoadedRun& run : a.runs) {
    bool found = false;
    for (size_t i = 0; i < b.runs.size() && !found; ++i) {
      if (!used[i] && runKey(b.runs[i]) == runKey(run)) {
        used[i] = true;
        found = true;
        out.runs.push_back(diffRuns(run, b.runs[i]));
      }
    }
    if (!found) {
      out.onlyInA.push_back(run.label);
    }
  }
  for (size_t i = 0; i < b.runs.size(); ++i) {
    if (!used[i]) {
      out.onlyInB.push_back(b.runs[i].label);
    }
  }
  return out;
}

} // namespace frontier::report
