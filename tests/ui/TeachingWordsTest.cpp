// The words a class meets beside the pictures are explained where they
// appear: the status arrays' caption, the comparison's strategy time-bar
// legend and the comparison table's column headers, in the glossary's
// sentences (read from the glossary, not repeated here). And the pseudocode
// beside a weighted run is Near-Far's, its highlight on the phase of the step;
// an animation covers the steps chosen in the export dialog (or with
// --animation-steps), one frame each, with the charts beside the graph view
// when asked; the radial layout's rings are drawn and
// labelled up to the source's farthest level (CPU BFS).

#include <QApplication>
#include <QCheckBox>
#include <QDir>
#include <QFile>
#include <QHeaderView>
#include <QLineEdit>
#include <QListWidget>
#include <QMouseEvent>
#include <QPushButton>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QToolTip>
#include <QtTest>

#include "ScriptedRun.h"
#include "TestData.h"
#include "UiTestSupport.h"
#include "compare/CompareSummary.h"
#include "compare/CompareTable.h"
#include "compare/CompareWindow.h"
#include "compare/StrategyTimeBars.h"
#include "export/AnimationExport.h"
#include "export/AnimationStepsDialog.h"
#include "models/Glossary.h"
#include "models/RunModel.h"
#include "models/StepCursor.h"
#include "models/ViewHistory.h"
#include "reference/Bfs.h"
#include "widgets/GraphView.h"
#include "widgets/GraphViewPanel.h"
#include "widgets/IterationCharts.h"
#include "widgets/PseudocodePane.h"
#include "widgets/SsspPanel.h"
#include "widgets/StatusArrayView.h"
#include "windows/MainWindow.h"
#include "windows/ViewDocks.h"

using frontier::ui::CompareWindow;
using frontier::ui::MainWindow;

namespace {

QString lesmisPath() {
  return QString::fromStdString(frontier::test::dataFile("lesmis.graph").string());
}

// Opens `file` in the shown `window` with Near-Far (delta 3) chosen for
// its weighted paths; an error message, empty when ready to run.
QString openWithNearFar(MainWindow& window, const QString& file) {
  QString error = frontier::test::openAndPrepare(window, file);
  if (!error.isEmpty()) {
    return error;
  }
  if (!window.ssspPanel()->selectSpec(QStringLiteral("near-far+delta=3"))) {
    return QStringLiteral("near-far+delta=3 could not be chosen");
  }
  return frontier::test::waitForIdle(*window.controller()) ? QString() : QStringLiteral("the engine stayed busy");
}

} // namespace

class TeachingWordsTest : public frontier::test::EngineUiTest {
  Q_OBJECT
private slots:
  void statusArrayCaptionIsExplained() {
    const frontier::ui::StatusArrayView view;
    const QString tip = view.captionTip();
    for (const char* word : {"status arrays", "frontier", "unvisited", "batch"}) {
      const QString text = frontier::ui::explain(QString::fromLatin1(word));
      QVERIFY2(!text.isEmpty(), word);
      QVERIFY2(tip.contains(text.toHtmlEscaped()), qPrintable(QString::fromLatin1(word) + ": " + tip));
    }
  }

