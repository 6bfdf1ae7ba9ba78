// The main window end to end on lavapipe: open a real graph, step, run to the
// end against the CPU reference, a broken file, cancelling a long run.

#include <QApplication>
#include <QComboBox>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QMessageBox>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTimer>
#include <QtCharts/QLineSeries>
#include <QtTest>

#include "LabController.h"
#include "TestData.h"
#include "UiTestSupport.h"
#include "graph/GraphIO.h"
#include "models/ResultsModel.h"
#include "models/RunModel.h"
#include "reference/Bfs.h"
#include "reference/Dijkstra.h"
#include "widgets/GraphPanel.h"
#include "widgets/IterationChart.h"
#include "widgets/IterationCharts.h"
#include "widgets/KernelTimeline.h"
#include "widgets/ResultsPanel.h"
#include "widgets/RunControls.h"
#include "windows/MainWindow.h"

using frontier::ui::LabController;
using frontier::ui::MainWindow;

namespace {

QString dataPath(const char* name) {
  return QString::fromStdString(frontier::test::dataFile(name).string());
}

// Steps once and waits for the iteration to arrive.
bool stepAndWait(LabController& controller) {
  const int before = controller.run()->iterationCount();
  controller.step();
  QSignalSpy appended(controller.run(), &frontier::ui::RunModel::iterationsAppended);
  return controller.run()->iterationCount() > before || appended.wait(120000);
}

} // namespace

class RunWindowTest : public frontier::test::EngineUiTest {
  Q_OBJECT
private slots:
  void stepsThreeIterations() {
    if (!QFile::exists(dataPath("karate.txt"))) {
      QSKIP("karate.txt is not in the data folder");
    }
    MainWindow window(frontier::test::testWindowOptions());
    window.show();
    const QString problem = frontier::test::openAndPrepare(window, dataPath("karate.txt"));
    QVERIFY2(problem.isEmpty(), qPrintable(problem));
    QCOMPARE(window.graphPanel()->value("Vertices"), QStringLiteral("34"));
    QCOMPARE(window.graphPanel()->value("Edges"), QStringLiteral("78"));

    LabController& controller = *window.controller();
    for (int i = 0; i < 3; ++i) {
      QVERIFY(stepAndWait(controller));
      QVERIFY(frontier::test::waitForIdle(controller));
    }
    QCOMPARE(controller.run()->iterationCount(), 3);
    const QString position = window.runControls()->positionText();
    QVERIFY2(position.contains("Step 3 (level 2) of 3 steps"), qPrintable(position));
    for (const frontier::ui::IterationChart* chart : window.charts()->charts()) {
      QCOMPARE(chart->series()->count(), 3);
    }
    QCOMPARE(controller.run()->selectedIteration(), 2);
    QVERIFY(window.timeline()->visibleItems().size() >= 3); // iterations and at least two kernels
    QCOMPARE(controller.run()->iteration(0).level, 0U);
    QCOMPARE(controller.run()->iteration(2).level, 2U);
  }

  void keysStepAndPlayToTheEnd() {
    MainWindow window(frontier::test::testWindowOptions());
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QApplication::setActiveWindow(&window); // no window manager under Xvfb: window shortcuts need it
    QCOMPARE(QApplication::activeWindow(), &window);
    const QString problem = frontier::test::openAndPrepare(window, "demo:karate");
    QVERIFY2(problem.isEmpty(), qPrintable(problem));
    LabController& controller = *window.controller();
    QSignalSpy appended(controller.run(), &frontier::ui::RunModel::iterationsAppended);
    QTest::keyClick(&window, Qt::Key_Right); // Step
    QVERIFY(appended.wait(120000));
    QCOMPARE(controller.run()->iterationCount(), 1);
    QVERIFY(frontier::test::waitForIdle(controller));

    window.runControls()->speedBox()->setCurrentIndex(window.runControls()->speedBox()->count() - 1); // fastest
    QSignalSpy finished(&controller, &LabController::runFinished);
    QTest::keyClick(&window, Qt::Key_Space); // Play
    QVERIFY(controller.playing());
    QVERIFY(window.runControls()->playAction()->isChecked());
    QVERIFY(finished.wait(120000));
    QVERIFY(controller.run()->finished());
    QVERIFY(!controller.playing());
    QVERIFY(!window.runControls()->stepAction()->isEnabled());
    QVERIFY(controller.run()->iterationCount() > 2);

    QSignalSpy cleared(controller.run(), &frontier::ui::RunModel::cleared);
    QTest::keyClick(&window, Qt::Key_R); // Reset
    QVERIFY(cleared.wait(120000));
    QVERIFY(frontier::test::waitForIdle(controller));
    QCOMPARE(controller.run()->iterationCount(), 0);
    QCOMPARE(controller.results()->rowCount(), 0);
    QVERIFY(window.runControls()->stepAction()->isEnabled());
  }

