#include "compare/ComparePanel.h"

#include <QLabel>
#include <QLocale>
#include <QVBoxLayout>
#include <QtCharts/QLineSeries>

#include "compare/CompareModel.h"
#include "models/RunModel.h"
#include "theme/ThemeManager.h"
#include "widgets/IterationChart.h"
#include "widgets/KernelTimeBars.h"
#include "widgets/TimeAxis.h"

namespace frontier::ui {

QColor runColor(int index) {
  // Okabe-Ito: distinguishable with the common colour-vision deficiencies.
  static const QColor colors[] = {QColor(0x00, 0x72, 0xb2), QColor(0xd5, 0x5e, 0x00), QColor(0x00, 0x9e, 0x73),
                                  QColor(0xcc, 0x79, 0xa7)};
  return colors[static_cast<size_t>(index) % std::size(colors)];
}

namespace {

ChartMetric frontierMetric(bool sssp) {
  if (sssp) {
    return {QObject::tr("Near bucket"), QObject::tr("entries"),
            [](const engine::IterationStats& it) { return static_cast<double>(it.nearSize); }};
  }
  return {QObject::tr("JFQ length"), QObject::tr("vertices"),
          [](const engine::IterationStats& it) { return static_cast<double>(it.jfqLength); }};
}

} // namespace

ComparePanel::ComparePanel(CompareModel* model, int index, QWidget* parent)
    : QWidget(parent), m_model(model), m_index(index), m_header(new QLabel),
      m_chart(new IterationChart(model->runModel(index),
                                 frontierMetric(model->variants()[static_cast<size_t>(index)].sssp))),
      m_bars(new KernelTimeBars(model->runModel(index))) {
  setObjectName(QStringLiteral("comparePanel%1").arg(index));
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(2, 2, 2, 2);
  m_header->setTextFormat(Qt::RichText);
  m_header->setWordWrap(true);
  m_header->setObjectName("panelHeader");
  layout->addWidget(m_header);
  m_chart->setColour(runColor(index));
  m_chart->setMinimumHeight(140);
  layout->addWidget(m_chart, 3);
  layout->addWidget(m_bars, 2);
  // Any entry's result: the baseline's changes the ratio, another's may show
  // that the entries ran on several devices (the header then names this one's).
  connect(model, &CompareModel::runChanged, this, &ComparePanel::refresh);
  connect(model, &CompareModel::baselineChanged, this, &ComparePanel::refresh);
  connect(&ThemeManager::instance(), &ThemeManager::changed, this, &ComparePanel::refresh); // the header's colours
  refresh();
}

QString ComparePanel::headerText() const {
  return m_header->text();
}

void ComparePanel::refresh() {
  const ViewColours& colours = currentTheme().colours;
  const QString good = colours.good.name();
  const QString bad = colours.bad.name();
  QString title = QStringLiteral("<span style='color:%1'>■</span> <b>%2</b>%3")
                      .arg(runColor(m_index).name(), m_model->name(m_index).toHtmlEscaped(),
                           m_index == m_model->baseline() ? tr(" · baseline") : QString());
  if (m_model->severalDevices() && !m_model->device(m_index).isEmpty()) {
    title += tr(" · on %1").arg(m_model->device(m_index).toHtmlEscaped());
  }
  const auto& result = m_model->result(m_index);
  if (!result) {
    m_header->setText(title + (m_model->cancelled() ? tr("<br>cancelled before it ran") : tr("<br>waiting to run…")));
    return;
  }
  if (!result->error.empty()) {
    m_header->setText(title + tr("<br><span style='color:%1'>failed: %2</span>")
                                  .arg(bad, QString::fromStdString(result->error).toHtmlEscaped()));
    return;
  }
  const RunSummary summary = m_model->summary(m_index);
  const QString check =
      result->verified() ? tr("<span style='color:%1'>✔ %2 pairs match the CPU</span>").arg(good).arg(result->checked)
                         : tr("<span style='color:%1'>✘ %2 of %3 pairs differ from the CPU</span>")
                               .arg(bad)
                               .arg(result->mismatches)
                               .arg(result->checked);
  const QString gpu = summary.gpu.count > 1
                          ? tr("GPU median %1 of %2 runs").arg(medianWithSpread(summary.gpu)).arg(summary.gpu.count)
                          : tr("GPU %1").arg(formatDuration(summary.gpuMs * 1e6));
  QString line = tr("%1 · %2 iterations · %3").arg(gpu).arg(summary.iterations).arg(check);
  if (result->checked == 0) { // a saved report (File > Open report): not checked here
    line = tr("%1 · %2 iterations · not checked (a saved report)").arg(gpu).arg(summary.iterations);
  }
  if (result->differingRuns > 0) {
    line += tr(" · <span style='color:%1'>✘ %n run(s) gave other lengths</span>", "",
               static_cast<int>(result->differingRuns))
                .arg(bad);
  }
  if (m_index != m_model->baseline() && m_model->result(m_model->baseline())) {
    const Difference d = differenceFrom(m_model->summary(m_model->baseline()), summary);
    if (d.gpuWithinNoise) {
      line += tr(" · <b style='color:%1'>%2 GPU time of the baseline, within noise</b>")
                  .arg(colours.muted.name(), ratioText(d.gpuRatio));
    } else {
      line += tr(" · <b style='color:%1'>%2 GPU time of the baseline</b>")
                  .arg(d.gpuRatio <= 1 ? good : bad, ratioText(d.gpuRatio));
    }
  }
  m_header->setText(title + QStringLiteral("<br>") + line);
}

} // namespace frontier::ui
