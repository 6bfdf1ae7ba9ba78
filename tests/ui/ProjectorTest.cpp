// The classroom screen: at 1024 x 700 the graph view and Back/Forward are on
// screen at a usable size; View > Reset layout puts every dock back as the
// first start placed it, after the window was made small and large again and
// docks were floated, hidden and squeezed; the projector themes make every
// view larger and thicker, each view telling what it draws with; and in
// every theme the destination's colour is far from the frontier's.

#include <algorithm>
#include <cmath>
#include <map>

#include <QDockWidget>
#include <QHeaderView>
#include <QLabel>
#include <QMenu>
#include <QPushButton>
#include <QTableView>
#include <QtCharts/QLineSeries>
#include <QtTest>

#include "UiTestSupport.h"
#include "theme/ThemeManager.h"
#include "theme/ThemeRegistry.h"
#include "widgets/GraphView.h"
#include "widgets/GraphViewPanel.h"
#include "widgets/IterationChart.h"
#include "widgets/IterationCharts.h"
#include "widgets/KernelTimeline.h"
#include "widgets/ResultsPanel.h"
#include "widgets/StatusArrayView.h"
#include "windows/MainWindow.h"
#include "windows/ViewDocks.h"

using frontier::test::themeAction;
using frontier::test::withTheme;
using frontier::ui::MainWindow;
using frontier::ui::ThemeManager;

namespace {

// How far apart the destination marker and the frontier must be in every
// theme, so that a class never takes one for the other: a sixth of the
// colour wheel in hue, and well apart in RGB as well.
constexpr double kMinHueDegrees = 60;
constexpr double kMinRgbDistance = 150;

// The hue in degrees (0-360) of an opaque colour, worked out here from its
// 0-255 channels; -1 for a grey, which has none.
double hueDegrees(const QColor& colour) {
  const double r = colour.red(), g = colour.green(), b = colour.blue();
  const double high = std::max({r, g, b});
  const double span = high - std::min({r, g, b});
  if (span == 0) {
    return -1;
  }
  double hue = high == r ? (g - b) / span : high == g ? 2 + (b - r) / span : 4 + (r - g) / span;
  hue *= 60;
  return hue < 0 ? hue + 360 : hue;
}

double hueGap(const QColor& a, const QColor& b) {
  const double gap = std::abs(hueDegrees(a) - hueDegrees(b));
  return std::min(gap, 360 - gap);
}

double rgbDistance(const QColor& a, const QColor& b) {
  return std::hypot(a.red() - b.red(), a.green() - b.green(), a.blue() - b.blue());
}

// The least size at which a graph of a few dozen vertices can be followed.
constexpr int kUsableWidth = 240;
constexpr int kUsableHeight = 150;

// Empty when `widget` is shown whole inside the window (no part of it cut
// off or covered by its parents), else what is wrong.
QString wholeOnScreen(const QWidget* widget, const QWidget& window, const char* name) {
  if (!widget->isVisible()) {
    return QStringLiteral("%1 is hidden").arg(name);
  }
  const QRect inWindow(widget->mapTo(&window, QPoint(0, 0)), widget->size());
  if (!window.rect().contains(inWindow)) {
    return QStringLiteral("%1 at %2,%3 %4x%5 lies outside the %6x%7 window")
        .arg(name)
        .arg(inWindow.x())
        .arg(inWindow.y())
        .arg(inWindow.width())
        .arg(inWindow.height())
        .arg(window.width())
        .arg(window.height());
  }
  if (widget->visibleRegion().boundingRect() != widget->rect()) {
    return QStringLiteral("%1 is partly covered or cut off").arg(name);
  }
  return {};
}

// The geometry of each dock in the window, the empty rectangle for a hidden or floating one.
std::map<QString, QRect> dockGeometries(const MainWindow& window) {
  std::map<QString, QRect> geometries;
  for (QDockWidget* dock : window.findChildren<QDockWidget*>()) {
    const bool shown = dock->isVisible() && !dock->isFloating() && !dock->visibleRegion().isEmpty();
    geometries[dock->objectName()] = shown ? dock->geometry() : QRect();
  }
  return geometries;
}

QString describe(const std::map<QString, QRect>& geometries) {
  QStringList parts;
  for (const auto& [name, rect] : geometries) {
    parts
        << QStringLiteral("%1 %2,%3 %4x%5").arg(name).arg(rect.x()).arg(rect.y()).arg(rect.width()).arg(rect.height());
  }
  return parts.join(QStringLiteral("; "));
}

// What each view says it draws with; every number grows with a projector theme.
struct ViewSizes {
  double graphDot = 0;      // GraphView::dotSize
  double graphMarker = 0;   // GraphView::markerRadius
  double graphFont = 0;     // the graph view's labels and legend
  double statusRow = 0;     // StatusArrayView::rowHeight
  double statusFont = 0;    // its caption
  double chartLine = 0;     // a chart's series pen
  double chartTitle = 0;    // its title font
  double timelineTrack = 0; // KernelTimeline::trackHeight
  double timelineFont = 0;  // its labels
  double tableRow = 0;      // the results table's row height
  double tableFont = 0;     // its font
  double sentenceFont = 0;  // the teaching line under the graph view

