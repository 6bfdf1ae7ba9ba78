// Strategies side by side on lavapipe: three strategies run and match the CPU
// BFS, the shared cursor, the baseline ratios, the exports (Chrome trace, CSV,
// PNG, SVG), bad specs, and shortest-path algorithms against Dijkstra.

#include <QFile>
#include <QImage>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QLineEdit>
#include <QPainter>
#include <QSet>
#include <QSignalSpy>
#include <QSvgRenderer>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QtTest>

#include "LabController.h"
#include "TestData.h"
#include "UiTestSupport.h"
#include "compare/CompareModel.h"
#include "compare/ComparePanel.h"
#include "compare/CompareTable.h"
#include "compare/CompareWindow.h"
#include "compare/StrategyTimeBars.h"
#include "export/ViewExport.h"
#include "graph/GraphIO.h"
#include "models/RunModel.h"
#include "reference/Bfs.h"
#include "reference/Dijkstra.h"
#include "widgets/IterationChart.h"
#include "widgets/KernelTimeBars.h"
#include "widgets/PairsPanel.h"
#include "windows/MainWindow.h"

using frontier::ui::CompareWindow;
using frontier::ui::MainWindow;

namespace {

QString dataPath(const char* name) {
  return QString::fromStdString(frontier::test::dataFile(name).string());
}

// Opens `graph` with `pairs` random pairs and runs `specs` in the comparison
// window; empty on success, else what went wrong.
QString compareOn(MainWindow& window, const QString& graph, int pairs, const QString& specs) {
  if (QString error = frontier::test::openAndPrepare(window, graph); !error.isEmpty()) {
    return error;
  }
  window.pairsPanel()->setRandom(pairs, 7);
  if (!frontier::test::waitForIdle(*window.controller())) {
    return QStringLiteral("timed out choosing pairs");
  }
  CompareWindow* compare = window.showCompareWindow();
  compare->specsEdit()->setText(specs);
  QSignalSpy finished(compare, &CompareWindow::comparisonFinished);
  QString error;
  if (!compare->runComparison(&error)) {
    return error;
  }
  if (!finished.wait(300000)) {
    return QStringLiteral("the comparison did not finish");
  }
  return finished.first().first().toBool() ? QStringLiteral("cancelled") : QString();
}

constexpr const char* kNoFacebook = "facebook_combined.txt is not in the data folder";

// A run's GPU time from its raw kernel timestamps: the sum of the durations
// of its kernel spans (the definition of RunTotals::gpuMs, docs/ENGINE.md:
// neither host pauses between submissions nor dispatches that did no work).
// -1 when the run has no spans.
double gpuNsFromSpans(const frontier::engine::RunTrace& trace) {
  double ns = 0;
  for (const frontier::engine::KernelSpan& span : trace.kernels) {
    ns += span.endNs - span.startNs;
  }
  return trace.kernels.empty() ? -1.0 : ns;
}

} // namespace

class CompareTest : public frontier::test::EngineUiTest {
  Q_OBJECT
private slots:
  // The functions up to badSpecsAreNamedAndKeepTheComparison look at one
  // comparison on facebook_combined.txt made here; each skips when the file
  // is not there (m_compare stays null), the others run anyway.
  void initTestCase() {
    EngineUiTest::initTestCase();
    if (!QFile::exists(dataPath("facebook_combined.txt"))) {
      return;
    }
    m_window = std::make_unique<MainWindow>(frontier::test::testWindowOptions());
    m_window->show();
    const QString error =
        compareOn(*m_window, dataPath("facebook_combined.txt"), 96, "workgroups,coalesced,coalesced-bottom-up");
    QVERIFY2(error.isEmpty(), qPrintable(error));
    m_compare = m_window->compareWindow();
  }

