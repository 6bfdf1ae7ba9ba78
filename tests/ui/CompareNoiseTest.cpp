// Comparisons that tell signal from noise, on lavapipe: a strategy compared
// with itself on Zachary's karate club is "within noise"; warm-ups come
// first and the timed runs are interleaved (round robin over the entries);
// the median and the spread in the table are those of the raw per-run GPU
// times, which this test reads and orders itself; the table's GPU time is
// the bars' total, the timeline's length and the exported report's, all the
// sum of the median run's kernel spans; and the why-line without a GPU.

#include <algorithm>

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QLineEdit>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QtTest>

#include "LabController.h"
#include "UiTestSupport.h"
#include "compare/CompareModel.h"
#include "compare/CompareSummary.h"
#include "compare/CompareTable.h"
#include "compare/CompareWindow.h"
#include "compare/StrategyTimeBars.h"
#include "models/RunModel.h"
#include "widgets/TimeAxis.h"
#include "reference/Bfs.h"
#include "windows/MainWindow.h"

using frontier::ui::CompareWindow;
using frontier::run::ComparedRun;
using frontier::ui::MainWindow;

namespace {

// The sum of a run's kernel span durations, from the raw spans.
double spanSumNs(const frontier::engine::RunTrace& trace) {
  double ns = 0;
  for (const frontier::engine::KernelSpan& span : trace.kernels) {
    ns += span.endNs - span.startNs;
  }
  return ns;
}

bool near(double a, double b) {
  return std::abs(a - b) <= 1e-9 * std::max({std::abs(a), std::abs(b), 1.0});
}

struct Stats {
  double median = 0;
  double min = 0;
  double max = 0;
};

// Median (an odd count of values here), lowest and highest, computed here.
Stats statsOf(std::vector<double> values) {
  std::sort(values.begin(), values.end());
  return {values[values.size() / 2], values.front(), values.back()};
}

// An entry's result as the engine sends it: `gpuMs` per timed run (the
// median run's trace has identify and expand-top-down spans in the given
// parts), no warm-ups.
ComparedRun entryOf(const std::vector<double>& gpuMs, double identifyPart) {
  ComparedRun run;
  for (size_t i = 0; i < gpuMs.size(); ++i) {
    frontier::run::RunSample sample;
    sample.order = static_cast<int>(i);
    sample.round = static_cast<int>(i);
    sample.gpuMs = gpuMs[i];
    sample.kindNs[static_cast<size_t>(frontier::engine::KernelKind::Identify)] = gpuMs[i] * 1e6 * identifyPart;
    sample.kindNs[static_cast<size_t>(frontier::engine::KernelKind::ExpandTopDown)] =
        gpuMs[i] * 1e6 * (1 - identifyPart);
    run.samples.push_back(sample);
  }
  run.medianSample = frontier::run::medianSampleOf(run.samples);
  const double median = gpuMs[static_cast<size_t>(run.medianSample)] * 1e6;
  run.trace.iterations.resize(4);
  run.trace.kernels.push_back({frontier::engine::KernelKind::Identify, 0, 0, 0, median * identifyPart});
  run.trace.kernels.push_back({frontier::engine::KernelKind::ExpandTopDown, 0, 0, median * identifyPart, median});
  run.trace.totals.gpuMs = median / 1e6;
  run.trace.totals.wallMs = median / 1e6;
  return run;
}

} // namespace

