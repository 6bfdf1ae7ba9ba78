// The roofline panel: one table row per kernel kind with bytes moved, its
// "% of roof" and whether it is dispatch-bound; the why-line's sentence; the
// plot puts a faster kernel higher and a larger one further right; without
// roofs the table says so instead of a share; the idle-lane share where the
// run counted invocations. The main window's Roofline dock shows the run it
// made; a reopened report shows its roofline against the roofs it was saved
// with, and the comparison's why-line says where its kernels stand.

#include <QDockWidget>
#include <QLabel>
#include <QComboBox>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QtTest>

#include "../support/RooflineSample.h"
#include "UiTestSupport.h"
#include "compare/CompareModel.h"
#include "compare/CompareRoofline.h"
#include "compare/CompareWindow.h"
#include "report/Report.h"
#include "widgets/RooflinePanel.h"
#include "windows/MainWindow.h"

using namespace frontier;

namespace {

engine::RunTrace sampleRun() { return test::rooflineSampleRun(); }

QString cell(const QTableWidget* table, int row, int column) { return table->item(row, column)->text(); }

// The sample with invocation counts on its identify dispatches: 512 lanes
// launched for 384 items each, a quarter of them idle.
engine::RunTrace countedRun() {
  engine::RunTrace t = sampleRun();
  t.algorithm = "ibfs";
  t.strategy = "coalesced";
  t.graph = "sample";
  for (engine::KernelSpan& k : t.kernels) {
    if (k.kind == engine::KernelKind::Identify) {
      k.invocations = 512;
      k.usefulItems = 384;
    }
  }
  return t;
}

} // namespace

class RooflineTest : public QObject {
  Q_OBJECT
private slots:
  void initTestCase() { frontier::test::useTestSettings(); }

  void mainWindowDockShowsTheRun() {
    ui::MainWindow window(frontier::test::testWindowOptions());
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    const QString problem = frontier::test::openAndPrepare(window, QStringLiteral("demo:karate"));
    QVERIFY2(problem.isEmpty(), qPrintable(problem));
    auto* dock = window.findChild<QDockWidget*>(QStringLiteral("rooflineDock"));
    QVERIFY(dock != nullptr);
    dock->show();
    dock->raise();
    window.controller()->runToEnd();
    QVERIFY(frontier::test::waitForIdle(*window.controller()));
    QTRY_VERIFY(dock->isVisible());
    const auto* panel = dock->findChild<ui::RooflinePanel*>();
    QVERIFY(panel != nullptr);
    // identify, expand and check at least, each with bytes moved.
    QTRY_VERIFY(panel->table()->rowCount() >= 3);
    QVERIFY(!panel->table()->item(0, 2)->text().isEmpty());
  }

  void tableShowsShareOfRoofAndBound() {
    ui::RooflinePanel panel;
    panel.resize(600, 500);
    panel.setRun(sampleRun(), {2000.0, 4.0, 1.5});
    const QTableWidget* table = panel.table();
    QCOMPARE(table->rowCount(), 2);  // plan has no bytes
    QCOMPARE(cell(table, 0, 0), QStringLiteral("identify"));
    QCOMPARE(cell(table, 0, 1), QStringLiteral("2"));
    QCOMPARE(cell(table, 0, 3), QStringLiteral("500.0"));
    QCOMPARE(cell(table, 0, 4), QStringLiteral("copy roof"));
    QCOMPARE(cell(table, 0, 5), QStringLiteral("25%"));
    QCOMPARE(cell(table, 0, 6), QStringLiteral("dispatch"));
    QCOMPARE(cell(table, 0, 7), QStringLiteral("—"));  // invocations not counted
    QCOMPARE(cell(table, 1, 0), QStringLiteral("expand-top-down"));
    QCOMPARE(cell(table, 1, 4), QStringLiteral("random-gather roof"));
    QCOMPARE(cell(table, 1, 5), QStringLiteral("50%"));
    QCOMPARE(cell(table, 1, 6), QStringLiteral("memory"));
    QCOMPARE(panel.note(),
             QStringLiteral("expand-top-down reaches 50% of the random-gather roof; identify is dispatch-bound"));
    panel.grab();  // paints without failing
  }

