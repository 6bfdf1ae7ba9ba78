#pragma once
// A run's kernels against the device's roofs (report/Roofline.h): a log-log
// roofline (bytes moved per dispatch across, achieved GB/s up; the copy roof,
// the dispatch-overhead diagonal and, per expand, its random-gather roof at
// its bytes per arc), a kernel table with "% of roof" and the idle-lane share
// (where invocations were counted), and the why-line's
// sentence. Beside the kernel table, in a tab, the pipelines table
// (PipelinesTable: registers, shared memory, spills, occupancy). Shows a snapshot: setRun() copies what it draws.
//
// Thread affinity: GUI thread.

#include <vector>

#include <QWidget>

#include "engine/Trace.h"
#include "report/Roofline.h"

class QLabel;
class QTabWidget;
class QTableWidget;

namespace frontier::ui {

class PipelinesTable;

class RooflinePlot : public QWidget {
  Q_OBJECT
public:
  explicit RooflinePlot(QWidget* parent = nullptr);
  void setKernels(std::vector<report::KernelRoof> kernels, const engine::DeviceRoofs& roofs);
  // Where a point of `bytes` per dispatch at `gbps` is drawn (widget pixels).
  QPointF pointAt(double bytes, double gbps) const;
  QSize sizeHint() const override { return {420, 300}; }

protected:
  void paintEvent(QPaintEvent* event) override;

private:
  QRectF plotRect() const;
  std::vector<report::KernelRoof> m_kernels;
  engine::DeviceRoofs m_roofs;
  double m_minBytes = 1e3, m_maxBytes = 1e9, m_minGbps = 0.1, m_maxGbps = 1e4;  // axis ranges, powers of ten
};

class RooflinePanel : public QWidget {
  Q_OBJECT
public:
  explicit RooflinePanel(QWidget* parent = nullptr);
  // The run and the roofs of the device it ran on (not measured: all zero).
  void setRun(const engine::RunTrace& trace, const engine::DeviceRoofs& roofs);

  const QTableWidget* table() const noexcept { return m_table; }
  const RooflinePlot* plot() const noexcept { return m_plot; }
  PipelinesTable* pipelines() const noexcept { return m_pipelines; }
  QTabWidget* tables() const noexcept { return m_tables; }
  QString note() const;

private:
  RooflinePlot* m_plot;
  QTableWidget* m_table;
  PipelinesTable* m_pipelines;
  QTabWidget* m_tables;
  QLabel* m_note;
};

} // namespace frontier::ui
