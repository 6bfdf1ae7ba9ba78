// A comparison with one device per run, on lavapipe: device 0 opened twice
// ("0,0", two logical devices of one, the only way to have two devices
// there) runs the entries alternately, every entry matches the CPU BFS, and
// the table, the panels and the JSON export name "[0] ..." and "[1] ...";
// back on one device nothing names a device; a device that cannot take the
// graph fails the comparison naming it; "One device per run" is off with one
// device, saying why; the scripted --compare-devices, a bad list named.

#include <QCheckBox>
#include <QHeaderView>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QLineEdit>
#include <QSignalSpy>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QtTest>

#include "LabController.h"
#include "UiTestSupport.h"
#include "compare/CompareModel.h"
#include "compare/ComparePanel.h"
#include "compare/CompareTable.h"
#include "compare/CompareWindow.h"
#include "reference/Bfs.h"
#include "vk/FaultInjection.h"
#include "windows/MainWindow.h"

using frontier::ui::CompareWindow;
using frontier::ui::MainWindow;

namespace {

constexpr const char* kSpecs = "workgroups,coalesced,coalesced-bottom-up";

// Runs the comparison window's entries; empty on success, else what went wrong.
QString runAndWait(CompareWindow& compare) {
  QSignalSpy finished(&compare, &CompareWindow::comparisonFinished);
  QString error;
  if (!compare.runComparison(&error)) {
    return error;
  }
  if (!finished.wait(300000)) {
    return QStringLiteral("the comparison did not finish");
  }
  return finished.first().first().toBool() ? QStringLiteral("cancelled") : QString();
}

} // namespace

class CompareDevicesTest : public frontier::test::EngineUiTest {
  Q_OBJECT
private slots:
  void initTestCase() {
    EngineUiTest::initTestCase();
    m_window = std::make_unique<MainWindow>(frontier::test::testWindowOptions());
    m_window->show();
    const QString error = frontier::test::openAndPrepare(*m_window, QStringLiteral("demo:karate"));
    QVERIFY2(error.isEmpty(), qPrintable(error));
    m_window->controller()->chooseRandomPairs(24, 5);
    QVERIFY(frontier::test::waitForIdle(*m_window->controller()));
    m_compare = m_window->showCompareWindow();
    m_compare->specsEdit()->setText(kSpecs);
    m_compare->setRepeats(3);
  }

  void init() { EngineUiTest::init(); }
  void cleanup() {
    frontier::gpu::faults::configure(""); // also after a function that failed half-way
    EngineUiTest::cleanup();
  }

  void boxIsOffWithOneDeviceAndSaysWhy() {
    frontier::ui::LabController& controller = *m_window->controller();
    QVERIFY(!controller.devices().empty());
    const size_t suitable = controller.suitableDevices().size();
    if (suitable > 1) {
      QSKIP("this machine has several devices that can run the engine: the box is on offer");
    }
    QCheckBox* box = m_compare->findChild<QCheckBox*>(QStringLiteral("compareOnDevices"));
    QVERIFY(box != nullptr);
    QCOMPARE(box, m_compare->devicesBox());
    QVERIFY(!box->isEnabled());
    QVERIFY(!box->isChecked());
    QVERIFY2(box->toolTip().contains(QStringLiteral("more than one")), qPrintable(box->toolTip()));
    // Asked for anyway, it leaves the comparison on the window's device.
    controller.setCompareOnDevices(true);
    QVERIFY(controller.config().compareDevices.empty());
    QVERIFY(!box->isChecked());
  }

