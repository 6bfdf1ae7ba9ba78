#pragma once
// The per-iteration charts of a run, stacked over one iteration axis: JFQ
// length, newly visited (vertex, search) pairs and edges examined, with a log
// scale toggle shared by all three.
//
// Thread affinity: GUI thread.

#include <vector>

#include <QWidget>

class QCheckBox;

namespace frontier::ui {

class IterationChart;
class RunModel;

class IterationCharts : public QWidget {
  Q_OBJECT
public:
  explicit IterationCharts(RunModel* model, QWidget* parent = nullptr);

  const std::vector<IterationChart*>& charts() const noexcept { return m_charts; }
  bool logScale() const;
  void setLogScale(bool log);

private:
  std::vector<IterationChart*> m_charts;
  QCheckBox* m_log;
};

} // namespace frontier::ui
