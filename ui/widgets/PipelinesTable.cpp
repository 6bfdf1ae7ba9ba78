#include "widgets/PipelinesTable.h"

#include <algorithm>

#include <QHeaderView>
#include <QLabel>
#include <QTableWidget>
#include <QVBoxLayout>

#include "report/PipelineText.h"

namespace frontier::ui {

namespace {

QString bytes(const std::optional<uint64_t>& value) {
  return value ? QStringLiteral("%1 B").arg(*value) : QStringLiteral("—");
}

// Local memory, and the registers spilled where the driver counts them.
QString spills(const engine::PipelineResources& p) {
  QString text = bytes(p.localBytes);
  if (p.spilledRegisters) {
    text += PipelinesTable::tr(" · %n register(s) spilled", nullptr, static_cast<int>(*p.spilledRegisters));
  }
  return text;
}

QString rawStatistics(const engine::PipelineResources& p) {
  QStringList lines{PipelinesTable::tr("%1, executable %2 (the driver's statistics):")
                        .arg(QString::fromStdString(p.name), QString::fromStdString(p.executable))};
  for (const auto& [name, value] : p.statistics) {
    lines << QStringLiteral("%1 = %2").arg(QString::fromStdString(name), QString::fromStdString(value));
  }
  return lines.join(QLatin1Char('\n'));
}

} // namespace

PipelinesTable::PipelinesTable(QWidget* parent) : QWidget(parent), m_table(new QTableWidget(0, 7)), m_note(new QLabel) {
  setObjectName("pipelinesPanel");
  m_table->setObjectName("pipelinesTable");
  m_table->setHorizontalHeaderLabels({tr("Pipeline"), tr("Registers"), tr("Shared memory"), tr("Spills / local"),
                                      tr("Workgroup"), tr("Occupancy"), tr("Limited by")});
  m_table->horizontalHeaderItem(1)->setToolTip(tr("32-bit registers per invocation"));
  m_table->horizontalHeaderItem(2)->setToolTip(tr("Shared (workgroup) memory per workgroup"));
  m_table->horizontalHeaderItem(3)->setToolTip(
      tr("Local (scratch) memory per invocation: registers spilled and local arrays"));
  m_table->horizontalHeaderItem(5)->setToolTip(
      tr("Resident threads per multiprocessor over the most it holds, as the registers, shared memory, threads "
         "and workgroup slots allow (a table of known devices; the user guide lists it)"));
  m_table->verticalHeader()->hide();
  m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
  m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
  m_note->setObjectName("pipelinesNote");
  m_note->setWordWrap(true);
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->addWidget(m_table, 1);
  layout->addWidget(m_note);
  setPipelines(std::nullopt);
}

void PipelinesTable::setPipelines(const std::optional<std::vector<engine::PipelineResources>>& pipelines) {
  const std::vector<engine::PipelineResources> none;
  const std::vector<engine::PipelineResources>& rows = pipelines ? *pipelines : none;
  m_table->setRowCount(static_cast<int>(rows.size()));
  int row = 0;
  for (const engine::PipelineResources& p : rows) {
    const QString tip = rawStatistics(p);
    const auto set = [&](int column, const QString& text) {
      auto* item = new QTableWidgetItem(text);
      item->setTextAlignment(column == 0 || column == 6 ? Qt::AlignLeft | Qt::AlignVCenter
                                                        : Qt::AlignRight | Qt::AlignVCenter);
      item->setToolTip(tip);
      m_table->setItem(row, column, item);
    };
    set(0, QString::fromStdString(p.name));
    set(1, p.registers ? QString::number(*p.registers) : QStringLiteral("—"));
    set(2, bytes(p.sharedBytes));
    set(3, spills(p));
    set(4, QString::fromStdString(report::workgroupText(p.workgroupSize)));
    set(5, p.occupancy ? QString::fromStdString(report::occupancyText(p, true)) : QStringLiteral("—"));
    set(6, p.occupancy ? QString::fromStdString(std::string(engine::occupancyLimitName(p.occupancy->limitedBy)))
                       : QString::fromStdString(p.occupancyNote));
    ++row;
  }
  if (!pipelines) {
    m_note->setText(tr("Pipeline statistics were off for this run. Turn on Run > Count invocations and pipeline "
                       "statistics (or start frontier-lab --pipeline-statistics): the next run then lists each "
                       "pipeline's registers, shared memory and spills; frontier-cli run --pipeline-statistics "
                       "--json writes them into a report."));
  } else if (rows.empty()) {
    m_note->setText(tr("registers, shared memory and spills are not reported by this device "
                       "(no VK_KHR_pipeline_executable_properties)"));
  } else {
    const auto unknown =
        std::find_if(rows.begin(), rows.end(), [](const engine::PipelineResources& p) { return !p.occupancy; });
    m_note->setText(unknown != rows.end()
                        ? tr("Occupancy: %1.").arg(QString::fromStdString(unknown->occupancyNote))
                        : tr("Occupancy: resident threads per multiprocessor over the most it holds, at most, as "
                             "the registers, shared memory, threads and workgroup slots allow; hover a row for "
                             "the driver's own statistics."));
  }
}

QString PipelinesTable::note() const {
  return m_note->text();
}

} // namespace frontier::ui
