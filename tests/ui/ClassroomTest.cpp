// The classroom story on lavapipe under Xvfb, on the karate club: every view
// (graph view, status arrays, charts, timeline, teaching line, toolbar) shows
// the same step with the same numbering and the same counts after Step, Back,
// a chart click, a timeline click and a result-row click, each count checked
// against a BFS the test computes; Back and the step scrubber work after Run
// to end; a highlighted path goes with its pair; the comparison window names
// what its results were measured on; Help > Glossary and the tooltips
// explain the words; the lesson preset runs one search and announces the
// destination with a path of the CPU BFS's length; the pseudocode's line
// follows Step, Back and Forward; an exported animation has a frame per step.

#include <map>
#include <memory>

#include <QAction>
#include <QDir>
#include <QFileInfo>
#include <QHelpEvent>
#include <QItemSelectionModel>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QMenu>
#include <QMenuBar>
#include <QPushButton>
#include <QSignalSpy>
#include <QSlider>
#include <QSortFilterProxyModel>
#include <QSpinBox>
#include <QTableView>
#include <QTemporaryDir>
#include <QTextBrowser>
#include <QToolTip>
#include <QtCharts/QLineSeries>
#include <QtTest>

#include "LabController.h"
#include "TestData.h"
#include "UiTestSupport.h"
#include "compare/CompareModel.h"
#include "compare/CompareWindow.h"
#include "export/AnimationExport.h"
#include "models/Glossary.h"
#include "models/ResultsModel.h"
#include "models/RunModel.h"
#include "models/StepCursor.h"
#include "models/ViewHistory.h"
#include "reference/Bfs.h"
#include "widgets/GlossaryDialog.h"
#include "widgets/GraphView.h"
#include "widgets/GraphViewPanel.h"
#include "widgets/IterationChart.h"
#include "widgets/IterationCharts.h"
#include "widgets/KernelTimeline.h"
#include "widgets/PseudocodePane.h"
#include "widgets/ResultsPanel.h"
#include "widgets/RunControls.h"
#include "widgets/StatusArrayView.h"
#include "widgets/StepScrubber.h"
#include "widgets/StrategyPanel.h"
#include "windows/LessonMode.h"
#include "windows/MainWindow.h"
#include "windows/ViewDocks.h"

using frontier::ui::GraphViewPanel;
using frontier::ui::LabController;
using frontier::ui::MainWindow;
using frontier::ui::VertexStates;