  void comparisonLegendAndHeadersAreExplained() {
    MainWindow window(frontier::test::testWindowOptions());
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    const QString opened = frontier::test::openAndPrepare(window, QStringLiteral("demo:karate"));
    QVERIFY2(opened.isEmpty(), qPrintable(opened));
    CompareWindow* compare = window.showCompareWindow();
    QVERIFY(QTest::qWaitForWindowExposed(compare));
    compare->specsEdit()->setText(QStringLiteral("coalesced,workgroups"));
    QSignalSpy finished(compare, &CompareWindow::comparisonFinished);
    QString error;
    QVERIFY2(compare->runComparison(&error), qPrintable(error));
    QVERIFY(finished.wait(300000));

    // Every column header says what it measures; a kernel's column says what the kernel does.
    QTableWidget* table = compare->table();
    QVERIFY(table->columnCount() > frontier::ui::CompareTable::FirstKernel);
    for (int column = 0; column < table->columnCount(); ++column) {
      const QTableWidgetItem* header = table->horizontalHeaderItem(column);
      QVERIFY(header != nullptr);
      QVERIFY2(!header->toolTip().isEmpty(), qPrintable(header->text()));
    }
    bool kernelExplained = false;
    for (size_t kind = 0; kind < frontier::ui::kSummaryKinds; ++kind) {
      const auto k = static_cast<frontier::engine::KernelKind>(kind);
      for (int column = frontier::ui::CompareTable::FirstKernel; column < table->columnCount(); ++column) {
        if (table->horizontalHeaderItem(column)->text().startsWith(
                QString::fromStdString(std::string(frontier::engine::kernelName(k))) + QLatin1Char(' '))) {
          QVERIFY(table->horizontalHeaderItem(column)->toolTip().contains(frontier::ui::explainKernel(k)));
          kernelExplained = true;
        }
      }
    }
    QVERIFY(kernelExplained);

    // Hovering a legend entry of the strategy time bars shows what that kernel does.
    frontier::ui::StrategyTimeBars* bars = compare->strategyBars();
    const auto legend = bars->legend();
    QVERIFY(!legend.empty());
    for (const auto& entry : legend) {
      const QPointF at = entry.box.center();
      QMouseEvent move(QEvent::MouseMove, at, bars->mapToGlobal(at), Qt::NoButton, Qt::NoButton, Qt::NoModifier);
      QApplication::sendEvent(bars, &move);
      QTRY_VERIFY2(QToolTip::text().contains(frontier::ui::explainKernel(entry.kind).toHtmlEscaped()),
                   qPrintable(QToolTip::text()));
    }
  }

  void nearFarPseudocodeForWeightedRuns() {
    if (!QFile::exists(lesmisPath())) {
      QSKIP("lesmis.graph is not in the data folder");
    }
    MainWindow window(frontier::test::testWindowOptions());
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    frontier::ui::PseudocodePane* code = window.viewDocks()->pseudocode();
    QString error = openWithNearFar(window, lesmisPath());
    QVERIFY2(error.isEmpty(), qPrintable(error));
    QVERIFY(frontier::test::stepAndWaitForViews(window));
    // The first step relaxes the sources' edges: the near bucket is never empty then.
    QVERIFY(code->showsNearFar());
    QCOMPARE(code->list()->count(), int{frontier::ui::PseudocodePane::NearFarLineCount});
    QCOMPARE(code->currentNearFar(), frontier::ui::PseudocodePane::NearFarRelax);
    QVERIFY2(code->list()->currentItem()->text().contains(QStringLiteral("[relax]")),
             qPrintable(code->list()->currentItem()->text()));

    // An unweighted graph: iBFS's level loop again.
    error = frontier::test::openAndPrepare(window, QStringLiteral("demo:karate"));
    QVERIFY2(error.isEmpty(), qPrintable(error));
    QVERIFY(frontier::test::stepAndWaitForViews(window));
    QVERIFY(!code->showsNearFar());
    QCOMPARE(code->list()->count(), int{frontier::ui::PseudocodePane::LineCount});
    QVERIFY(code->list()->currentItem()->text().contains(QStringLiteral("[expand-")));
  }

  void weightedRunToEndSaysWhyBackIsOff() {
    // Shortest-path steps do not repeat, so Run to end remakes no snapshots
    // for them, and Back says so instead of showing other steps.
    if (!QFile::exists(lesmisPath())) {
      QSKIP("lesmis.graph is not in the data folder");
    }
    MainWindow window(frontier::test::testWindowOptions());
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    const QString error = openWithNearFar(window, lesmisPath());
    QVERIFY2(error.isEmpty(), qPrintable(error));
    window.controller()->runToEnd();
    QVERIFY(frontier::test::waitForIdle(*window.controller(), 300000));
    QVERIFY(window.controller()->run()->iterationCount() > 2);
    frontier::ui::GraphViewPanel* panel = window.viewDocks()->graphView();
    QVERIFY(!panel->backButton()->isEnabled());
    QVERIFY2(panel->backButton()->toolTip().contains(QStringLiteral("do not repeat")),
             qPrintable(panel->backButton()->toolTip()));
  }

