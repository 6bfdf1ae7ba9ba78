// Shortest paths in the run window on lavapipe: a weighted graph offers the
// algorithms, a step shows the near bucket and the far pile, a run to the end
// gives Dijkstra's lengths in the results; unweighted graphs hide the choice.

#include <QComboBox>
#include <QFile>
#include <QLineEdit>
#include <QSignalSpy>
#include <QtCharts/QChart>
#include <QtCharts/QLineSeries>
#include <QtTest>

#include "LabController.h"
#include "ScriptedRun.h"
#include "TestData.h"
#include "UiTestSupport.h"
#include "compare/CompareWindow.h"
#include "models/ResultsModel.h"
#include "models/RunModel.h"
#include "reference/Dijkstra.h"
#include "widgets/IterationChart.h"
#include "widgets/IterationCharts.h"
#include "models/ViewHistory.h"
#include "widgets/GraphView.h"
#include "widgets/GraphViewPanel.h"
#include "widgets/SsspPanel.h"
#include "windows/ViewDocks.h"
#include "windows/MainWindow.h"

using frontier::ui::MainWindow;

namespace {

QString dataPath(const char* name) {
  return QString::fromStdString(frontier::test::dataFile(name).string());
}

// Runs to the end and waits for the CPU check; empty on success.
QString runAndCheck(MainWindow& window) {
  frontier::ui::LabController& controller = *window.controller();
  QSignalSpy checked(controller.results(), &frontier::ui::ResultsModel::checkFinished);
  controller.runToEnd();
  if (!frontier::test::waitForIdle(controller, 120000)) {
    return QStringLiteral("timed out running");
  }
  if (!controller.results()->checked() && !checked.wait(60000)) {
    return QStringLiteral("timed out checking");
  }
  return {};
}

} // namespace

class SsspWindowTest : public frontier::test::EngineUiTest {
  Q_OBJECT
private slots:
  void weightedRunsGiveDijkstrasLengths() {
    if (!QFile::exists(dataPath("lesmis.graph"))) {
      QSKIP("lesmis.graph is not in the data folder");
    }
    MainWindow window(frontier::test::testWindowOptions());
    window.show();
    QString error = frontier::test::openAndPrepare(window, dataPath("lesmis.graph"));
    QVERIFY2(error.isEmpty(), qPrintable(error));
    frontier::ui::SsspPanel* panel = window.ssspPanel();
    QVERIFY(panel->isVisible());
    QCOMPARE(panel->algorithmBox()->count(), 7);
    // The comparison suggests the shortest-path algorithms for a weighted graph.
    QCOMPARE(window.showCompareWindow()->specsEdit()->text(),
             QStringLiteral("auto,batched,near-far,bellman-ford"));
    frontier::ui::LabController& controller = *window.controller();
    const auto& graph = *controller.graph()->graph;
    QVERIFY(graph.weighted());

    for (const char* spec :
         {"resident", "auto", "batched+delta=20", "near-far+delta=3", "delta-step+delta=5+batch=4", "bellman-ford"}) {
      QVERIFY2(panel->selectSpec(spec), spec);
      QVERIFY(frontier::test::waitForIdle(controller));
      QVERIFY(controller.run()->hasSearch());
      // One step: a relax iteration, drawn as the near bucket with the far pile below.
      QSignalSpy appended(controller.run(), &frontier::ui::RunModel::iterationsAppended);
      controller.step();
      QVERIFY(frontier::test::waitForIdle(controller));
      QCOMPARE(controller.run()->iterationCount(), 1);
      QCOMPARE(controller.run()->trace().algorithm, std::string("sssp"));
      QCOMPARE(window.charts()->charts().front()->chart()->title(), QStringLiteral("Near bucket"));
      QVERIFY(window.charts()->farChart()->isVisible());
      QCOMPARE(window.charts()->charts().front()->series()->count(), 1);

      error = runAndCheck(window);
      QVERIFY2(error.isEmpty(), qPrintable(error));
      const frontier::ui::ResultsModel& results = *controller.results();
      QCOMPARE(results.mismatches(), size_t{0});
      // The oracle, independently: Dijkstra on the window's pairs.
      const std::vector<frontier::reference::PathLength> cpu =
          frontier::reference::shortestPaths(graph, controller.pairs());
      QCOMPARE(results.lengths().size(), cpu.size());
      bool weightedAnswer = false;
      for (size_t i = 0; i < cpu.size(); ++i) {
        QCOMPARE(results.lengths()[i], cpu[i].length);
        weightedAnswer = weightedAnswer || (cpu[i].reachable() && cpu[i].length != cpu[i].arcs);
      }
      QVERIFY(weightedAnswer);
      QVERIFY(results.summary().contains("all"));
      // The graph view colours the selected query (pair 1) by the engine's
      // vertex states: once finished, every settled vertex carries Dijkstra's
      // distance from that pair's source, and nothing is left near or far.
      const frontier::ui::GraphView* view = window.viewDocks()->graphView()->view();
      const frontier::ui::ViewHistory* history = window.viewDocks()->history();
      QVERIFY(frontier::test::waitUntil(history, &frontier::ui::ViewHistory::changed, [&] {
        return view->states() != nullptr && view->states()->valueName == QStringLiteral("distance");
      }));
      const std::vector<double> fromSource = frontier::reference::dijkstra(graph.out(), controller.pairs()[0].source);
      const frontier::ui::VertexStates& states = *view->states();
      QVERIFY(states.count(frontier::ui::VertexStates::Reached) > 0);
      for (size_t v = 0; v < states.kind.size(); ++v) {
        if (states.kind[v] == frontier::ui::VertexStates::Reached) {
          QCOMPARE(states.value[v], fromSource[v]);
        }
      }
    }
    // Back to hop counts: the run is iBFS again and the far pile is hidden.
    QVERIFY(panel->selectSpec("ibfs"));
    QVERIFY(frontier::test::waitForIdle(controller));
    controller.step();
    QVERIFY(frontier::test::waitForIdle(controller));
    QCOMPARE(controller.run()->trace().algorithm, std::string("ibfs"));
    QVERIFY(!window.charts()->farChart()->isVisible());
  }