namespace {

QString dataPath(const char* name) {
  return QString::fromStdString(frontier::test::dataFile(name).string());
}

// Karate in a shown window with its layout computed; "SKIP" without the file.
QString openKarate(MainWindow& window) {
  if (!QFile::exists(dataPath("karate.txt"))) {
    return QStringLiteral("SKIP");
  }
  window.resize(1600, 1000);
  window.show();
  const QString problem = frontier::test::openAndPrepare(window, dataPath("karate.txt"));
  if (!problem.isEmpty()) {
    return problem;
  }
  GraphViewPanel* panel = window.viewDocks()->graphView();
  const bool laidOut = frontier::test::waitUntil(
      panel, &GraphViewPanel::layoutReady, [&] { return panel->view()->hasPositions() && !panel->layoutRunning(); });
  return laidOut ? QString() : QStringLiteral("no layout");
}

// Every view against step `step` (0-based) and the CPU BFS of the tracked
// pair's source: the same step name in the sentence, the toolbar and the
// status arrays; the charts and timeline (the RunModel's selection) and the
// graph view's snapshot on the same iteration; the graph view's visited and
// frontier counts and the status arrays' counts for the tracked search equal
// the BFS's. Empty when all agree, else the first difference.
QString checkViews(MainWindow& window, int step) {
  const LabController& controller = *window.controller();
  const frontier::ui::RunModel& run = *controller.run();
  if (run.selectedIteration() != step) {
    return QStringLiteral("charts and timeline at iteration %1, expected %2").arg(run.selectedIteration()).arg(step);
  }
  const auto state = window.viewDocks()->history()->current();
  if (!state || state->iteration != step) {
    return QStringLiteral("graph view snapshot at iteration %1, expected %2")
        .arg(state ? state->iteration : -2)
        .arg(step);
  }
  const frontier::engine::IterationStats& it = run.iteration(step);
  const QString name = QStringLiteral("Step %1 (level %2)").arg(step + 1).arg(it.level);
  GraphViewPanel* panel = window.viewDocks()->graphView();
  const QString sentence = panel->teachingText();
  const QString toolbar = window.runControls()->positionText();
  const QString arrays = window.viewDocks()->statusArrays()->caption();
  if (!sentence.startsWith(name) || !toolbar.contains(name) || !arrays.startsWith(name)) {
    return QStringLiteral("expected \"%1\" in: sentence \"%2\", toolbar \"%3\", status arrays \"%4\"")
        .arg(name, sentence, toolbar, arrays);
  }
  if (it.jfqLength > 0 && !sentence.contains(QString::number(it.jfqLength))) {
    return QStringLiteral("the sentence does not give the JFQ length %1: %2").arg(it.jfqLength).arg(sentence);
  }

  const frontier::graph::VertexId source = controller.pairs()[static_cast<size_t>(state->trackedPair)].source;
  const std::vector<uint32_t> bfs = frontier::reference::bfsLevels(*state->graph, source);
  uint32_t before = 0;
  uint32_t at = 0;
  uint32_t next = 0;
  for (const uint32_t level : bfs) {
    before += level < it.level ? 1U : 0U;
    at += level == it.level ? 1U : 0U;
    next += level == it.level + 1 ? 1U : 0U;
  }
  const VertexStates* shown = panel->view()->states().get();
  if (shown == nullptr || shown->count(VertexStates::Reached) != before || shown->count(VertexStates::Frontier) != at) {
    return QStringLiteral("graph view: %1 visited and %2 on the frontier; BFS: %3 below level %4 and %5 at it")
        .arg(shown ? shown->count(VertexStates::Reached) : 0)
        .arg(shown ? shown->count(VertexStates::Frontier) : 0)
        .arg(before)
        .arg(it.level)
        .arg(at);
  }
  const auto counts = window.viewDocks()->statusArrays()->trackedCounts();
  if (!counts || counts->visited != before + at || counts->found != next) {
    return QStringLiteral("status arrays: %1 visited and %2 found; BFS: %3 up to level %4 and %5 at the next")
        .arg(counts ? counts->visited : 0)
        .arg(counts ? counts->found : 0)
        .arg(before + at)
        .arg(it.level)
        .arg(next);
  }
  return {};
}

// A click on the timeline's first item of `iteration` (its row or a kernel
// dispatch); false when none is drawn.
bool clickTimeline(frontier::ui::KernelTimeline& timeline, int iteration) {
  timeline.fitAll();
  for (int y = 0; y < timeline.height(); y += 4) {
    for (int x = 0; x < timeline.width(); x += 2) {
      const auto hit = timeline.hitAt(QPoint(x, y));
      if (hit && hit->iteration == iteration) {
        QTest::mouseClick(&timeline, Qt::LeftButton, {}, QPoint(x, y));
        return true;
      }
    }
  }
  return false;
}

} // namespace

class ClassroomTest : public frontier::test::EngineUiTest {
  Q_OBJECT
private slots:
  // Every function starts from the karate club, shown and laid out.
  void init() {
    EngineUiTest::init();
    m_window = std::make_unique<MainWindow>(frontier::test::testWindowOptions());
    const QString problem = openKarate(*m_window);
    if (problem == "SKIP") {
      QSKIP("karate.txt is not in the data folder");
    }
    QVERIFY2(problem.isEmpty(), qPrintable(problem));
  }
  void cleanup() {
    m_window.reset(); // its validation errors count for the function
    EngineUiTest::cleanup();
  }

