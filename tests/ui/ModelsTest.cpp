// The models and dialogs behind the window, on small graphs (no GPU): typed
// pairs, the results table with its CPU check, sorting and filtering, the
// embedded demo graphs and the generator dialog's specs.

#include <QSignalSpy>
#include <QSortFilterProxyModel>
#include <QSpinBox>
#include <QtTest>

#include "graph/Generators.h"
#include "graph/GraphIO.h"
#include "graph/GraphStats.h"
#include "models/DemoGraphs.h"
#include "models/ShortestPath.h"
#include "models/TeachingText.h"
#include "models/VertexStates.h"
#include "models/PairsText.h"
#include "models/ResultsModel.h"
#include "widgets/ResultsPanel.h"
#include "widgets/StrategyPanel.h"
#include "windows/GenerateDialog.h"

using frontier::graph::Graph;
using frontier::graph::Pair;
using frontier::ui::ResultsModel;

namespace {

std::shared_ptr<const Graph> pathGraph() {
  return std::make_shared<const Graph>(frontier::graph::generate("path:10"));
}

} // namespace

class ModelsTest : public QObject {
  Q_OBJECT
private slots:
  void twoSidedStatesMeetingAndPath() {
    // A path 0 - 1 - ... - 9 searched from both ends (hops written by hand):
    // each side's frontier at its deepest hops, the meeting where both
    // reached with the least sum, the path through it, the words.
    using frontier::ui::VertexStates;
    const Graph g = frontier::graph::generate("path:10");
    constexpr uint32_t kNone = UINT32_MAX;
    std::vector<uint32_t> forward = {0, 1, 2, 3, kNone, kNone, kNone, kNone, kNone, kNone};
    std::vector<uint32_t> backward = {kNone, kNone, kNone, kNone, kNone, kNone, 3, 2, 1, 0};
    auto states = VertexStates::fromTwoSides(forward, backward, false, {});
    QCOMPARE(states->kind[2], uint8_t{VertexStates::Reached});
    QCOMPARE(states->kind[3], uint8_t{VertexStates::Frontier});
    QCOMPARE(states->kind[4], uint8_t{VertexStates::Unreached});
    QCOMPARE(states->kind[6], uint8_t{VertexStates::BackFrontier});
    QCOMPARE(states->kind[8], uint8_t{VertexStates::BackReached});
    QCOMPARE(states->value[8], 1.0);
    QCOMPARE(states->count(VertexStates::Meeting), 0U);
    QVERIFY(frontier::ui::shortestPathThrough(g, forward, backward, 0, 9).empty());
    QVERIFY(frontier::ui::describeMeeting(g, forward, backward, 0, 9, false).isEmpty());
    QVERIFY(frontier::ui::describeMeeting(g, forward, backward, 0, 9, true).contains("no path"));
    // Both sides reached 4 and 5: 4 + 5 = 9 and 5 + 4 = 9, both on the path.
    forward = {0, 1, 2, 3, 4, 5, kNone, kNone, kNone, kNone};
    backward = {kNone, kNone, kNone, kNone, 5, 4, 3, 2, 1, 0};
    states = VertexStates::fromTwoSides(forward, backward, true, {});
    QCOMPARE(states->count(VertexStates::Meeting), 2U);
    QCOMPARE(states->count(VertexStates::Frontier), 0U);  // done: no frontier
    QCOMPARE(states->count(VertexStates::BackFrontier), 0U);
    const std::vector<frontier::graph::VertexId> path = frontier::ui::shortestPathThrough(g, forward, backward, 0, 9);
    QCOMPARE(path, (std::vector<frontier::graph::VertexId>{0, 1, 2, 3, 4, 5, 6, 7, 8, 9}));
    const QString met = frontier::ui::describeMeeting(g, forward, backward, 0, 9, true);
    QVERIFY2(met.contains("met at vertex 4") && met.contains("= 9."), qPrintable(met));

    frontier::engine::IterationStats it;
    it.trackedSides = 2;
    it.trackedArcsForward = 340;
    it.trackedArcsBackward = 12;
    it.trackedFrontierBackward = 4;
    const QString sides = frontier::ui::describeSides(it);
    QVERIFY2(sides.contains("destination's side advanced") && sides.contains("12 edges against 340"),
             qPrintable(sides));
    it.trackedSides = 0;
    QVERIFY(frontier::ui::describeSides(it).isEmpty());
  }