  void entriesAlternateOverTwoLogicalDevices() {
    frontier::ui::LabController& controller = *m_window->controller();
    QString error;
    QVERIFY2(controller.chooseCompareDevices(QStringLiteral("0,0"), &error), qPrintable(error));
    QCOMPARE(controller.config().compareDevices, (std::vector<uint32_t>{0, 0}));
    // Set by a list of its own, the box shows it, and can turn it off.
    QVERIFY(m_compare->devicesBox()->isChecked());
    QVERIFY(m_compare->devicesBox()->isEnabled());
    const QString run = runAndWait(*m_compare);
    QVERIFY2(run.isEmpty(), qPrintable(run));

    const frontier::ui::CompareModel* model = m_compare->model();
    QCOMPARE(model->count(), 3);
    QVERIFY(model->complete());
    QVERIFY(model->severalDevices());
    // An independent oracle: the textbook BFS on the pairs the window chose.
    const std::vector<frontier::graph::Length> cpu =
        frontier::reference::pathLengths(*controller.graph()->graph, controller.pairs());
    QCOMPARE(cpu.size(), size_t{24});
    const QString name = QString::fromStdString(controller.devices().front().name);
    const int deviceColumn = m_compare->table()->deviceColumn();
    QVERIFY(deviceColumn > frontier::ui::CompareTable::RateRatio);
    QVERIFY(!m_compare->table()->horizontalHeaderItem(deviceColumn)->toolTip().isEmpty());
    QCOMPARE(m_compare->table()->horizontalHeader()->visualIndex(deviceColumn), 1); // beside the names
    for (int i = 0; i < 3; ++i) {
      const auto& result = *model->result(i);
      QVERIFY2(result.error.empty(), result.error.c_str());
      QVERIFY(result.verified());
      QCOMPARE(result.timedCount(), size_t{3});
      QCOMPARE(result.lengths.size(), cpu.size());
      for (size_t p = 0; p < cpu.size(); ++p) {
        QCOMPARE(result.lengths[p], cpu[p] < 0 ? frontier::reference::kNoPath : double(cpu[p]));
      }
      // Entry i on slot i mod 2: entries 1 and 3 on the first, 2 on the second.
      const QString device = QStringLiteral("[%1] %2").arg(i % 2).arg(name);
      QCOMPARE(model->device(i), device);
      const QTableWidgetItem* cell = m_compare->table()->item(i, deviceColumn);
      QVERIFY(cell != nullptr);
      QCOMPARE(cell->text(), device);
      const QString header = m_compare->panels()[static_cast<size_t>(i)]->headerText();
      QVERIFY2(header.contains(QStringLiteral(" · on ") + device.toHtmlEscaped()), qPrintable(header));
    }

    // The JSON report names each run's device.
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("comparison.json"));
    QVERIFY2(m_compare->exportJson(path, &error), qPrintable(error));
    QFile file(path);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QJsonArray runs = QJsonDocument::fromJson(file.readAll()).object().value("runs").toArray();
    QCOMPARE(runs.size(), 3);
    for (int i = 0; i < 3; ++i) {
      QCOMPARE(runs[i].toObject().value("device").toString(), QStringLiteral("[%1] %2").arg(i % 2).arg(name));
    }
  }

  void oneDeviceAgainNamesNone() {
    frontier::ui::LabController& controller = *m_window->controller();
    controller.setCompareOnDevices(false);
    QVERIFY(controller.config().compareDevices.empty());
    QVERIFY(!m_compare->devicesBox()->isChecked());
    const QString run = runAndWait(*m_compare);
    QVERIFY2(run.isEmpty(), qPrintable(run));
    const frontier::ui::CompareModel* model = m_compare->model();
    QCOMPARE(model->verifiedCount(), 3);
    QVERIFY(!model->severalDevices());
    QCOMPARE(m_compare->table()->deviceColumn(), -1);
    for (int column = 0; column < m_compare->table()->columnCount(); ++column) {
      QCOMPARE(m_compare->table()->horizontalHeader()->visualIndex(column), column);
    }
    for (const frontier::ui::ComparePanel* panel : m_compare->panels()) {
      QVERIFY2(!panel->headerText().contains(QStringLiteral(" · on ")), qPrintable(panel->headerText()));
    }
  }

  void deviceThatCannotTakeTheGraphFailsNamingIt() {
    frontier::ui::LabController& controller = *m_window->controller();
    QString error;
    QVERIFY2(controller.chooseCompareDevices(QStringLiteral("0,0"), &error), qPrintable(error));
    // The window's own copy of the graph is there already (its search):
    // the first allocation from here on is the other device's.
    QSignalSpy failed(&controller, &frontier::ui::LabController::compareFailed);
    frontier::gpu::faults::configure("oom@1");
    QCOMPARE(runAndWait(*m_compare), QStringLiteral("cancelled"));
    frontier::gpu::faults::configure("");
    QCOMPARE(failed.count(), 1);
    const QString message = failed.first().first().toString();
    qInfo("the failure: %s", qPrintable(message));
    QVERIFY2(message.contains(QStringLiteral("device 0")), qPrintable(message));
    QVERIFY2(message.contains(QStringLiteral("comparison")), qPrintable(message));
    const auto* progress = m_compare->findChild<QLabel*>(QStringLiteral("compareProgress"));
    QVERIFY2(progress->text().contains(QStringLiteral("device 0")), qPrintable(progress->text()));
    // Nothing was kept: the next comparison opens the device again, and runs.
    const QString run = runAndWait(*m_compare);
    QVERIFY2(run.isEmpty(), qPrintable(run));
    QCOMPARE(m_compare->model()->verifiedCount(), 3);
    QVERIFY(m_compare->model()->severalDevices());
    // The window's own search was not disturbed.
    QVERIFY(frontier::test::waitForIdle(controller));
    QVERIFY(controller.canStep());
    controller.setCompareOnDevices(false);
  }

  void scriptedCompareDevices() {
    MainWindow window(frontier::test::testWindowOptions());
    window.show();
    frontier::ui::ScriptOptions options;
    options.graph = QStringLiteral("demo:karate");
    options.pairs = QStringLiteral("random:8");
    options.compare = QStringLiteral("workgroups,coalesced");
    options.compareDevices = QStringLiteral("0,0");
    options.repeats = 1;
    options.run = true;
    QString error;
    QCOMPARE(frontier::test::runScript(window, options, &error), 0);
    QVERIFY2(error.isEmpty(), qPrintable(error));
    const frontier::ui::CompareModel* model = window.compareWindow()->model();
    QCOMPARE(model->verifiedCount(), 2);
    QVERIFY(model->device(0).startsWith(QStringLiteral("[0] ")));
    QVERIFY(model->device(1).startsWith(QStringLiteral("[1] ")));
  }

  void badScriptedListsAreNamed_data() {
    QTest::addColumn<QString>("compare");
    QTest::addColumn<QString>("devices");
    QTest::addColumn<QString>("named");
    QTest::newRow("not an index") << "workgroups,coalesced"
                                  << "0,x"
                                  << "--compare-devices: 'x'";
    QTest::newRow("no such device") << "workgroups,coalesced"
                                    << "0,99"
                                    << "no device 99";
    QTest::newRow("empty entry") << "workgroups,coalesced"
                                 << "0,"
                                 << "--compare-devices: ''";
    QTest::newRow("without --compare") << ""
                                       << "0,0"
                                       << "--compare-devices needs --compare";
  }

  void badScriptedListsAreNamed() {
    QFETCH(QString, compare);
    QFETCH(QString, devices);
    QFETCH(QString, named);
    MainWindow window(frontier::test::testWindowOptions());
    window.show();
    frontier::ui::ScriptOptions options;
    options.graph = QStringLiteral("demo:karate");
    options.compare = compare;
    options.compareDevices = devices;
    options.run = true;
    QString error;
    QCOMPARE(frontier::test::runScript(window, options, &error), 2);
    QVERIFY2(error.contains(named), qPrintable(error));
    QVERIFY(window.controller()->config().compareDevices.empty());
  }

  void cleanupTestCase() {
    m_compare = nullptr;
    m_window.reset();
    EngineUiTest::cleanupTestCase();
  }

private:
  std::unique_ptr<MainWindow> m_window;
  CompareWindow* m_compare = nullptr;
};

QTEST_MAIN(CompareDevicesTest)
#include "CompareDevicesTest.moc"