class CompareNoiseTest : public frontier::test::EngineUiTest {
  Q_OBJECT
private slots:
  // One comparison of coalesced with itself on demo:karate, made here with
  // the window's default number of timed runs; the functions up to
  // tableBarsTimelineAndReportAgree look at it.
  void initTestCase() {
    EngineUiTest::initTestCase();
    m_window = std::make_unique<MainWindow>(frontier::test::testWindowOptions());
    m_window->show();
    const QString error = frontier::test::openAndPrepare(*m_window, "demo:karate");
    QVERIFY2(error.isEmpty(), qPrintable(error));
    m_compare = m_window->showCompareWindow();
    QCOMPARE(m_compare->repeats(), frontier::run::CompareSettings{}.repeats);
    m_compare->specsEdit()->setText("coalesced,coalesced");
    // The order in which results arrive, as the engine sends them.
    connect(m_window->controller(), &frontier::ui::LabController::compareRunDone, this,
            [this](const ComparedRun& run) { m_arrivals.emplace_back(run.index, run.timedCount()); });
    QSignalSpy finished(m_compare, &CompareWindow::comparisonFinished);
    QString problem;
    QVERIFY2(m_compare->runComparison(&problem), qPrintable(problem));
    QVERIFY(finished.wait(300000)); // a guard against a hang
    QCOMPARE(finished.first().first().toBool(), false);
  }

  void everyRunMatchesTheCpu() {
    const frontier::ui::CompareModel* model = m_compare->model();
    QCOMPARE(model->count(), 2);
    QVERIFY(model->complete());
    const auto& graph = *m_window->controller()->graph()->graph;
    const std::vector<frontier::graph::Pair>& pairs = m_window->controller()->pairs();
    const std::vector<frontier::graph::Length> cpu = frontier::reference::pathLengths(graph, pairs);
    for (int i = 0; i < 2; ++i) {
      const ComparedRun& run = *model->result(i);
      QVERIFY2(run.error.empty(), run.error.c_str());
      QVERIFY(run.verified());
      QCOMPARE(run.checked, pairs.size());
      QCOMPARE(run.differingRuns, size_t{0}); // every run gave the checked lengths
      QCOMPARE(run.lengths.size(), pairs.size());
      for (size_t p = 0; p < pairs.size(); ++p) {
        QCOMPARE(run.lengths[p], cpu[p] < 0 ? frontier::reference::kNoPath : double(cpu[p]));
      }
    }
  }

  void itselfIsWithinNoise() {
    const frontier::ui::CompareModel* model = m_compare->model();
    const QString why = model->explanation(1);
    qInfo("%s", qPrintable(why));
    QVERIFY2(why.contains("within noise"), qPrintable(why));
    QVERIFY2(!why.contains("faster") && !why.contains("slower"), qPrintable(why));
    const QString shown = m_compare->whyLabel()->text();
    QVERIFY2(shown.contains("within noise") && !shown.contains("faster"), qPrintable(shown));
    const QTableWidgetItem* ratio = m_compare->table()->item(1, frontier::ui::CompareTable::GpuRatio);
    QVERIFY(ratio != nullptr);
    QVERIFY2(ratio->text().contains("within noise"), qPrintable(ratio->text()));
    QVERIFY(ratio->data(Qt::UserRole + 1).toBool());
    // The spreads the test computes from the raw times overlap, as the text says.
    const Stats a = statsOf(model->result(0)->timedGpuMs());
    const Stats b = statsOf(model->result(1)->timedGpuMs());
    QVERIFY(a.min <= b.max && b.min <= a.max);
  }

  void warmUpsFirstThenRoundRobin() {
    const frontier::ui::CompareModel* model = m_compare->model();
    const int repeats = frontier::run::CompareSettings{}.repeats;
    const int warmups = frontier::run::CompareSettings{}.warmups;
    QVERIFY(warmups >= 1);
    // Every run of the comparison by its position in the sequence: (entry, warm-up, round).
    std::map<int, std::tuple<int, bool, int>> byOrder;
    for (int i = 0; i < 2; ++i) {
      const ComparedRun& run = *model->result(i);
      QCOMPARE(run.repeats, repeats);
      QCOMPARE(run.timedCount(), static_cast<size_t>(repeats));
      QCOMPARE(run.samples.size(), static_cast<size_t>(repeats + warmups));
      for (const frontier::run::RunSample& sample : run.samples) {
        QVERIFY2(byOrder.emplace(sample.order, std::make_tuple(i, sample.warmup, sample.round)).second,
                 "two runs at one position");
      }
    }
    QCOMPARE(static_cast<int>(byOrder.size()), 2 * (repeats + warmups));
    QCOMPARE(byOrder.begin()->first, 0);
    QCOMPARE(byOrder.rbegin()->first, 2 * (repeats + warmups) - 1);
    int position = 0;
    for (const auto& [order, run] : byOrder) {
      const auto& [entry, warmup, round] = run;
      if (position < 2 * warmups) {
        QVERIFY2(warmup, qPrintable(QStringLiteral("run %1 is timed before the warm-ups ended").arg(order)));
      } else {
        // Round robin: entry 0, entry 1, entry 0, ...; never two of one entry in a row.
        const int timed = position - 2 * warmups;
        QVERIFY(!warmup);
        QCOMPARE(entry, timed % 2);
        QCOMPARE(round, timed / 2);
      }
      ++position;
    }
    // The results arrived in that order too: after each entry's run of each round.
    std::vector<std::pair<int, size_t>> expected;
    for (int round = 1; round <= repeats; ++round) {
      expected.emplace_back(0, round);
      expected.emplace_back(1, round);
    }
    QCOMPARE(m_arrivals, expected);
  }