  void everyViewShowsTheSameStep() {
    MainWindow& window = *m_window;
    LabController& controller = *window.controller();

    // Step: each step everywhere.
    for (int i = 0; i < 3; ++i) {
      QVERIFY(frontier::test::stepAndWaitForViews(window));
      const QString views = checkViews(window, i);
      QVERIFY2(views.isEmpty(), qPrintable(QStringLiteral("after step %1: ").arg(i + 1) + views));
    }
    // Back.
    GraphViewPanel* panel = window.viewDocks()->graphView();
    QTest::mouseClick(panel->backButton(), Qt::LeftButton);
    QString views = checkViews(window, 1);
    QVERIFY2(views.isEmpty(), qPrintable("after Back: " + views));

    // A chart click on the first iteration.
    frontier::ui::IterationChart* chart = window.charts()->charts()[0];
    const QPointF point =
        chart->chart()->mapToPosition(QPointF(1, controller.run()->iteration(0).jfqLength), chart->series());
    const QPoint pos = chart->mapFromScene(chart->chart()->mapToScene(point));
    QCOMPARE(chart->iterationAt(pos), 0);
    QTest::mouseClick(chart->viewport(), Qt::LeftButton, {}, pos);
    views = checkViews(window, 0);
    QVERIFY2(views.isEmpty(), qPrintable("after a chart click: " + views));

    // A timeline click on the third iteration's expand.
    QVERIFY(clickTimeline(*window.timeline(), 2));
    views = checkViews(window, 2);
    QVERIFY2(views.isEmpty(), qPrintable("after a timeline click: " + views));

    // Run to the end, then a result row: the step where its search found the destination.
    controller.runToEnd();
    QVERIFY(frontier::test::waitForIdle(controller, 300000));
    QTableView* table = window.resultsPanel()->table();
    QVERIFY(table->model()->rowCount() > 0);
    const QModelIndex row = table->model()->index(0, 0);
    table->selectionModel()->setCurrentIndex(row, QItemSelectionModel::SelectCurrent | QItemSelectionModel::Rows);
    const int pair = window.resultsPanel()->proxy()->mapToSource(row).row();
    const frontier::graph::Pair chosen = controller.pairs()[static_cast<size_t>(pair)];
    const uint32_t hops = frontier::reference::bfsLevels(*controller.graph()->graph, chosen.source)[chosen.destination];
    QVERIFY(hops != frontier::reference::kUnreached);
    const int found = controller.run()->selectedIteration();
    QVERIFY(found >= 0);
    QCOMPARE(controller.run()->iteration(found).level, hops);
    if (window.viewDocks()->history()->keepsSnapshots() && window.viewDocks()->history()->size() > found) {
      views = checkViews(window, found);
      QVERIFY2(views.isEmpty(), qPrintable("after a result-row click: " + views));
    }
  }

  void backWorksAfterRunToEnd() {
    MainWindow& window = *m_window;
    LabController& controller = *window.controller();
    controller.runToEnd();
    QVERIFY(frontier::test::waitForIdle(controller, 300000));
    const int steps = controller.run()->iterationCount();
    QVERIFY(steps > 2);
    QCOMPARE(window.viewDocks()->history()->size(), steps);
    QString views = checkViews(window, steps - 1);
    QVERIFY2(views.isEmpty(), qPrintable("after Run to end: " + views));

    GraphViewPanel* panel = window.viewDocks()->graphView();
    QVERIFY2(panel->backButton()->isEnabled(), qPrintable(panel->backButton()->toolTip()));
    QTest::mouseClick(panel->backButton(), Qt::LeftButton);
    views = checkViews(window, steps - 2);
    QVERIFY2(views.isEmpty(), qPrintable("after Back: " + views));

    // The scrubber: any step, every view.
    QSlider* slider = panel->scrubber()->slider();
    QCOMPARE(slider->maximum(), steps);
    slider->setValue(1);
    views = checkViews(window, 0);
    QVERIFY2(views.isEmpty(), qPrintable("after scrubbing to the first step: " + views));
    QCOMPARE(slider->value(), 1);
    QTest::mouseClick(panel->forwardButton(), Qt::LeftButton);
    views = checkViews(window, 1);
    QVERIFY2(views.isEmpty(), qPrintable("after Forward: " + views));
    QCOMPARE(slider->value(), 2);
  }