  void threeStrategiesMatchTheCpu() {
    if (m_compare == nullptr) {
      QSKIP(kNoFacebook);
    }
    const frontier::ui::CompareModel* model = m_compare->model();
    QCOMPARE(model->count(), 3);
    QVERIFY(model->complete());
    // An independent oracle: the textbook BFS on the pairs the window chose.
    const auto& graph = *m_window->controller()->graph()->graph;
    const std::vector<frontier::graph::Pair>& pairs = m_window->controller()->pairs();
    QCOMPARE(pairs.size(), size_t{96});
    const std::vector<frontier::graph::Length> cpu = frontier::reference::pathLengths(graph, pairs);
    for (int i = 0; i < 3; ++i) {
      const auto& run = *model->result(i);
      QVERIFY2(run.error.empty(), run.error.c_str());
      QVERIFY(run.verified());
      QCOMPARE(run.lengths.size(), pairs.size());
      for (size_t p = 0; p < pairs.size(); ++p) {
        const double expected = cpu[p] < 0 ? frontier::reference::kNoPath : cpu[p];
        QCOMPARE(run.lengths[p], expected);
      }
      QVERIFY(!run.trace.iterations.empty());
      QCOMPARE(model->runModel(i)->iterationCount(), static_cast<int>(run.trace.iterations.size()));
    }
    QCOMPARE(m_compare->panels().size(), size_t{3});
    for (const frontier::ui::ComparePanel* panel : m_compare->panels()) {
      QVERIFY(panel->headerText().contains("96 pairs match the CPU"));
    }
  }

  void cursorMovesAllPanels() {
    if (m_compare == nullptr) {
      QSKIP(kNoFacebook);
    }
    const frontier::ui::CompareModel* model = m_compare->model();
    // A click in one panel's chart selects through its RunModel, as a user does.
    frontier::ui::IterationChart* chart = m_compare->panels()[1]->chart();
    chart->resize(600, 300);
    QVERIFY(model->runModel(1)->iterationCount() >= 3);
    model->runModel(1)->selectIteration(2);
    for (int i = 0; i < 3; ++i) {
      QCOMPARE(model->runModel(i)->selectedIteration(), 2);
    }
    QCOMPARE(model->cursor(), 2);
    model->runModel(0)->selectIteration(1);
    for (int i = 0; i < 3; ++i) {
      QCOMPARE(model->runModel(i)->selectedIteration(), 1);
    }
    // Past the shortest run the cursor stays on each run's last iteration.
    int longest = 0;
    for (int i = 0; i < 3; ++i) {
      longest = std::max(longest, model->runModel(i)->iterationCount());
    }
    model->runModel(0)->selectIteration(longest + 5);
    for (int i = 0; i < 3; ++i) {
      QCOMPARE(model->runModel(i)->selectedIteration(), model->runModel(i)->iterationCount() - 1);
    }
  }

  void baselineRatiosAreGpuTimeRatios() {
    if (m_compare == nullptr) {
      QSKIP(kNoFacebook);
    }
    frontier::ui::CompareModel* model = m_compare->model();
    for (int baseline : {0, 2}) {
      m_compare->setBaseline(baseline);
      QCOMPARE(model->baseline(), baseline);
      // From the runs' raw kernel timestamps, not from the totals the table reads.
      const double base = gpuNsFromSpans(model->result(baseline)->trace);
      QVERIFY(base > 0);
      for (int row = 0; row < 3; ++row) {
        QTableWidgetItem* cell = m_compare->table()->item(row, frontier::ui::CompareTable::GpuRatio);
        QVERIFY(cell != nullptr);
        if (row == baseline) {
          QCOMPARE(cell->text(), QStringLiteral("baseline"));
          continue;
        }
        const double runNs = gpuNsFromSpans(model->result(row)->trace);
        QVERIFY(runNs > 0);
        const double expected = runNs / base;
        const double shown = cell->data(Qt::UserRole).toDouble();
        QVERIFY2(std::abs(shown - expected) <= 1e-9 * expected,
                 qPrintable(QStringLiteral("row %1: ratio %2, from the kernel spans %3").arg(row).arg(shown).arg(expected)));
        QVERIFY(cell->text().contains(QString::number(expected, 'f', expected < 10 ? 2 : 1)));
        // The why-line names the baseline; it says faster or slower only
        // when the two runs' ranges of GPU time do not overlap (on a loaded
        // machine they may), and names a kernel only beyond the noise.
        const QString why = model->explanation(row);
        QVERIFY(why.contains(model->name(baseline)));
        // What the layouts cost, from the traces: 96 searches are three
        // instances of 32 for workgroups, one batch for the coalesced ones.
        if ((model->name(row) == "workgroups") != (model->name(baseline) == "workgroups")) {
          QVERIFY2(why.contains("walks each level's arcs once per instance of 32 searches"), qPrintable(why));
        }
        if (cell->data(Qt::UserRole + 1).toBool()) {
          QVERIFY2(why.contains("within noise") && !why.contains("faster") && !why.contains("slower"),
                   qPrintable(why));
        } else {
          QVERIFY2(why.contains(expected < 1 ? "faster" : "slower"), qPrintable(why));
          QVERIFY2(why.contains("most of the difference") || why.contains("no kernel differs by more than the noise"),
                   qPrintable(why));
        }
      }
      QVERIFY(!m_compare->whyLabel()->text().isEmpty());
    }
    m_compare->setBaseline(0);
  }

