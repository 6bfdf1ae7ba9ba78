#include "widgets/IterationCharts.h"

#include <QCheckBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QVBoxLayout>

#include "engine/Trace.h"
#include "models/RunModel.h"
#include "widgets/IterationChart.h"
#include "widgets/KernelPalette.h"

namespace frontier::ui {

IterationCharts::IterationCharts(RunModel* model, QWidget* parent)
    : QWidget(parent), m_log(new QCheckBox(tr("&Log scale"))) {
  setObjectName("iterationCharts");
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(4, 4, 4, 4);
  layout->setSpacing(0);

  auto* header = new QHBoxLayout;
  QColor shade = bottomUpShade();
  shade.setAlpha(110);
  auto* legend = new QLabel(tr("<span style='background:%1'>&nbsp;&nbsp;&nbsp;&nbsp;</span> bottom-up iteration "
                               "&nbsp; <span style='color:%2'>┃</span> selected iteration &nbsp; "
                               "<span style='color:#808080'>┆</span> new batch")
                                .arg(shade.name(QColor::HexArgb), cursorColor().name()));
  header->addWidget(legend);
  header->addStretch();
  m_log->setObjectName("logScale");
  m_log->setToolTip(tr("Logarithmic y axes (zeros sit on the axis floor)"));
  header->addWidget(m_log);
  layout->addLayout(header);

  const std::vector<ChartMetric> metrics = {
      {tr("JFQ length"), tr("vertices"),
       [](const engine::IterationStats& it) { return static_cast<double>(it.jfqLength); }},
      // (vertex, search) pairs first reached in the iteration.
      {tr("Newly visited"), tr("visits"),
       [](const engine::IterationStats& it) { return static_cast<double>(it.newlyVisited); }},
      {tr("Edges examined"), tr("arcs"),
       [](const engine::IterationStats& it) { return static_cast<double>(it.edgesExamined); }},
  };
  for (const ChartMetric& metric : metrics) {
    auto* chart = new IterationChart(model, metric);
    chart->setMinimumHeight(150);
    m_charts.push_back(chart);
    layout->addWidget(chart, 1);
  }
  connect(m_log, &QCheckBox::toggled, this, &IterationCharts::setLogScale);
}

bool IterationCharts::logScale() const {
  return m_log->isChecked();
}

void IterationCharts::setLogScale(bool log) {
  m_log->setChecked(log);
  for (IterationChart* chart : m_charts) {
    chart->setLogScale(log);
  }
}

} // namespace frontier::ui