  void cancelledLoadKeepsThePreviousGraph() {
    if (!QFile::exists(dataPath("cnr-2000.txt.gz"))) {
      QSKIP("cnr-2000.txt.gz is not in the data folder");
    }
    MainWindow window(frontier::test::testWindowOptions());
    window.show();
    const QString problem = frontier::test::openAndPrepare(window, "demo:karate");
    QVERIFY2(problem.isEmpty(), qPrintable(problem));
    LabController& controller = *window.controller();
    const auto graphBefore = controller.graph()->graph;
    QSignalSpy progress(&controller, &LabController::loadProgress);
    QSignalSpy cancelled(&controller, &LabController::loadCancelled);
    QSignalSpy loaded(&controller, &LabController::graphChanged);
    window.openFile(dataPath("cnr-2000.txt.gz"));
    QVERIFY(controller.loading());
    QVERIFY(window.runControls()->cancelAction()->isEnabled());
    QVERIFY(progress.count() > 0 || progress.wait(120000));
    window.runControls()->cancelAction()->trigger();
    QVERIFY(cancelled.count() > 0 || cancelled.wait(120000)); // a guard, not a deadline
    QVERIFY(loaded.isEmpty());
    QVERIFY(!controller.loading());
    QCOMPARE(controller.graph()->graph, graphBefore);
    QVERIFY(window.windowTitle().startsWith("Zachary"));
    QVERIFY(frontier::test::waitForIdle(controller));
    QVERIFY(controller.canStep());
  }

  // Opening a device again (the device selector) keeps the graph and the
  // pairs, and the next run on the new context gives the CPU's lengths.
  void switchingTheDeviceKeepsGraphAndPairs() {
    MainWindow window(frontier::test::testWindowOptions());
    window.show();
    const QString problem = frontier::test::openAndPrepare(window, QStringLiteral("demo:karate"));
    QVERIFY2(problem.isEmpty(), qPrintable(problem));
    LabController& controller = *window.controller();
    const auto graphBefore = controller.graph()->graph;
    const auto pairsBefore = controller.pairs();
    QSignalSpy ready(&controller, &LabController::deviceReady);
    controller.openDevice(0);
    QVERIFY(ready.wait(120000));
    QVERIFY(frontier::test::waitForIdle(controller));
    QCOMPARE(controller.graph()->graph, graphBefore);
    QCOMPARE(controller.pairs(), pairsBefore);
    QVERIFY2(controller.canStep(), "no search on the device opened again");
    QSignalSpy finished(&controller, &LabController::runFinished);
    controller.runToEnd();
    QVERIFY(finished.wait(120000));
    const auto& result = controller.results()->result();
    std::vector<double> expected;
    for (const frontier::graph::Length length : frontier::reference::pathLengths(*result.graph, result.pairs)) {
      expected.push_back(length == frontier::graph::kUnreachable ? frontier::reference::kNoPath : length);
    }
    QCOMPARE(result.results.lengths, expected);
  }

  void runToEndMatchesTheCpuReference() {
    if (!QFile::exists(dataPath("facebook_combined.txt"))) {
      QSKIP("facebook_combined.txt is not in the data folder");
    }
    MainWindow window(frontier::test::testWindowOptions());
    window.show();
    const QString problem = frontier::test::openAndPrepare(window, dataPath("facebook_combined.txt"));
    QVERIFY2(problem.isEmpty(), qPrintable(problem));
    LabController& controller = *window.controller();
    frontier::ui::ResultsModel& results = *controller.results();
    QSignalSpy finished(&controller, &LabController::runFinished);
    QSignalSpy checked(&results, &frontier::ui::ResultsModel::checkFinished);
    controller.runToEnd();
    QVERIFY(finished.wait(120000));
    QVERIFY(checked.count() > 0 || checked.wait(60000));
    QVERIFY(controller.run()->finished());
    QCOMPARE(results.rowCount(), 64);
    QCOMPARE(results.mismatches(), size_t{0});
    QVERIFY2(window.resultsPanel()->summary().contains("all 64 match"), qPrintable(window.resultsPanel()->summary()));

    // Independently of the model's own check: every row against the oracle, in file ids.
    const auto& result = results.result();
    const std::vector<frontier::graph::Length> expected = frontier::reference::pathLengths(*result.graph, result.pairs);
    for (int row = 0; row < results.rowCount(); ++row) {
      const auto& pair = result.pairs[static_cast<size_t>(row)];
      QCOMPARE(results.index(row, frontier::ui::ResultsModel::Source).data().toString(),
               QString::number(result.graph->fileId(pair.source)));
      const frontier::graph::Length length = expected[static_cast<size_t>(row)];
      QCOMPARE(results.index(row, frontier::ui::ResultsModel::Length).data().toString(),
               length < 0 ? QStringLiteral("unreachable") : QString::number(length));
    }
    const QString position = window.runControls()->positionText();
    QVERIFY2(position.startsWith("Finished"), qPrintable(position));
  }