  void traceHasOneProcessPerStrategy() {
    if (m_compare == nullptr) {
      QSKIP(kNoFacebook);
    }
    QTemporaryDir folder;
    const QString path = folder.filePath("trace.json");
    QString error;
    QVERIFY2(m_compare->exportTrace(path, &error), qPrintable(error));
    QFile file(path);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QJsonDocument doc = QJsonDocument::fromJson(file.readAll());
    const QJsonArray events = doc.object().value("traceEvents").toArray();
    QVERIFY(!events.isEmpty());
    QSet<QString> processNames;
    QSet<int> pidsWithSpans;
    for (const QJsonValue& value : events) {
      const QJsonObject event = value.toObject();
      if (event.value("ph").toString() == "M" && event.value("name").toString() == "process_name") {
        processNames.insert(event.value("args").toObject().value("name").toString());
      }
      if (event.value("ph").toString() == "X") {
        pidsWithSpans.insert(event.value("pid").toInt());
      }
    }
    QCOMPARE(processNames, (QSet<QString>{"workgroups", "coalesced", "coalesced-bottom-up"}));
    QCOMPARE(pidsWithSpans.size(), 3);
  }

  void csvHasOneRowPerIterationPerStrategy() {
    if (m_compare == nullptr) {
      QSKIP(kNoFacebook);
    }
    QTemporaryDir folder;
    const QString path = folder.filePath("iterations.csv");
    QString error;
    QVERIFY2(m_compare->exportCsv(path, &error), qPrintable(error));
    QFile file(path);
    QVERIFY(file.open(QIODevice::ReadOnly | QIODevice::Text));
    const QStringList lines = QString::fromUtf8(file.readAll()).split('\n', Qt::SkipEmptyParts);
    QVERIFY(lines.first().startsWith("strategy,batch,level,"));
    QMap<QString, int> rows;
    for (qsizetype i = 1; i < lines.size(); ++i) {
      rows[lines[i].section(',', 0, 0)] += 1;
    }
    const frontier::ui::CompareModel* model = m_compare->model();
    QCOMPARE(rows.size(), 3);
    for (int i = 0; i < 3; ++i) {
      QCOMPARE(rows.value(model->name(i)), static_cast<int>(model->result(i)->trace.iterations.size()));
    }
    QVERIFY(m_compare->exportJson(folder.filePath("report.json"), &error));
  }

  void picturesAreValidFiles() {
    if (m_compare == nullptr) {
      QSKIP(kNoFacebook);
    }
    QTemporaryDir folder;
    QString error;
    const QString png = folder.filePath("compare.png");
    QVERIFY2(frontier::ui::exportWidget(m_compare->centralWidget(), png, &error), qPrintable(error));
    const QImage image(png);
    QVERIFY(!image.isNull());
    QVERIFY(frontier::test::showsSomething(image));
    const std::vector<QWidget*> views = {m_compare->overlayCharts().front(), m_compare->panels().front()->timeBars(),
                                         m_compare->strategyBars()};
    for (QWidget* view : views) {
      const QString svg = folder.filePath(view->objectName() + ".svg");
      QVERIFY2(frontier::ui::exportWidget(view, svg, &error), qPrintable(error));
      QVERIFY(QFileInfo(svg).size() > 100);
      QSvgRenderer renderer(svg);
      QVERIFY(renderer.isValid());
      QImage rendered(view->size(), QImage::Format_RGB32);
      rendered.fill(Qt::white);
      QPainter painter(&rendered);
      renderer.render(&painter);
      painter.end();
      QVERIFY2(frontier::test::showsSomething(rendered), qPrintable(view->objectName()));
    }
    QVERIFY(!frontier::ui::exportWidget(m_compare, folder.filePath("x.bmp"), &error));
    QVERIFY(error.contains(".png or .svg"));
  }