  void bidirPseudocodeForTwoSidedRuns() {
    // A search from both ends (the engine sets twoSided; BidirTest checks
    // that): its own loop, the expand while it runs, the meeting check at
    // the last step of the finished run.
    frontier::ui::RunModel run;
    frontier::ui::ViewHistory history;
    frontier::ui::StepCursor cursor(&run, &history);
    frontier::ui::PseudocodePane code(&run, &cursor);
    frontier::ui::TraceDelta delta;
    delta.restart = true;
    delta.hasSearch = true;
    delta.finished = true;
    delta.trace.algorithm = "ibfs";
    delta.trace.twoSided = true;
    delta.trace.batches = 1;
    delta.trace.iterations.resize(3);
    for (uint32_t i = 0; i < 3; ++i) {
      delta.trace.iterations[i].level = i;
      delta.trace.iterations[i].jfqLength = 1;
    }
    run.apply(delta);
    QVERIFY(code.showsBidir());
    QCOMPARE(code.list()->count(), int{frontier::ui::PseudocodePane::BidirLineCount});
    cursor.moveTo(0);
    QCOMPARE(code.currentBidir(), frontier::ui::PseudocodePane::BidirExpand);
    QVERIFY(code.list()->currentItem()->text().contains(QStringLiteral("[expand-top-down]")));
    cursor.moveTo(2);
    QCOMPARE(code.currentBidir(), frontier::ui::PseudocodePane::BidirMeet);
    QVERIFY(code.list()->currentItem()->text().contains(QStringLiteral("a+b+1")));
    // The same run searched one way: the level loop again.
    delta.trace.twoSided = false;
    run.apply(delta);
    QVERIFY(!code.showsBidir());
    QCOMPARE(code.list()->count(), int{frontier::ui::PseudocodePane::LineCount});
  }

  void animationStepsAreChosen() {
    using frontier::ui::parseAnimationSteps;
    QString error;
    const auto all = parseAnimationSteps(QString(), 6, &error);
    QVERIFY(all && all->first == 0 && all->last == 5);
    const auto some = parseAnimationSteps(QStringLiteral("2-4"), 6, &error);
    QVERIFY(some && some->first == 1 && some->last == 3);
    const auto one = parseAnimationSteps(QStringLiteral(" 3 "), 6, &error);
    QVERIFY(one && one->first == 2 && one->last == 2);
    for (const char* bad : {"0-3", "4-2", "2-7", "x", "1-2-3", "-"}) {
      QVERIFY2(!parseAnimationSteps(QString::fromLatin1(bad), 6, &error), bad);
      QVERIFY2(error.contains(QString::fromLatin1(bad)), qPrintable(error)); // names the value
    }
    QVERIFY(!parseAnimationSteps(QString(), 0, &error));

    // The dialog: all steps at first; the ends bound each other.
    frontier::ui::AnimationStepsDialog dialog(6);
    QCOMPARE(dialog.range().first, 0);
    QCOMPARE(dialog.range().last, 5);
    dialog.firstBox()->setValue(2);
    dialog.lastBox()->setValue(4);
    QCOMPARE(dialog.range().first, 1);
    QCOMPARE(dialog.range().last, 3);
    dialog.lastBox()->setValue(1); // below the first: held at it
    QCOMPARE(dialog.lastBox()->value(), 2);

    // Frames of the chosen steps only, one each, on karate run to the end.
    MainWindow window(frontier::test::testWindowOptions());
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QVERIFY(frontier::test::openAndPrepare(window, QStringLiteral("demo:karate")).isEmpty());
    window.controller()->runToEnd();
    QVERIFY(frontier::test::waitForIdle(*window.controller()));
    const int steps = window.controller()->run()->iterationCount();
    QVERIFY(steps >= 3);
    const auto chosen = parseAnimationSteps(QStringLiteral("2-3"), steps, &error);
    QVERIFY2(chosen, qPrintable(error));
    QTemporaryDir folder;
    const QStringList frames = frontier::ui::exportFrames(
        *window.viewDocks()->cursor(), *window.viewDocks()->graphView(), *chosen, folder.path(), &error);
    QVERIFY2(frames.size() == 2, qPrintable(error));
    QCOMPARE(QDir(folder.path()).entryList({QStringLiteral("*.png")}).size(), 2);
  }

