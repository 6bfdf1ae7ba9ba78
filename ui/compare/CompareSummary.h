#pragma once
// The numbers of a comparison: each entry's median GPU time over its timed
// runs with the spread (lowest to highest), its share of GPU time per kernel
// kind, and an entry's difference from the pinned baseline (ratios of median
// times, differences of kernel times) with one line of text that names the
// kernel making the largest difference ("Why is B faster than A?"). Two
// entries whose GPU-time spreads overlap are "within noise" of each other,
// and only kernels whose spreads do not overlap count as differences.
//
// GPU time is engine::RunTotals::gpuMs everywhere: the sum of the run's
// kernel spans (docs/ENGINE.md), so the table, the bars and the panels agree.
//
// Pure functions of RunTrace / run::ComparedRun values; GUI thread or any other.

#include <array>
#include <cstdint>
#include <vector>

#include <QObject>
#include <QString>

#include "engine/Trace.h"
#include "run/Comparison.h"

namespace frontier::ui {

inline constexpr size_t kSummaryKinds = static_cast<size_t>(engine::KernelKind::Count_);

// The spread of a few measurements. `median` is one of them: the lower middle
// one for an even count (the run whose kernels the views show).
struct Spread {
  int count = 0;
  double median = 0;
  double min = 0;
  double max = 0;
  // Whether the two ranges [min, max] share a point. With one value each,
  // only equal values overlap: a single run has no noise estimate.
  bool overlaps(const Spread& other) const noexcept { return count > 0 && other.count > 0 && min <= other.max && other.min <= max; }
};

Spread spreadOf(std::vector<double> values);

struct RunSummary {
  double gpuMs = 0;  // median over the timed runs (the median run's GPU time)
  Spread gpu;        // of the timed runs' GPU times, ms
  double wallMs = 0; // median
  double submittedMs = 0; // of the median run: its GPU time plus dispatches that did no work
  Spread wall;       // ms
  uint32_t iterations = 0;
  double searchEdgesPerSecond = 0; // search-edges / median GPU time
  double kernelNs = 0;                        // sum over kernel kinds of the median run: gpuMs * 1e6
  std::array<double, kSummaryKinds> kindNs{}; // GPU time per kernel kind of the median run
  std::array<Spread, kSummaryKinds> kindSpread{}; // per kernel kind over the timed runs, ns
  double share(size_t kind) const noexcept { return kernelNs > 0 ? kindNs[kind] / kernelNs : 0.0; }
};

// One run: its own totals, spreads of a single value.
RunSummary summarize(const engine::RunTrace& trace);
// An entry of a comparison: its median run's trace, spreads over its timed runs.
RunSummary summarize(const run::ComparedRun& run);

// `run` against `baseline`: ratios are run / baseline (below 1: less time,
// i.e. faster), 0 where the baseline's value is 0.
struct Difference {
  double gpuRatio = 0; // of the medians
  double wallRatio = 0;
  double rateRatio = 0; // search-edges per second
  bool gpuWithinNoise = false;  // the GPU-time spreads overlap (so does the rate, from the same times)
  bool wallWithinNoise = false; // the wall-time spreads overlap
  int64_t iterationDelta = 0;
  std::array<double, kSummaryKinds> kindDeltaNs{};    // run - baseline, of the median runs
  std::array<bool, kSummaryKinds> kindBeyondNoise{}; // the kind's spreads do not overlap
  // The kernel kind with the largest absolute difference of GPU time among
  // those beyond the noise (any kind when none is).
  size_t largestKind = 0;
  bool anyKindBeyondNoise = false;
};

Difference differenceFrom(const RunSummary& baseline, const RunSummary& run);

// "coalesced is 3.1× faster than workgroups (GPU 4.2 ms vs 13.0 ms); most of
// the difference: expand-top-down −7.9 ms (87% of it), 12 fewer iterations."
// or "coalesced is within noise of workgroups (GPU median ...)".
QString explainDifference(const QString& baselineName, const RunSummary& baseline, const QString& runName,
                          const RunSummary& run);

// "×0.32" style ratio text and whether lower is better is the caller's call.
QString ratioText(double ratio);
// "8.1 ms (7.9–8.6 ms)", or the one value when there is no spread to show.
QString medianWithSpread(const Spread& spreadMs);

} // namespace frontier::ui
