#pragma once
// GPU time per kernel kind of every run of a comparison: one horizontal bar
// per run, stacked by kernel kind in the colours of the kernel timeline, on
// one time scale, so the kernel that makes a run slow is the longest segment.
// Hover names a segment.
//
// Thread affinity: GUI thread.

#include <QWidget>

namespace frontier::ui {

class CompareModel;

class StrategyTimeBars : public QWidget {
  Q_OBJECT
public:
  explicit StrategyTimeBars(CompareModel* model, QWidget* parent = nullptr);
  QSize sizeHint() const override;
  QSize minimumSizeHint() const override;

protected:
  void paintEvent(QPaintEvent* event) override;
  void mouseMoveEvent(QMouseEvent* event) override;

private:
  QRectF barRect(int run) const;
  double maxNs() const;

  CompareModel* m_model;
};

} // namespace frontier::ui