  void blankImagesFailTheScreenshotCheck() {
    QImage blank(320, 200, QImage::Format_RGB32);
    blank.fill(QColor(0xf0, 0xf0, 0xf0));
    QVERIFY(!frontier::test::showsSomething(blank));
    QVERIFY(!frontier::test::showsSomething(QImage()));
    blank.setPixel(5, 5, qRgb(0, 0, 0));
    QVERIFY(frontier::test::showsSomething(blank));
  }

  void theComparisonWindowShowsSomething() {
    if (m_compare == nullptr) {
      QSKIP(kNoFacebook);
    }
    QVERIFY(frontier::test::showsSomething(m_compare->grab().toImage()));
  }

  void badSpecsAreNamedAndKeepTheComparison() {
    if (m_compare == nullptr) {
      QSKIP(kNoFacebook);
    }
    const int before = m_compare->model()->count();
    const QString text = m_compare->specsEdit()->text();
    QString error;
    m_compare->specsEdit()->setText("coalesced,no-such-strategy");
    QVERIFY(!m_compare->runComparison(&error));
    QVERIFY2(error.contains("no-such-strategy"), qPrintable(error));
    m_compare->specsEdit()->setText("coalesced");
    QVERIFY(!m_compare->runComparison(&error));
    QVERIFY2(error.contains("2 to 4"), qPrintable(error));
    m_compare->specsEdit()->setText("near-far+delta=0,coalesced");
    QVERIFY(!m_compare->runComparison(&error));
    QVERIFY2(error.contains("delta"), qPrintable(error));
    QCOMPARE(m_compare->model()->count(), before);
    QVERIFY(m_compare->model()->complete());
    m_compare->specsEdit()->setText(text);
  }

  void cancelKeepsTheFinishedRuns() {
    MainWindow window(frontier::test::testWindowOptions());
    window.show();
    // A long grid (hundreds of levels, seconds per run on lavapipe): Cancel,
    // given as soon as the first run has finished, lands while the later ones
    // still run (the runs that finished before it do not depend on timing:
    // they are the ones whose results arrived).
    const QString problem = frontier::test::openAndPrepare(window, "grid:400x60");
    QVERIFY2(problem.isEmpty(), qPrintable(problem));
    frontier::ui::LabController& controller = *window.controller();
    CompareWindow* compare = window.showCompareWindow();
    compare->specsEdit()->setText("coalesced,workgroups,coalesced-bottom-up");
    QSignalSpy finished(compare, &CompareWindow::comparisonFinished);
    // Cancel from the first run's answer, as a user who presses Cancel then.
    std::vector<int> done;
    connect(&controller, &frontier::ui::LabController::compareRunDone, this,
            [&](const frontier::run::ComparedRun& run) {
              done.push_back(run.index);
              if (done.size() == 1) {
                controller.cancel();
              }
            });
    QVERIFY(compare->runComparison());
    QVERIFY(compare->running());
    QVERIFY(finished.wait(300000)); // a guard against a hang
    QCOMPARE(finished.count(), 1);
    QCOMPARE(finished.first().first().toBool(), true);
    QVERIFY(!compare->running());
    QVERIFY(!controller.comparing());
    // The runs finish in order; the first did, the last did not.
    QVERIFY(!done.empty() && done.size() < 3);
    for (size_t i = 0; i < done.size(); ++i) {
      QCOMPARE(done[i], static_cast<int>(i));
    }
    const frontier::ui::CompareModel* model = compare->model();
    QCOMPARE(model->count(), 3);
    QVERIFY(!model->complete());
    qInfo("the first run took %.0f ms of wall time; %zu of 3 finished (reported, not asserted)",
          model->result(0)->trace.totals.wallMs, done.size());

    // The runs that finished stay, checked against the CPU BFS; the others
    // have no result and say so.
    const std::vector<frontier::graph::Length> cpu =
        frontier::reference::pathLengths(*controller.graph()->graph, controller.pairs());
    for (int i = 0; i < 3; ++i) {
      const bool ran = static_cast<size_t>(i) < done.size();
      const auto& result = model->result(i);
      const QString header = compare->panels()[static_cast<size_t>(i)]->headerText();
      const QTableWidgetItem* check = compare->table()->item(i, frontier::ui::CompareTable::Check);
      QVERIFY(check != nullptr);
      QCOMPARE(result.has_value(), ran);
      if (ran) {
        QVERIFY(result->verified());
        QCOMPARE(result->lengths.size(), cpu.size());
        for (size_t p = 0; p < cpu.size(); ++p) {
          QCOMPARE(result->lengths[p], cpu[p] < 0 ? frontier::reference::kNoPath : double(cpu[p]));
        }
        QCOMPARE(model->runModel(i)->iterationCount(), static_cast<int>(result->trace.iterations.size()));
        QVERIFY2(header.contains("match the CPU"), qPrintable(header));
        QVERIFY2(check->text().contains("match"), qPrintable(check->text()));
        continue;
      }
      QCOMPARE(model->runModel(i)->iterationCount(), 0);
      QVERIFY2(check->text().contains("cancelled", Qt::CaseInsensitive) &&
                   header.contains("cancelled", Qt::CaseInsensitive),
               qPrintable(check->text() + " / " + header));
    }
    QVERIFY(controller.run()->hasSearch()); // the run window's search is untouched
    QVERIFY(frontier::test::waitForIdle(controller));
    QVERIFY(controller.canStep());
  }

