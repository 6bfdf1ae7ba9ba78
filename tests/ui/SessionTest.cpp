// Session files and the scripted comparison: a session saved from one window
// reopens the same graph, pairs, strategy and comparison in a fresh window
// (from the File menu's code and from the command line); broken session files
// are named; `frontier-lab GRAPH --compare ... --run --export-trace --screenshot`
// runs in-process, and bad specs end with status 2.

#include <QFile>
#include <QImage>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QMessageBox>
#include <QSet>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QtTest>

#include "LabController.h"
#include "ScriptedRun.h"
#include "TestData.h"
#include "UiTestSupport.h"
#include "compare/CompareModel.h"
#include "compare/CompareWindow.h"
#include "models/RunModel.h"
#include "session/Session.h"
#include "widgets/PairsPanel.h"
#include "widgets/SsspPanel.h"
#include "widgets/StrategyPanel.h"
#include "windows/MainWindow.h"

using frontier::ui::MainWindow;

namespace {

QString dataPath(const char* name) {
  return QString::fromStdString(frontier::test::dataFile(name).string());
}

using frontier::test::runScript;

// Waits until the window's controller has pairs for a loaded graph and is
// idle (re-checked at each of its state changes).
bool waitForPairs(MainWindow& window, size_t count) {
  const frontier::ui::LabController* controller = window.controller();
  return frontier::test::waitUntil(controller, &frontier::ui::LabController::stateChanged, [&] {
    return controller->pairs().size() == count && !controller->busy();
  });
}

} // namespace

class SessionTest : public frontier::test::EngineUiTest {
  Q_OBJECT
private slots:
  void sessionRoundTrips() {
    if (!QFile::exists(dataPath("karate.txt"))) {
      QSKIP("karate.txt is not in the data folder");
    }
    QTemporaryDir folder;
    const QString path = folder.filePath("session.json");
    std::vector<frontier::graph::Pair> pairs;
    QString source;
    {
      MainWindow first(frontier::test::testWindowOptions());
      first.show();
      QString error = frontier::test::openAndPrepare(first, dataPath("karate.txt"));
      QVERIFY2(error.isEmpty(), qPrintable(error));
      first.pairsPanel()->setRandom(12, 9);
      QVERIFY(first.strategyPanel()->selectStrategy("coalesced+lb"));
      QVERIFY(frontier::test::waitForIdle(*first.controller()));
      frontier::ui::CompareWindow* compare = first.showCompareWindow();
      compare->setSpecs({"workgroups", "coalesced+agg", "coalesced-bottom-up+beamer"});
      compare->setBaseline(1);
      QVERIFY(first.saveSession(path));
      pairs = first.controller()->pairs();
      source = first.controller()->graph()->source;
    }
    QCOMPARE(pairs.size(), size_t{12});

    MainWindow second(frontier::test::testWindowOptions());
    second.show();
    second.openSession(path);
    QVERIFY(waitForPairs(second, pairs.size()));
    QCOMPARE(QFileInfo(second.controller()->graph()->source).canonicalFilePath(),
             QFileInfo(source).canonicalFilePath());
    QCOMPARE(second.controller()->pairs(), pairs);
    QCOMPARE(second.strategyPanel()->strategy().name, std::string("coalesced+lb"));
    QVERIFY(second.compareWindow() != nullptr);
    QCOMPARE(second.compareWindow()->specs(),
             (QStringList{"workgroups", "coalesced+agg", "coalesced-bottom-up+beamer"}));
    QCOMPARE(second.compareWindow()->baseline(), 1);

    // The same file on the command line (frontier-lab SESSION.json).
    MainWindow third(frontier::test::testWindowOptions());
    third.show();
    frontier::ui::ScriptOptions options;
    options.graph = path;
    QString error;
    QCOMPARE(runScript(third, options, &error), 0);
    QVERIFY(waitForPairs(third, pairs.size()));
    QCOMPARE(third.controller()->pairs(), pairs);
    QCOMPARE(third.compareWindow()->specs().size(), 3);
  }

  void weightedSessionKeepsTheAlgorithm() {
    if (!QFile::exists(dataPath("lesmis.graph"))) {
      QSKIP("lesmis.graph is not in the data folder");
    }
    QTemporaryDir folder;
    const QString path = folder.filePath("weighted.json");
    QString spec;
    {
      MainWindow first(frontier::test::testWindowOptions());
      first.show();
      QVERIFY(frontier::test::openAndPrepare(first, dataPath("lesmis.graph")).isEmpty());
      QVERIFY(first.ssspPanel()->selectSpec("delta-step+delta=4+batch=8"));
      QVERIFY(frontier::test::waitForIdle(*first.controller()));
      spec = first.ssspPanel()->spec();
      QVERIFY(spec.startsWith("delta-step+delta=4"));
      QVERIFY(first.saveSession(path));
    }
    MainWindow second(frontier::test::testWindowOptions());
    second.show();
    second.openSession(path);
    QVERIFY(waitForPairs(second, 64));
    QCOMPARE(second.ssspPanel()->spec(), spec);
    second.controller()->step();
    QVERIFY(frontier::test::waitForIdle(*second.controller()));
    QCOMPARE(second.controller()->run()->trace().algorithm, std::string("sssp"));
  }

