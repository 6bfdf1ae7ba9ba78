// The main window opens, names its Vulkan device, offers the examples, and
// the command line's scripted run loads, runs and saves a screenshot.

#include <QComboBox>
#include <QDockWidget>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QFile>
#include <QImage>
#include <QMenu>
#include <QMimeData>
#include <QSet>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QtTest>

#include "LabController.h"
#include "ScriptedRun.h"
#include "UiTestSupport.h"
#include "models/ResultsModel.h"
#include "widgets/GraphPanel.h"
#include "widgets/IterationCharts.h"
#include "widgets/ResultsPanel.h"
#include "widgets/RunControls.h"
#include "widgets/StrategyPanel.h"
#include "windows/AboutDialog.h"
#include "windows/MainWindow.h"

using frontier::ui::MainWindow;

namespace {

// How many pixels of `widget`'s own rendering differ from the same rectangle
// of `shot`, a picture of `window`; -1 when the widget is not shown inside it.
qsizetype pixelsDifferingFromShot(const QImage& shot, const QWidget& window, QWidget* widget) {
  if (!widget->isVisible() || widget->width() <= 0 || widget->height() <= 0) {
    return -1;
  }
  const QRect rect(widget->mapTo(&window, QPoint(0, 0)), widget->size());
  if (!QRect(QPoint(0, 0), shot.size()).contains(rect)) {
    return -1;
  }
  const QImage part = shot.copy(rect).convertToFormat(QImage::Format_RGB32);
  const QImage own = widget->grab().toImage().convertToFormat(QImage::Format_RGB32);
  if (own.size() != part.size()) {
    return -1;
  }
  qsizetype differing = 0;
  for (int y = 0; y < own.height(); ++y) {
    for (int x = 0; x < own.width(); ++x) {
      differing += own.pixel(x, y) != part.pixel(x, y) ? 1 : 0;
    }
  }
  return differing;
}

// Distinct colours of an image.
int colourCount(const QImage& image) {
  QSet<QRgb> colours;
  const QImage rgb = image.convertToFormat(QImage::Format_RGB32);
  for (int y = 0; y < rgb.height(); ++y) {
    for (int x = 0; x < rgb.width(); ++x) {
      colours.insert(rgb.pixel(x, y));
    }
  }
  return static_cast<int>(colours.size());
}

} // namespace

class MainWindowTest : public frontier::test::EngineUiTest {
  Q_OBJECT
private slots:
  void showsTitleAndAboutNamesTheDevice() {
    MainWindow window(frontier::test::testWindowOptions());
    QSignalSpy settled(&window, &MainWindow::deviceSettled);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QCOMPARE(window.windowTitle(), QStringLiteral("Frontier Lab"));
    QVERIFY(settled.count() > 0 || settled.wait(120000));
    const QString text = window.aboutDialog()->deviceText();
    QVERIFY2(text.startsWith("Vulkan device: "), qPrintable(text));
    QVERIFY2(text.contains("subgroup size"), qPrintable(text));
    QVERIFY(window.strategyPanel()->deviceBox()->count() >= 1);
  }

  void menusOfferOpenExamplesAndAbout() {
    MainWindow window(frontier::test::testWindowOptions());
    window.show();
    QStringList texts;
    for (QAction* action : window.findChildren<QAction*>()) {
      texts.append(action->text());
    }
    QVERIFY(texts.contains("&About Frontier Lab"));
    QVERIFY(texts.contains("&Open…"));
    const auto* examples = window.findChild<QMenu*>("examplesMenu");
    QVERIFY(examples != nullptr);
    QStringList ids;
    for (QAction* action : examples->actions()) {
      ids.append(action->data().toString());
    }
    QCOMPARE(ids, (QStringList{"karate", "lesmis", "grid", "kronecker"}));
  }

  void examplesOpen() {
    MainWindow window(frontier::test::testWindowOptions());
    window.show();
    QString problem = frontier::test::openAndPrepare(window, "demo:lesmis");
    QVERIFY2(problem.isEmpty(), qPrintable(problem));
    QCOMPARE(window.graphPanel()->value("Vertices"), QStringLiteral("77"));
    QVERIFY(window.graphPanel()->value("Edges").contains("weighted"));
    problem = frontier::test::openAndPrepare(window, "grid:40x40");
    QVERIFY2(problem.isEmpty(), qPrintable(problem));
    QCOMPARE(window.graphPanel()->value("Vertices"), QStringLiteral("1,600"));
    QVERIFY(window.windowTitle().startsWith("grid:40x40"));
  }

