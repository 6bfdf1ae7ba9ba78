#pragma once
// The numbers of a comparison: each run's totals and share of GPU time per
// kernel kind, and a run's difference from the pinned baseline (ratios of
// times, differences of kernel times) with one line of text that names the
// kernel making the largest difference ("Why is B faster than A?").
//
// Pure functions of RunTrace values; GUI thread or any other.

#include <array>
#include <cstdint>

#include <QObject>
#include <QString>

#include "engine/Trace.h"

namespace frontier::ui {

inline constexpr size_t kSummaryKinds = static_cast<size_t>(engine::KernelKind::Count_);

struct RunSummary {
  double gpuMs = 0;
  double wallMs = 0;
  uint32_t iterations = 0;
  double searchEdgesPerSecond = 0;
  double kernelNs = 0;                        // sum over kernel kinds
  std::array<double, kSummaryKinds> kindNs{}; // GPU time per kernel kind
  double share(size_t kind) const noexcept { return kernelNs > 0 ? kindNs[kind] / kernelNs : 0.0; }
};

RunSummary summarize(const engine::RunTrace& trace);

// `run` against `baseline`: ratios are run / baseline (below 1: less time,
// i.e. faster), 0 where the baseline's value is 0.
struct Difference {
  double gpuRatio = 0;
  double wallRatio = 0;
  double rateRatio = 0; // search-edges per second
  int64_t iterationDelta = 0;
  std::array<double, kSummaryKinds> kindDeltaNs{}; // run - baseline
  // The kernel kind with the largest absolute difference of GPU time.
  size_t largestKind = 0;
};

Difference differenceFrom(const RunSummary& baseline, const RunSummary& run);

// "coalesced is 3.1× faster than workgroups (GPU 4.2 ms vs 13.0 ms); most of
// the difference: expand-top-down −7.9 ms (87% of it), 12 fewer iterations."
QString explainDifference(const QString& baselineName, const RunSummary& baseline, const QString& runName,
                          const RunSummary& run);

// "×0.32" style ratio text and whether lower is better is the caller's call.
QString ratioText(double ratio);

} // namespace frontier::ui