  void tableShowsMedianAndSpreadOfTheRawTimes() {
    const frontier::ui::CompareModel* model = m_compare->model();
    for (int i = 0; i < 2; ++i) {
      const ComparedRun& run = *model->result(i);
      std::vector<double> timed;
      for (const frontier::run::RunSample& sample : run.samples) {
        if (!sample.warmup) {
          timed.push_back(sample.gpuMs);
          // A run's GPU time is its kernels' time.
          double kinds = 0;
          for (double ns : sample.kindNs) {
            kinds += ns;
          }
          QVERIFY(near(kinds, sample.gpuMs * 1e6));
          QVERIFY(sample.gpuMs > 0);
        }
      }
      const Stats stats = statsOf(timed);
      const QTableWidgetItem* gpu = m_compare->table()->item(i, frontier::ui::CompareTable::Gpu);
      const QTableWidgetItem* spread = m_compare->table()->item(i, frontier::ui::CompareTable::GpuSpread);
      QVERIFY(gpu != nullptr && spread != nullptr);
      QVERIFY2(near(gpu->data(Qt::UserRole).toDouble(), stats.median * 1e6),
               qPrintable(QStringLiteral("row %1: %2 ns shown, median %3 ms").arg(i).arg(gpu->data(Qt::UserRole).toDouble()).arg(stats.median)));
      QCOMPARE(gpu->text(), frontier::ui::formatDuration(stats.median * 1e6));
      QVERIFY(near(spread->data(Qt::UserRole).toDouble(), stats.min * 1e6));
      QVERIFY(near(spread->data(Qt::UserRole + 1).toDouble(), stats.max * 1e6));
      QVERIFY2(spread->text().contains(frontier::ui::formatDuration(stats.min * 1e6)) &&
                   spread->text().contains(frontier::ui::formatDuration(stats.max * 1e6)),
               qPrintable(spread->text()));
      // The trace the views show is the median run's: its raw spans add up to the median.
      QVERIFY(near(spanSumNs(run.trace), stats.median * 1e6));
    }
    // The ratio is that of the medians.
    const QTableWidgetItem* ratio = m_compare->table()->item(1, frontier::ui::CompareTable::GpuRatio);
    const double expected = statsOf(model->result(1)->timedGpuMs()).median / statsOf(model->result(0)->timedGpuMs()).median;
    QVERIFY(near(ratio->data(Qt::UserRole).toDouble(), expected));
  }