  void brokenFileKeepsThePreviousGraph() {
    if (!QFile::exists(dataPath("karate.txt"))) {
      QSKIP("karate.txt is not in the data folder");
    }
    MainWindow window(frontier::test::testWindowOptions());
    window.show();
    QString problem = frontier::test::openAndPrepare(window, dataPath("karate.txt"));
    QVERIFY2(problem.isEmpty(), qPrintable(problem));
    const auto graphBefore = window.controller()->graph()->graph;

    QTemporaryDir folder;
    const QString broken =
        frontier::test::writeFile(folder, "broken.txt", "# an edge list with a bad line\n0 1\n1 two\n");
    QVERIFY(!broken.isEmpty());
    QSignalSpy failed(window.controller(), &LabController::loadFailed);
    window.openFile(broken);
    QVERIFY(failed.wait(120000));
    const QString message = failed.first().first().toString();
    QVERIFY2(message.contains("broken.txt:3:"), qPrintable(message));

    QVERIFY(window.errorDialog() != nullptr);
    QVERIFY(window.errorDialog()->isVisible());
    QVERIFY(window.errorDialog()->informativeText().contains("broken.txt:3:"));
    QVERIFY2(window.statusText().contains("broken.txt:3:"), qPrintable(window.statusText()));
    QCOMPARE(window.controller()->graph()->graph, graphBefore);
    QCOMPARE(window.graphPanel()->value("Vertices"), QStringLiteral("34"));
    QVERIFY(window.windowTitle().startsWith("karate.txt"));
    QVERIFY(frontier::test::waitForIdle(*window.controller()));
    QVERIFY(window.controller()->canStep()); // the search over the old graph is still there
    window.errorDialog()->close();
  }

  void cancelStopsALongRunAndKeepsTheGuiResponsive() {
    MainWindow window(frontier::test::testWindowOptions());
    window.show();
    // A million vertices and thousands of levels: minutes on lavapipe.
    const QString problem = frontier::test::openAndPrepare(window, "grid:1000x1000");
    QVERIFY2(problem.isEmpty(), qPrintable(problem));
    LabController& controller = *window.controller();

    // The GUI thread stays responsive while the engine runs: a timer on it
    // keeps firing, and the run's progress (queued to it) is shown, before
    // Cancel. Counted, not timed: the longest pause is reported only.
    QElapsedTimer sinceTick;
    qint64 longestGap = 0;
    int ticksWhileRunning = 0;
    QTimer ticker;
    ticker.setInterval(20);
    connect(&ticker, &QTimer::timeout, this, [&] {
      longestGap = std::max(longestGap, sinceTick.restart());
      ticksWhileRunning += controller.running() ? 1 : 0;
    });

    QSignalSpy progress(&controller, &LabController::runProgress);
    QSignalSpy cancelled(&controller, &LabController::runCancelled);
    QSignalSpy finished(&controller, &LabController::runFinished);
    controller.runToEnd();
    QVERIFY(controller.running());
    ticker.start();
    sinceTick.start();
    // Well into the run: two progress reports, the timer firing meanwhile.
    QVERIFY(frontier::test::waitUntil(
        &ticker, &QTimer::timeout, [&] { return progress.count() >= 2 && ticksWhileRunning >= 3; }, 120000));
    QVERIFY(controller.running());
    QVERIFY(finished.isEmpty());
    const int before = controller.run()->iterationCount();
    QVERIFY(before > 0);

    controller.cancel();
    // Cancel's answer: runCancelled, never runFinished (the time-out only
    // guards against a hang).
    QVERIFY(cancelled.count() > 0 || cancelled.wait(120000));
    ticker.stop();
    QCOMPARE(cancelled.count(), 1);
    QVERIFY(finished.isEmpty());
    qInfo("cancelled %d iterations in; the GUI thread's longest pause: %lld ms (reported, not asserted)", before,
          longestGap);

    // Consistent afterwards: idle, part-way, and it can go on or start again.
    QVERIFY(frontier::test::waitForIdle(controller));
    QVERIFY(finished.isEmpty());
    QVERIFY(!controller.running());
    QVERIFY(!controller.run()->finished());
    QVERIFY(controller.run()->iterationCount() >= before);
    QVERIFY(window.runControls()->stepAction()->isEnabled());
    QVERIFY(window.runControls()->runAction()->isEnabled());
    QVERIFY(!window.runControls()->cancelAction()->isEnabled());
    const int done = controller.run()->iterationCount();
    QVERIFY(stepAndWait(controller));
    QCOMPARE(controller.run()->iterationCount(), done + 1);
    QVERIFY(frontier::test::waitForIdle(controller));
    QSignalSpy cleared(controller.run(), &frontier::ui::RunModel::cleared);
    controller.reset();
    QVERIFY(cleared.wait(120000));
    QVERIFY(frontier::test::waitForIdle(controller));
    QCOMPARE(controller.run()->iterationCount(), 0);
    QVERIFY(controller.canStep());
  }


};

QTEST_MAIN(RunWindowTest)
#include "RunWindowTest.moc"
