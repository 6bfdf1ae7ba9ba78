// Reports written by frontier-cli reopen in the comparison window with the
// numbers they hold (read here with Qt's own JSON reader), a report of
// another format version is refused and the window keeps what it showed, and
// File > Export trace writes the main window's run with one counter sample
// per level; the comparison's panels line up by batch and level.

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QMap>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

#include "LabController.h"
#include "TestData.h"
#include "UiTestSupport.h"
#include "compare/CompareModel.h"
#include "compare/CompareSummary.h"
#include "compare/CompareWindow.h"
#include "engine/Trace.h"
#include "models/RunModel.h"
#include "widgets/RunControls.h"
#include "windows/MainWindow.h"

using frontier::ui::CompareWindow;
using frontier::ui::MainWindow;

namespace {

QString dataPath(const char* name) {
  return QString::fromStdString(frontier::test::dataFile(name).string());
}

QJsonObject readJson(const QString& path) {
  QFile file(path);
  return file.open(QIODevice::ReadOnly) ? QJsonDocument::fromJson(file.readAll()).object() : QJsonObject();
}

// frontier-cli run on karate with `strategy`, its JSON report in `folder`;
// the report's path, or empty when the tool failed (`error` says why).
QString cliReport(const QTemporaryDir& folder, const QString& strategy, QString* error) {
  const QString path = folder.filePath(strategy + QStringLiteral(".json"));
  QProcess cli;
  cli.start(QStringLiteral(FRONTIER_CLI_PATH),
            {QStringLiteral("run"), dataPath("karate.txt"), QStringLiteral("--strategy"), strategy,
             QStringLiteral("--pairs"), QStringLiteral("random:8"), QStringLiteral("--json"), path});
  if (!cli.waitForFinished(120000) || cli.exitStatus() != QProcess::NormalExit || cli.exitCode() != 0) {
    *error = QString::fromUtf8(cli.readAllStandardError());
    return {};
  }
  return path;
}

// The kernel kind named `name`; kSummaryKinds when none is.
size_t kindNamed(const QString& name) {
  for (size_t k = 0; k < frontier::ui::kSummaryKinds; ++k) {
    if (QString::fromStdString(
            std::string(frontier::engine::kernelName(static_cast<frontier::engine::KernelKind>(k)))) == name) {
      return k;
    }
  }
  return frontier::ui::kSummaryKinds;
}

} // namespace

class ReportImportTest : public frontier::test::EngineUiTest {
  Q_OBJECT
private slots:
  void cliReportsReopenWithTheirNumbers() {
    if (!QFile::exists(dataPath("karate.txt"))) {
      QSKIP("karate.txt is not in the data folder");
    }
    QTemporaryDir folder;
    QString error;
    const QString a = cliReport(folder, QStringLiteral("coalesced"), &error);
    QVERIFY2(!a.isEmpty(), qPrintable(error));
    const QString b = cliReport(folder, QStringLiteral("workgroups"), &error);
    QVERIFY2(!b.isEmpty(), qPrintable(error));

    MainWindow window(frontier::test::testWindowOptions());
    window.show();
    QVERIFY(window.openReports({a, b}));
    CompareWindow* compare = window.compareWindow();
    QVERIFY(compare != nullptr);
    const frontier::ui::CompareModel* model = compare->model();
    QCOMPARE(model->count(), 2);
    QCOMPARE(model->name(0), QStringLiteral("coalesced"));
    QCOMPARE(model->name(1), QStringLiteral("workgroups"));
    QCOMPARE(model->baseline(), 0);
    for (int i = 0; i < 2; ++i) {
      const QJsonObject saved = readJson(i == 0 ? a : b);
      const frontier::ui::RunSummary summary = model->summary(i);
      QCOMPARE(summary.gpuMs, saved["totals"].toObject()["gpu_ms"].toDouble());
      QCOMPARE(summary.wallMs, saved["totals"].toObject()["wall_ms"].toDouble());
      const QJsonObject perKernel = saved["gpu_ms_per_kernel"].toObject();
      for (auto kernel = perKernel.begin(); kernel != perKernel.end(); ++kernel) {
        const size_t kind = kindNamed(kernel.key());
        QVERIFY2(kind < frontier::ui::kSummaryKinds, qPrintable(kernel.key()));
        // The kernels' microseconds summed again: equal up to rounding.
        QVERIFY2(qAbs(summary.kindNs[kind] / 1e6 - kernel.value().toDouble()) <=
                     1e-9 * kernel.value().toDouble() + 1e-12,
                 qPrintable(kernel.key()));
      }
      const QJsonArray iterations = saved["iterations"].toArray();
      const frontier::engine::RunTrace& trace = model->runModel(i)->trace();
      QCOMPARE(trace.iterations.size(), static_cast<size_t>(iterations.size()));
      for (int k = 0; k < iterations.size(); ++k) {
        const QJsonObject it = iterations[k].toObject();
        QCOMPARE(static_cast<double>(trace.iterations[static_cast<size_t>(k)].jfqLength), it["jfq_length"].toDouble());
        QCOMPARE(static_cast<double>(trace.iterations[static_cast<size_t>(k)].newlyVisited),
                 it["newly_visited"].toDouble());
      }
    }
    // The ratio to the pinned baseline, and the header line names what differs.
    const double ratio =
        readJson(b)["totals"].toObject()["gpu_ms"].toDouble() / readJson(a)["totals"].toObject()["gpu_ms"].toDouble();
    const frontier::ui::Difference d = frontier::ui::differenceFrom(model->summary(0), model->summary(1));
    QVERIFY(qAbs(d.gpuRatio - ratio) <= 1e-12 * ratio);
    const QLabel* note = compare->findChild<QLabel*>(QStringLiteral("compareProgress"));
    QVERIFY(note != nullptr);
    QVERIFY2(note->text().contains(QStringLiteral("strategy")), qPrintable(note->text()));
    QVERIFY2(note->text().contains(QStringLiteral("coalesced.json")), qPrintable(note->text()));

    // Another version: refused, named, and the comparison stays as it was.
    QJsonObject newer = readJson(a);
    newer["format_version"] = newer["format_version"].toInt() + 1;
    const QString newerPath =
        frontier::test::writeFile(folder, QStringLiteral("newer.json"), QJsonDocument(newer).toJson());
    QString refused;
    QVERIFY(!compare->openReports({newerPath}, &refused));
    QVERIFY2(refused.contains(QStringLiteral("newer.json")) && refused.contains(QStringLiteral("version")),
             qPrintable(refused));
    QCOMPARE(model->count(), 2);
    QCOMPARE(model->name(1), QStringLiteral("workgroups"));
  }

