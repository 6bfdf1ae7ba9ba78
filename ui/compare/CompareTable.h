#pragma once
// The summary table of a comparison: per run GPU time, its ratio to the
// baseline's (green when less, red when more), wall time, iterations,
// search-edges per second (ratio to the baseline), the CPU check, and the
// share of GPU time of each kernel kind. Ratio cells hold the number itself
// in Qt::UserRole. Double-click a row to pin it as the baseline.
//
// Thread affinity: GUI thread.

#include <QTableWidget>

namespace frontier::ui {

class CompareModel;

class CompareTable : public QTableWidget {
  Q_OBJECT
public:
  explicit CompareTable(CompareModel* model, QWidget* parent = nullptr);

  // Column indices of the fixed columns.
  enum Column { Name, Check, Gpu, GpuRatio, Wall, WallRatio, Iterations, Rate, RateRatio, FirstKernel };

private:
  void rebuild();

  CompareModel* m_model;
};

} // namespace frontier::ui