  void comparisonSaysWhatItMeasured() {
    MainWindow& window = *m_window;
    frontier::ui::CompareWindow* compare = window.showCompareWindow();
    const auto* scope = compare->findChild<QLabel*>(QStringLiteral("compareScope"));
    QVERIFY(scope != nullptr);
    QVERIFY2(compare->windowTitle().contains("karate"), qPrintable(compare->windowTitle()));
    QVERIFY2(scope->text().contains("Compare runs") && scope->text().contains("karate"), qPrintable(scope->text()));

    // The same strategy twice: two names.
    compare->specsEdit()->setText(QStringLiteral("coalesced,coalesced"));
    compare->setRepeats(compare->repeatsBox()->minimum());
    QSignalSpy finished(compare, &frontier::ui::CompareWindow::comparisonFinished);
    QString error;
    QVERIFY2(compare->runComparison(&error), qPrintable(error));
    QVERIFY(finished.wait(300000));
    QCOMPARE(compare->model()->count(), 2);
    QVERIFY(compare->model()->name(0) != compare->model()->name(1));
    QVERIFY2(scope->text().contains("karate") && !scope->text().contains("These results are for"),
             qPrintable(scope->text()));

    // Another graph in the main window: the results are marked as karate's.
    const QString grid = frontier::test::openAndPrepare(window, QStringLiteral("grid:4x4"));
    QVERIFY2(grid.isEmpty(), qPrintable(grid));
    QVERIFY2(compare->windowTitle().contains("grid"), qPrintable(compare->windowTitle()));
    QVERIFY2(scope->text().contains("These results are for") && scope->text().contains("karate"),
             qPrintable(scope->text()));
  }

  void wordsAreExplained() {
    MainWindow& window = *m_window;

    // Help > Glossary names every word a lecture meets.
    QAction* glossary = nullptr;
    for (QAction* action : window.menuBar()->actions()) {
      for (QAction* item : action->menu() ? action->menu()->actions() : QList<QAction*>{}) {
        glossary = item->text().remove('&') == "Glossary" ? item : glossary;
      }
    }
    QVERIFY(glossary != nullptr);
    glossary->trigger();
    auto* dialog = window.findChild<frontier::ui::GlossaryDialog*>();
    QVERIFY(dialog != nullptr && dialog->isVisible());
    const QString text = dialog->browser()->toPlainText();
    for (const char* word : {"JFQ (joint frontier queue)", "Status arrays", "Identify", "Expand", "Top-down",
                             "Bottom-up", "Direction rule"}) {
      QVERIFY2(text.contains(word), word);
    }

    // The strategy in plain words, the technical text one click away.
    auto* description = window.strategyPanel()->findChild<QLabel*>(QStringLiteral("strategyDescription"));
    QVERIFY(description != nullptr);
    QVERIFY2(description->text().contains("Technical details"), qPrintable(description->text()));
    const QString plain = description->text();
    emit description->linkActivated(QStringLiteral("#technical"));
    QVERIFY(description->text() != plain && description->text().contains("In plain words"));

    // Tooltips: a chart title, a kernel on the timeline, the graph view's legend.
    QVERIFY(frontier::test::stepAndWaitForViews(window));
    QVERIFY(window.charts()->charts()[0]->titleTip().contains("frontier"));
    frontier::ui::KernelTimeline& timeline = *window.timeline();
    timeline.fitAll();
    bool identify = false;
    for (int y = 0; y < timeline.height() && !identify; y += 4) {
      for (int x = 0; x < timeline.width() && !identify; x += 2) {
        const auto hit = timeline.hitAt(QPoint(x, y));
        identify = hit && hit->tooltip.contains("<b>identify</b>") && hit->tooltip.contains("JFQ");
      }
    }
    QVERIFY2(identify, "no identify kernel explained on the timeline");
    frontier::ui::GraphView* view = window.viewDocks()->graphView()->view();
    const int row = view->fontMetrics().height() + 2;
    QHelpEvent help(QEvent::ToolTip, QPoint(20, 12 + row * 2 + row / 2), view->mapToGlobal(QPoint(20, 40)));
    QApplication::sendEvent(view, &help);
    // The legend's third row, "frontier", in the glossary's words.
    QVERIFY2(!QToolTip::text().isEmpty() && QToolTip::text() == frontier::ui::explain(QStringLiteral("frontier")),
             qPrintable(QToolTip::text()));
  }

