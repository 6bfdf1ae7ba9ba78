#pragma once
// The per-iteration charts of a run, stacked over one iteration axis: JFQ
// length, newly visited (vertex, search) pairs and edges examined, with a log
// scale toggle shared by all. For shortest-path runs the first chart is the
// near bucket and a fourth chart shows the far pile; runs from both ends
// with a selected pair show its two frontiers.
//
// Thread affinity: GUI thread.

#include <vector>

#include <QWidget>

class QCheckBox;
class QLabel;

namespace frontier::ui {

class IterationChart;
class RunModel;

class IterationCharts : public QWidget {
  Q_OBJECT
public:
  explicit IterationCharts(RunModel* model, QWidget* parent = nullptr);

  const std::vector<IterationChart*>& charts() const noexcept { return m_charts; }
  // The far pile's chart (shown only for shortest-path runs; not in charts()).
  IterationChart* farChart() const noexcept { return m_far; }
  // The selected pair's two frontiers (shown only for runs from both ends
  // with a selected pair; not in charts()).
  IterationChart* sidesChart() const noexcept { return m_sides; }
  bool logScale() const;
  void setLogScale(bool log);

private:
  void updateMode();
  void updateLegend(); // in the theme's colours
  void colourSides();  // the two frontiers in the graph view's colours of the sides

  RunModel* m_model;
  std::vector<IterationChart*> m_charts;
  IterationChart* m_far = nullptr;
  IterationChart* m_sides = nullptr;
  QCheckBox* m_log;
  QLabel* m_legend;
};

} // namespace frontier::ui
