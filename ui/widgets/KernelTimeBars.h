#pragma once
// GPU time per iteration as bars stacked by kernel kind, beside the kernel
// timeline: where an iteration's time goes, and which iterations cost most.
// The timeline's track labels are the legend of the colours. Hover lists an
// iteration's kernels; a click selects it in every view.
//
// Thread affinity: GUI thread.

#include <QWidget>

namespace frontier::ui {

class RunModel;

class KernelTimeBars : public QWidget {
  Q_OBJECT
public:
  explicit KernelTimeBars(RunModel* model, QWidget* parent = nullptr);

  // The iteration drawn at widget x, -1 outside the bars.
  int iterationAt(double x) const;
  QSize sizeHint() const override;
  QSize minimumSizeHint() const override;
  // Hover text: of a step, its kernels' times and what each kernel does;
  // of the title, what the chart shows.
  QString tooltipFor(int iteration) const;
  static QString titleTooltip();

protected:
  void paintEvent(QPaintEvent* event) override;
  void mouseMoveEvent(QMouseEvent* event) override;
  void mousePressEvent(QMouseEvent* event) override;
  void leaveEvent(QEvent* event) override;

private:
  QRectF plotRect() const;

  RunModel* m_model;
  double m_maxTotalNs = 0; // kept as iterations arrive
};

} // namespace frontier::ui
