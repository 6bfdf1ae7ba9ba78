// The per-iteration charts label their axes with whole numbers, each once,
// in increasing order: with no data at all (an empty chart once showed
// "1 1 1 0 0 0"), with one iteration, and with many iterations and values of
// every magnitude. The labels are computed here from the axes' own settings
// (range, ticks, format) the way Qt Charts places them.

#include <cmath>

#include <QtCharts/QValueAxis>
#include <QtTest>

#include "models/RunModel.h"
#include "widgets/IterationChart.h"

using frontier::ui::IterationChart;
using frontier::ui::RunModel;

namespace {

// The values at which a value axis draws its labels.
std::vector<double> tickValues(const QValueAxis& axis) {
  std::vector<double> ticks;
  if (axis.tickType() == QValueAxis::TicksDynamic) {
    const double step = axis.tickInterval();
    const double first = axis.tickAnchor() + std::ceil((axis.min() - axis.tickAnchor()) / step) * step;
    for (double v = first; v <= axis.max() + step * 1e-9; v += step) {
      ticks.push_back(v);
    }
  } else {
    const int n = axis.tickCount();
    for (int i = 0; i < n; ++i) {
      ticks.push_back(axis.min() + (axis.max() - axis.min()) * i / (n - 1));
    }
  }
  return ticks;
}

// Empty when every label is a whole number equal to its tick, each shown
// once, increasing; otherwise the labels.
QString labelProblems(const QValueAxis& axis) {
  const std::vector<double> ticks = tickValues(axis);
  QStringList labels;
  bool bad = ticks.size() < 2;
  const QByteArray format = axis.labelFormat().toLatin1();
  for (size_t i = 0; i < ticks.size(); ++i) {
    // Qt formats "%d" with the value rounded to an int, others with the double.
    const QString text = format.contains('d') ? QString::asprintf(format.constData(), int(std::lround(ticks[i])))
                                              : QString::asprintf(format.constData(), ticks[i]);
    labels << text;
    const bool whole = std::abs(ticks[i] - std::round(ticks[i])) < 1e-9;
    bad = bad || !whole || text.toDouble() != std::round(ticks[i]) ||
          (i > 0 && labels[qsizetype(i) - 1].toDouble() >= text.toDouble());
  }
  return bad ? labels.join(' ') : QString();
}

frontier::ui::TraceDelta deltaOf(int iterations, double top) {
  frontier::ui::TraceDelta delta;
  delta.restart = true;
  delta.hasSearch = true;
  for (int i = 0; i < iterations; ++i) {
    frontier::engine::IterationStats it;
    it.level = static_cast<uint32_t>(i);
    it.jfqLength = static_cast<uint32_t>(top * (i + 1) / iterations);
    delta.trace.iterations.push_back(it);
  }
  return delta;
}

} // namespace

class ChartAxesTest : public QObject {
  Q_OBJECT
private slots:
  void wholeDistinctLabels_data() {
    QTest::addColumn<int>("iterations");
    QTest::addColumn<double>("top");
    QTest::newRow("no data") << 0 << 0.0;
    QTest::newRow("one iteration of 0") << 1 << 0.0;
    QTest::newRow("one iteration of 1") << 1 << 1.0;
    QTest::newRow("two iterations") << 2 << 3.0;
    QTest::newRow("five iterations of 7") << 5 << 7.0;
    QTest::newRow("eight iterations") << 8 << 34.0;
    QTest::newRow("thirteen iterations") << 13 << 1000.0;
    QTest::newRow("forty iterations") << 40 << 123456.0;
    QTest::newRow("1770 levels") << 1770 << 1.2e6;
  }
  void wholeDistinctLabels() {
    QFETCH(int, iterations);
    QFETCH(double, top);
    RunModel model;
    IterationChart chart(&model, {QStringLiteral("JFQ length"), QStringLiteral("vertices"),
                                  [](const frontier::engine::IterationStats& s) { return double(s.jfqLength); }});
    model.apply(deltaOf(iterations, top));
    const QList<QAbstractAxis*> xs = chart.chart()->axes(Qt::Horizontal);
    const QList<QAbstractAxis*> ys = chart.chart()->axes(Qt::Vertical);
    QCOMPARE(xs.size(), 1);
    QCOMPARE(ys.size(), 1);
    const auto* x = qobject_cast<QValueAxis*>(xs.first());
    const auto* y = qobject_cast<QValueAxis*>(ys.first());
    QVERIFY(x != nullptr && y != nullptr);
    QString problems = labelProblems(*x);
    QVERIFY2(problems.isEmpty(), qPrintable("iteration axis: " + problems));
    problems = labelProblems(*y);
    QVERIFY2(problems.isEmpty(), qPrintable("value axis: " + problems));
    QVERIFY(y->max() >= top);  // every value fits
    QVERIFY(x->max() >= iterations);
  }
};

QTEST_MAIN(ChartAxesTest)
#include "ChartAxesTest.moc"
