// The pseudocode pane and the kernel timeline point at each other: clicking
// a line that names a kernel marks that kernel's dispatches of the shown step
// on the timeline (the trace's spans of that kind at that step's batch and
// level, counted here), while the highlight stays on the line the step ran;
// the mark follows Step; a dispatch clicked on the timeline marks the line
// that runs it; a line without a kernel drops the mark, and so does a new run.

#include <QListWidget>
#include <QtTest>

#include "LabController.h"
#include "UiTestSupport.h"
#include "models/RunModel.h"
#include "widgets/KernelTimeline.h"
#include "widgets/PseudocodePane.h"
#include "widgets/StrategyPanel.h"
#include "windows/MainWindow.h"
#include "windows/ViewDocks.h"

using frontier::engine::KernelKind;
using frontier::ui::MainWindow;
using frontier::ui::PseudocodePane;

namespace {

void clickLine(PseudocodePane& code, int row) {
  QListWidget* list = code.list();
  QTest::mouseClick(list->viewport(), Qt::LeftButton, {}, list->visualItemRect(list->item(row)).center());
}

// The spans of `kind` recorded at the batch and level of `iteration`.
size_t spansOf(const frontier::ui::RunModel& run, KernelKind kind, int iteration) {
  const frontier::engine::IterationStats& it = run.iteration(iteration);
  size_t count = 0;
  for (const frontier::engine::KernelSpan& span : run.trace().kernels) {
    count += span.kind == kind && span.batch == it.batch && span.level == it.level ? 1 : 0;
  }
  return count;
}

// Where on the timeline a click would pick a dispatch of `kind`: the first
// point along the middle of its track that hits one.
std::optional<QPoint> dispatchOf(const frontier::ui::KernelTimeline& timeline, KernelKind kind) {
  int y = timeline.rulerHeight() + 2;
  for (const frontier::ui::TimelineItem* item : timeline.visibleItems()) {
    const int middle = y + timeline.trackHeight(*item) / 2;
    y += timeline.trackHeight(*item) + 2;
    if (item->label() != QString::fromStdString(std::string(frontier::engine::kernelName(kind)))) {
      continue;
    }
    for (int x = timeline.labelWidth(); x < timeline.width(); ++x) {
      if (const auto hit = timeline.hitAt(QPoint(x, middle)); hit && hit->kernel == kind) {
        return QPoint(x, middle);
      }
    }
  }
  return std::nullopt;
}

} // namespace

class PseudocodeLinkTest : public frontier::test::EngineUiTest {
  Q_OBJECT
private slots:
  void linesAndDispatchesPointAtEachOther() {
    MainWindow window(frontier::test::testWindowOptions());
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QVERIFY(frontier::test::openAndPrepare(window, QStringLiteral("demo:karate")).isEmpty());
    // Top-down only, so that every step runs the push line.
    QVERIFY(window.strategyPanel()->selectStrategy(QStringLiteral("coalesced")));
    QVERIFY(frontier::test::waitForIdle(*window.controller()));
    for (int i = 0; i < 2; ++i) {
      QVERIFY(frontier::test::stepAndWaitForViews(window));
    }
    frontier::ui::RunModel& run = *window.controller()->run();
    PseudocodePane& code = *window.viewDocks()->pseudocode();
    const frontier::ui::KernelTimeline& timeline = *window.timeline();
    QCOMPARE(code.linkedRow(), -1);
    QVERIFY(timeline.highlightedSpans().empty());

    // A line with a kernel: its dispatches of the shown step are marked.
    const int executing = code.list()->currentRow();
    QCOMPARE(executing, int{PseudocodePane::TopDown});
    clickLine(code, PseudocodePane::Identify);
    QCOMPARE(run.selectedKernel(), std::optional<KernelKind>(KernelKind::Identify));
    QCOMPARE(code.linkedRow(), int{PseudocodePane::Identify});
    QCOMPARE(code.list()->currentRow(), executing);
    int step = run.selectedIteration();
    QVERIFY(spansOf(run, KernelKind::Identify, step) > 0);
    QCOMPARE(timeline.highlightedSpans().size(), spansOf(run, KernelKind::Identify, step));
    for (const size_t span : timeline.highlightedSpans()) {
      QCOMPARE(run.timelineSpans()[span].kind, KernelKind::Identify);
    }

    // Step: the mark moves to the new step's dispatches.
    QVERIFY(frontier::test::stepAndWaitForViews(window));
    QCOMPARE(run.selectedIteration(), step + 1);
    step = run.selectedIteration();
    QCOMPARE(timeline.highlightedSpans().size(), spansOf(run, KernelKind::Identify, step));
    QCOMPARE(code.linkedRow(), int{PseudocodePane::Identify});

    // A line without a kernel drops the mark.
    clickLine(code, PseudocodePane::Stop);
    QVERIFY(!run.selectedKernel());
    QCOMPARE(code.linkedRow(), -1);
    QVERIFY(timeline.highlightedSpans().empty());

    // A dispatch clicked on the timeline marks the line that runs it.
    const std::optional<QPoint> expand = dispatchOf(timeline, KernelKind::ExpandTopDown);
    QVERIFY(expand);
    const int clicked = timeline.hitAt(*expand)->iteration;
    QTest::mouseClick(window.timeline(), Qt::LeftButton, {}, *expand);
    QCOMPARE(run.selectedIteration(), clicked);
    QCOMPARE(run.selectedKernel(), std::optional<KernelKind>(KernelKind::ExpandTopDown));
    QCOMPARE(code.linkedRow(), int{PseudocodePane::TopDown});
    QCOMPARE(timeline.highlightedSpans().size(), spansOf(run, KernelKind::ExpandTopDown, clicked));
    // The picked line again drops it too.
    clickLine(code, PseudocodePane::TopDown);
    QVERIFY(!run.selectedKernel());

    // The mark belongs to its run.
    clickLine(code, PseudocodePane::Identify);
    QVERIFY(run.selectedKernel());
    window.controller()->reset();
    QVERIFY(frontier::test::waitForIdle(*window.controller()));
    QVERIFY(!run.selectedKernel());
    QCOMPARE(code.linkedRow(), -1);
  }
};

QTEST_MAIN(PseudocodeLinkTest)
#include "PseudocodeLinkTest.moc"