  void shortestPathsMatchDijkstra() {
    if (!QFile::exists(dataPath("lesmis.graph"))) {
      QSKIP("lesmis.graph is not in the data folder");
    }
    MainWindow window(frontier::test::testWindowOptions());
    window.show();
    const QString error =
        compareOn(window, dataPath("lesmis.graph"), 40, "near-far+delta=2,near-far+delta=8,delta-step,bellman-ford");
    QVERIFY2(error.isEmpty(), qPrintable(error));
    const frontier::ui::CompareModel* model = window.compareWindow()->model();
    QCOMPARE(model->count(), 4);
    const auto& graph = *window.controller()->graph()->graph;
    QVERIFY(graph.weighted());
    const std::vector<frontier::graph::Pair>& pairs = window.controller()->pairs();
    const std::vector<frontier::reference::PathLength> cpu = frontier::reference::shortestPaths(graph, pairs);
    bool anyWeighted = false;
    for (int i = 0; i < 4; ++i) {
      const auto& run = *model->result(i);
      QVERIFY2(run.error.empty(), run.error.c_str());
      QVERIFY(run.sssp);
      QVERIFY(run.verified());
      QCOMPARE(run.trace.algorithm, std::string("sssp"));
      for (size_t p = 0; p < pairs.size(); ++p) {
        QCOMPARE(run.lengths[p], cpu[p].length); // lesmis has integer weights: exact
        anyWeighted = anyWeighted || (cpu[p].reachable() && cpu[p].length > cpu[p].arcs);
      }
      // The near/far charts have the run's iterations.
      QCOMPARE(model->runModel(i)->iterationCount(), static_cast<int>(run.trace.iterations.size()));
    }
    QVERIFY(anyWeighted); // the lengths are weighted, not hop counts
    // Near-Far fills the far pile somewhere; the overlay's second chart shows it.
    const frontier::ui::IterationChart* far = window.compareWindow()->overlayCharts().at(1);
    QVERIFY(far->metric().title.contains("Far"));
    double most = 0;
    for (const auto& it : model->result(0)->trace.iterations) {
      most = std::max(most, static_cast<double>(it.farSize));
    }
    QVERIFY(most > 0);
  }

  void cleanupTestCase() {
    m_window.reset(); // its device goes: errors at teardown count too
    EngineUiTest::cleanupTestCase();
  }

private:
  std::unique_ptr<MainWindow> m_window;
  CompareWindow* m_compare = nullptr;
};

QTEST_MAIN(CompareTest)
#include "CompareTest.moc"