  // With the charts: one frame per step, each the graph view with the charts
  // to its right (as wide as both, as tall as the taller), the charts' part
  // changing from step to step as their cursor follows; the export dialog's
  // box and --animation-with-charts ask for it.
  void animationCarriesTheCharts() {
    MainWindow window(frontier::test::testWindowOptions());
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QVERIFY(frontier::test::openAndPrepare(window, QStringLiteral("demo:karate")).isEmpty());
    window.controller()->runToEnd();
    QVERIFY(frontier::test::waitForIdle(*window.controller()));
    const int steps = window.controller()->run()->iterationCount();
    QVERIFY(steps >= 3);
    QWidget& graph = *window.viewDocks()->graphView();
    QWidget* charts = window.charts();
    QTemporaryDir plain;
    QTemporaryDir beside;
    QString error;
    const frontier::ui::AnimationRange all{0, steps - 1};
    const QStringList alone = frontier::ui::exportFrames(*window.viewDocks()->cursor(), graph, all, plain.path(), &error);
    QVERIFY2(alone.size() == steps, qPrintable(error));
    const QStringList both =
        frontier::ui::exportFrames(*window.viewDocks()->cursor(), graph, all, beside.path(), &error, charts);
    QVERIFY2(both.size() == steps, qPrintable(error));
    const QImage first(alone.front());
    const QImage withCharts(both.front());
    QCOMPARE(first.size(), graph.size());
    QVERIFY(withCharts.width() > first.width());
    QCOMPARE(withCharts.size(), QSize(graph.width() + charts->width(), std::max(graph.height(), charts->height())));
    const QRect chartPart(graph.width(), 0, charts->width(), charts->height());
    QVERIFY(QImage(both[0]).copy(chartPart) != QImage(both[1]).copy(chartPart));

    frontier::ui::AnimationStepsDialog dialog(steps);
    QVERIFY(!dialog.withCharts()); // the graph view alone unless asked
    dialog.chartsBox()->setChecked(true);
    QVERIFY(dialog.withCharts());

    // The scripted flag: the same frames from the command line's options.
    MainWindow scripted(frontier::test::testWindowOptions());
    scripted.show();
    QVERIFY(QTest::qWaitForWindowExposed(&scripted));
    QTemporaryDir folder;
    frontier::ui::ScriptOptions options;
    options.graph = QStringLiteral("demo:karate");
    options.run = true;
    options.exportAnimation = folder.filePath(QStringLiteral("frames"));
    options.animationWithCharts = true;
    QCOMPARE(frontier::test::runScript(scripted, options, &error), 0);
    const QStringList written =
        QDir(options.exportAnimation).entryList({QStringLiteral("*.png")}, QDir::Files, QDir::Name);
    QCOMPARE(written.size(), scripted.controller()->run()->iterationCount());
    const QImage scriptedFrame(QDir(options.exportAnimation).filePath(written.front()));
    QCOMPARE(scriptedFrame.width(), scripted.viewDocks()->graphView()->width() + scripted.charts()->width());
    options.exportAnimation.clear();
    QCOMPARE(frontier::test::runScript(scripted, options, &error), 2);
    QVERIFY2(error.contains(QStringLiteral("--animation-with-charts")), qPrintable(error));
  }

  void radialLayoutHasLabelledRings() {
    MainWindow window(frontier::test::testWindowOptions());
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QVERIFY(frontier::test::openAndPrepare(window, QStringLiteral("demo:karate")).isEmpty());
    frontier::ui::GraphViewPanel* panel = window.viewDocks()->graphView();
    QTRY_VERIFY(!panel->layoutRunning());
    QCOMPARE(panel->view()->ringCount(), 0); // no rings in the force layout
    QSignalSpy ready(panel, &frontier::ui::GraphViewPanel::layoutReady);
    panel->setLayoutKind(frontier::ui::GraphViewPanel::LayoutKind::Radial);
    QVERIFY(ready.wait(60000));
    const frontier::ui::LabController& controller = *window.controller();
    const frontier::graph::Graph& graph = *controller.graph()->graph;
    const auto source = controller.pairs()[static_cast<size_t>(std::max(0, panel->selectedPair()))].source;
    uint32_t farthest = 0;
    bool unreachable = false;
    for (const uint32_t level : frontier::reference::bfsLevels(graph, source)) {
      unreachable = unreachable || level == frontier::reference::kUnreached;
      farthest = level == frontier::reference::kUnreached ? farthest : std::max(farthest, level);
    }
    QCOMPARE(panel->view()->ringCount(), static_cast<int>(farthest));
    QCOMPARE(panel->view()->unreachableRing(), unreachable);
    // The rings are drawn: the view's picture differs from the same view without them.
    const QImage with = panel->view()->grab().toImage();
    panel->view()->setRings(false);
    const QImage without = panel->view()->grab().toImage();
    QVERIFY(with != without);
  }
};

QTEST_MAIN(TeachingWordsTest)
#include "TeachingWordsTest.moc"
