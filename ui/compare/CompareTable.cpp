#include "compare/CompareTable.h"

#include <QHeaderView>
#include <QLocale>

#include "EngineMessages.h"
#include "compare/CompareModel.h"
#include "compare/ComparePanel.h"
#include "models/Glossary.h"
#include "theme/ThemeManager.h"
#include "widgets/TimeAxis.h"

namespace frontier::ui {

namespace {

QTableWidgetItem* cellOf(const QString& text, Qt::Alignment align = Qt::AlignRight | Qt::AlignVCenter) {
  auto* cell = new QTableWidgetItem(text);
  cell->setTextAlignment(align);
  cell->setFlags(Qt::ItemIsEnabled | Qt::ItemIsSelectable);
  return cell;
}

// Colours a ratio: `lowerIsBetter` for times, not for rates.
QTableWidgetItem* ratioItem(double ratio, bool lowerIsBetter, bool isBaseline) {
  auto* cell = cellOf(isBaseline ? QObject::tr("baseline") : ratioText(ratio));
  cell->setData(Qt::UserRole, ratio);
  if (!isBaseline && ratio > 0 && ratio != 1) {
    const bool better = lowerIsBetter ? ratio < 1 : ratio > 1;
    cell->setForeground(better ? currentTheme().colours.good : currentTheme().colours.bad);
    QFont bold = cell->font();
    bold.setBold(true);
    cell->setFont(bold);
  }
  return cell;
}

// A ratio whose two ranges overlap: its number, grey, "within noise".
void markWithinNoise(QTableWidgetItem* cell, const QFont& plain) {
  cell->setText(QObject::tr("%1 · within noise").arg(cell->text()));
  cell->setForeground(currentTheme().colours.muted);
  cell->setFont(plain);
  cell->setToolTip(QObject::tr("The ranges of this run and the baseline overlap"));
}

} // namespace

CompareTable::CompareTable(CompareModel* model, QWidget* parent) : QTableWidget(parent), m_model(model) {
  setObjectName("summaryTable");
  setEditTriggers(QAbstractItemView::NoEditTriggers);
  setSelectionBehavior(QAbstractItemView::SelectRows);
  verticalHeader()->hide();
  horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
  horizontalHeader()->setStretchLastSection(true);
  setToolTip(tr("Double-click a run to pin it as the baseline"));
  connect(model, &CompareModel::started, this, &CompareTable::rebuild);
  connect(model, &CompareModel::runChanged, this, &CompareTable::rebuild);
  connect(model, &CompareModel::baselineChanged, this, &CompareTable::rebuild);
  connect(&ThemeManager::instance(), &ThemeManager::changed, this, &CompareTable::rebuild); // the cells' colours
  connect(this, &QTableWidget::cellDoubleClicked, this, [this](int row, int) { m_model->setBaseline(row); });
  rebuild();
}

void CompareTable::explainHeaders(const std::vector<size_t>& kinds) {
  // Hovering a column's header says what it measures; the words the glossary
  // has (steps, edges, each kernel) are its own.
  const QString ratio = tr("This run's number divided by the baseline's (double-click a row to pin the baseline); "
                           "green is better, red worse.");
  const QStringList tips = {
      tr("The strategy and its switches, as the engine ran them."),
      tr("Whether every length this run found equals the CPU's breadth-first search (or Dijkstra) for the same "
         "pair."),
      tr("The GPU's own clock: the sum of the kernels' running times of the median timed run."),
      tr("The lowest to the highest GPU time of the timed runs: two runs whose spreads overlap are within noise."),
      ratio,
      tr("How many times the host handed work to the GPU and waited for it."),
      tr("Time on the host's clock from the first submission to the last read-back, waiting included."),
      ratio,
      explain(tr("Step")),
      tr("Edges examined by all searches together per second of GPU time: the work rate."),
      ratio,
  };
  for (int column = 0; column < columnCount(); ++column) {
    QTableWidgetItem* header = horizontalHeaderItem(column);
    const auto index = static_cast<size_t>(column);
    if (header == nullptr) {
      continue;
    }
    if (index < static_cast<size_t>(tips.size())) {
      header->setToolTip(tips[column]);
    } else if (index - static_cast<size_t>(tips.size()) < kinds.size()) {
      const auto kind = static_cast<engine::KernelKind>(kinds[index - static_cast<size_t>(tips.size())]);
      header->setToolTip(tr("The share of the GPU time spent in this kernel. %1").arg(explainKernel(kind)));
    }
  }
}

void CompareTable::rebuild() {
  // The kernel kinds any run used, in the engine's order.
  std::vector<size_t> kinds;
  for (size_t kind = 0; kind < kSummaryKinds; ++kind) {
    for (int i = 0; i < m_model->count(); ++i) {
      if (m_model->summary(i).kindNs[kind] > 0) {
        kinds.push_back(kind);
        break;
      }
    }
  }
  QStringList headers = {tr("Run"),         tr("CPU check"),      tr("GPU time (median)"), tr("GPU spread"),
                         tr("vs baseline"), tr("Submitted"),      tr("Wall time"),         tr("vs baseline"),
                         tr("Iterations"),  tr("Search-edges/s"), tr("vs baseline")};
  for (size_t kind : kinds) {
    headers.append(tr("%1 %").arg(toQString(engine::kernelName(static_cast<engine::KernelKind>(kind)))));
  }
  // Last, so that the fixed columns and the kernels' keep their indices.
  m_deviceColumn = m_model->severalDevices() ? static_cast<int>(headers.size()) : -1;
  if (m_deviceColumn >= 0) {
    headers.append(tr("Device"));
  }
  clear();
  setColumnCount(static_cast<int>(headers.size()));
  setHorizontalHeaderLabels(headers);
  explainHeaders(kinds);
  // Shown beside the names while its logical index stays last; back in
  // logical order first, as the column comes and goes.
  QHeaderView* header = horizontalHeader();
  for (int column = 0; column < columnCount(); ++column) {
    header->moveSection(header->visualIndex(column), column);
  }
  if (m_deviceColumn >= 0) {
    header->moveSection(header->visualIndex(m_deviceColumn), Name + 1);
    horizontalHeaderItem(m_deviceColumn)
        ->setToolTip(tr("The device that ran the entry: the entries ran on several devices at the same time, "
                        "so their times come from different devices."));
  }
  setRowCount(m_model->count());
  const int baseline = m_model->baseline();
  const bool haveBaseline = m_model->result(baseline).has_value();
  const RunSummary base = m_model->summary(baseline);
  const QLocale locale;
  for (int row = 0; row < m_model->count(); ++row) {
    auto* name = cellOf(m_model->name(row) + (row == baseline ? tr(" (baseline)") : QString()),
                        Qt::AlignLeft | Qt::AlignVCenter);
    name->setForeground(runColor(row));
    setItem(row, Name, name);
    if (m_deviceColumn >= 0) {
      setItem(row, m_deviceColumn, cellOf(m_model->device(row), Qt::AlignLeft | Qt::AlignVCenter));
    }
    const auto& result = m_model->result(row);
    if (!result) {
      setItem(row, Check,
              cellOf(m_model->cancelled() ? tr("cancelled") : tr("waiting"), Qt::AlignLeft | Qt::AlignVCenter));
      continue;
    }
    if (!result->error.empty()) {
      auto* failed =
          cellOf(tr("failed: %1").arg(QString::fromStdString(result->error)), Qt::AlignLeft | Qt::AlignVCenter);
      failed->setForeground(currentTheme().colours.bad);
      setItem(row, Check, failed);
      continue;
    }
    QString checkText =
        result->verified() ? tr("✔ all %1 match").arg(result->checked) : tr("✘ %1 differ").arg(result->mismatches);
    if (result->differingRuns > 0) {
      checkText = tr("✘ %n run(s) gave other lengths", "", static_cast<int>(result->differingRuns));
    }
    if (result->checked == 0) {
      checkText = tr("not checked (a saved report)");
    }
    auto* check = cellOf(checkText, Qt::AlignLeft | Qt::AlignVCenter);
    check->setForeground(result->verified() ? currentTheme().colours.good : currentTheme().colours.bad);
    setItem(row, Check, check);
    const RunSummary s = m_model->summary(row);
    const Difference d = differenceFrom(base, s);
    const bool isBaseline = row == baseline || !haveBaseline;
    auto* gpu = cellOf(formatDuration(s.gpuMs * 1e6));
    gpu->setData(Qt::UserRole, s.gpuMs * 1e6);
    gpu->setToolTip(
        tr("Median GPU time of %n timed run(s): the sum of the median run's kernel spans", "", s.gpu.count));
    setItem(row, Gpu, gpu);
    auto* spread = cellOf(s.gpu.count > 1 ? QStringLiteral("%1–%2 (%3)")
                                                .arg(formatDuration(s.gpu.min * 1e6), formatDuration(s.gpu.max * 1e6))
                                                .arg(tr("%n runs", "", s.gpu.count))
                                          : tr("one run"));
    spread->setData(Qt::UserRole, s.gpu.min * 1e6);
    spread->setData(Qt::UserRole + 1, s.gpu.max * 1e6);
    spread->setToolTip(tr("Lowest to highest GPU time of the timed runs (after %n warm-up run(s))", "",
                          static_cast<int>(result->samples.size() - result->timedCount())));
    setItem(row, GpuSpread, spread);
    auto* gpuRatio = ratioItem(d.gpuRatio, true, isBaseline);
    gpuRatio->setData(Qt::UserRole + 1, d.gpuWithinNoise);
    if (!isBaseline && d.gpuWithinNoise) {
      markWithinNoise(gpuRatio, font());
    }
    setItem(row, GpuRatio, gpuRatio);
    auto* submitted = cellOf(formatDuration(s.submittedMs * 1e6));
    submitted->setToolTip(tr("Submitted GPU time of the median run: from the first to the last timestamp of each "
                             "submission, so its GPU time plus the dispatches recorded for levels that did not run"));
    setItem(row, Submitted, submitted);
    setItem(row, Wall, cellOf(formatDuration(s.wallMs * 1e6)));
    auto* wallRatio = ratioItem(d.wallRatio, true, isBaseline);
    if (!isBaseline && d.wallWithinNoise) {
      markWithinNoise(wallRatio, font());
    }
    setItem(row, WallRatio, wallRatio);
    setItem(row, Iterations, cellOf(locale.toString(s.iterations)));
    setItem(row, Rate, cellOf(locale.toString(s.searchEdgesPerSecond, 'g', 3)));
    auto* rateRatio = ratioItem(d.rateRatio, false, isBaseline);
    if (!isBaseline && d.gpuWithinNoise) {
      markWithinNoise(rateRatio, font()); // the rate divides by the same GPU times
    }
    setItem(row, RateRatio, rateRatio);
    for (size_t k = 0; k < kinds.size(); ++k) {
      auto* share = cellOf(QStringLiteral("%1").arg(s.share(kinds[k]) * 100, 0, 'f', 1));
      share->setToolTip(formatDuration(s.kindNs[kinds[k]]));
      setItem(row, FirstKernel + static_cast<int>(k), share);
    }
  }
}

} // namespace frontier::ui
