// The Pipelines table beside the kernel table: a reopened report with a
// `pipelines` key fills it (registers, shared memory, spills, workgroup,
// occupancy and its limit); a report without the key says why it is empty;
// the window's switch (Run > Count invocations and pipeline statistics) on
// lavapipe, which has no VK_KHR_pipeline_executable_properties, says the
// device does not report them, and the kernel table's Idle lanes column
// then has the invocations counted.

#include <QAction>
#include <QDockWidget>
#include <QTabWidget>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QtTest>

#include "UiTestSupport.h"
#include "compare/CompareRoofline.h"
#include "compare/CompareWindow.h"
#include "engine/PipelineResources.h"
#include "report/Report.h"
#include "widgets/PipelinesTable.h"
#include "widgets/RooflinePanel.h"
#include "windows/MainWindow.h"

using namespace frontier;

namespace {

QString cell(const QTableWidget* table, int row, int column) {
  return table->item(row, column)->text();
}

// Two pipelines as the NVIDIA driver reports them on an H200 (the second
// with a 16-byte local array), held to Hopper's limits: 6 and 32
// workgroups, as the unit tests work out by hand.
engine::RunTrace runWithPipelines() {
  engine::RunTrace t;
  t.algorithm = "ibfs";
  t.strategy = "coalesced";
  t.device = "NVIDIA H200";
  t.graph = "sample";
  t.vertices = 4;
  t.arcs = 6;
  t.pairs = 1;
  t.batches = 1;
  t.searchesPerBatch = 32;
  t.kernels.push_back({engine::KernelKind::Identify, 0, 0, 0, 1000, 0, 0, 0});
  const auto limits = engine::multiprocessorLimits(0x10de, "NVIDIA H200");
  const auto pipeline = [&](const char* name, const char* registers, const char* local, std::array<uint32_t, 3> size) {
    return engine::withOccupancy(
        engine::parsePipelineStatistics(
            name, "CS", {{"Register Count", registers}, {"Shared Memory Size", "3296"}, {"Local Memory Size", local}},
            size),
        limits);
  };
  t.pipelines = std::vector{pipeline("identify (vertex-major)", "40", "68719476736", {256, 1, 1}),
                            pipeline("plan", "32", "68719476752", {1, 1, 1})};
  return t;
}

ui::RooflinePanel* reopened(ui::MainWindow& window, const QTemporaryDir& folder, const QString& name,
                            const engine::RunTrace& trace) {
  const std::string path = folder.filePath(name).toStdString();
  report::writeFile(path, report::jsonReport(trace, true).dump(1) + "\n");
  if (!window.openReports({QString::fromStdString(path)})) {
    return nullptr;
  }
  return window.compareWindow()->roofline()->panel();
}

} // namespace

class PipelinesTest : public QObject {
  Q_OBJECT
private slots:
  void initTestCase() { frontier::test::useTestSettings(); }

  void reopenedReportFillsTheTable() {
    QTemporaryDir folder;
    ui::MainWindow window(frontier::test::testWindowOptions());
    window.show();
    ui::RooflinePanel* panel = reopened(window, folder, QStringLiteral("run.json"), runWithPipelines());
    QVERIFY(panel != nullptr);
    QCOMPARE(panel->tables()->tabText(1), QStringLiteral("Pipelines"));
    const QTableWidget* table = panel->pipelines()->table();
    QCOMPARE(table->rowCount(), 2);
    QCOMPARE(cell(table, 0, 0), QStringLiteral("identify (vertex-major)"));
    QCOMPARE(cell(table, 0, 1), QStringLiteral("40"));
    QCOMPARE(cell(table, 0, 2), QStringLiteral("3296 B"));
    QCOMPARE(cell(table, 0, 3), QStringLiteral("0 B"));
    QCOMPARE(cell(table, 0, 4), QStringLiteral("256"));
    QCOMPARE(cell(table, 0, 5), QStringLiteral("75% (6 workgroups)"));
    QCOMPARE(cell(table, 0, 6), QStringLiteral("registers"));
    QCOMPARE(cell(table, 1, 0), QStringLiteral("plan"));
    QCOMPARE(cell(table, 1, 3), QStringLiteral("16 B"));
    QCOMPARE(cell(table, 1, 4), QStringLiteral("1"));
    QCOMPARE(cell(table, 1, 5), QStringLiteral("50% (32 workgroups)"));
    QCOMPARE(cell(table, 1, 6), QStringLiteral("workgroup slots"));
    QVERIFY(table->item(0, 1)->toolTip().contains(QStringLiteral("Local Memory Size = 68719476736")));
  }