  void layoutIsRemembered() {
    {
      MainWindow window; // restores and saves the layout
      window.show();
      QVERIFY(QTest::qWaitForWindowExposed(&window));
      window.findChild<QDockWidget*>("resultsDock")->hide();
      window.close();
    }
    MainWindow again;
    again.show();
    QVERIFY(QTest::qWaitForWindowExposed(&again));
    QVERIFY(!again.findChild<QDockWidget*>("resultsDock")->isVisible());
    QVERIFY(again.findChild<QDockWidget*>("timelineDock")->isVisible());
    again.findChild<QDockWidget*>("resultsDock")->show();
    again.close();
  }

  void droppedFileOpensAndIsRecent() {
    QTemporaryDir folder;
    const QString path = frontier::test::writeFile(folder, "triangle.txt", "0 1\n1 2\n2 0\n");
    QVERIFY(!path.isEmpty());
    MainWindow window(frontier::test::testWindowOptions());
    window.show();
    QMimeData mime;
    mime.setUrls({QUrl::fromLocalFile(path)});
    QDragEnterEvent enter(QPoint(10, 10), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
    QApplication::sendEvent(&window, &enter);
    QVERIFY(enter.isAccepted());
    QSignalSpy loaded(window.controller(), &frontier::ui::LabController::graphChanged);
    QDropEvent drop(QPointF(10, 10), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
    QApplication::sendEvent(&window, &drop);
    QVERIFY(loaded.wait(120000));
    QCOMPARE(window.graphPanel()->value("Vertices"), QStringLiteral("3"));
    const auto* recent = window.findChild<QMenu*>("recentFiles");
    QVERIFY(recent != nullptr);
    QVERIFY(recent->actions().first()->text().contains("triangle.txt"));
  }

  void scriptedRunSavesAScreenshot() {
    QTemporaryDir folder;
    frontier::ui::ScriptOptions options;
    options.graph = "demo:karate";
    options.strategy = "coalesced-bottom-up";
    options.pairs = "random:16";
    options.seed = 3;
    options.run = true;
    options.screenshot = folder.filePath("window.png");
    frontier::ui::MainWindowOptions windowOptions = frontier::test::testWindowOptions();
    MainWindow window(windowOptions);
    window.show();
    frontier::ui::ScriptedRun scripted(&window, options);
    QSignalSpy done(&scripted, &frontier::ui::ScriptedRun::done);
    scripted.start();
    QVERIFY(done.wait(120000));
    QCOMPARE(done.first().first().toInt(), 0);
    QVERIFY2(scripted.error().isEmpty(), qPrintable(scripted.error()));
    QCOMPARE(window.controller()->results()->rowCount(), 16);
    QCOMPARE(window.controller()->results()->mismatches(), size_t{0});
    QCOMPARE(window.controller()->run()->trace().strategy, std::string("coalesced-bottom-up"));
    const QImage image(options.screenshot);
    QCOMPARE(image.size(), window.size());
    // Not blank: many colours (text, charts, the table), not one background.
    QVERIFY(frontier::test::showsSomething(image));
    const int colours = colourCount(image);
    QVERIFY2(colours > 50, qPrintable(QStringLiteral("the screenshot has %1 colours").arg(colours)));
    // It shows the window's panels as they are now (the run is over, nothing
    // changes): each panel's own rendering is in the picture at its place.
    const std::vector<std::pair<const char*, QWidget*>> panels = {
        {"graph panel", window.graphPanel()},
        {"results panel", window.resultsPanel()},
        {"iteration charts", window.charts()},
        {"run controls", window.runControls()},
    };
    for (const auto& [name, widget] : panels) {
      const qsizetype differing = pixelsDifferingFromShot(image, window, widget);
      QVERIFY2(differing >= 0, qPrintable(QStringLiteral("the %1 is not in the screenshot").arg(name)));
      const qsizetype pixels = qsizetype{widget->width()} * widget->height();
      QVERIFY2(differing * 100 <= pixels, qPrintable(QStringLiteral("%1 of the %2 pixels of the %3 differ from the "
                                                                    "screenshot")
                                                         .arg(differing)
                                                         .arg(pixels)
                                                         .arg(name)));
      QVERIFY2(colourCount(widget->grab().toImage()) > 2, name); // the panel itself draws something
    }
  }

  void scriptedRunRejectsAnUnknownStrategy() {
    MainWindow window(frontier::test::testWindowOptions());
    frontier::ui::ScriptOptions options;
    options.graph = "demo:karate";
    options.strategy = "nonesuch";
    frontier::ui::ScriptedRun scripted(&window, options);
    QSignalSpy done(&scripted, &frontier::ui::ScriptedRun::done);
    scripted.start();
    QVERIFY(done.count() == 1 || done.wait(120000)); // a guard, not a deadline
    QCOMPARE(done.first().first().toInt(), 2);
    QVERIFY2(scripted.error().contains("coalesced"), qPrintable(scripted.error()));
  }


};

QTEST_MAIN(MainWindowTest)
#include "MainWindowTest.moc"
