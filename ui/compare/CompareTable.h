#pragma once
// The summary table of a comparison: per entry the median GPU time of its
// timed runs (Qt::UserRole: nanoseconds) and their spread, lowest to highest
// (Qt::UserRole, Qt::UserRole + 1: ns), the ratio of medians to the
// baseline's (green when less, red when more, grey "within noise" when the
// spreads overlap), median wall time (and its ratio, "within noise" alike),
// iterations, search-edges per second (ratio to the baseline, "within noise"
// with the GPU time), the CPU check, and the share of GPU time of each
// kernel kind in the median run. *Submitted* is the median run's submitted
// GPU time (engine::RunTotals::submittedMs: its GPU time plus dispatches
// recorded for levels that did not run), named apart from GPU time. Ratio cells hold the number itself in
// Qt::UserRole and, for GPU time, whether it is within noise in
// Qt::UserRole + 1. When the entries ran on more than one device
// (CompareModel::severalDevices), a column names each entry's device: shown
// beside the name, its index is the last (deviceColumn()), so that the fixed
// columns keep theirs. Double-click a row to pin it as the baseline.
//
// Thread affinity: GUI thread.

#include <vector>

#include <QTableWidget>

namespace frontier::ui {

class CompareModel;

class CompareTable : public QTableWidget {
  Q_OBJECT
public:
  explicit CompareTable(CompareModel* model, QWidget* parent = nullptr);

  // Column indices of the fixed columns.
  enum Column {
    Name,
    Check,
    Gpu,
    GpuSpread,
    GpuRatio,
    Submitted,
    Wall,
    WallRatio,
    Iterations,
    Rate,
    RateRatio,
    FirstKernel
  };

  // The device column's index; -1 while the entries ran on one device.
  int deviceColumn() const noexcept { return m_deviceColumn; }

private:
  void rebuild();
  // Each header's tooltip: what the column measures (`kinds`: the kernel
  // kinds of the columns from FirstKernel on).
  void explainHeaders(const std::vector<size_t>& kinds);

  CompareModel* m_model;
  int m_deviceColumn = -1;
};

} // namespace frontier::ui
