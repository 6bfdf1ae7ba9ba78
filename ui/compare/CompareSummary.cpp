#include "compare/CompareSummary.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>

#include "widgets/TimeAxis.h"

namespace frontier::ui {

namespace {

double ratio(double run, double baseline) {
  return baseline > 0 ? run / baseline : 0.0;
}

QString kindName(size_t kind) {
  const std::string_view name = engine::kernelName(static_cast<engine::KernelKind>(kind));
  return QString::fromUtf8(name.data(), static_cast<qsizetype>(name.size()));
}

Spread pointSpread(double value) {
  return {1, value, value, value};
}

} // namespace

Spread spreadOf(std::vector<double> values) {
  Spread spread;
  if (values.empty()) {
    return spread;
  }
  std::sort(values.begin(), values.end());
  spread.count = static_cast<int>(values.size());
  spread.median = values[(values.size() - 1) / 2];
  spread.min = values.front();
  spread.max = values.back();
  return spread;
}

RunSummary summarize(const engine::RunTrace& trace) {
  RunSummary summary;
  summary.gpuMs = trace.totals.gpuMs;
  summary.gpu = pointSpread(summary.gpuMs);
  summary.wallMs = trace.totals.wallMs;
  summary.submittedMs = trace.totals.submittedMs;
  summary.wall = pointSpread(summary.wallMs);
  summary.iterations = static_cast<uint32_t>(trace.iterations.size());
  summary.searchEdgesPerSecond = trace.totals.searchEdgesPerSecond();
  const std::vector<double> perKind = trace.nsPerKind();
  for (size_t k = 0; k < perKind.size() && k < kSummaryKinds; ++k) {
    summary.kindNs[k] = perKind[k];
    summary.kindSpread[k] = pointSpread(perKind[k]);
    summary.kernelNs += perKind[k];
  }
  return summary;
}

RunSummary summarize(const run::ComparedRun& run) {
  RunSummary summary = summarize(run.trace);
  if (run.timedCount() == 0) {
    return summary;
  }
  // The trace is the median run's: its GPU time is the median. The spreads
  // come from every timed run.
  std::vector<double> gpu;
  std::vector<double> wall;
  std::array<std::vector<double>, kSummaryKinds> kinds;
  for (const run::RunSample& sample : run.samples) {
    if (sample.warmup) {
      continue;
    }
    gpu.push_back(sample.gpuMs);
    wall.push_back(sample.wallMs);
    for (size_t k = 0; k < kSummaryKinds; ++k) {
      kinds[k].push_back(sample.kindNs[k]);
    }
  }
  summary.gpu = spreadOf(gpu);
  summary.wall = spreadOf(wall);
  summary.wallMs = summary.wall.median;
  for (size_t k = 0; k < kSummaryKinds; ++k) {
    summary.kindSpread[k] = spreadOf(kinds[k]);
  }
  return summary;
}

Difference differenceFrom(const RunSummary& baseline, const RunSummary& run) {
  Difference d;
  d.gpuRatio = ratio(run.gpuMs, baseline.gpuMs);
  d.wallRatio = ratio(run.wallMs, baseline.wallMs);
  d.rateRatio = ratio(run.searchEdgesPerSecond, baseline.searchEdgesPerSecond);
  d.gpuWithinNoise = run.gpu.overlaps(baseline.gpu);
  d.wallWithinNoise = run.wall.overlaps(baseline.wall);
  d.iterationDelta = static_cast<int64_t>(run.iterations) - static_cast<int64_t>(baseline.iterations);
  double largest = -1;
  for (size_t k = 0; k < kSummaryKinds; ++k) {
    d.kindDeltaNs[k] = run.kindNs[k] - baseline.kindNs[k];
    d.kindBeyondNoise[k] = d.kindDeltaNs[k] != 0 && !run.kindSpread[k].overlaps(baseline.kindSpread[k]);
    d.anyKindBeyondNoise = d.anyKindBeyondNoise || d.kindBeyondNoise[k];
  }
  for (size_t k = 0; k < kSummaryKinds; ++k) {
    if ((!d.anyKindBeyondNoise || d.kindBeyondNoise[k]) && std::abs(d.kindDeltaNs[k]) > largest) {
      largest = std::abs(d.kindDeltaNs[k]);
      d.largestKind = k;
    }
  }
  return d;
}

QString ratioText(double value) {
  return value > 0 ? QStringLiteral("×%1").arg(value, 0, 'f', value < 10 ? 2 : 1) : QStringLiteral("–");
}

QString medianWithSpread(const Spread& spreadMs) {
  const QString median = formatDuration(spreadMs.median * 1e6);
  if (spreadMs.count < 2) {
    return median;
  }
  return QStringLiteral("%1 (%2–%3)")
      .arg(median, formatDuration(spreadMs.min * 1e6), formatDuration(spreadMs.max * 1e6));
}

QString explainDifference(const QString& baselineName, const RunSummary& baseline, const QString& runName,
                          const RunSummary& run) {
  const Difference d = differenceFrom(baseline, run);
  if (baseline.gpuMs <= 0 || run.gpuMs <= 0) {
    return QObject::tr("%1: no GPU time to compare with %2.").arg(runName, baselineName);
  }
  const bool several = run.gpu.count > 1 || baseline.gpu.count > 1;
  const QString times = several ? QObject::tr("GPU median %1 vs %2, %3 and %4 runs")
                                      .arg(medianWithSpread(run.gpu), medianWithSpread(baseline.gpu))
                                      .arg(run.gpu.count)
                                      .arg(baseline.gpu.count)
                                : QObject::tr("GPU %1 vs %2")
                                      .arg(formatDuration(run.gpuMs * 1e6), formatDuration(baseline.gpuMs * 1e6));
  QString text;
  if (d.gpuWithinNoise) {
    text = QObject::tr("%1 is within noise of %2 (%3: the ranges overlap)").arg(runName, baselineName, times);
  } else {
    const bool faster = run.gpuMs < baseline.gpuMs;
    const double factor = faster ? baseline.gpuMs / run.gpuMs : run.gpuMs / baseline.gpuMs;
    text = QObject::tr("%1 is %2× %3 than %4 (%5)")
               .arg(runName)
               .arg(factor, 0, 'f', 2)
               .arg(faster ? QObject::tr("faster") : QObject::tr("slower"))
               .arg(baselineName, times);
  }
  const double largest = d.kindDeltaNs[d.largestKind];
  double totalAbs = 0;
  for (double delta : d.kindDeltaNs) {
    totalAbs += std::abs(delta);
  }
  if (d.anyKindBeyondNoise && totalAbs > 0) {
    text += QObject::tr("; most of the difference: %1 %2%3 (%4% of the kernel-time change)")
                .arg(kindName(d.largestKind), largest < 0 ? QStringLiteral("−") : QStringLiteral("+"),
                     formatDuration(std::abs(largest)))
                .arg(std::lround(100.0 * std::abs(largest) / totalAbs));
  } else if (several) {
    text += QObject::tr("; no kernel differs by more than the noise");
  }
  if (d.iterationDelta != 0) {
    text += QObject::tr(", %1 %2 iterations")
                .arg(std::llabs(d.iterationDelta))
                .arg(d.iterationDelta < 0 ? QObject::tr("fewer") : QObject::tr("more"));
  }
  return text + QLatin1Char('.');
}

} // namespace frontier::ui
