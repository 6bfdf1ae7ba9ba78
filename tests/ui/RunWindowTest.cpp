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
  return controller.run()->iterationCount() > before || appended.wait(30000);
}

} // namespace

class RunWindowTest : public QObject {
  Q_OBJECT
private slots:
  void initTestCase() { frontier::test::useTestSettings(); }

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
    QVERIFY2(position.contains("iteration 3"), qPrintable(position));
    QVERIFY2(position.contains("level 3"), qPrintable(position));
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
    QVERIFY(appended.wait(30000));
    QCOMPARE(controller.run()->iterationCount(), 1);
    QVERIFY(frontier::test::waitForIdle(controller));

    window.runControls()->speedBox()->setCurrentIndex(window.runControls()->speedBox()->count() - 1); // fastest
    QSignalSpy finished(&controller, &LabController::runFinished);
    QTest::keyClick(&window, Qt::Key_Space); // Play
    QVERIFY(controller.playing());
    QVERIFY(window.runControls()->playAction()->isChecked());
    QVERIFY(finished.wait(60000));
    QVERIFY(controller.run()->finished());
    QVERIFY(!controller.playing());
    QVERIFY(!window.runControls()->stepAction()->isEnabled());
    QVERIFY(controller.run()->iterationCount() > 2);

    QSignalSpy cleared(controller.run(), &frontier::ui::RunModel::cleared);
    QTest::keyClick(&window, Qt::Key_R); // Reset
    QVERIFY(cleared.wait(30000));
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
    QVERIFY(progress.wait(30000));
    window.runControls()->cancelAction()->trigger();
    QVERIFY(cancelled.wait(5000));
    QVERIFY(loaded.isEmpty());
    QVERIFY(!controller.loading());
    QCOMPARE(controller.graph()->graph, graphBefore);
    QVERIFY(window.windowTitle().startsWith("Zachary"));
    QVERIFY(frontier::test::waitForIdle(controller));
    QVERIFY(controller.canStep());
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
    QVERIFY(failed.wait(30000));
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

  void cancelStopsALongRunWithinASecond() {
    MainWindow window(frontier::test::testWindowOptions());
    window.show();
    // A million vertices and thousands of levels: minutes on lavapipe.
    const QString problem = frontier::test::openAndPrepare(window, "grid:1000x1000");
    QVERIFY2(problem.isEmpty(), qPrintable(problem));
    LabController& controller = *window.controller();

    // The GUI thread must stay responsive: a timer keeps ticking through the run.
    QElapsedTimer sinceTick;
    sinceTick.start();
    qint64 longestGap = 0;
    QTimer ticker;
    ticker.setInterval(20);
    connect(&ticker, &QTimer::timeout, this, [&] { longestGap = std::max(longestGap, sinceTick.restart()); });

    QSignalSpy progress(&controller, &LabController::runProgress);
    QSignalSpy cancelled(&controller, &LabController::runCancelled);
    QSignalSpy finished(&controller, &LabController::runFinished);
    controller.runToEnd();
    ticker.start();
    sinceTick.restart();
    QVERIFY(progress.wait(60000));
    QVERIFY(progress.wait(60000)); // well into the run
    QVERIFY(controller.running());
    const int before = controller.run()->iterationCount();

    QElapsedTimer clock;
    clock.start();
    controller.cancel();
    QVERIFY(cancelled.wait(5000));
    const qint64 took = clock.elapsed();
    ticker.stop();
    qInfo("cancelled %d iterations in, %lld ms after Cancel; the GUI thread's longest pause: %lld ms", before, took,
          longestGap);
    QVERIFY2(took < 1000, qPrintable(QStringLiteral("cancel took %1 ms").arg(took)));
    QVERIFY2(longestGap < 500, qPrintable(QStringLiteral("the GUI thread was blocked for %1 ms").arg(longestGap)));
    QVERIFY(finished.isEmpty());

    // Consistent afterwards: idle, part-way, and it can go on or start again.
    QVERIFY(frontier::test::waitForIdle(controller));
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
    QVERIFY(cleared.wait(30000));
    QVERIFY(frontier::test::waitForIdle(controller));
    QCOMPARE(controller.run()->iterationCount(), 0);
    QVERIFY(controller.canStep());
  }
};

QTEST_MAIN(RunWindowTest)
#include "RunWindowTest.moc"