  void tableBarsTimelineAndReportAgree() {
    const frontier::ui::CompareModel* model = m_compare->model();
    QTemporaryDir folder;
    QString error;
    QVERIFY2(m_compare->exportJson(folder.filePath("report.json"), &error), qPrintable(error));
    QFile file(folder.filePath("report.json"));
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QJsonArray reports = QJsonDocument::fromJson(file.readAll()).object().value("runs").toArray();
    QCOMPARE(reports.size(), 2);
    for (int i = 0; i < 2; ++i) {
      const ComparedRun& run = *model->result(i);
      const double spans = spanSumNs(run.trace);
      const QTableWidgetItem* gpu = m_compare->table()->item(i, frontier::ui::CompareTable::Gpu);
      const double table = gpu->data(Qt::UserRole).toDouble();
      // The bars: one stacked bar per entry, its total beside it.
      QVERIFY2(near(m_compare->strategyBars()->totalNs(i), table),
               qPrintable(QStringLiteral("row %1: bars %2 ns, table %3 ns").arg(i).arg(m_compare->strategyBars()->totalNs(i)).arg(table)));
      QCOMPARE(m_compare->strategyBars()->totalText(i), gpu->text());
      QVERIFY(near(table, spans));
      // The panel's timeline (gaps between submissions cut out) is as long.
      const frontier::ui::RunModel* runModel = model->runModel(i);
      QVERIFY(near(runModel->endNs(), spans));
      // Its per-iteration bars: each iteration's stack is the iteration's GPU
      // time (the charts' hover and the exports' gpu_us), and they add up.
      double iterations = 0;
      for (int it = 0; it < runModel->iterationCount(); ++it) {
        double stack = 0;
        for (double ns : runModel->kernelTimes(it)) {
          stack += ns;
        }
        QVERIFY2(near(stack, runModel->iteration(it).gpuNs),
                 qPrintable(QStringLiteral("iteration %1: bars %2 ns, gpuNs %3").arg(it).arg(stack).arg(runModel->iteration(it).gpuNs)));
        iterations += runModel->iteration(it).gpuNs;
      }
      QVERIFY(near(iterations, spans));
      // The exported report: the same GPU time, its per-kernel times add up to it.
      const QJsonObject report = reports[i].toObject();
      const double gpuMs = report.value("totals").toObject().value("gpu_ms").toDouble();
      QVERIFY(near(gpuMs * 1e6, spans));
      double perKernel = 0;
      const QJsonObject kinds = report.value("gpu_ms_per_kernel").toObject();
      for (auto it = kinds.begin(); it != kinds.end(); ++it) {
        perKernel += it.value().toDouble();
      }
      QVERIFY(near(perKernel, gpuMs));
      // The submitted time holds the idle dispatches besides: never less.
      const double submittedMs = report.value("totals").toObject().value("submitted_ms").toDouble();
      QVERIFY(submittedMs >= gpuMs * (1 - 1e-9));
      // ... and the table shows it apart, under its own name.
      const QTableWidgetItem* submitted = m_compare->table()->item(i, frontier::ui::CompareTable::Submitted);
      QVERIFY(submitted != nullptr);
      QCOMPARE(submitted->text(), frontier::ui::formatDuration(submittedMs * 1e6));
      QCOMPARE(m_compare->table()->horizontalHeaderItem(frontier::ui::CompareTable::Submitted)->text(),
               QStringLiteral("Submitted"));
      qInfo("entry %d: GPU %.3f ms, submitted %.3f ms", i, gpuMs, report.value("totals").toObject().value("submitted_ms").toDouble());
      const QJsonObject repeats = report.value("repeats").toObject();
      QCOMPARE(repeats.value("timed").toInt(), static_cast<int>(run.timedCount()));
      QVERIFY(near(repeats.value("gpu_ms_median").toDouble(), gpuMs));
      QCOMPARE(repeats.value("runs").toArray().size(), static_cast<qsizetype>(run.samples.size()));
    }
  }

