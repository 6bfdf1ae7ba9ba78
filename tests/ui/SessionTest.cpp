// Session files and the scripted comparison: a session saved from one window
// reopens the same graph, pairs (the random setting with its seed, or given
// pairs), strategy, device and comparison in a fresh window (from the File
// menu's code and from the command line), and older files still open; broken
// session files are named; scripted random pairs with a seed are the
// panel's; `frontier-lab GRAPH --compare ... --run --export-trace
// --screenshot` runs in-process, and bad specs end with status 2.

#include <QFile>
#include <QImage>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLineEdit>
#include <QMessageBox>
#include <QSet>
#include <QPlainTextEdit>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTemporaryDir>
#include <QtTest>

#include "LabController.h"
#include "ScriptedRun.h"
#include "TestData.h"
#include "UiTestSupport.h"
#include "compare/CompareModel.h"
#include "compare/CompareWindow.h"
#include "graph/Pairs.h"
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
      QVERIFY2(first.controller()->chooseComparison({"workgroups", "coalesced+agg", "coalesced-bottom-up+beamer"},
                                                    &error),
               qPrintable(error));
      QCOMPARE(compare->specsEdit()->text(), QString("workgroups,coalesced+agg,coalesced-bottom-up+beamer"));
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
    // Restored into the run's configuration, which the window's field shows.
    const std::vector<frontier::run::RunSpec>& entries = second.controller()->config().comparison;
    QCOMPARE(entries.size(), size_t{3});
    QCOMPARE(entries[1].text, std::string("coalesced+agg"));
    QVERIFY(entries[1].strategy.options.aggregatedAppends);
    QCOMPARE(second.compareWindow()->specs(),
             (QStringList{"workgroups", "coalesced+agg", "coalesced-bottom-up+beamer"}));
    QCOMPARE(second.compareWindow()->specsEdit()->text(),
             QString("workgroups,coalesced+agg,coalesced-bottom-up+beamer"));
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
    const QString badCount = write(
        "d.json", R"({"format": "frontier-lab-session", "version": 1, "graph": "g.txt", "random": {"count": 0}})");
    QVERIFY(!frontier::ui::readSession(badCount, &error));
    QVERIFY2(error.contains(badCount) && error.contains("\"count\" 0"), qPrintable(error));
    const QString badSeed = write(
        "e.json", R"({"format": "frontier-lab-session", "version": 1, "graph": "g.txt", "random": {"seed": 1.5}})");
    QVERIFY(!frontier::ui::readSession(badSeed, &error));
    QVERIFY2(error.contains("\"seed\" 1.5"), qPrintable(error));
    const QString badPairs =
        write("f.json", R"({"format": "frontier-lab-session", "version": 1, "graph": "g.txt", "pairs": "all"})");
    QVERIFY(!frontier::ui::readSession(badPairs, &error));
    QVERIFY2(error.contains("\"all\""), qPrintable(error));
  }

  // The whole run configuration: the random setting with its seed, given
  // pairs by file id, and the device, saved and reopened; the pairs checked
  // against core's generator drawing them on its own.
  void sessionKeepsTheSeedGivenPairsAndDevice() {
    if (!QFile::exists(dataPath("karate.txt"))) {
      QSKIP("karate.txt is not in the data folder");
    }
    QTemporaryDir folder;
    const QString randomPath = folder.filePath("random.json");
    const QString givenPath = folder.filePath("given.json");
    std::vector<std::pair<frontier::graph::FileId, frontier::graph::FileId>> given;
    {
      MainWindow first(frontier::test::testWindowOptions());
      first.show();
      QVERIFY(frontier::test::openAndPrepare(first, dataPath("karate.txt")).isEmpty());
      frontier::ui::LabController& controller = *first.controller();
      controller.openDevice(0); // as the strategy panel's device box does
      first.pairsPanel()->setRandom(17, 4242);
      QVERIFY(frontier::test::waitForIdle(controller));
      QCOMPARE(controller.config().device, QString("0"));
      QVERIFY(first.saveSession(randomPath));
      // Typed pairs (file ids of karate.txt), with the random setting kept.
      const frontier::graph::Graph& g = *controller.graph()->graph;
      given = {{g.fileId(0), g.fileId(33)}, {g.fileId(5), g.fileId(16)}};
      QString error;
      QVERIFY2(controller.chooseTypedPairs(QStringLiteral("%1 %2\n%3 %4")
                                               .arg(given[0].first)
                                               .arg(given[0].second)
                                               .arg(given[1].first)
                                               .arg(given[1].second),
                                           &error),
               qPrintable(error));
      QVERIFY(frontier::test::waitForIdle(controller));
      QVERIFY(first.saveSession(givenPath));
    }
    QString error;
    const std::optional<frontier::ui::Session> saved = frontier::ui::readSession(randomPath, &error);
    QVERIFY2(saved, qPrintable(error));
    QVERIFY(saved->pairs.empty());
    QCOMPARE(saved->randomCount, 17U);
    QCOMPARE(saved->seed, uint64_t{4242});
    QCOMPARE(saved->device, QString("0"));

    MainWindow second(frontier::test::testWindowOptions());
    second.show();
    QCOMPARE(second.controller()->config().device, QString());
    second.openSession(randomPath);
    QVERIFY(waitForPairs(second, 17));
    const frontier::ui::RunConfig& config = second.controller()->config();
    QCOMPARE(config.device, QString("0"));
    QCOMPARE(config.pairs.count, 17U);
    QCOMPARE(config.pairs.seed, uint64_t{4242});
    QVERIFY(!config.pairs.given);
    QCOMPARE(second.controller()->pairs(), frontier::graph::randomPairs(*second.controller()->graph()->graph, 17, 4242));
    // The panel shows the setting it did not choose.
    QCOMPARE(second.pairsPanel()->findChild<QSpinBox*>("pairSeed")->value(), 4242);
    QCOMPARE(second.pairsPanel()->findChild<QSpinBox*>("pairCount")->value(), 17);

    second.openSession(givenPath);
    QVERIFY(waitForPairs(second, 2));
    QVERIFY(config.pairs.given);
    QCOMPARE(config.pairs.given->ids, given);
    QCOMPARE(config.pairs.seed, uint64_t{4242}); // kept while pairs are given
    const frontier::graph::Graph& g = *second.controller()->graph()->graph;
    QCOMPARE(second.controller()->pairs().front().source, *g.denseId(given[0].first));
    QCOMPARE(second.controller()->pairs().back().destination, *g.denseId(given[1].second));
    QVERIFY(second.pairsPanel()->editor()->toPlainText().contains(QStringLiteral("%1 %2").arg(given[1].first).arg(given[1].second)));
  }

  // A session written before the random setting and the device were saved:
  // its pairs list is read as given pairs, the rest takes the defaults.
  void olderSessionsOpenWithClearDefaults() {
    if (!QFile::exists(dataPath("karate.txt"))) {
      QSKIP("karate.txt is not in the data folder");
    }
    QTemporaryDir folder;
    const QString old = frontier::test::writeFile(
        folder, "old.json",
        QStringLiteral(R"({"format": "frontier-lab-session", "version": 1, "graph": "%1",
                           "pairs": [[1, 33], [2, 3]], "strategy": "coalesced", "paths": "ibfs",
                           "compare": [], "baseline": 0})")
            .arg(dataPath("karate.txt"))
            .toUtf8());
    const QString bare = frontier::test::writeFile(
        folder, "bare.json",
        QStringLiteral(R"({"format": "frontier-lab-session", "version": 1, "graph": "%1"})").arg(dataPath("karate.txt")).toUtf8());
    QString error;
    const std::optional<frontier::ui::Session> read = frontier::ui::readSession(old, &error);
    QVERIFY2(read, qPrintable(error));
    QCOMPARE(read->randomCount, 64U);
    QCOMPARE(read->seed, uint64_t{1});
    QCOMPARE(read->device, QString());
    QCOMPARE(read->pairs.size(), size_t{2});

    MainWindow window(frontier::test::testWindowOptions());
    window.show();
    window.openSession(old);
    QVERIFY(waitForPairs(window, 2));
    const frontier::ui::RunConfig& config = window.controller()->config();
    QVERIFY(config.pairs.given);
    QCOMPARE(config.pairs.given->ids, read->pairs);
    QCOMPARE(config.pairs.count, 64U);
    QCOMPARE(config.pairs.seed, uint64_t{1});
    QCOMPARE(config.device, QString());

    // No pairs at all: the default random setting, drawn on the graph.
    window.openSession(bare);
    QVERIFY(waitForPairs(window, 64));
    QVERIFY(!config.pairs.given);
    QCOMPARE(window.controller()->pairs(), frontier::graph::randomPairs(*window.controller()->graph()->graph, 64, 1));
  }

  // `--pairs random:N --seed S` sets the configuration and gives exactly the
  // pairs of the panel's random setting with the same N and seed, and of
  // core's generator; a graph loaded afterwards draws them again from that
  // setting, the same on the same graph.
  void scriptedSeedGivesThePanelsPairs() {
    if (!QFile::exists(dataPath("lesmis.graph"))) {
      QSKIP("lesmis.graph is not in the data folder");
    }
    const QString graphPath = dataPath("lesmis.graph");
    MainWindow scripted(frontier::test::testWindowOptions());
    scripted.show();
    frontier::ui::ScriptOptions options;
    options.graph = graphPath;
    options.pairs = "random:23";
    options.seed = 77;
    QString error;
    QCOMPARE(runScript(scripted, options, &error), 0);
    QVERIFY(waitForPairs(scripted, 23));
    const frontier::ui::LabController& controller = *scripted.controller();
    QCOMPARE(controller.config().pairs.count, 23U);
    QCOMPARE(controller.config().pairs.seed, uint64_t{77});
    const std::vector<frontier::graph::Pair> expected = frontier::graph::randomPairs(*controller.graph()->graph, 23, 77);
    QCOMPARE(controller.pairs(), expected);
    QCOMPARE(scripted.pairsPanel()->findChild<QSpinBox*>("pairSeed")->value(), 77);

    MainWindow panel(frontier::test::testWindowOptions());
    panel.show();
    QVERIFY(frontier::test::openAndPrepare(panel, graphPath).isEmpty());
    panel.pairsPanel()->setRandom(23, 77);
    QVERIFY(waitForPairs(panel, 23));
    QCOMPARE(panel.controller()->pairs(), expected);

    // Given pairs, then a graph loaded again: back to the random setting's
    // pairs, the same ones.
    QVERIFY(panel.controller()->chooseTypedPairs(QStringLiteral("1 2"), &error));
    QVERIFY(waitForPairs(panel, 1));
    QVERIFY(frontier::test::openAndPrepare(panel, graphPath).isEmpty());
    QVERIFY(waitForPairs(panel, 23));
    QCOMPARE(panel.controller()->pairs(), expected);
    // Another graph: the same setting drawn on it.
    QVERIFY(frontier::test::openAndPrepare(panel, "grid:9x9").isEmpty());
    QVERIFY(waitForPairs(panel, 23));
    QCOMPARE(panel.controller()->pairs(), frontier::graph::randomPairs(*panel.controller()->graph()->graph, 23, 77));

    // Out of range: status 2, naming the value.
    options.seed = uint64_t{1} << 40;
    QCOMPARE(runScript(scripted, options, &error), 2);
    QVERIFY2(error.contains("--seed") && error.contains(QString::number(uint64_t{1} << 40)), qPrintable(error));
    options.seed = 1;
    options.pairs = "random:0";
    QCOMPARE(runScript(scripted, options, &error), 2);
    QVERIFY2(error.contains("random:N"), qPrintable(error));
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

  // --compare sets the run configuration's entries before anything loads
  // (no comparison window exists yet); the window opened for them shows them.
  void scriptedCompareSetsTheConfiguration() {
    if (!QFile::exists(dataPath("karate.txt"))) {
      QSKIP("karate.txt is not in the data folder");
    }
    MainWindow window(frontier::test::testWindowOptions());
    window.show();
    frontier::ui::ScriptOptions options;
    options.graph = dataPath("karate.txt");
    options.compare = "coalesced+lb, workgroups";
    frontier::ui::ScriptedRun script(&window, options);
    QSignalSpy done(&script, &frontier::ui::ScriptedRun::done);
    script.start();
    QVERIFY(window.compareWindow() == nullptr);
    const frontier::ui::RunConfig& config = window.controller()->config();
    QCOMPARE(config.comparisonSpecs(), (QStringList{"coalesced+lb", "workgroups"}));
    QVERIFY(config.comparison[0].strategy.options.loadBalancedExpand);
    QVERIFY(!config.comparisonOffered);
    QVERIFY(done.wait(120000));
    QCOMPARE(done.first().first().toInt(), 0);
    QVERIFY(window.compareWindow() != nullptr);
    QCOMPARE(window.compareWindow()->specsEdit()->text(), QString("coalesced+lb,workgroups"));
  }

  // The window's field edits the configuration: a valid list when an edit is
  // finished, a bad one refused when Compare is pressed, naming the spec,
  // with the configuration kept. A session with a bad entry is refused the
  // same way.
  void comparisonFieldEditsTheConfiguration() {
    if (!QFile::exists(dataPath("karate.txt"))) {
      QSKIP("karate.txt is not in the data folder");
    }
    MainWindow window(frontier::test::testWindowOptions());
    window.show();
    QVERIFY(frontier::test::openAndPrepare(window, dataPath("karate.txt")).isEmpty());
    frontier::ui::CompareWindow* compare = window.showCompareWindow();
    const frontier::ui::RunConfig& config = window.controller()->config();
    QCOMPARE(config.comparisonSpecs(), (QStringList{"workgroups", "coalesced", "coalesced-bottom-up"}));
    QVERIFY(config.comparisonOffered);
    compare->specsEdit()->clear();
    QTest::keyClicks(compare->specsEdit(), "coalesced, workgroups+lb");
    emit compare->specsEdit()->editingFinished(); // as Return or the focus leaving does
    QCOMPARE(config.comparisonSpecs(), (QStringList{"coalesced", "workgroups+lb"}));
    QVERIFY(!config.comparisonOffered);
    QCOMPARE(compare->specsEdit()->text(), QString("coalesced, workgroups+lb")); // as typed
    QTest::keyClicks(compare->specsEdit(), ",tuned+bogus");
    emit compare->specsEdit()->editingFinished();
    QCOMPARE(config.comparisonSpecs(), (QStringList{"coalesced", "workgroups+lb"}));
    QString error;
    QVERIFY(!compare->runComparison(&error));
    QVERIFY2(error.contains("bogus") && error.contains("tuned+bogus"), qPrintable(error));
    QCOMPARE(config.comparisonSpecs(), (QStringList{"coalesced", "workgroups+lb"}));

    QTemporaryDir folder;
    const QString bad = frontier::test::writeFile(
        folder, "bad-compare.json",
        QStringLiteral(R"({"format": "frontier-lab-session", "version": 1, "graph": "%1",
                           "compare": ["coalesced", "no-such-strategy"], "baseline": 0})")
            .arg(dataPath("karate.txt"))
            .toUtf8());
    window.openSession(bad);
    QVERIFY(window.errorDialog() != nullptr);
    QVERIFY2(window.errorDialog()->informativeText().contains("no-such-strategy"),
             qPrintable(window.errorDialog()->informativeText()));
    QCOMPARE(config.comparisonSpecs(), (QStringList{"coalesced", "workgroups+lb"}));
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