  void scriptedShortestPaths() {
    if (!QFile::exists(dataPath("lesmis.graph"))) {
      QSKIP("lesmis.graph is not in the data folder");
    }
    MainWindow window(frontier::test::testWindowOptions());
    window.show();
    frontier::ui::ScriptOptions options;
    options.graph = dataPath("lesmis.graph");
    options.strategy = "near-far+delta=2+batch=4";
    options.pairs = "random:30";
    options.seed = 4;
    options.run = true;
    QString error;
    QVERIFY2(frontier::test::runScript(window, options, &error, 120000) == 0, qPrintable(error));
    QCOMPARE(window.controller()->run()->trace().algorithm, std::string("sssp"));
    QCOMPARE(window.ssspPanel()->spec(), QStringLiteral("near-far+delta=2+batch=4"));
    QVERIFY(window.controller()->results()->checked());
    QCOMPARE(window.controller()->results()->mismatches(), size_t{0});
    QCOMPARE(window.controller()->results()->lengths().size(), size_t{30});
  }

  void amsterdamRoadsMatchDijkstra() {
    if (!QFile::exists(dataPath("amsterdam-roads.gr"))) {
      QSKIP("amsterdam-roads.gr is not in the data folder");
    }
    MainWindow window(frontier::test::testWindowOptions());
    window.show();
    frontier::ui::ScriptOptions options;
    options.graph = dataPath("amsterdam-roads.gr");
    options.strategy = "near-far";
    options.pairs = "random:16";
    options.seed = 2;
    options.run = true;
    QString error;
    QVERIFY2(frontier::test::runScript(window, options, &error, 240000) == 0, qPrintable(error));
    const frontier::ui::LabController& controller = *window.controller();
    const std::vector<frontier::reference::PathLength> cpu =
        frontier::reference::shortestPaths(*controller.graph()->graph, controller.pairs());
    QCOMPARE(controller.results()->lengths().size(), size_t{16});
    size_t reachable = 0;
    for (size_t i = 0; i < cpu.size(); ++i) {
      QCOMPARE(controller.results()->lengths()[i], cpu[i].length); // integer weights: exact
      reachable += cpu[i].reachable() ? 1U : 0U;
    }
    QVERIFY(reachable > 0);
    // Near-Far on a road graph: many phases, so the far pile fills and drains.
    uint32_t mostFar = 0;
    for (const auto& it : controller.run()->trace().iterations) {
      mostFar = std::max(mostFar, it.farSize);
    }
    QVERIFY(mostFar > 0);
  }

  void unweightedGraphsHideTheChoice() {
    if (!QFile::exists(dataPath("karate.txt")) || !QFile::exists(dataPath("lesmis.graph"))) {
      QSKIP("karate.txt or lesmis.graph is not in the data folder");
    }
    MainWindow window(frontier::test::testWindowOptions());
    window.show();
    QVERIFY(frontier::test::openAndPrepare(window, dataPath("lesmis.graph")).isEmpty());
    QVERIFY(window.ssspPanel()->selectSpec("near-far"));
    QVERIFY(frontier::test::waitForIdle(*window.controller()));
    QVERIFY(frontier::test::openAndPrepare(window, dataPath("karate.txt")).isEmpty());
    QVERIFY(!window.ssspPanel()->isVisible());
    QVERIFY(!window.ssspPanel()->options().has_value());
    QVERIFY(frontier::test::waitForIdle(*window.controller()));
    window.controller()->step();
    QVERIFY(frontier::test::waitForIdle(*window.controller()));
    QCOMPARE(window.controller()->run()->trace().algorithm, std::string("ibfs"));
  }


};

QTEST_MAIN(SsspWindowTest)
#include "SsspWindowTest.moc"