  void lessonAnnouncesTheDestination() {
    MainWindow& window = *m_window;
    LabController& controller = *window.controller();
    auto* lesson = window.findChild<frontier::ui::LessonMode*>();
    QVERIFY(lesson != nullptr);
    const std::string strategyBefore = controller.config().strategy.text;
    const std::vector<frontier::graph::Pair> pairsBefore = controller.pairs();
    lesson->action()->trigger();
    QVERIFY(frontier::test::waitForIdle(controller));
    QCOMPARE(controller.pairs().size(), size_t{1});
    QCOMPARE(controller.config().strategy.text, std::string("coalesced"));
    QCOMPARE(window.strategyPanel()->strategy().name, std::string("coalesced")); // the panel shows it
    GraphViewPanel* panel = window.viewDocks()->graphView();
    QVERIFY(panel->view()->labelled());

    // The CPU BFS from the lesson's source: the level at which the destination is found.
    const frontier::graph::Graph& graph = *controller.graph()->graph;
    const frontier::graph::Pair pair = controller.pairs()[0];
    const std::vector<uint32_t> bfs = frontier::reference::bfsLevels(graph, pair.source);
    const uint32_t hops = bfs[pair.destination];
    QVERIFY(hops != frontier::reference::kUnreached && hops >= 2);
    for (uint32_t level = 0; level <= hops; ++level) {
      QVERIFY(frontier::test::stepAndWaitForViews(window));
      QCOMPARE(controller.run()->iteration(static_cast<int>(level)).activeSearches, 1U); // one search
      const QString text = panel->teachingText();
      QCOMPARE(text.contains("Found at level"), level == hops);
    }
    QVERIFY(controller.run()->iteration(0).direction == frontier::engine::Direction::TopDown);

    // "Found at level 3: the path is 0 → 8 → 30 → 33.": a path of the CPU's length along edges.
    const QString text = panel->teachingText();
    const QString announced = QStringLiteral("Found at level %1: the path is ").arg(hops);
    QVERIFY2(text.contains(announced), qPrintable(text));
    QString listed = text.mid(text.indexOf(announced) + announced.size());
    listed.chop(listed.size() - listed.indexOf('.'));
    std::map<uint64_t, frontier::graph::VertexId> dense;
    for (frontier::graph::VertexId v = 0; v < graph.vertexCount(); ++v) {
      dense[graph.fileId(v)] = v;
    }
    std::vector<frontier::graph::VertexId> path;
    for (const QString& id : listed.split(QStringLiteral(" → "))) {
      path.push_back(dense.at(id.toULongLong()));
    }
    QCOMPARE(path.size(), size_t{hops} + 1);
    QCOMPARE(path.front(), pair.source);
    QCOMPARE(path.back(), pair.destination);
    for (size_t i = 0; i + 1 < path.size(); ++i) {
      const auto next = graph.out().neighbours(path[i]);
      QVERIFY2(std::find(next.begin(), next.end(), path[i + 1]) != next.end(), "path vertices not adjacent");
    }

    // Off again: the research settings come back, the same strategy and the
    // same pairs (the random setting drawn again on the same graph).
    lesson->action()->trigger();
    QVERIFY(frontier::test::waitForIdle(controller));
    QVERIFY(controller.pairs().size() > 1);
    QCOMPARE(controller.config().strategy.text, strategyBefore);
    QCOMPARE(controller.pairs(), pairsBefore);
    QVERIFY(!panel->view()->labelled());
  }

  void pseudocodeFollowsTheStep() {
    MainWindow& window = *m_window;
    using Code = frontier::ui::PseudocodePane;
    Code* code = window.viewDocks()->pseudocode();
    QCOMPARE(code->current(), Code::Sources);
    QCOMPARE(code->list()->currentRow(), static_cast<int>(Code::Sources));

    // One search, top-down only: each step ends on the push line, the last on the stop.
    window.findChild<frontier::ui::LessonMode*>()->setActive(true);
    QVERIFY(frontier::test::waitForIdle(*window.controller()));
    const frontier::graph::Pair pair = window.controller()->pairs()[0];
    const std::vector<uint32_t> bfs = frontier::reference::bfsLevels(*window.controller()->graph()->graph, pair.source);
    uint32_t deepest = 0;
    for (const uint32_t level : bfs) {
      deepest = level != frontier::reference::kUnreached ? std::max(deepest, level) : deepest;
    }
    // Levels 0..deepest have a frontier; the step after the deepest finds none.
    for (uint32_t level = 0; level <= deepest + 1; ++level) {
      QVERIFY(frontier::test::stepAndWaitForViews(window));
      const Code::Line expected = level <= deepest ? Code::TopDown : Code::Stop;
      QCOMPARE(code->current(), expected);
      QCOMPARE(code->list()->currentRow(), static_cast<int>(expected));
    }
    // Back: the previous step's line; Forward: the stop again.
    GraphViewPanel* panel = window.viewDocks()->graphView();
    QTest::mouseClick(panel->backButton(), Qt::LeftButton);
    QCOMPARE(code->current(), Code::TopDown);
    QTest::mouseClick(panel->forwardButton(), Qt::LeftButton);
    QCOMPARE(code->current(), Code::Stop);
  }

