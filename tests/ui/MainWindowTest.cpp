// The main window opens, names its Vulkan device in the About dialog and quits.

#include <QSignalSpy>
#include <QtTest>

#include "windows/AboutDialog.h"
#include "windows/MainWindow.h"

using frontier::ui::MainWindow;

class MainWindowTest : public QObject {
  Q_OBJECT
private slots:
  void showsTitleAndAboutNamesTheDevice() {
    MainWindow window;
    QSignalSpy settled(&window, &MainWindow::deviceSettled);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QCOMPARE(window.windowTitle(), QStringLiteral("Frontier Lab"));
    QVERIFY(settled.count() > 0 || settled.wait(20000));
    const QString text = window.aboutDialog()->deviceText();
    QVERIFY2(text.startsWith("Vulkan device: "), qPrintable(text));
    QVERIFY2(text.contains("subgroup size"), qPrintable(text));
  }

  void helpMenuHasAbout() {
    MainWindow window;
    window.show();
    bool found = false;
    for (QAction* action : window.findChildren<QAction*>()) {
      found = found || action->text().contains("About");
    }
    QVERIFY(found);
  }
};

QTEST_MAIN(MainWindowTest)
#include "MainWindowTest.moc"