  void typedPairsAreReadWithTheirLines() {
    const auto graph = pathGraph();
    const auto pairs = frontier::ui::parsePairsText(*graph, "# from the whiteboard\n0 9\n\n3,4\n5;\t2\n");
    QCOMPARE(pairs.size(), size_t{3});
    QCOMPARE(pairs[0], (Pair{0, 9}));
    QCOMPARE(pairs[2], (Pair{5, 2}));
    QCOMPARE(frontier::ui::parsePairsText(*graph, "source,destination\n1 2\n").size(), size_t{1});
    try {
      frontier::ui::parsePairsText(*graph, "0 1\n\n7 42\n");
      QFAIL("an unknown vertex was accepted");
    } catch (const frontier::ui::PairsTextError& error) {
      const QString message = QString::fromStdString(error.what());
      QVERIFY2(message.startsWith("line 3:"), qPrintable(message));
      QVERIFY2(message.contains("42"), qPrintable(message));
    }
    QVERIFY_THROWS_EXCEPTION(frontier::ui::PairsTextError, frontier::ui::parsePairsText(*graph, "\n# nothing\n"));
    QVERIFY_THROWS_EXCEPTION(frontier::ui::PairsTextError, frontier::ui::parsePairsText(*graph, "1 x\n"));
  }

  void resultsAreCheckedSortedAndFiltered() {
    frontier::ui::RunResult result;
    result.graph = pathGraph();
    result.pairs = {{0, 9}, {3, 4}, {5, 5}, {2, 7}};
    result.results.lengths = {9, 1, 0, 4}; // hops; the last one wrong on purpose (5 is right)
    ResultsModel model;
    QSignalSpy checked(&model, &ResultsModel::checkFinished);
    model.setResult(result);
    QCOMPARE(model.rowCount(), 4);
    QVERIFY(model.summary().contains("Checking"));
    QVERIFY(checked.wait(10000));
    QCOMPARE(model.mismatches(), size_t{1});
    QCOMPARE(model.index(3, ResultsModel::Reference).data().toString(), QStringLiteral("5"));
    QVERIFY(model.index(3, ResultsModel::Check).data().toString().contains("differs"));
    QVERIFY(model.index(0, ResultsModel::Check).data().toString().contains(QString::fromUtf8("✓")));
    QVERIFY2(model.summary().contains("1 of 4 DIFFER"), qPrintable(model.summary()));

    frontier::ui::ResultsPanel panel(&model);
    QSortFilterProxyModel* proxy = panel.proxy();
    proxy->sort(ResultsModel::Length, Qt::DescendingOrder);
    QCOMPARE(proxy->index(0, ResultsModel::Length).data().toString(), QStringLiteral("9"));
    QCOMPARE(proxy->index(3, ResultsModel::Length).data().toString(), QStringLiteral("0"));
    panel.setFilter("differs");
    QCOMPARE(proxy->rowCount(), 1);
    QCOMPARE(proxy->index(0, ResultsModel::Source).data().toString(), QStringLiteral("2"));
    const QString copied = panel.selectionText();
    QVERIFY2(copied.startsWith("Source\tDestination\tLength"), qPrintable(copied));
    QCOMPARE(copied.count('\n'), 2);
    panel.setFilter({});
    QCOMPARE(proxy->rowCount(), 4);

    QTemporaryDir folder;
    const QString csv = folder.filePath("results.csv");
    QVERIFY(panel.exportCsv(csv));
    QFile file(csv);
    QVERIFY(file.open(QIODevice::ReadOnly));
    QCOMPARE(file.readAll(), QByteArray("source,destination,length\n0,9,9\n3,4,1\n5,5,0\n2,7,4\n"));
  }

