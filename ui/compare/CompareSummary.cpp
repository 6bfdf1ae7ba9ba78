#include "compare/CompareSummary.h"

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

} // namespace

RunSummary summarize(const engine::RunTrace& trace) {
  RunSummary summary;
  summary.gpuMs = trace.totals.gpuMs;
  summary.wallMs = trace.totals.wallMs;
  summary.iterations = static_cast<uint32_t>(trace.iterations.size());
  summary.searchEdgesPerSecond = trace.totals.searchEdgesPerSecond();
  const std::vector<double> perKind = trace.nsPerKind();
  for (size_t k = 0; k < perKind.size() && k < kSummaryKinds; ++k) {
    summary.kindNs[k] = perKind[k];
    summary.kernelNs += perKind[k];
  }
  return summary;
}

Difference differenceFrom(const RunSummary& baseline, const RunSummary& run) {
  Difference d;
  d.gpuRatio = ratio(run.gpuMs, baseline.gpuMs);
  d.wallRatio = ratio(run.wallMs, baseline.wallMs);
  d.rateRatio = ratio(run.searchEdgesPerSecond, baseline.searchEdgesPerSecond);
  d.iterationDelta = static_cast<int64_t>(run.iterations) - static_cast<int64_t>(baseline.iterations);
  for (size_t k = 0; k < kSummaryKinds; ++k) {
    d.kindDeltaNs[k] = run.kindNs[k] - baseline.kindNs[k];
    if (std::abs(d.kindDeltaNs[k]) > std::abs(d.kindDeltaNs[d.largestKind])) {
      d.largestKind = k;
    }
  }
  return d;
}

QString ratioText(double value) {
  return value > 0 ? QStringLiteral("×%1").arg(value, 0, 'f', value < 10 ? 2 : 1) : QStringLiteral("–");
}

QString explainDifference(const QString& baselineName, const RunSummary& baseline, const QString& runName,
                          const RunSummary& run) {
  const Difference d = differenceFrom(baseline, run);
  if (baseline.gpuMs <= 0 || run.gpuMs <= 0) {
    return QObject::tr("%1: no GPU time to compare with %2.").arg(runName, baselineName);
  }
  const bool faster = run.gpuMs < baseline.gpuMs;
  const double factor = faster ? baseline.gpuMs / run.gpuMs : run.gpuMs / baseline.gpuMs;
  QString text = QObject::tr("%1 is %2× %3 than %4 (GPU %5 vs %6)")
                     .arg(runName)
                     .arg(factor, 0, 'f', 2)
                     .arg(faster ? QObject::tr("faster") : QObject::tr("slower"))
                     .arg(baselineName, formatDuration(run.gpuMs * 1e6), formatDuration(baseline.gpuMs * 1e6));
  const double largest = d.kindDeltaNs[d.largestKind];
  double totalAbs = 0;
  for (double delta : d.kindDeltaNs) {
    totalAbs += std::abs(delta);
  }
  if (largest != 0 && totalAbs > 0) {
    text += QObject::tr("; most of the difference: %1 %2%3 (%4% of the kernel-time change)")
                .arg(kindName(d.largestKind), largest < 0 ? QStringLiteral("−") : QStringLiteral("+"),
                     formatDuration(std::abs(largest)))
                .arg(std::lround(100.0 * std::abs(largest) / totalAbs));
  }
  if (d.iterationDelta != 0) {
    text += QObject::tr(", %1 %2 iterations")
                .arg(std::llabs(d.iterationDelta))
                .arg(d.iterationDelta < 0 ? QObject::tr("fewer") : QObject::tr("more"));
  }
  return text + QLatin1Char('.');
}

} // namespace frontier::ui
