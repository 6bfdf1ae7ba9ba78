// The graph view's layouts: the cache key follows the adjacency, the disk
// cache round-trips and refuses files that do not fit, a force layout stops
// when cancelled, and Cancel in the window stops a long layout without
// writing it to the cache.

#include <cmath>

#include <QDir>
#include <QFile>
#include <QPushButton>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QtTest>

#include "LabController.h"
#include "UiTestSupport.h"
#include "graph/GraphBuilder.h"
#include "graph/Generators.h"
#include "layout/GraphLayouts.h"
#include "layout/LayoutCache.h"
#include "widgets/GraphView.h"
#include "widgets/GraphViewPanel.h"
#include "windows/MainWindow.h"
#include "windows/ViewDocks.h"

using frontier::ui::LayoutCache;
using frontier::ui::Positions;

namespace {

frontier::graph::Graph pathGraph(int n, bool closeCycle) {
  frontier::graph::GraphBuilder builder;
  for (int i = 0; i + 1 < n; ++i) {
    builder.addEdge(static_cast<uint64_t>(i), static_cast<uint64_t>(i + 1));
  }
  if (closeCycle) {
    builder.addEdge(static_cast<uint64_t>(n - 1), 0);
  }
  return builder.build();
}

} // namespace

class LayoutTest : public frontier::test::EngineUiTest {
  Q_OBJECT
private slots:
  void initTestCase() {
    EngineUiTest::initTestCase();
    // A cache folder of this test's own (test mode) starting empty.
    QDir(QStandardPaths::writableLocation(QStandardPaths::CacheLocation) + "/layouts").removeRecursively();
  }

  void keyFollowsTheAdjacency() {
    const frontier::graph::Graph a = pathGraph(50, false);
    const frontier::graph::Graph again = pathGraph(50, false);  // the same graph read again
    const frontier::graph::Graph cycle = pathGraph(50, true);
    const frontier::graph::Graph longer = pathGraph(51, false);
    QCOMPARE(LayoutCache::key(a), LayoutCache::key(again));
    QVERIFY(LayoutCache::key(a) != LayoutCache::key(cycle));
    QVERIFY(LayoutCache::key(a) != LayoutCache::key(longer));
  }

  void diskCacheRoundTripsAndRefusesWhatDoesNotFit() {
    const QString key = QStringLiteral("test-roundtrip");
    Positions positions;
    for (int i = 0; i < 37; ++i) {
      positions.emplace_back(i * 1.5 - 7.25, std::sin(i) * 1e6);
    }
    QVERIFY(LayoutCache::writeDisk(key, positions));
    QVERIFY(QFile::exists(LayoutCache::diskPath(key)));
    QVERIFY(LayoutCache::diskPath(key).startsWith(QStandardPaths::writableLocation(QStandardPaths::CacheLocation)));
    const auto back = LayoutCache::readDisk(key, 37);
    QVERIFY(back != nullptr);
    QCOMPARE(*back, positions);
    // Another vertex count: another graph, not this layout.
    QVERIFY(LayoutCache::readDisk(key, 36) == nullptr);
    // A truncated file and a file of something else are ignored.
    QFile file(LayoutCache::diskPath(key));
    QVERIFY(file.open(QIODevice::ReadWrite));
    QVERIFY(file.resize(file.size() / 2));
    file.close();
    QVERIFY(LayoutCache::readDisk(key, 37) == nullptr);
    QVERIFY(file.open(QIODevice::WriteOnly | QIODevice::Truncate));
    file.write("not a layout at all, but long enough to be read as one");
    file.close();
    QVERIFY(LayoutCache::readDisk(key, 37) == nullptr);
    QVERIFY(LayoutCache::readDisk(QStringLiteral("test-missing"), 37) == nullptr);
  }