  void demoGraphsAreEmbedded() {
    const frontier::ui::DemoGraph* karate = frontier::ui::findDemo("demo:karate");
    QVERIFY(karate != nullptr);
    const QString path = frontier::ui::demoFilePath(*karate);
    QVERIFY(!path.isEmpty());
    const Graph graph = frontier::graph::loadGraph(path.toStdString());
    QCOMPARE(graph.vertexCount(), 34U);
    QCOMPARE(graph.edgeCount(), uint64_t{78});

    const frontier::ui::DemoGraph* lesmis = frontier::ui::findDemo("lesmis");
    QVERIFY(lesmis != nullptr);
    const Graph weighted = frontier::graph::loadGraph(frontier::ui::demoFilePath(*lesmis).toStdString());
    QCOMPARE(weighted.vertexCount(), 77U);
    QCOMPARE(weighted.edgeCount(), uint64_t{254});
    QVERIFY(weighted.weighted());
    QCOMPARE(frontier::graph::computeStats(weighted).components, uint64_t{1});

    for (const frontier::ui::DemoGraph& demo : frontier::ui::demoGraphs()) {
      if (!demo.spec.isEmpty()) {
        QVERIFY(frontier::graph::generate(demo.spec.toStdString()).vertexCount() > 0);
      }
    }
    QVERIFY(frontier::ui::findDemo("nonesuch") == nullptr);
  }

  void strategyPanelTakesPresetsAndSpecs() {
    frontier::ui::StrategyPanel panel;
    QSignalSpy changed(&panel, &frontier::ui::StrategyPanel::strategyChanged);
    QCOMPARE(panel.strategy().name, std::string("coalesced-bottom-up")); // the default
    QVERIFY(panel.selectStrategy("coalesced+omega=64"));
    QCOMPARE(changed.count(), 1);
    QCOMPARE(panel.strategy().name, std::string("coalesced+omega=64"));
    QCOMPARE(panel.strategy().options.searchesPerBatch, 64U);
    QCOMPARE(panel.findChild<QSpinBox*>("searchesPerBatch")->value(), 64);
    QVERIFY(!panel.selectStrategy("nonesuch"));
    QVERIFY(!panel.selectStrategy("coalesced+nonesuch"));
    QCOMPARE(panel.strategy().name, std::string("coalesced+omega=64"));
    QVERIFY(panel.selectStrategy("workgroups"));
    QCOMPARE(panel.strategy().options.layout, frontier::engine::Layout::InstanceMajor);
    panel.findChild<QSpinBox*>("searchesPerBatch")->setValue(96);
    QCOMPARE(changed.count(), 3);
    QCOMPARE(panel.strategy().options.searchesPerBatch, 96U);
  }

  void everyGeneratorPageMakesASpecTheLibraryReads() {
    frontier::ui::GenerateDialog dialog;
    const QStringList names = dialog.generatorNames();
    QCOMPARE(names.size(), 9);
    for (const QString& name : names) {
      QVERIFY(dialog.selectGenerator(name));
      const std::string spec = dialog.spec().toStdString();
      try {
        // Small enough to make at once: the defaults are moderate.
        QVERIFY(frontier::graph::generate(spec).vertexCount() > 0);
      } catch (const std::exception& error) {
        QFAIL(qPrintable(QStringLiteral("%1: %2").arg(dialog.spec(), error.what())));
      }
    }
    QVERIFY(dialog.selectGenerator("grid"));
    QCOMPARE(dialog.spec(), QStringLiteral("grid:40x40"));
  }
};

QTEST_MAIN(ModelsTest)
#include "ModelsTest.moc"
