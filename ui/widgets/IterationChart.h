#pragma once
// One per-iteration quantity (JFQ length, newly visited, edges examined) as a
// Qt Charts line over the iterations of the run. Bottom-up iterations are
// shaded, the selected iteration is a vertical cursor, batch starts are
// dashed lines; hovering shows the iteration's values, a click selects it.
// Points are appended as iterations arrive (no rebuild per step).
//
// Thread affinity: GUI thread.

#include <cstdint>
#include <functional>
#include <optional>
#include <vector>

#include <QtCharts/QChartView>

namespace frontier::engine {
struct IterationStats;
}

QT_BEGIN_NAMESPACE
class QLineSeries;
class QAbstractAxis;
class QValueAxis;
QT_END_NAMESPACE

namespace frontier::ui {

class RunModel;

using ChartValue = std::function<double(const engine::IterationStats&)>;

struct ChartMetric {
  QString title; // "JFQ length"
  QString unit;  // "vertices"
  ChartValue value;
};

class IterationChart : public QChartView {
  Q_OBJECT
public:
  IterationChart(RunModel* model, ChartMetric metric, QWidget* parent = nullptr);

  const ChartMetric& metric() const noexcept { return m_metric; }
  // Renames the quantity shown (the values stay): the JFQ chart of a
  // shortest-path run is its near bucket.
  void setTitles(const QString& title, const QString& unit);
  QLineSeries* series() const noexcept { return m_series; }
  // The chart's own line; the theme's series colour until one is set.
  void setColour(const QColor& colour);
  bool logScale() const noexcept { return m_log; }
  void setLogScale(bool log);
  // Another run's values of the same metric as a further line, for a
  // comparison; the legend then names every line (the chart's own run by
  // `ownName`). The first model keeps the cursor, the shading and the tooltip.
  void addOverlay(RunModel* model, const QString& name, const QColor& color, const QString& ownName);
  // A further line of the chart's own run with values of its own (the
  // backward side beside the forward one); the legend names every line.
  void addSeries(const ChartValue& value, const QString& name, const QColor& color, const QString& ownName);
  std::vector<QLineSeries*> overlaySeries() const;
  // The colour of the further line `index` (in the order they were added).
  void setOverlayColour(size_t index, const QColor& colour);
  // The iteration nearest to widget position `pos`, -1 outside the plot.
  int iterationAt(QPointF pos) const;
  // The tooltip over the chart's title: what the metric counts, in plain words.
  QString titleTip() const;

protected:
  void drawForeground(QPainter* painter, const QRectF& rect) override;
  void mouseMoveEvent(QMouseEvent* event) override;
  void mousePressEvent(QMouseEvent* event) override;
  void leaveEvent(QEvent* event) override;

private:
  // Qt Charts' theme of the application's theme; the lines keep their colours.
  void applyTheme();
  void scaleFonts();
  void onCleared();
  void onAppended(int first, int count);
  void updateAxes();
  QList<QPointF> pointsOf(const RunModel* model, const ChartValue& value, int first, int count);
  void addLine(RunModel* model, const ChartValue& value, const QString& name, const QColor& color,
               const QString& ownName);
  QPointF scenePoint(double x, double y) const;
  QString tooltipFor(int iteration) const;

  RunModel* m_model;
  ChartMetric m_metric;
  QLineSeries* m_series;
  QValueAxis* m_xAxis;
  QAbstractAxis* m_yAxis = nullptr;
  bool m_log = false;
  std::optional<QColor> m_colour;
  double m_max = 0;
  struct Overlay {
    RunModel* model;
    QLineSeries* series;
    QColor colour;
    ChartValue value;
  };
  std::vector<Overlay> m_overlays;
};

} // namespace frontier::ui
