// Themes: a dark window is dark and a light one light (mean luminance of its
// pixels, computed here), switching at run time repaints every view, the
// choice made in View > Theme survives a restart of the window, and a theme
// registered later (a projector theme) joins the menu and scales the fonts.

#include <map>
#include <string>
#include <string_view>
#include <QApplication>
#include <QMenu>
#include <QSettings>
#include <QSignalSpy>
#include <QtCharts/QLineSeries>
#include <QtTest>

#include "UiTestSupport.h"
#include "compare/CompareWindow.h"
#include "theme/ThemeManager.h"
#include "theme/ThemeRegistry.h"
#include "widgets/GraphView.h"
#include "widgets/GraphViewPanel.h"
#include "widgets/IterationChart.h"
#include "widgets/IterationCharts.h"
#include "widgets/KernelTimeBars.h"
#include "widgets/KernelTimeline.h"
#include "widgets/StatusArrayView.h"
#include "windows/MainWindow.h"
#include "windows/ViewDocks.h"

using frontier::test::themeAction;
using frontier::test::withTheme;
using frontier::ui::MainWindow;
using frontier::ui::ThemeManager;

namespace {

// Below this mean luminance a picture reads as dark, above the other as light.
constexpr double kDarkBelow = 0.35;
// How much darker a view drawn mostly in data colours must get in the dark theme.
constexpr double kThemeDrop = 0.2;
constexpr double kLightAbove = 0.6;

// Mean relative luminance (Rec. 709 weights on the 0-1 channel values) of
// every pixel of the image.
double meanLuminance(const QImage& image) {
  const QImage rgb = image.convertToFormat(QImage::Format_RGB32);
  double sum = 0;
  for (int y = 0; y < rgb.height(); ++y) {
    const auto* line = reinterpret_cast<const QRgb*>(rgb.constScanLine(y));
    for (int x = 0; x < rgb.width(); ++x) {
      sum += (0.2126 * qRed(line[x]) + 0.7152 * qGreen(line[x]) + 0.0722 * qBlue(line[x])) / 255.0;
    }
  }
  const double pixels = static_cast<double>(rgb.width()) * rgb.height();
  return pixels > 0 ? sum / pixels : 0;
}

double luminanceOf(QWidget* widget) {
  return meanLuminance(widget->grab().toImage());
}

// The window's search views, each painting itself.
struct Views {
  QWidget* chart;
  QWidget* timeline;
  QWidget* timeBars;
  QWidget* graph;
  QWidget* statusArrays;
};

Views viewsOf(const MainWindow& window) {
  return {window.charts()->charts().front(), window.timeline(), window.timeBars(),
          window.viewDocks()->graphView()->view(), window.viewDocks()->statusArrays()};
}

// Opens the karate club and runs it to the end (or one step), so every view
// has something to show.
QString runKarate(MainWindow& window, bool toEnd = true) {
  window.show();
  if (!QTest::qWaitForWindowExposed(&window)) {
    return QStringLiteral("the window was not shown");
  }
  if (QString error = frontier::test::openAndPrepare(window, QStringLiteral("demo:karate")); !error.isEmpty()) {
    return error;
  }
  if (toEnd) {
    window.controller()->runToEnd();
  } else {
    window.controller()->step();
  }
  if (!frontier::test::waitForIdle(*window.controller())) {
    return QStringLiteral("the run did not finish");
  }
  return {};
}

} // namespace

class ThemeTest : public frontier::test::EngineUiTest {
  Q_OBJECT
private slots:
  // The test settings are shared by every GUI test program: they get the
  // default theme back, whatever happened here.
  void cleanupTestCase() {
    QSettings().remove(QStringLiteral("view/theme"));
    EngineUiTest::cleanupTestCase();
  }

  void darkWindowIsDarkAndLightIsLight() {
    MainWindow dark(withTheme(QStringLiteral("dark")));
    const QString error = runKarate(dark);
    QVERIFY2(error.isEmpty(), qPrintable(error));
    const double darkLuminance = meanLuminance(dark.grab().toImage());
    QVERIFY2(darkLuminance < kDarkBelow, qPrintable(QString::number(darkLuminance)));
    dark.close();

    MainWindow light(withTheme(QStringLiteral("light")));
    const QString lightError = runKarate(light);
    QVERIFY2(lightError.isEmpty(), qPrintable(lightError));
    const double lightLuminance = meanLuminance(light.grab().toImage());
    QVERIFY2(lightLuminance > kLightAbove, qPrintable(QString::number(lightLuminance)));
  }