  std::vector<std::pair<const char*, double>> named() const {
    return {{"graph view dot", graphDot},     {"graph view marker", graphMarker}, {"graph view font", graphFont},
            {"status array row", statusRow},  {"status array font", statusFont},  {"chart line", chartLine},
            {"chart title font", chartTitle}, {"timeline track", timelineTrack},  {"timeline font", timelineFont},
            {"results row", tableRow},        {"results font", tableFont},        {"sentence font", sentenceFont}};
  }
};

ViewSizes sizesOf(const MainWindow& window) {
  ViewSizes sizes;
  const frontier::ui::GraphView* graph = window.viewDocks()->graphView()->view();
  sizes.graphDot = graph->dotSize();
  sizes.graphMarker = graph->markerRadius();
  sizes.graphFont = graph->font().pointSizeF();
  const frontier::ui::StatusArrayView* status = window.viewDocks()->statusArrays();
  sizes.statusRow = status->rowHeight();
  sizes.statusFont = status->font().pointSizeF();
  const frontier::ui::IterationChart* chart = window.charts()->charts().front();
  sizes.chartLine = chart->series()->pen().widthF();
  sizes.chartTitle = chart->chart()->titleFont().pointSizeF();
  const frontier::ui::KernelTimeline* timeline = window.timeline();
  const auto tracks = timeline->visibleItems();
  sizes.timelineTrack = tracks.empty() ? 0 : timeline->trackHeight(*tracks.front());
  sizes.timelineFont = timeline->font().pointSizeF();
  const QTableView* table = window.resultsPanel()->table();
  sizes.tableRow = table->verticalHeader()->defaultSectionSize();
  sizes.tableFont = table->font().pointSizeF();
  const auto* sentence = window.viewDocks()->graphView()->findChild<QLabel*>("teachingLine");
  sizes.sentenceFont = sentence != nullptr ? sentence->font().pointSizeF() : 0;
  return sizes;
}

} // namespace

class ProjectorTest : public frontier::test::EngineUiTest {
  Q_OBJECT
private slots:
  void cleanupTestCase() {
    QSettings().remove(QStringLiteral("view/theme"));
    EngineUiTest::cleanupTestCase();
  }

  // Each function's window is made in the light theme's fonts (sizes some
  // widgets fix at construction follow the font of that moment).
  void init() {
    EngineUiTest::init();
    QVERIFY(ThemeManager::instance().apply(QStringLiteral("light")));
  }

  void smallWindowKeepsTheGraphViewAndBackForward_data() {
    QTest::addColumn<QString>("theme");
    QTest::addColumn<QSize>("size");
    QTest::addColumn<int>("usableHeight");
    QTest::newRow("light at 1024x700") << QStringLiteral("light") << QSize(1024, 700) << kUsableHeight;
    QTest::newRow("dark at 1024x700") << QStringLiteral("dark") << QSize(1024, 700) << kUsableHeight;
    // The projector theme's large fonts make every row of controls taller:
    // at 1024 x 700 the view keeps its least height, more at a projector's 1024 x 768.
    QTest::newRow("projector at 1024x700") << QStringLiteral("projector") << QSize(1024, 700) << 100;
    QTest::newRow("projector at 1024x768") << QStringLiteral("projector") << QSize(1024, 768) << 110;
  }
  void smallWindowKeepsTheGraphViewAndBackForward() {
    QFETCH(QString, theme);
    QFETCH(QSize, size);
    QFETCH(int, usableHeight);
    MainWindow window(withTheme(theme));
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    window.resize(size);
    QTRY_VERIFY2(window.size() == size, qPrintable(QStringLiteral("the window keeps %1x%2; its docks: %3")
                                                       .arg(window.width())
                                                       .arg(window.height())
                                                       .arg(describe(dockGeometries(window)))));
    // The other way round too: small from the start, then Reset layout.
    for (int round = 0; round < 2; ++round) {
      frontier::ui::GraphViewPanel* panel = window.viewDocks()->graphView();
      const frontier::ui::GraphView* view = panel->view();
      const QString where = round == 0 ? QStringLiteral("resized: ") : QStringLiteral("after Reset layout: ");
      QTRY_VERIFY2(view->width() >= kUsableWidth && view->height() >= usableHeight,
                   qPrintable(where + QStringLiteral("graph view %1x%2").arg(view->width()).arg(view->height()) +
                              describe(dockGeometries(window))));
      for (const auto& [widget, name] : {std::pair<const QWidget*, const char*>{view, "graph view"},
                                         {panel->backButton(), "Back"},
                                         {panel->forwardButton(), "Forward"}}) {
        const QString problem = wholeOnScreen(widget, window, name);
        QVERIFY2(problem.isEmpty(), qPrintable(where + problem));
      }
      window.resetLayout();
    }
  }

