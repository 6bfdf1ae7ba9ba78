#include "widgets/IterationCharts.h"

#include <QCheckBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QVBoxLayout>
#include <QtCharts/QChart>

#include "engine/Trace.h"
#include "models/RunModel.h"
#include "theme/ThemeManager.h"
#include "widgets/IterationChart.h"

namespace frontier::ui {

namespace {

// Three charts and the header fit the centre of a 1024 x 700 window.
constexpr int kChartMinimumHeight = 90;

} // namespace

IterationCharts::IterationCharts(RunModel* model, QWidget* parent)
    : QWidget(parent), m_model(model), m_log(new QCheckBox(tr("&Log scale"))), m_legend(new QLabel) {
  setObjectName("iterationCharts");
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(4, 4, 4, 4);
  layout->setSpacing(0);

  auto* header = new QHBoxLayout;
  updateLegend();
  connect(&ThemeManager::instance(), &ThemeManager::changed, this, &IterationCharts::updateLegend);
  // Not what sets the window's least width (cut at the right in a narrow one).
  m_legend->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
  header->addWidget(m_legend, 1);
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
    chart->setMinimumHeight(kChartMinimumHeight);
    m_charts.push_back(chart);
    layout->addWidget(chart, 1);
  }
  m_far = new IterationChart(model, {tr("Far pile"), tr("entries"),
                                     [](const engine::IterationStats& it) { return static_cast<double>(it.farSize); }});
  m_far->setMinimumHeight(kChartMinimumHeight);
  layout->addWidget(m_far, 1);
  // From both ends: the selected pair's two frontiers, in the graph view's
  // colours of the two sides.
  m_sides = new IterationChart(model, {tr("Selected pair's frontiers"), tr("vertices"),
                                       [](const engine::IterationStats& it) {
                                         return static_cast<double>(it.trackedFrontierForward);
                                       }});
  m_sides->addSeries([](const engine::IterationStats& it) { return static_cast<double>(it.trackedFrontierBackward); },
                     tr("from the destination"), currentTheme().colours.destination, tr("from the source"));
  colourSides();
  connect(&ThemeManager::instance(), &ThemeManager::changed, this, &IterationCharts::colourSides);
  m_sides->setMinimumHeight(kChartMinimumHeight);
  layout->addWidget(m_sides, 1);
  connect(m_log, &QCheckBox::toggled, this, &IterationCharts::setLogScale);
  connect(model, &RunModel::cleared, this, &IterationCharts::updateMode);
  connect(model, &RunModel::iterationsAppended, this, &IterationCharts::updateMode);
  updateMode();
}

void IterationCharts::updateLegend() {
  const ViewColours& colours = currentTheme().colours;
  QColor shade = colours.bottomUpShade;
  shade.setAlpha(110);
  m_legend->setText(tr("<span style='background:%1'>&nbsp;&nbsp;&nbsp;&nbsp;</span> bottom-up iteration "
                       "&nbsp; <span style='color:%2'>┃</span> selected iteration &nbsp; "
                       "<span style='color:%3'>┆</span> new batch")
                        .arg(shade.name(QColor::HexArgb), colours.cursor.name(), colours.guide.name()));
}

void IterationCharts::colourSides() {
  const ViewColours& colours = currentTheme().colours;
  m_sides->setColour(colours.frontier);
  m_sides->setOverlayColour(0, colours.destination);
}

void IterationCharts::updateMode() {
  // Shortest-path runs put the near bucket's size where iBFS has the JFQ length.
  const bool sssp = m_model->trace().algorithm == "sssp";
  m_charts.front()->setTitles(sssp ? tr("Near bucket") : tr("JFQ length"), sssp ? tr("entries") : tr("vertices"));
  m_far->setVisible(sssp);
  // Only where a selected pair was searched from both ends.
  bool tracked = false;
  for (int i = 0; i < m_model->iterationCount() && !tracked && m_model->trace().twoSided; ++i) {
    tracked = m_model->iteration(i).trackedSides != 0;
  }
  m_sides->setVisible(tracked);
}

bool IterationCharts::logScale() const {
  return m_log->isChecked();
}

void IterationCharts::setLogScale(bool log) {
  m_log->setChecked(log);
  for (IterationChart* chart : m_charts) {
    chart->setLogScale(log);
  }
  m_far->setLogScale(log);
  m_sides->setLogScale(log);
}

} // namespace frontier::ui