  void scriptedComparisonTakesRepeats() {
    MainWindow window(frontier::test::testWindowOptions());
    window.show();
    frontier::ui::ScriptOptions options;
    options.graph = "demo:karate";
    options.compare = "coalesced,workgroups,coalesced-bottom-up";
    options.repeats = 3;
    options.run = true;
    QString error;
    QCOMPARE(frontier::test::runScript(window, options, &error), 0);
    QVERIFY2(error.isEmpty(), qPrintable(error));
    const frontier::ui::CompareModel* model = window.compareWindow()->model();
    QCOMPARE(model->count(), 3);
    QCOMPARE(window.compareWindow()->repeats(), 3);
    std::vector<std::pair<int, int>> timed; // (order, entry)
    for (int i = 0; i < 3; ++i) {
      QVERIFY(model->result(i)->verified());
      QCOMPARE(model->result(i)->timedCount(), size_t{3});
      for (const frontier::run::RunSample& sample : model->result(i)->samples) {
        if (!sample.warmup) {
          timed.emplace_back(sample.order, i);
        }
      }
    }
    std::sort(timed.begin(), timed.end());
    for (size_t k = 0; k < timed.size(); ++k) {
      QCOMPARE(timed[k].second, static_cast<int>(k % 3));
    }

    MainWindow other(frontier::test::testWindowOptions());
    options.repeats = 0;
    QCOMPARE(frontier::test::runScript(other, options, &error), 2);
    QVERIFY2(error.contains("--repeats"), qPrintable(error));
  }

  // Without a GPU: spreads that overlap are within noise, and only kernels
  // beyond the noise are named.
  void whyLineWithoutGpu() {
    // A: 10 ms (9.6 to 10.4), identify 20%; B: 10.1 ms (9.7 to 10.6): within noise.
    const auto a = frontier::ui::summarize(entryOf({10.0, 9.6, 10.4, 10.2, 9.8}, 0.2));
    const auto b = frontier::ui::summarize(entryOf({10.1, 9.7, 10.6, 10.3, 9.9}, 0.2));
    QCOMPARE(a.gpuMs, 10.0);
    QCOMPARE(a.gpu.min, 9.6);
    QCOMPARE(a.gpu.max, 10.4);
    QCOMPARE(a.gpu.count, 5);
    const frontier::ui::Difference d = frontier::ui::differenceFrom(a, b);
    QVERIFY(d.gpuWithinNoise);
    QVERIFY(!d.anyKindBeyondNoise);
    const QString same = frontier::ui::explainDifference("A", a, "B", b);
    QVERIFY2(same.startsWith("B is within noise of A"), qPrintable(same));
    QVERIFY2(!same.contains("faster") && !same.contains("slower"), qPrintable(same));
    QVERIFY2(same.contains("no kernel differs by more than the noise"), qPrintable(same));
    // C: about 5 ms, all of it expand (identify the same as A's): 2× faster,
    // and the why-line speaks of expand only.
    const auto c = frontier::ui::summarize(entryOf({5.0, 4.9, 5.2, 5.1, 4.8}, 0.4));
    const frontier::ui::Difference dc = frontier::ui::differenceFrom(a, c);
    QVERIFY(!dc.gpuWithinNoise);
    QCOMPARE(dc.largestKind, static_cast<size_t>(frontier::engine::KernelKind::ExpandTopDown));
    QVERIFY(!dc.kindBeyondNoise[static_cast<size_t>(frontier::engine::KernelKind::Identify)]);
    const QString faster = frontier::ui::explainDifference("A", a, "C", c);
    QVERIFY2(faster.startsWith("C is 2.00× faster than A"), qPrintable(faster));
    QVERIFY2(faster.contains("most of the difference: expand-top-down −"), qPrintable(faster));
    QVERIFY2(!faster.contains("identify"), qPrintable(faster));
    // One timed run each: no noise estimate, any difference counts.
    const auto one = frontier::ui::summarize(entryOf({10.0}, 0.2));
    const auto other = frontier::ui::summarize(entryOf({10.1}, 0.2));
    QVERIFY(!frontier::ui::differenceFrom(one, other).gpuWithinNoise);
  }

  void cleanupTestCase() {
    m_window.reset(); // its device goes: errors at teardown count too
    EngineUiTest::cleanupTestCase();
  }

private:
  std::unique_ptr<MainWindow> m_window;
  CompareWindow* m_compare = nullptr;
  std::vector<std::pair<int, size_t>> m_arrivals; // (entry, its timed runs so far) per result received
};

QTEST_MAIN(CompareNoiseTest)
#include "CompareNoiseTest.moc"