  void animationHasAFramePerStep() {
    MainWindow& window = *m_window;
    LabController& controller = *window.controller();
    window.findChild<frontier::ui::LessonMode*>()->setActive(true);
    QVERIFY(frontier::test::waitForIdle(controller));
    controller.runToEnd();
    QVERIFY(frontier::test::waitForIdle(controller, 300000));
    const int steps = controller.run()->iterationCount();
    QVERIFY(steps > 2);

    const QTemporaryDir folder;
    QVERIFY(folder.isValid());
    QString error;
    frontier::ui::StepCursor& cursor = *window.viewDocks()->cursor();
    const QStringList files =
        frontier::ui::exportFrames(cursor, *window.viewDocks()->graphView(), {0, steps - 1}, folder.path(), &error);
    QVERIFY2(error.isEmpty(), qPrintable(error));
    QCOMPARE(files.size(), steps);
    QCOMPARE(QDir(folder.path()).entryList({QStringLiteral("frame-*.png")}, QDir::Files).size(), steps);
    QCOMPARE(cursor.step(), steps - 1); // back where it was
    QImage previous;
    int changes = 0;
    for (const QString& file : files) {
      const QImage frame(file);
      QVERIFY2(frontier::test::showsSomething(frame), qPrintable(file));
      QVERIFY(previous.isNull() || frame.size() == previous.size());
      changes += !previous.isNull() && frame != previous ? 1 : 0;
      previous = frame;
    }
    QCOMPARE(changes, steps - 1); // every step draws something new

    // GIF or MP4 with ffmpeg; without it, a message that says so.
    const QString video = folder.filePath(QStringLiteral("search.gif"));
    const bool made =
        frontier::ui::exportAnimation(cursor, *window.viewDocks()->graphView(), {0, steps - 1}, video, &error);
    if (frontier::ui::findFfmpeg().isEmpty()) {
      QVERIFY(!made && error.contains("ffmpeg"));
    } else {
      QVERIFY2(made && QFileInfo(video).size() > 0, qPrintable(error));
    }
  }

  void highlightGoesWithThePair() {
    MainWindow& window = *m_window;
    LabController& controller = *window.controller();
    controller.runToEnd();
    QVERIFY(frontier::test::waitForIdle(controller, 300000));
    GraphViewPanel* panel = window.viewDocks()->graphView();
    QSignalSpy shown(panel, &GraphViewPanel::pathShown);
    panel->showPath(0);
    QVERIFY(shown.wait(60000));
    QVERIFY(!panel->view()->path().empty());
    QVERIFY(!panel->pathCaption().isEmpty());

    // New source and destination for pair 1: the old pair's path goes.
    std::vector<frontier::graph::Pair> pairs = controller.pairs();
    pairs[0] = {pairs[0].destination, pairs[0].source};
    controller.setPairs(pairs, QStringLiteral("pair 1 reversed"));
    QVERIFY(frontier::test::waitForIdle(controller));
    QVERIFY(panel->view()->path().empty());
    QVERIFY(panel->pathCaption().isEmpty());

    // A path asked for, then the pairs change before it arrives: it is not drawn.
    panel->showPath(0);
    pairs[0] = {pairs[0].destination, pairs[0].source};
    controller.setPairs(pairs, QStringLiteral("pair 1 back"));
    QVERIFY(frontier::test::waitForIdle(controller));
    QVERIFY(panel->view()->path().empty());
  }

private:
  std::unique_ptr<MainWindow> m_window;
};

QTEST_MAIN(ClassroomTest)
#include "ClassroomTest.moc"