  void plotIsLogLog() {
    ui::RooflinePlot plot;
    plot.resize(400, 300);
    plot.setKernels({}, {2000.0, 4.0, 1.5});
    const QPointF small = plot.pointAt(1e4, 10);
    const QPointF large = plot.pointAt(1e6, 10);
    const QPointF fast = plot.pointAt(1e4, 1000);
    QVERIFY(large.x() > small.x());
    QVERIFY(fast.y() < small.y());  // up is faster
    // Equal ratios are equal distances (log scale).
    const QPointF middle = plot.pointAt(1e5, 100);
    QVERIFY(std::abs((middle.x() - small.x()) - (large.x() - middle.x())) < 1e-6);
    QVERIFY(std::abs((small.y() - middle.y()) - (middle.y() - fast.y())) < 1e-6);
  }

  void idleLanesWhereInvocationsWereCounted() {
    ui::RooflinePanel panel;
    panel.setRun(countedRun(), {2000.0, 4.0, 1.5});
    QCOMPARE(cell(panel.table(), 0, 0), QStringLiteral("identify"));
    QCOMPARE(cell(panel.table(), 0, 7), QStringLiteral("25%"));
    QCOMPARE(cell(panel.table(), 1, 7), QStringLiteral("—"));
  }

  // A run report saved with the roofs of its device (as frontier-cli run
  // --json writes it) reopens with its roofline: the same shares as the
  // sample's numbers give by hand (identify 500 GB/s of a 2000 GB/s copy
  // roof; the expand 40 GB/s against 4 G arcs/s x 20 bytes per arc), the
  // idle lanes, and the why-line's roof sentence.
  void reopenedReportShowsItsRoofline() {
    QTemporaryDir folder;
    const std::string path = folder.filePath(QStringLiteral("run.json")).toStdString();
    report::writeFile(path, report::jsonReport(countedRun(), true, {2000.0, 4.0, 1.5}).dump(1) + "\n");
    ui::MainWindow window(frontier::test::testWindowOptions());
    window.show();
    QVERIFY(window.openReports({QString::fromStdString(path)}));
    ui::CompareWindow* compare = window.compareWindow();
    QVERIFY(compare != nullptr);
    ui::CompareRoofline* roofline = compare->roofline();
    QCOMPARE(roofline->entry(), 0);
    QCOMPARE(roofline->entryBox()->currentText(), QStringLiteral("coalesced"));
    const QTableWidget* table = roofline->panel()->table();
    QCOMPARE(table->rowCount(), 2);
    QCOMPARE(cell(table, 0, 5), QStringLiteral("25%"));
    QCOMPARE(cell(table, 0, 7), QStringLiteral("25%"));
    QCOMPARE(cell(table, 1, 5), QStringLiteral("50%"));
    QCOMPARE(roofline->panel()->note(),
             QStringLiteral("expand-top-down reaches 50% of the random-gather roof; identify is dispatch-bound"));
    const QString why = compare->whyLabel()->text();
    QVERIFY2(why.contains(QStringLiteral("expand-top-down reaches 50% of the random-gather roof")), qPrintable(why));
    auto* dock = compare->findChild<QDockWidget*>(QStringLiteral("compareRooflineDock"));
    QVERIFY(dock != nullptr);
    QTRY_VERIFY(dock->isVisible());

    // A report without roofs: the table says so, the why-line has no roof sentence.
    const std::string bare = folder.filePath(QStringLiteral("bare.json")).toStdString();
    report::writeFile(bare, report::jsonReport(countedRun(), true, {}).dump(1) + "\n");
    QVERIFY(window.openReports({QString::fromStdString(bare)}));
    QCOMPARE(cell(roofline->panel()->table(), 0, 5), QStringLiteral("no roofs"));
    QVERIFY(!compare->whyLabel()->text().contains(QStringLiteral("roof")));
  }

  void withoutRoofsTheTableSaysSo() {
    ui::RooflinePanel panel;
    panel.setRun(sampleRun(), {});
    QCOMPARE(panel.table()->rowCount(), 2);
    QCOMPARE(cell(panel.table(), 1, 5), QStringLiteral("no roofs"));
    QVERIFY(panel.note().contains(QStringLiteral("frontier-cli selftest")));
  }
};

QTEST_MAIN(RooflineTest)
#include "RooflineTest.moc"
