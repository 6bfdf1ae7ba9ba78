#pragma once
// GPU time per kernel kind of every run of a comparison: one horizontal bar
// per run, stacked by kernel kind in the colours of the kernel timeline, on
// one time scale, so the kernel that makes a run slow is the longest segment.
// Each bar is the entry's median run (its total is the table's GPU time: the
// sum of the run's kernel spans); a thin whisker spans the lowest to the
// highest GPU time of the timed runs. Hover names a segment; over the legend,
// it says what the kernel does (the glossary's words).
//
// Thread affinity: GUI thread.

#include <vector>

#include <QRectF>
#include <QWidget>

#include "engine/Trace.h"

namespace frontier::ui {

class CompareModel;

class StrategyTimeBars : public QWidget {
  Q_OBJECT
public:
  explicit StrategyTimeBars(CompareModel* model, QWidget* parent = nullptr);
  QSize sizeHint() const override;
  QSize minimumSizeHint() const override;
  // The length of an entry's bar: the sum of its segments, ns.
  double totalNs(int run) const;
  // The text beside the bar.
  QString totalText(int run) const;
  // The legend's entries as laid out at the present width: a kernel kind any
  // run used and the box of its swatch and name.
  struct LegendEntry {
    engine::KernelKind kind;
    QRectF box;
  };
  std::vector<LegendEntry> legend() const;

protected:
  void paintEvent(QPaintEvent* event) override;
  void mouseMoveEvent(QMouseEvent* event) override;

private:
  QRectF barRect(int run) const;
  double maxNs() const;

  CompareModel* m_model;
};

} // namespace frontier::ui
