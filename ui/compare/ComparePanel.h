#pragma once
// One run of a comparison in its own column: its name and colour (and its
// device, when the entries ran on several), whether it matched the CPU
// reference, its totals and its difference from the baseline, then its
// per-iteration frontier chart and GPU time per iteration by kernel (the run
// window's own IterationChart and KernelTimeBars over the run's RunModel).
// The cursor is the comparison's shared one.
//
// Thread affinity: GUI thread.

#include <QWidget>

class QLabel;

namespace frontier::ui {

class CompareModel;
class IterationChart;
class KernelTimeBars;

// The colour of run `index` in every view of a comparison.
QColor runColor(int index);

class ComparePanel : public QWidget {
  Q_OBJECT
public:
  ComparePanel(CompareModel* model, int index, QWidget* parent = nullptr);

  int index() const noexcept { return m_index; }
  IterationChart* chart() const noexcept { return m_chart; }
  KernelTimeBars* timeBars() const noexcept { return m_bars; }
  QString headerText() const;

private:
  void refresh();

  CompareModel* m_model;
  int m_index;
  QLabel* m_header;
  IterationChart* m_chart;
  KernelTimeBars* m_bars;
};

} // namespace frontier::ui