  void reportWithoutPipelinesSaysWhy() {
    QTemporaryDir folder;
    ui::MainWindow window(frontier::test::testWindowOptions());
    window.show();
    engine::RunTrace trace = runWithPipelines();
    trace.pipelines.reset();
    ui::RooflinePanel* panel = reopened(window, folder, QStringLiteral("bare.json"), trace);
    QVERIFY(panel != nullptr);
    QCOMPARE(panel->pipelines()->table()->rowCount(), 0);
    QVERIFY2(panel->pipelines()->note().contains(QStringLiteral("Pipeline statistics were off for this run")),
             qPrintable(panel->pipelines()->note()));
    QVERIFY(panel->pipelines()->note().contains(QStringLiteral("Count invocations and pipeline statistics")));
  }

  // The switch: off, the live run's table says how to turn it on; on (the
  // device opened again), lavapipe reports no pipeline resources, and the
  // run's dispatches have their invocations counted.
  void switchOnLavapipe() {
    ui::MainWindow window(frontier::test::testWindowOptions());
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    const QString problem = frontier::test::openAndPrepare(window, QStringLiteral("demo:karate"));
    QVERIFY2(problem.isEmpty(), qPrintable(problem));
    auto* dock = window.findChild<QDockWidget*>(QStringLiteral("rooflineDock"));
    QVERIFY(dock != nullptr);
    dock->show();
    dock->raise();
    auto* panel = dock->findChild<ui::RooflinePanel*>();
    QVERIFY(panel != nullptr);
    window.controller()->runToEnd();
    QVERIFY(frontier::test::waitForIdle(*window.controller()));
    QTRY_VERIFY(panel->table()->rowCount() >= 3);
    QVERIFY(panel->pipelines()->note().contains(QStringLiteral("Pipeline statistics were off")));
    QCOMPARE(cell(panel->table(), 0, 7), QStringLiteral("—"));

    auto* action = window.findChild<QAction*>(QStringLiteral("pipelineStatisticsAction"));
    QVERIFY(action != nullptr);
    QVERIFY(action->isCheckable() && !action->isChecked());
    action->trigger();
    QVERIFY(window.controller()->config().pipelineStatistics);
    QVERIFY(frontier::test::waitForIdle(*window.controller()));
    QTRY_VERIFY(window.controller()->run()->hasSearch());
    window.controller()->runToEnd();
    QVERIFY(frontier::test::waitForIdle(*window.controller()));
    QTRY_VERIFY(panel->table()->rowCount() >= 3);
    QTRY_COMPARE(panel->pipelines()->note(),
                 QStringLiteral("registers, shared memory and spills are not reported by this device "
                                "(no VK_KHR_pipeline_executable_properties)"));
    QCOMPARE(panel->pipelines()->table()->rowCount(), 0);
    bool counted = false;
    for (int row = 0; row < panel->table()->rowCount(); ++row) {
      counted = counted || cell(panel->table(), row, 7) != QStringLiteral("—");
    }
    QVERIFY2(counted, "no kernel has its idle lanes: invocations were not counted");
  }

  // --pipeline-statistics: the window opens the device with them on.
  void commandLineOptionTurnsItOn() {
    ui::MainWindowOptions options = frontier::test::testWindowOptions();
    options.pipelineStatistics = true;
    ui::MainWindow window(options);
    QVERIFY(window.controller()->config().pipelineStatistics);
    auto* action = window.findChild<QAction*>(QStringLiteral("pipelineStatisticsAction"));
    QVERIFY(action != nullptr && action->isChecked());
  }
};

QTEST_MAIN(PipelinesTest)
#include "PipelinesTest.moc"