  void panelsLineUpByBatchAndLevel() {
    // Run 0: batches of 3 and 2 levels; run 1: batches of 4 and 2 levels
    // (another batch size or build), made here.
    const auto runOf = [](int index, const std::vector<std::pair<uint32_t, uint32_t>>& levels) {
      frontier::run::ComparedRun run;
      run.index = index;
      run.spec = index == 0 ? "a" : "b";
      for (const auto& [batch, level] : levels) {
        frontier::engine::IterationStats it;
        it.batch = batch;
        it.level = level;
        run.trace.iterations.push_back(it);
      }
      return run;
    };
    frontier::ui::CompareModel model;
    frontier::ui::Variant a;
    a.spec = "a";
    frontier::ui::Variant b;
    b.spec = "b";
    model.start({a, b});
    model.setRun(runOf(0, {{0, 0}, {0, 1}, {0, 2}, {1, 0}, {1, 1}}));
    model.setRun(runOf(1, {{0, 0}, {0, 1}, {0, 2}, {0, 3}, {1, 0}, {1, 1}}));
    model.runModel(0)->selectIteration(3); // batch 1, level 0
    QCOMPARE(model.runModel(1)->selectedIteration(), 4);
    model.runModel(1)->selectIteration(5); // batch 1, level 1
    QCOMPARE(model.runModel(0)->selectedIteration(), 4);
    model.runModel(1)->selectIteration(3); // batch 0, level 3: run 0 has none, the same index
    QCOMPARE(model.runModel(0)->selectedIteration(), 3);
  }

  void exportTraceHasOneSamplePerLevel() {
    if (!QFile::exists(dataPath("karate.txt"))) {
      QSKIP("karate.txt is not in the data folder");
    }
    MainWindow window(frontier::test::testWindowOptions());
    window.show();
    QTemporaryDir folder;
    QString error;
    QVERIFY(!window.exportTrace(folder.filePath(QStringLiteral("none.json")), &error)); // nothing has run
    QVERIFY(!QFile::exists(folder.filePath(QStringLiteral("none.json"))));
    const QString opened = frontier::test::openAndPrepare(window, dataPath("karate.txt"));
    QVERIFY2(opened.isEmpty(), qPrintable(opened));
    frontier::ui::LabController& controller = *window.controller();
    window.runControls()->runAction()->trigger();
    QVERIFY(frontier::test::waitUntil(&controller, &frontier::ui::LabController::stateChanged,
                                      [&] { return controller.run()->finished() && !controller.busy(); }));
    const QString path = folder.filePath(QStringLiteral("trace.json"));
    QVERIFY2(window.exportTrace(path, &error), qPrintable(error));
    const frontier::engine::RunTrace& trace = controller.run()->trace();
    QMap<QString, QList<double>> samples;
    for (const QJsonValue& value : readJson(path)["traceEvents"].toArray()) {
      const QJsonObject event = value.toObject();
      if (event["ph"].toString() == QStringLiteral("C")) {
        samples[event["name"].toString()].append(event["args"].toObject()["value"].toDouble());
      }
    }
    QVERIFY(!trace.iterations.empty());
    for (const QString& name : {QStringLiteral("JFQ length"), QStringLiteral("newly visited"),
                                QStringLiteral("arcs examined"), QStringLiteral("active searches")}) {
      QCOMPARE(samples[name].size(), static_cast<qsizetype>(trace.iterations.size()));
    }
    for (size_t k = 0; k < trace.iterations.size(); ++k) {
      QCOMPARE(samples[QStringLiteral("JFQ length")][static_cast<qsizetype>(k)],
               static_cast<double>(trace.iterations[k].jfqLength));
    }
  }
};

QTEST_MAIN(ReportImportTest)
#include "ReportImportTest.moc"