  void resetLayoutRestoresEveryDock() {
    MainWindow window(withTheme(QStringLiteral("light")));
    window.resize(1600, 1000);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QTRY_COMPARE(window.size(), QSize(1600, 1000));
    const std::map<QString, QRect> first = dockGeometries(window);
    for (const char* name : {"graphDock", "setupDock", "timelineDock", "graphViewDock", "resultsDock"}) {
      QVERIFY2(!first.at(QString::fromLatin1(name)).isEmpty(), name);
    }

    // Small and back, the graph view squeezed to a strip, a dock floated and one closed.
    window.resize(1024, 700);
    QTRY_COMPARE(window.size(), QSize(1024, 700));
    window.resize(1600, 1000);
    QTRY_COMPARE(window.size(), QSize(1600, 1000));
    QDockWidget* graphView = window.viewDocks()->graphDock();
    window.resizeDocks({graphView}, {40}, Qt::Vertical);
    window.findChild<QDockWidget*>("timelineDock")->setFloating(true);
    window.findChild<QDockWidget*>("setupDock")->close();
    QTRY_VERIFY(dockGeometries(window) != first);

    auto* reset = window.findChild<QAction*>("resetLayout");
    QVERIFY(reset != nullptr);
    reset->trigger();
    QTRY_VERIFY2(dockGeometries(window) == first,
                 qPrintable(QStringLiteral("first: ") + describe(first) + QStringLiteral("\nafter Reset layout: ") +
                            describe(dockGeometries(window))));
  }

  void projectorThemeEnlargesEveryView() {
    QVERIFY(frontier::ui::findTheme(QStringLiteral("projector")) != nullptr);
    QVERIFY(frontier::ui::findTheme(QStringLiteral("projector-dark")) != nullptr);
    MainWindow window(withTheme(QStringLiteral("light")));
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QVERIFY(frontier::test::openAndPrepare(window, QStringLiteral("demo:karate")).isEmpty());
    QVERIFY(frontier::test::stepAndWaitForViews(window));
    const ViewSizes light = sizesOf(window);

    for (const QString& name : {QStringLiteral("projector"), QStringLiteral("projector-dark")}) {
      QAction* action = themeAction(window, name);
      QVERIFY2(action != nullptr, qPrintable(name + QStringLiteral(" is not in View > Theme")));
      action->trigger();
      QVERIFY(action->isChecked());
      const ViewSizes projector = sizesOf(window);
      const auto before = light.named();
      const auto after = projector.named();
      for (size_t i = 0; i < before.size(); ++i) {
        QVERIFY2(after[i].second > before[i].second, qPrintable(QStringLiteral("%1 in %2: %3, in light %4")
                                                                    .arg(before[i].first)
                                                                    .arg(name)
                                                                    .arg(after[i].second)
                                                                    .arg(before[i].second)));
      }
      // High contrast: the canvas is pure white or pure black, the edges the opposite.
      const frontier::ui::ViewColours& colours = frontier::ui::currentTheme().colours;
      const bool dark = name.endsWith(QStringLiteral("dark"));
      QCOMPARE(colours.canvas, dark ? QColor(Qt::black) : QColor(Qt::white));
      QCOMPARE(colours.edge, dark ? QColor(Qt::white) : QColor(Qt::black));
      // The destination is not the frontier's colour.
      QVERIFY(colours.destination != colours.frontier);
    }

    // Back to light: every view as it was.
    themeAction(window, QStringLiteral("light"))->trigger();
    const auto again = sizesOf(window).named();
    const auto before = light.named();
    for (size_t i = 0; i < before.size(); ++i) {
      QVERIFY2(again[i].second == before[i].second, before[i].first);
    }
  }

  // Every theme, as applied (System takes Light's or Dark's colours), draws
  // the destination in a hue of its own, not in the frontier's red.
  void destinationStandsApartFromTheFrontier() {
    QVERIFY(!frontier::ui::themeNames().isEmpty());
    for (const QString& name : frontier::ui::themeNames()) {
      QVERIFY(ThemeManager::instance().apply(name));
      const frontier::ui::ViewColours& colours = frontier::ui::currentTheme().colours;
      const QColor destination = colours.destination;
      const QColor frontier = colours.frontier;
      const QString seen = QStringLiteral("%1: destination %2, frontier %3, hue gap %4°, RGB distance %5")
                               .arg(name, destination.name(), frontier.name())
                               .arg(hueGap(destination, frontier), 0, 'f', 0)
                               .arg(rgbDistance(destination, frontier), 0, 'f', 0);
      QVERIFY2(hueDegrees(destination) >= 0 && hueDegrees(frontier) >= 0, qPrintable(seen));
      QVERIFY2(hueGap(destination, frontier) >= kMinHueDegrees, qPrintable(seen));
      QVERIFY2(rgbDistance(destination, frontier) >= kMinRgbDistance, qPrintable(seen));
    }
    QVERIFY(ThemeManager::instance().apply(QStringLiteral("light")));
  }
};

QTEST_MAIN(ProjectorTest)
#include "ProjectorTest.moc"
