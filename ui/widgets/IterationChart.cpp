#include "widgets/IterationChart.h"

#include <algorithm>
#include <cmath>

#include <QLocale>
#include <QMouseEvent>
#include <QToolTip>
#include <QtCharts/QChart>
#include <QtCharts/QLegend>
#include <QtCharts/QLineSeries>
#include <QtCharts/QLogValueAxis>
#include <QtCharts/QValueAxis>

#include "models/Glossary.h"
#include "models/RunModel.h"
#include "theme/ThemeManager.h"
#include "widgets/TimeAxis.h"

namespace frontier::ui {

namespace {

// A logarithmic axis cannot show 0: zeros sit on its floor, the tooltip tells the truth.
constexpr double kLogFloor = 0.5;
// Line widths at a theme's line width of 1: the chart's own run stands out from overlays.
constexpr double kOwnLineWidth = 1.8;
constexpr double kOverlayLineWidth = 1.6;
// Marks a chart or an axis whose fonts are at the theme's scale.
constexpr const char* kFontsScaled = "frontierFontsScaled";

QPen linePen(const QColor& colour, double width) {
  QPen pen(colour);
  pen.setWidthF(width * currentTheme().lineWidth);
  return pen;
}

} // namespace

IterationChart::IterationChart(RunModel* model, ChartMetric metric, QWidget* parent)
    : QChartView(parent), m_model(model), m_metric(std::move(metric)), m_series(new QLineSeries),
      m_xAxis(new QValueAxis) {
  setObjectName(m_metric.title);
  setRenderHint(QPainter::Antialiasing);
  setMouseTracking(true);
  setRubberBand(QChartView::NoRubberBand);
  auto* chart = new QChart;
  chart->setTitle(m_metric.title);
  chart->legend()->hide();
  chart->setMargins(QMargins(4, 2, 8, 2));
  chart->setBackgroundRoundness(0);
  chart->addSeries(m_series);
  m_series->setPointsVisible(false);
  m_xAxis->setLabelFormat("%d");
  m_xAxis->setTitleText(tr("step")); // named as every view names it (StepCursor)
  chart->addAxis(m_xAxis, Qt::AlignBottom);
  m_series->attachAxis(m_xAxis);
  setChart(chart);
  applyTheme();
  setLogScale(false);
  connect(&ThemeManager::instance(), &ThemeManager::changed, this, &IterationChart::applyTheme);

  connect(model, &RunModel::cleared, this, &IterationChart::onCleared);
  connect(model, &RunModel::iterationsAppended, this, &IterationChart::onAppended);
  connect(model, &RunModel::selectionChanged, this, [this] { viewport()->update(); });
  onAppended(0, model->iterationCount());
}

void IterationChart::setLogScale(bool log) {
  if (m_yAxis != nullptr && log == m_log) {
    return;
  }
  m_log = log;
  if (m_yAxis != nullptr) {
    m_series->detachAxis(m_yAxis);
    for (const Overlay& overlay : m_overlays) {
      overlay.series->detachAxis(m_yAxis);
    }
    chart()->removeAxis(m_yAxis);
    delete m_yAxis;
  }
  if (log) {
    auto* axis = new QLogValueAxis;
    axis->setBase(10);
    axis->setLabelFormat("%g");
    axis->setMinorTickCount(-1);
    m_yAxis = axis;
  } else {
    auto* axis = new QValueAxis;
    axis->setLabelFormat("%.0f");
    m_yAxis = axis;
  }
  m_yAxis->setTitleText(m_metric.unit);
  chart()->addAxis(m_yAxis, Qt::AlignLeft);
  scaleFonts();
  m_series->attachAxis(m_yAxis);
  // Rebuild the points: zeros move to the log axis's floor and back.
  m_series->replace(pointsOf(m_model, m_metric.value, 0, m_model->iterationCount()));
  for (const Overlay& overlay : m_overlays) {
    overlay.series->attachAxis(m_yAxis);
    overlay.series->replace(pointsOf(overlay.model, overlay.value, 0, overlay.model->iterationCount()));
  }
  updateAxes();
}

void IterationChart::applyTheme() {
  const Theme& theme = currentTheme();
  // setTheme gives every series the theme's colours and every text the
  // theme's font: the lines get their own colours back, and all fonts are
  // scaled anew.
  chart()->setTheme(theme.chartTheme);
  chart()->setBackgroundRoundness(0);
  m_series->setPen(linePen(m_colour.value_or(theme.colours.series), kOwnLineWidth));
  for (const Overlay& overlay : m_overlays) {
    overlay.series->setPen(linePen(overlay.colour, kOverlayLineWidth));
  }
  chart()->setProperty(kFontsScaled, false);
  for (QAbstractAxis* axis : chart()->axes()) {
    axis->setProperty(kFontsScaled, false);
  }
  scaleFonts();
}

void IterationChart::scaleFonts() {
  // The chart theme's fonts at the theme's scale, each once (axes come and
  // go with the log scale); the title bold.
  const double scale = currentTheme().fontScale;
  const auto scaled = [scale](QFont font) {
    if (font.pointSizeF() > 0) {
      font.setPointSizeF(font.pointSizeF() * scale);
    }
    return font;
  };
  QChart* c = chart();
  if (!c->property(kFontsScaled).toBool()) {
    QFont title = scaled(c->titleFont());
    title.setBold(true);
    c->setTitleFont(title);
    c->legend()->setFont(scaled(c->legend()->font()));
    c->setProperty(kFontsScaled, true);
  }
  for (QAbstractAxis* axis : c->axes()) {
    if (!axis->property(kFontsScaled).toBool()) {
      axis->setLabelsFont(scaled(axis->labelsFont()));
      axis->setTitleFont(scaled(axis->titleFont()));
      axis->setProperty(kFontsScaled, true);
    }
  }
}

void IterationChart::setColour(const QColor& colour) {
  m_colour = colour;
  m_series->setPen(linePen(colour, kOwnLineWidth));
}

void IterationChart::setTitles(const QString& title, const QString& unit) {
  m_metric.title = title;
  m_metric.unit = unit;
  chart()->setTitle(title);
  m_yAxis->setTitleText(unit);
}

void IterationChart::onCleared() {
  m_series->clear();
  m_max = 0;
  updateAxes();
}

void IterationChart::onAppended(int first, int count) {
  m_series->append(pointsOf(m_model, m_metric.value, first, count));
  updateAxes();
}

QList<QPointF> IterationChart::pointsOf(const RunModel* model, const ChartValue& value, int first, int count) {
  QList<QPointF> points;
  points.reserve(count);
  for (int i = first; i < first + count; ++i) {
    const double v = value(model->iteration(i));
    m_max = std::max(m_max, v);
    points.append(QPointF(i + 1, m_log ? std::max(v, kLogFloor) : v));
  }
  return points;
}

void IterationChart::addOverlay(RunModel* model, const QString& name, const QColor& color, const QString& ownName) {
  addLine(model, m_metric.value, name, color, ownName);
}

void IterationChart::addSeries(const ChartValue& value, const QString& name, const QColor& color,
                               const QString& ownName) {
  addLine(m_model, value, name, color, ownName);
}

void IterationChart::addLine(RunModel* model, const ChartValue& value, const QString& name, const QColor& color,
                             const QString& ownName) {
  auto* series = new QLineSeries;
  series->setName(name);
  chart()->addSeries(series);
  series->setPen(linePen(color, kOverlayLineWidth));
  series->attachAxis(m_xAxis);
  series->attachAxis(m_yAxis);
  m_series->setName(ownName);
  chart()->legend()->setAlignment(Qt::AlignTop);
  chart()->legend()->show();
  m_overlays.push_back({model, series, color, value});
  connect(model, &RunModel::cleared, this, [this, series] {
    series->clear();
    updateAxes();
  });
  connect(model, &RunModel::iterationsAppended, this, [this, model, series, value](int first, int count) {
    series->append(pointsOf(model, value, first, count));
    updateAxes();
  });
  series->append(pointsOf(model, value, 0, model->iterationCount()));
  updateAxes();
}

void IterationChart::setOverlayColour(size_t index, const QColor& colour) {
  if (index < m_overlays.size()) {
    m_overlays[index].colour = colour;
    m_overlays[index].series->setPen(linePen(colour, kOverlayLineWidth));
  }
}

std::vector<QLineSeries*> IterationChart::overlaySeries() const {
  std::vector<QLineSeries*> series;
  for (const Overlay& overlay : m_overlays) {
    series.push_back(overlay.series);
  }
  return series;
}

void IterationChart::updateAxes() {
  int count = m_model->iterationCount();
  for (const Overlay& overlay : m_overlays) {
    count = std::max(count, overlay.model->iterationCount());
  }
  // Integer labels only: ticks fall on whole iterations and whole counts,
  // also with no data at all (an empty chart shows 0 1 2, not 1 1 1 0 0 0).
  if (count <= 1) {
    m_xAxis->setRange(0, 2);
    m_xAxis->setTickCount(3);
  } else {
    m_xAxis->setRange(1, count);
    m_xAxis->setTickCount(std::clamp(count, 2, 9));
  }
  if (count > 8) {
    m_xAxis->applyNiceNumbers();
  }
  if (m_log) {
    const double top = std::pow(10.0, std::ceil(std::log10(std::max(m_max, 1.0) * 1.5)));
    m_yAxis->setRange(kLogFloor, top);
  } else {
    // Ticks every 1, 2 or 5 times a power of ten (at least 1): whole
    // numbers, never the same label twice.
    auto* axis = static_cast<QValueAxis*>(m_yAxis);
    const double rough = std::max(m_max / 4.0, 1.0);
    const double power = std::pow(10.0, std::floor(std::log10(rough)));
    const double step = rough <= power ? power : rough <= 2 * power ? 2 * power : rough <= 5 * power ? 5 * power
                                                                                                      : 10 * power;
    axis->setTickType(QValueAxis::TicksDynamic);
    axis->setTickAnchor(0);
    axis->setTickInterval(step);
    axis->setRange(0, std::max(step, std::ceil(m_max * 1.05 / step) * step));
  }
  viewport()->update();
}

QPointF IterationChart::scenePoint(double x, double y) const {
  return chart()->mapToScene(chart()->mapToPosition(QPointF(x, y), m_series));
}

void IterationChart::drawForeground(QPainter* painter, const QRectF& rect) {
  QChartView::drawForeground(painter, rect);
  const int count = m_model->iterationCount();
  if (count == 0) {
    return;
  }
  const QRectF plot = chart()->mapRectToScene(chart()->plotArea());
  const Theme& theme = currentTheme();
  const double yRef = m_log ? kLogFloor : 0;
  const auto xOf = [&](double iteration) { return scenePoint(iteration, yRef).x(); };
  painter->save();
  painter->setClipRect(plot);
  // Bottom-up iterations: one band per run of consecutive ones.
  for (int i = 0; i < count; ++i) {
    if (m_model->iteration(i).direction != engine::Direction::BottomUp) {
      continue;
    }
    int j = i;
    while (j + 1 < count && m_model->iteration(j + 1).direction == engine::Direction::BottomUp) {
      ++j;
    }
    const double x0 = xOf(i + 1 - 0.5);
    const double x1 = xOf(j + 1 + 0.5);
    painter->fillRect(QRectF(x0, plot.top(), x1 - x0, plot.height()), theme.colours.bottomUpShade);
    i = j;
  }
  // Batch starts.
  painter->setPen(QPen(theme.colours.guide, theme.lineWidth, Qt::DashLine));
  for (int i = 1; i < count; ++i) {
    if (m_model->iteration(i).batch != m_model->iteration(i - 1).batch) {
      const double x = xOf(i + 1 - 0.5);
      painter->drawLine(QPointF(x, plot.top()), QPointF(x, plot.bottom()));
    }
  }
  // The cursor at the selected iteration.
  if (const int selected = m_model->selectedIteration(); selected >= 0) {
    const double x = xOf(selected + 1);
    painter->setPen(QPen(theme.colours.cursor, 1.5 * theme.lineWidth));
    painter->drawLine(QPointF(x, plot.top()), QPointF(x, plot.bottom()));
    const double v = m_metric.value(m_model->iteration(selected));
    painter->setBrush(theme.colours.cursor);
    painter->drawEllipse(scenePoint(selected + 1, m_log ? std::max(v, kLogFloor) : v), 3.5, 3.5);
  }
  painter->restore();
}

int IterationChart::iterationAt(QPointF pos) const {
  const QPointF scene = mapToScene(pos.toPoint());
  if (!chart()->mapRectToScene(chart()->plotArea()).adjusted(-4, 0, 4, 0).contains(scene)) {
    return -1;
  }
  const QPointF value = chart()->mapToValue(chart()->mapFromScene(scene), m_series);
  const int i = static_cast<int>(std::lround(value.x())) - 1;
  return i >= 0 && i < m_model->iterationCount() ? i : -1;
}

QString IterationChart::tooltipFor(int iteration) const {
  const engine::IterationStats& it = m_model->iteration(iteration);
  const QLocale locale;
  QString text = tr("<b>%1</b><br>JFQ length: %2<br>newly visited: %3<br>edges examined: %4<br>active searches: %5<br>"
                    "GPU time: %6")
                     .arg(m_model->describeIteration(iteration), locale.toString(it.jfqLength),
                          locale.toString(static_cast<qulonglong>(it.newlyVisited)),
                          locale.toString(static_cast<qulonglong>(it.edgesExamined)),
                          locale.toString(it.activeSearches), formatDuration(it.gpuNs));
  if (it.trackedSides != 0) {
    text += tr("<br>selected pair's frontiers: %1 from the source, %2 from the destination")
                .arg(locale.toString(static_cast<qulonglong>(it.trackedFrontierForward)),
                     locale.toString(static_cast<qulonglong>(it.trackedFrontierBackward)));
  }
  return text;
}

QString IterationChart::titleTip() const {
  const QString text = explain(m_metric.title);
  return QStringLiteral("<b>%1</b><br>%2").arg(m_metric.title.toHtmlEscaped(), text.toHtmlEscaped());
}

void IterationChart::mouseMoveEvent(QMouseEvent* event) {
  const int i = iterationAt(event->position());
  const QRectF plot = chart()->mapRectToScene(chart()->plotArea());
  if (i >= 0) {
    QToolTip::showText(event->globalPosition().toPoint(), tooltipFor(i), this);
  } else if (event->position().y() < mapFromScene(plot.topLeft()).y()) {
    // Over the title: what the chart counts, in the glossary's words.
    QToolTip::showText(event->globalPosition().toPoint(), titleTip(), this);
  } else {
    QToolTip::hideText();
  }
  QChartView::mouseMoveEvent(event);
}

void IterationChart::mousePressEvent(QMouseEvent* event) {
  if (event->button() == Qt::LeftButton) {
    if (const int i = iterationAt(event->position()); i >= 0) {
      m_model->selectIteration(i);
    }
  }
  QChartView::mousePressEvent(event);
}

void IterationChart::leaveEvent(QEvent* event) {
  QToolTip::hideText();
  QChartView::leaveEvent(event);
}

} // namespace frontier::ui
