#include "widgets/ResultsPanel.h"

#include <algorithm>
#include <cmath>
#include <sstream>

#include <QAction>
#include <QApplication>
#include <QClipboard>
#include <QFile>
#include <QFileDialog>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QPushButton>
#include <QSortFilterProxyModel>
#include <QTableView>
#include <QVBoxLayout>

#include "graph/Pairs.h"
#include "models/ResultsModel.h"
#include "report/Report.h"
#include "run/ResultsCsv.h"
#include "theme/ThemeManager.h"

namespace frontier::ui {

ResultsPanel::ResultsPanel(ResultsModel* model, QWidget* parent)
    : QWidget(parent), m_model(model), m_proxy(new QSortFilterProxyModel(this)), m_filter(new QLineEdit),
      m_table(new QTableView), m_summary(new QLabel), m_copy(new QPushButton(tr("&Copy"))),
      m_export(new QPushButton(tr("&Export CSV…"))) {
  setObjectName("resultsPanel");
  m_proxy->setSourceModel(model);
  m_proxy->setSortRole(Qt::UserRole);
  m_proxy->setFilterKeyColumn(-1);
  m_proxy->setFilterCaseSensitivity(Qt::CaseInsensitive);

  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(4, 4, 4, 4);
  m_filter->setObjectName("resultsFilter");
  m_filter->setPlaceholderText(tr("Filter: a vertex id, a length, \"unreachable\", \"differs\"…"));
  m_filter->setClearButtonEnabled(true);
  layout->addWidget(m_filter);

  m_table->setObjectName("resultsTable");
  m_table->setModel(m_proxy);
  m_table->setSortingEnabled(true);
  m_table->sortByColumn(-1, Qt::AscendingOrder); // the order of the pairs until the user sorts
  m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
  m_table->setAlternatingRowColors(true);
  // Rows a line of the font high, again when a theme changes the font (a projector's).
  const auto rowHeight = [this] {
    m_table->verticalHeader()->setDefaultSectionSize(m_table->fontMetrics().height() + 6);
  };
  rowHeight();
  connect(&ThemeManager::instance(), &ThemeManager::changed, m_table, rowHeight);
  m_table->setMinimumHeight(40); // a row or two; the panel fits a 1024 x 700 window
  m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
  layout->addWidget(m_table, 1);

  m_summary->setObjectName("resultsSummary");
  m_summary->setWordWrap(true);
  m_summary->setText(model->summary());
  layout->addWidget(m_summary);

  auto* buttons = new QHBoxLayout;
  buttons->addStretch();
  buttons->addWidget(m_copy);
  buttons->addWidget(m_export);
  layout->addLayout(buttons);

  auto* copyAction = new QAction(tr("Copy"), m_table);
  copyAction->setShortcut(QKeySequence::Copy);
  copyAction->setShortcutContext(Qt::WidgetShortcut);
  m_table->addAction(copyAction);
  connect(copyAction, &QAction::triggered, this, &ResultsPanel::copySelection);
  connect(m_copy, &QPushButton::clicked, this, &ResultsPanel::copySelection);
  connect(m_export, &QPushButton::clicked, this, &ResultsPanel::exportWithDialog);
  connect(m_filter, &QLineEdit::textChanged, this, &ResultsPanel::setFilter);
  connect(model, &ResultsModel::summaryChanged, m_summary, &QLabel::setText);
  connect(model, &QAbstractItemModel::modelReset, this, [this] {
    m_copy->setEnabled(!m_model->empty());
    m_export->setEnabled(!m_model->empty());
  });
  m_copy->setEnabled(false);
  m_export->setEnabled(false);
}

QString ResultsPanel::summary() const {
  return m_summary->text();
}

void ResultsPanel::setFilter(const QString& text) {
  if (m_filter->text() != text) {
    m_filter->setText(text);
  }
  m_proxy->setFilterFixedString(text.trimmed());
}

QString ResultsPanel::selectionText() const {
  QList<int> rows;
  for (const QModelIndex& index : m_table->selectionModel()->selectedRows()) {
    rows.append(index.row());
  }
  if (rows.isEmpty()) {
    for (int row = 0; row < m_proxy->rowCount(); ++row) {
      rows.append(row);
    }
  }
  std::sort(rows.begin(), rows.end());
  QStringList lines;
  QStringList header;
  for (int column = 0; column < m_proxy->columnCount(); ++column) {
    header.append(m_proxy->headerData(column, Qt::Horizontal).toString());
  }
  lines.append(header.join(QLatin1Char('\t')));
  for (const int row : rows) {
    QStringList cells;
    for (int column = 0; column < m_proxy->columnCount(); ++column) {
      cells.append(m_proxy->index(row, column).data().toString());
    }
    lines.append(cells.join(QLatin1Char('\t')));
  }
  return lines.join(QLatin1Char('\n')) + QLatin1Char('\n');
}

void ResultsPanel::copySelection() const {
  if (!m_model->empty()) {
    QApplication::clipboard()->setText(selectionText());
  }
}

bool ResultsPanel::exportCsv(const QString& path, QString* error) const {
  const RunResult& result = m_model->result();
  std::ostringstream out;
  run::writeResultsCsv(out, *result.graph, result.pairs, result.results);
  try {
    report::writeFile(QFile::encodeName(path).toStdString(), out.str()); // all or nothing
  } catch (const std::exception& failure) {
    if (error != nullptr) {
      *error = tr("Cannot write %1: %2").arg(path, QString::fromStdString(failure.what()));
    }
    return false;
  }
  return true;
}

void ResultsPanel::exportWithDialog() {
  const QString path =
      QFileDialog::getSaveFileName(this, tr("Export results"), QStringLiteral("results.csv"), tr("CSV (*.csv)"));
  if (path.isEmpty()) {
    return;
  }
  QString error;
  if (!exportCsv(path, &error)) {
    QMessageBox::warning(this, tr("Export results"), error);
  }
}

} // namespace frontier::ui
