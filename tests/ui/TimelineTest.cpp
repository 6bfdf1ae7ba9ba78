// The run views with a synthetic trace (no GPU): the kernel timeline's zoom,
// pan, hover and click, the time bars, the charts, and the cut-out host gaps.

#include <QRegularExpression>
#include <QSignalSpy>
#include <QtCharts/QLineSeries>
#include <QtTest>

#include "models/RunModel.h"
#include "widgets/IterationChart.h"
#include "widgets/IterationCharts.h"
#include "models/Glossary.h"
#include "widgets/KernelPalette.h"
#include "widgets/KernelTimeBars.h"
#include "widgets/KernelTimeline.h"
#include "widgets/TimeAxis.h"

using frontier::engine::Direction;
using frontier::engine::IterationStats;
using frontier::engine::KernelKind;
using frontier::engine::KernelSpan;
using frontier::ui::KernelTimeline;
using frontier::ui::RunModel;
using frontier::ui::TraceDelta;

namespace {

// `levels` iterations of one batch, each one submission of identify (10 µs)
// and expand (30 µs), the submissions `gapNs` apart; levels 2 and 3 bottom-up.
TraceDelta syntheticRun(uint32_t levels, double gapNs) {
  TraceDelta delta;
  delta.restart = true;
  delta.hasSearch = true;
  delta.batches = 1;
  delta.level = levels;
  double t = 0;
  for (uint32_t level = 0; level < levels; ++level) {
    IterationStats it;
    it.level = level;
    it.direction = level == 2 || level == 3 ? Direction::BottomUp : Direction::TopDown;
    it.jfqLength = 10 * (level + 1);
    it.newlyVisited = 100 * (level + 1);
    it.edgesExamined = 1000 * (level + 1);
    delta.trace.iterations.push_back(it);
    delta.trace.kernels.push_back({KernelKind::Identify, 0, level, t, t + 10'000});
    delta.trace.kernels.push_back(
        {it.direction == Direction::BottomUp ? KernelKind::ExpandBottomUp : KernelKind::ExpandTopDown, 0, level,
         t + 10'000, t + 40'000});
    t += 40'000 + gapNs;
  }
  return delta;
}

} // namespace

class TimelineTest : public QObject {
  Q_OBJECT
private slots:
  void timeAxisLabels() {
    QCOMPARE(frontier::ui::formatDuration(830), QStringLiteral("830 ns"));
    QCOMPARE(frontier::ui::formatDuration(12'345), QString::fromUtf8("12.3 µs"));
    QCOMPARE(frontier::ui::formatDuration(4'560'000), QStringLiteral("4.56 ms"));
    QCOMPARE(frontier::ui::niceStep(3), 5.0);
    QCOMPARE(frontier::ui::niceStep(0.7), 1.0);
    QCOMPARE(frontier::ui::niceStep(120), 200.0);
    const auto ticks = frontier::ui::timeTicks(0, 2e6, 800, 90); // 2 ms over 800 px
    QVERIFY(ticks.size() >= 4 && ticks.size() <= 9);
    QCOMPARE(ticks.front().label, QStringLiteral("0.0 ms"));
    for (size_t i = 1; i < ticks.size(); ++i) {
      QVERIFY(ticks[i].value > ticks[i - 1].value);
    }
  }

  void hostPausesAreCutOut() {
    RunModel model;
    model.apply(syntheticRun(4, 5e6)); // 5 ms pauses between the steps
    QCOMPARE(model.iterationCount(), 4);
    QCOMPARE(model.timelineSpans().size(), size_t{8});
    // Busy time only: four submissions of 40 µs back to back.
    QCOMPARE(model.endNs(), 160'000.0);
    QCOMPARE(model.iterationStartNs(1), 40'000.0);
    QCOMPARE(model.cuts().size(), size_t{3});
    QCOMPARE(model.kernelTimes(2)[static_cast<size_t>(KernelKind::ExpandBottomUp)], 30'000.0);
    QCOMPARE(model.trace().kernels[2].startNs, 5'040'000.0); // the trace itself is untouched
  }

  void deltasAppendAndRestart() {
    RunModel model;
    QSignalSpy appended(&model, &RunModel::iterationsAppended);
    QSignalSpy cleared(&model, &RunModel::cleared);
    TraceDelta all = syntheticRun(4, 0);
    TraceDelta first = all;
    first.trace.iterations.resize(1);
    first.trace.kernels.resize(2);
    TraceDelta rest = all;
    rest.restart = false;
    rest.trace.iterations.erase(rest.trace.iterations.begin());
    rest.trace.kernels.erase(rest.trace.kernels.begin(), rest.trace.kernels.begin() + 2);
    model.apply(first);
    model.apply(rest);
    QCOMPARE(model.iterationCount(), 4);
    QCOMPARE(appended.count(), 2);
    QCOMPARE(appended.last().at(0).toInt(), 1);
    QCOMPARE(model.selectedIteration(), 3); // follows the newest iteration
    QCOMPARE(model.spanIteration(7), 3);
    model.apply(syntheticRun(2, 0));
    QCOMPARE(cleared.count(), 2);
    QCOMPARE(model.iterationCount(), 2);
  }

  void timelineZoomsPansAndSelects() {
    RunModel model;
    KernelTimeline timeline(&model);
    timeline.resize(950, 200);
    timeline.show();
    QVERIFY(QTest::qWaitForWindowExposed(&timeline));
    model.apply(syntheticRun(4, 0));
    QVERIFY(timeline.following());
    QVERIFY(timeline.visibleEndNs() >= model.endNs());
    QCOMPARE(timeline.visibleItems().size(), size_t{4}); // iterations, identify, two expands

    // W zooms in, S zooms out, A and D pan; Home fits again.
    const double span = timeline.visibleEndNs() - timeline.visibleStartNs();
    timeline.setFocus();
    QTest::keyClick(&timeline, Qt::Key_W);
    QVERIFY(timeline.visibleEndNs() - timeline.visibleStartNs() < span * 0.9);
    QVERIFY(!timeline.following());
    const double start = timeline.visibleStartNs();
    QTest::keyClick(&timeline, Qt::Key_D);
    QVERIFY(timeline.visibleStartNs() > start);
    QTest::keyClick(&timeline, Qt::Key_A);
    QVERIFY(std::abs(timeline.visibleStartNs() - start) < 1);
    QTest::keyClick(&timeline, Qt::Key_S);
    QVERIFY(std::abs((timeline.visibleEndNs() - timeline.visibleStartNs()) - span) < span * 0.01);
    QTest::keyClick(&timeline, Qt::Key_Home);
    QVERIFY(timeline.following());

    // The wheel zooms around the mouse: the time under it stays put.
    timeline.zoomAt(0.5, 600);
    const double before = timeline.visibleStartNs();
    timeline.zoomAt(1.0, 600);
    QCOMPARE(timeline.visibleStartNs(), before);
    timeline.fitAll();

    // Dragging pans; a click on the second iteration's expand selects it.
    const int labels = timeline.labelWidth();
    const double x = labels + (50'000.0 + 10'000.0) / (timeline.visibleEndNs() - timeline.visibleStartNs()) *
                                  (timeline.width() - labels - 4);
    const std::vector<const frontier::ui::TimelineItem*> tracks = timeline.visibleItems();
    QVERIFY(tracks.size() >= 3);
    // Below the ruler, the iterations and identify, in the middle of the expand track.
    const int expandRow = timeline.rulerHeight() + 2 + timeline.trackHeight(*tracks[0]) + 2 +
                          timeline.trackHeight(*tracks[1]) + 2 + timeline.trackHeight(*tracks[2]) / 2;
    const std::optional<frontier::ui::TimelineHit> hit = timeline.hitAt(QPoint(static_cast<int>(x), expandRow));
    QVERIFY(hit.has_value());
    QCOMPARE(hit->iteration, 1);
    QVERIFY2(hit->tooltip.contains("expand-top-down"), qPrintable(hit->tooltip));
    QVERIFY2(hit->tooltip.contains("Step 2 (level 1)"), qPrintable(hit->tooltip));
    QSignalSpy selected(&model, &RunModel::selectionChanged);
    QTest::mouseClick(&timeline, Qt::LeftButton, {}, QPoint(static_cast<int>(x), expandRow));
    QCOMPARE(selected.count(), 1);
    QCOMPARE(model.selectedIteration(), 1);
    const double panned = timeline.visibleStartNs();
    QTest::mousePress(&timeline, Qt::LeftButton, {}, QPoint(500, 60));
    QTest::mouseMove(&timeline, QPoint(450, 60));
    QTest::mouseMove(&timeline, QPoint(400, 60));
    QTest::mouseRelease(&timeline, Qt::LeftButton, {}, QPoint(400, 60));
    QVERIFY(timeline.visibleStartNs() > panned);
    QCOMPARE(model.selectedIteration(), 1); // a drag is no click
  }

  // Thousands of levels, zoomed out to fit: a kernel's track shows, per pixel
  // column, the share of the time it ran (identify 10 µs and expand 30 µs of
  // each 40 µs level here, so expand's columns are three times as tall),
  // and hovering sums a column up instead of naming one dispatch.
  void zoomedOutTracksShowTheBusyShare() {
    RunModel model;
    KernelTimeline timeline(&model);
    timeline.resize(950, 240);
    timeline.show();
    QVERIFY(QTest::qWaitForWindowExposed(&timeline));
    model.apply(syntheticRun(2000, 0));
    timeline.fitAll();
    const QImage image = timeline.grab().toImage();
    const int x = timeline.labelWidth() + (timeline.width() - timeline.labelWidth()) / 2;
    auto painted = [&](KernelKind kind) {
      const QRgb colour = frontier::ui::kernelColor(kind).rgb();
      int count = 0;
      for (int y = 0; y < image.height(); ++y) {
        count += image.pixel(x, y) == colour ? 1 : 0;
      }
      return count;
    };
    const int identify = painted(KernelKind::Identify);
    const int expand = painted(KernelKind::ExpandTopDown);
    QVERIFY2(identify >= 2 && expand >= 2 * identify, qPrintable(QStringLiteral("identify %1 px, expand %2 px")
                                                                     .arg(identify)
                                                                     .arg(expand)));
    const std::vector<const frontier::ui::TimelineItem*> tracks = timeline.visibleItems();
    QVERIFY(tracks.size() >= 2);
    const int identifyRow = timeline.rulerHeight() + 2 + timeline.trackHeight(*tracks[0]) + 2 +
                            timeline.trackHeight(*tracks[1]) - 4;  // the bottom of identify's lane
    const std::optional<frontier::ui::TimelineHit> hit = timeline.hitAt(QPoint(x, identifyRow));
    QVERIFY(hit.has_value());
    QVERIFY2(hit->tooltip.contains("dispatches in these"), qPrintable(hit->tooltip));
    const QRegularExpressionMatch share = QRegularExpression("(\\d+)% of the time").match(hit->tooltip);
    QVERIFY2(share.hasMatch(), qPrintable(hit->tooltip));
    QVERIFY2(std::abs(share.captured(1).toInt() - 25) <= 5, qPrintable(hit->tooltip));  // 10 of every 40 µs
    // Zoomed in far enough, a dispatch is its own bar again, named by itself.
    for (int i = 0; i < 12; ++i) {
      timeline.zoomAt(0.5, x);
    }
    const std::optional<frontier::ui::TimelineHit> close = timeline.hitAt(QPoint(x, identifyRow));
    QVERIFY(close.has_value());
    QVERIFY2(close->tooltip.contains("duration"), qPrintable(close->tooltip));
  }

  void timeBarsAndChartsSelectIterations() {
    RunModel model;
    frontier::ui::KernelTimeBars bars(&model);
    frontier::ui::IterationCharts charts(&model);
    bars.resize(400, 200);
    charts.resize(600, 600);
    bars.show();
    charts.show();
    QVERIFY(QTest::qWaitForWindowExposed(&charts));
    model.apply(syntheticRun(6, 0));
    QCOMPARE(charts.charts().size(), size_t{3});
    for (const frontier::ui::IterationChart* chart : charts.charts()) {
      QCOMPARE(chart->series()->count(), 6);
    }
    QCOMPARE(charts.charts()[0]->series()->at(2).y(), 30.0); // JFQ length of the third iteration
    charts.setLogScale(true);
    QVERIFY(charts.charts()[1]->logScale());
    QCOMPARE(charts.charts()[1]->series()->count(), 6);
    charts.setLogScale(false);

    // Hovering says what each kernel does, and the title what the chart shows.
    const QString hover = bars.tooltipFor(2);
    for (const KernelSpan& span : syntheticRun(6, 0).trace.kernels) {
      if (span.level == 2 && span.batch == 0) {
        QVERIFY2(hover.contains(frontier::ui::explainKernel(span.kind).toHtmlEscaped()), qPrintable(hover));
      }
    }
    QVERIFY(frontier::ui::KernelTimeBars::titleTooltip().contains(QStringLiteral("GPU time")));

    QCOMPARE(bars.iterationAt(0), -1);
    const int last = bars.iterationAt(bars.width() - 10);
    QCOMPARE(last, 5);
    QTest::mouseClick(&bars, Qt::LeftButton, {}, QPoint(70, 100));
    QCOMPARE(model.selectedIteration(), 0);

    // A click in a chart's plot selects the nearest iteration.
    frontier::ui::IterationChart* chart = charts.charts()[2];
    const QPointF point = chart->chart()->mapToPosition(QPointF(4, 3000), chart->series());
    const QPoint pos = chart->mapFromScene(chart->chart()->mapToScene(point));
    QCOMPARE(chart->iterationAt(pos), 3);
    QTest::mouseClick(chart->viewport(), Qt::LeftButton, {}, pos);
    QCOMPARE(model.selectedIteration(), 3);
  }
};

QTEST_MAIN(TimelineTest)
#include "TimelineTest.moc"