  void forceLayoutStopsWhenCancelled() {
    const frontier::graph::Graph g = frontier::graph::generate("grid:30x30");
    std::atomic<bool> cancel{true};
    QVERIFY(frontier::ui::forceLayout(g, {}, &cancel).empty());
    // Cancelled after its first round.
    cancel = false;
    int rounds = 0;
    const Positions stopped = frontier::ui::forceLayout(
        g,
        [&](double) {
          ++rounds;
          cancel = true;
        },
        &cancel);
    QVERIFY(stopped.empty());
    QCOMPARE(rounds, 1);
    // A large graph is cancelled inside its first round (a round of tens of
    // millions of vertices takes minutes): with 70,000 vertices the first
    // report comes 65,536 points into the quadtree's build in round 1 of 50
    // (the build has the round's first tenth of the progress).
    const frontier::graph::Graph path = frontier::graph::generate("path:70000");
    cancel = false;
    std::vector<double> reports;
    const Positions early = frontier::ui::forceLayout(
        path,
        [&](double fraction) {
          reports.push_back(fraction);
          cancel = true;
        },
        &cancel);
    QVERIFY(early.empty());
    QCOMPARE(reports.size(), size_t{1});
    QVERIFY2(reports[0] > 0 && reports[0] < 0.1 / 50, qPrintable(QString::number(reports[0])));
    // Not cancelled: a finite position per vertex.
    cancel = false;
    const Positions done = frontier::ui::forceLayout(g, {}, &cancel);
    QCOMPARE(done.size(), size_t{g.vertexCount()});
    for (const QPointF& p : done) {
      QVERIFY(std::isfinite(p.x()) && std::isfinite(p.y()));
    }
  }

  // Cancel in the window: the layout stops, the view says so, and nothing is
  // written to the disk cache; opening the graph again lays it out and
  // caches it.
  void cancelInTheWindowWritesNothing() {
    frontier::ui::MainWindow window(frontier::test::testWindowOptions());
    window.show();
    frontier::ui::GraphViewPanel* panel = window.viewDocks()->graphView();
    const QString spec = QStringLiteral("kronecker:scale=15,edgefactor=16,seed=4");
    const frontier::graph::Graph g = frontier::graph::generate(spec.toStdString());
    const QString cached = LayoutCache::diskPath(LayoutCache::key(g));
    QFile::remove(cached);

    QSignalSpy loaded(window.controller(), &frontier::ui::LabController::graphChanged);
    window.openGraph(spec);
    QVERIFY(loaded.wait(120000));
    QVERIFY2(panel->layoutRunning(), "the layout of 32768 vertices was already done");
    panel->cancelLayout();
    // The layout thread ends at its next round; no signal says so.
    QTRY_VERIFY_WITH_TIMEOUT(!panel->layoutRunning(), 120000);
    QCOMPARE(panel->view()->message(), QStringLiteral("Layout cancelled."));
    QVERIFY(!panel->view()->hasPositions());
    QVERIFY(!QFile::exists(cached));
    // Nothing is drawn, and the layout box no longer names the cancelled kind.
    QCOMPARE(panel->layoutShown(), QStringLiteral("Choose a layout"));
    // A radial layout drawn, then a force layout cancelled: the view keeps
    // the radial drawing, and the box names it again.
    QSignalSpy ready(panel, &frontier::ui::GraphViewPanel::layoutReady);
    panel->setLayoutKind(frontier::ui::GraphViewPanel::LayoutKind::Radial);
    QTRY_VERIFY_WITH_TIMEOUT(ready.count() == 1 && !panel->layoutRunning(), 120000);
    QVERIFY(panel->view()->hasPositions());
    const int rings = panel->view()->ringCount();
    QVERIFY(rings > 0);
    panel->setLayoutKind(frontier::ui::GraphViewPanel::LayoutKind::Force);
    QVERIFY(panel->layoutRunning());
    QCOMPARE(panel->layoutShown(), QStringLiteral("Force-directed"));
    panel->cancelLayout();
    QTRY_VERIFY_WITH_TIMEOUT(!panel->layoutRunning(), 120000);
    QCOMPARE(panel->layoutShown(), QStringLiteral("Radial by BFS level"));
    QVERIFY(panel->view()->hasPositions());
    QCOMPARE(panel->view()->ringCount(), rings);  // drawn with its rings, as before
    QVERIFY(!QFile::exists(cached));
  }
};

QTEST_MAIN(LayoutTest)
#include "LayoutTest.moc"
