// The roofline panel: one table row per kernel kind with bytes moved, its
// "% of roof" and whether it is dispatch-bound; the why-line's sentence; the
// plot puts a faster kernel higher and a larger one further right; without
// roofs the table says so instead of a share. The main window's Roofline dock
// shows the run it made.

#include <QDockWidget>
#include <QLabel>
#include <QTableWidget>
#include <QtTest>

#include "../support/RooflineSample.h"
#include "UiTestSupport.h"
#include "widgets/RooflinePanel.h"
#include "windows/MainWindow.h"

using namespace frontier;

namespace {

engine::RunTrace sampleRun() { return test::rooflineSampleRun(); }

QString cell(const QTableWidget* table, int row, int column) { return table->item(row, column)->text(); }

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
