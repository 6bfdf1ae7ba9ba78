// Faults in the window, injected in core/vk (vk/FaultInjection.h): out of
// device memory and a lost device each give a message that says what
// happened and what to do; the graph stays, and so do the results of the
// last finished run; the next run, once the fault is gone, gives the CPU
// reference's lengths again (after a lost device, on a device opened anew).

#include <functional>

#include <QMessageBox>
#include <QSignalSpy>
#include <QtTest>

#include "LabController.h"
#include "compare/Variant.h"
#include "UiTestSupport.h"
#include "models/ResultsModel.h"
#include "reference/Bfs.h"
#include "vk/FaultInjection.h"
#include "widgets/GraphPanel.h"
#include "widgets/StrategyPanel.h"
#include "windows/MainWindow.h"

using frontier::ui::LabController;
using frontier::ui::MainWindow;

namespace {

// The window's lengths against the CPU BFS, row by row; empty when equal.
QString resultsProblems(const frontier::ui::ResultsModel& results) {
  const auto& result = results.result();
  if (!result.graph) {
    return QStringLiteral("no results");
  }
  const std::vector<frontier::graph::Length> expected = frontier::reference::pathLengths(*result.graph, result.pairs);
  if (results.rowCount() != static_cast<int>(expected.size()) || results.rowCount() == 0) {
    return QStringLiteral("%1 result rows for %2 pairs").arg(results.rowCount()).arg(expected.size());
  }
  for (int row = 0; row < results.rowCount(); ++row) {
    const frontier::graph::Length length = expected[static_cast<size_t>(row)];
    const QString want = length < 0 ? QStringLiteral("unreachable") : QString::number(length);
    const QString got = results.index(row, frontier::ui::ResultsModel::Length).data().toString();
    if (got != want) {
      return QStringLiteral("row %1: %2, the CPU BFS says %3").arg(row).arg(got, want);
    }
  }
  return {};
}

} // namespace

class FaultsTest : public frontier::test::EngineUiTest {
  Q_OBJECT
private slots:
  void cleanup() {
    frontier::gpu::faults::configure(""); // also after a function that failed half-way
    EngineUiTest::cleanup();
  }

  // Out of memory while a search is made (its buffers): the message says
  // what to lower; the graph stays; once memory is there, the same strategy
  // runs and gives the CPU's lengths.
  void outOfMemoryNamesWhatToLower() {
    MainWindow window(frontier::test::testWindowOptions());
    openAndRun(window);
    if (QTest::currentTestFailed()) {
      return;
    }
    LabController& controller = *window.controller();
    const auto graphBefore = controller.graph()->graph;

    const QString message =
        failWith(controller, "oom@1", [&] { controller.setStrategy(window.strategyPanel()->strategy()); });
    QVERIFY2(message.contains("out of memory") && message.contains("fewer searches per batch"), qPrintable(message));
    expectErrorShown(window, "out of memory");
    QVERIFY(frontier::test::waitForIdle(controller));
    QCOMPARE(controller.graph()->graph, graphBefore);
    QCOMPARE(window.graphPanel()->value("Vertices"), QStringLiteral("34"));

    controller.setStrategy(window.strategyPanel()->strategy());
    QVERIFY(frontier::test::waitForIdle(controller));
    QVERIFY2(controller.canStep(), "no search after the memory came back");
    runAndExpectCpuLengths(controller);
  }

  // A device lost in the middle of a run: the message says so, the device is
  // opened again and a fresh search is ready without anything done by hand.
  void lostDeviceDuringRunIsOpenedAgain() {
    MainWindow window(frontier::test::testWindowOptions());
    openAndRun(window);
    if (QTest::currentTestFailed()) {
      return;
    }
    LabController& controller = *window.controller();
    const auto graphBefore = controller.graph()->graph;
    controller.reset();
    QVERIFY(frontier::test::waitForIdle(controller));

    const QString message = failWith(controller, "lost@1", [&] { controller.runToEnd(); });
    QVERIFY2(message.contains("device was lost") && message.contains("opened again"), qPrintable(message));
    expectErrorShown(window, "device was lost");
    QVERIFY(frontier::test::waitForIdle(controller));
    QCOMPARE(controller.graph()->graph, graphBefore);
    QVERIFY2(controller.canStep(), "no search is ready after the device was opened again");
    runAndExpectCpuLengths(controller);
  }