  void brokenSessionsAreNamed() {
    QTemporaryDir folder;
    const auto write = [&](const QString& name, const QByteArray& bytes) {
      return frontier::test::writeFile(folder, name, bytes);
    };
    QString error;
    const QString notJson = write("a.json", "{ not json");
    QVERIFY(!frontier::ui::readSession(notJson, &error));
    QVERIFY2(error.contains(notJson) && error.contains("not JSON"), qPrintable(error));
    const QString other = write("b.json", R"({"format": "something else"})");
    QVERIFY(!frontier::ui::readSession(other, &error));
    QVERIFY2(error.contains("not a Frontier Lab session"), qPrintable(error));
    const QString badPair = write(
        "c.json", R"({"format": "frontier-lab-session", "version": 1, "graph": "g.txt", "pairs": [[1, 2], [3]]})");
    QVERIFY(!frontier::ui::readSession(badPair, &error));
    QVERIFY2(error.contains("pair 2"), qPrintable(error));
  }

  void brokenSessionKeepsTheWindowsGraph() {
    if (!QFile::exists(dataPath("karate.txt"))) {
      QSKIP("karate.txt is not in the data folder");
    }
    QTemporaryDir folder;
    const QString badPair = frontier::test::writeFile(
        folder, "c.json",
        R"({"format": "frontier-lab-session", "version": 1, "graph": "g.txt", "pairs": [[1, 2], [3]]})");
    QVERIFY(!badPair.isEmpty());
    // The window keeps its graph and reports the file.
    MainWindow window(frontier::test::testWindowOptions());
    window.show();
    QVERIFY(frontier::test::openAndPrepare(window, dataPath("karate.txt")).isEmpty());
    window.openSession(badPair);
    QVERIFY(window.errorDialog() != nullptr);
    QVERIFY(window.errorDialog()->informativeText().contains("pair 2"));
    QVERIFY(window.controller()->graph()->source.endsWith("karate.txt"));
  }

  void scriptedComparison() {
    if (!QFile::exists(dataPath("facebook_combined.txt"))) {
      QSKIP("facebook_combined.txt is not in the data folder");
    }
    QTemporaryDir folder;
    MainWindow window(frontier::test::testWindowOptions());
    window.show();
    frontier::ui::ScriptOptions options;
    options.graph = dataPath("facebook_combined.txt");
    options.compare = "workgroups,coalesced,coalesced-bottom-up";
    options.pairs = "random:48";
    options.seed = 3;
    options.run = true;
    options.screenshot = folder.filePath("c.png");
    options.exportTrace = folder.filePath("t.json");
    QString error;
    QCOMPARE(runScript(window, options, &error), 0);
    const QImage shot(options.screenshot);
    QVERIFY(frontier::test::showsSomething(shot));
    QCOMPARE(shot.size(), window.compareWindow()->grab().size());
    QCOMPARE(window.compareWindow()->model()->verifiedCount(), 3);
    QFile trace(options.exportTrace);
    QVERIFY(trace.open(QIODevice::ReadOnly));
    QSet<int> processes;
    for (const QJsonValue& event : QJsonDocument::fromJson(trace.readAll()).object().value("traceEvents").toArray()) {
      if (event.toObject().value("name").toString() == "process_name") {
        processes.insert(event.toObject().value("pid").toInt());
      }
    }
    QCOMPARE(processes.size(), 3);
  }

  void badSpecsExitWithStatusTwo() {
    MainWindow window(frontier::test::testWindowOptions());
    window.show();
    frontier::ui::ScriptOptions options;
    options.graph = dataPath("karate.txt");
    options.compare = "coalesced,coalesced+nonsense";
    options.run = true;
    QString error;
    QCOMPARE(runScript(window, options, &error), 2);
    QVERIFY2(error.contains("nonsense"), qPrintable(error));
    QVERIFY(!window.controller()->graph()); // stopped before loading anything
    options.compare = "coalesced";
    QCOMPARE(runScript(window, options, &error), 2);
    QVERIFY2(error.contains("2 to 4"), qPrintable(error));
    options.compare.clear();
    options.exportTrace = "t.json";
    QCOMPARE(runScript(window, options, &error), 2);
    QVERIFY2(error.contains("--compare"), qPrintable(error));
  }


};

QTEST_MAIN(SessionTest)
#include "SessionTest.moc"