  void switchingRepaintsEveryView() {
    // One step: the status arrays are then mostly unvisited cells, whose
    // colour is the theme's background (visited cells are the data's colour).
    MainWindow window(withTheme(QStringLiteral("light")));
    const QString error = runKarate(window, false);
    QVERIFY2(error.isEmpty(), qPrintable(error));
    frontier::ui::CompareWindow* compare = window.showCompareWindow();
    QVERIFY(QTest::qWaitForWindowExposed(compare));
    const Views views = viewsOf(window);
    const std::vector<std::pair<const char*, QWidget*>> named = {
        {"chart", views.chart},      {"timeline", views.timeline},          {"time bars", views.timeBars},
        {"graph view", views.graph}, {"status arrays", views.statusArrays}, {"comparison", compare}};
    // After one step the time bars are a single bar across the plot in the
    // kernels' colours, which are the same in every theme: how bright it is
    // depends on that step's kernel times. They are held to a clear drop
    // from their light picture to their dark one instead of the bounds.
    const auto dataColoured = [](const char* name) { return std::string_view(name) == "time bars"; };
    std::map<std::string, double> light;
    for (const auto& [name, view] : named) {
      const double luminance = luminanceOf(view);
      light[name] = luminance;
      QVERIFY2(dataColoured(name) || luminance > kLightAbove,
               qPrintable(QStringLiteral("%1 in light: %2").arg(name).arg(luminance)));
    }
    QSignalSpy changed(&ThemeManager::instance(), &ThemeManager::changed);
    QAction* dark = themeAction(window, QStringLiteral("dark"));
    QVERIFY(dark != nullptr);
    dark->trigger();
    QCOMPARE(changed.count(), 1);
    QVERIFY(dark->isChecked());
    for (const auto& [name, view] : named) {
      const double luminance = luminanceOf(view);
      const bool darker = dataColoured(name) ? luminance < light[name] - kThemeDrop : luminance < kDarkBelow;
      QVERIFY2(darker, qPrintable(QStringLiteral("%1 in dark: %2 (light %3)").arg(name).arg(luminance).arg(light[name])));
    }
    themeAction(window, QStringLiteral("light"))->trigger();
    QVERIFY(luminanceOf(views.graph) > kLightAbove);
  }

  void choiceIsRememberedAcrossARestart() {
    {
      MainWindow window(frontier::test::testWindowOptions());
      QAction* dark = themeAction(window, QStringLiteral("dark"));
      QVERIFY(dark != nullptr);
      dark->trigger();
      window.close();
    }
    // Another theme for one run leaves the remembered choice alone.
    { MainWindow once(withTheme(QStringLiteral("light"))); }
    QCOMPARE(ThemeManager::remembered(), QStringLiteral("dark"));

    MainWindow again(frontier::test::testWindowOptions());
    again.show();
    QVERIFY(QTest::qWaitForWindowExposed(&again));
    QCOMPARE(frontier::ui::currentTheme().name, QStringLiteral("dark"));
    QVERIFY(themeAction(again, QStringLiteral("dark"))->isChecked());
    const double luminance = meanLuminance(again.grab().toImage());
    QVERIFY2(luminance < kDarkBelow, qPrintable(QString::number(luminance)));

    themeAction(again, QStringLiteral("light"))->trigger();
    QCOMPARE(ThemeManager::remembered(), QStringLiteral("light"));
  }

  void aRegisteredThemeJoinsTheMenuAndScalesFonts() {
    MainWindow before(withTheme(QStringLiteral("light")));
    const double baseSize = QApplication::font().pointSizeF();
    QVERIFY(baseSize > 0);
    frontier::ui::Theme projector = *frontier::ui::findTheme(QStringLiteral("light"));
    projector.name = QStringLiteral("projector-test");
    projector.title = QStringLiteral("Projector (test)");
    projector.fontScale = 1.5;
    projector.lineWidth = 3;
    frontier::ui::registerTheme(projector);
    QVERIFY(frontier::ui::themeNames().contains(QStringLiteral("projector-test")));

    MainWindow window(withTheme(QStringLiteral("projector-test")));
    QVERIFY(themeAction(window, QStringLiteral("projector-test")) != nullptr);
    QVERIFY(themeAction(window, QStringLiteral("projector-test"))->isChecked());
    QCOMPARE(QApplication::font().pointSizeF(), baseSize * 1.5);
    QCOMPARE(window.charts()->charts().front()->series()->pen().widthF(), 1.8 * 3);
    QVERIFY(ThemeManager::instance().apply(QStringLiteral("light")));
    QCOMPARE(QApplication::font().pointSizeF(), baseSize);
  }

  void unknownNameChangesNothing() {
    QVERIFY(ThemeManager::instance().apply(QStringLiteral("light")));
    QSignalSpy changed(&ThemeManager::instance(), &ThemeManager::changed);
    QVERIFY(!ThemeManager::instance().apply(QStringLiteral("nonsense")));
    QCOMPARE(changed.count(), 0);
    QCOMPARE(frontier::ui::currentTheme().name, QStringLiteral("light"));
  }
};

QTEST_MAIN(ThemeTest)
#include "ThemeTest.moc"