  // A device lost while the path of a result row is searched: the results of
  // the finished run stay, and the next run works.
  void lostDeviceKeepsTheResults() {
    MainWindow window(frontier::test::testWindowOptions());
    openAndRun(window);
    if (QTest::currentTestFailed()) {
      return;
    }
    LabController& controller = *window.controller();
    const auto pairsBefore = controller.results()->result().pairs;

    const QString message = failWith(controller, "lost@1", [&] { controller.requestPairLevels(0); });
    QVERIFY(frontier::test::waitForIdle(controller));
    QVERIFY2(message.contains("device was lost"), qPrintable(message));
    expectErrorShown(window, "device was lost");
    QCOMPARE(controller.results()->result().pairs, pairsBefore);
    const QString wrong = resultsProblems(*controller.results());
    QVERIFY2(wrong.isEmpty(), qPrintable(wrong));

    controller.reset();
    QVERIFY(frontier::test::waitForIdle(controller));
    runAndExpectCpuLengths(controller);
  }

  // A comparison that cannot run answers the comparison, the request that
  // caused it: no error box in the main window, no failure of its run.
  void comparisonFailureReachesTheComparisonOnly() {
    MainWindow window(frontier::test::testWindowOptions());
    window.show();
    LabController& controller = *window.controller();
    QVERIFY(frontier::test::waitForIdle(controller));
    QSignalSpy engineFailed(&controller, &LabController::engineFailed);
    QSignalSpy compareFailed(&controller, &LabController::compareFailed);
    controller.compare(frontier::ui::variantsFromList("coalesced,workgroups")); // no graph yet
    QVERIFY(compareFailed.count() > 0 || compareFailed.wait(60000));
    QVERIFY(frontier::test::waitForIdle(controller));
    QVERIFY2(compareFailed.first().first().toString().contains("Nothing to compare"),
             qPrintable(compareFailed.first().first().toString()));
    QCOMPARE(engineFailed.count(), 0);
    QVERIFY(window.errorDialog() == nullptr || !window.errorDialog()->isVisible());
    QVERIFY(!controller.comparing());
  }

private:
  // Opens the built-in karate club, runs to the end and checks the lengths.
  static void openAndRun(MainWindow& window) {
    window.show();
    const QString problem = frontier::test::openAndPrepare(window, QStringLiteral("demo:karate"));
    QVERIFY2(problem.isEmpty(), qPrintable(problem));
    runAndExpectCpuLengths(*window.controller());
  }

  static void runAndExpectCpuLengths(LabController& controller) {
    QSignalSpy finished(&controller, &LabController::runFinished);
    QSignalSpy checked(controller.results(), &frontier::ui::ResultsModel::checkFinished);
    controller.runToEnd();
    QVERIFY(finished.wait(120000));
    QVERIFY(checked.count() > 0 || checked.wait(60000));
    const QString wrong = resultsProblems(*controller.results());
    QVERIFY2(wrong.isEmpty(), qPrintable(wrong));
  }

  // Injects `fault`, does `action` and waits for the engine's failure; the
  // message (empty when none came). The fault is off again on return.
  static QString failWith(LabController& controller, const char* fault, const std::function<void()>& action) {
    frontier::gpu::faults::configure(fault);
    QSignalSpy failed(&controller, &LabController::engineFailed);
    action();
    const bool came = failed.count() > 0 || failed.wait(120000);
    frontier::gpu::faults::configure("");
    return came ? failed.first().first().toString() : QString();
  }

  static void expectErrorShown(MainWindow& window, const char* says) {
    QVERIFY(window.errorDialog() != nullptr);
    QVERIFY2(window.errorDialog()->informativeText().contains(QLatin1String(says)),
             qPrintable(window.errorDialog()->informativeText()));
    window.errorDialog()->close();
  }
};

QTEST_MAIN(FaultsTest)
#include "FaultsTest.moc"
