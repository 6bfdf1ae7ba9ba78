#include "models/ResultsModel.h"

#include <limits>

#include <QBrush>
#include <QColor>
#include <QtConcurrent/QtConcurrentRun>

#include "run/Verify.h"
#include "theme/ThemeManager.h"

namespace frontier::ui {

ResultsModel::ResultsModel(QObject* parent) : QAbstractTableModel(parent) {}

ResultsModel::~ResultsModel() {
  if (m_watcher != nullptr) {
    m_watcher->disconnect(this);
  }
}

void ResultsModel::setResult(const RunResult& result) {
  beginResetModel();
  m_result = result;
  m_lengths = m_result.results.lengths;
  m_reference.reset();
  m_mismatches = 0;
  m_reachable = 0;
  for (const double length : m_lengths) {
    m_reachable += length != reference::kNoPath ? 1U : 0U;
  }
  endResetModel();

  // A new watcher per check: a stale check finishing late is simply ignored.
  const uint64_t generation = ++m_generation;
  delete m_watcher;
  m_watcher = new QFutureWatcher<std::vector<reference::PathLength>>(this);
  connect(m_watcher, &QFutureWatcherBase::finished, this, [this, generation] {
    if (generation == m_generation) {
      onReferenceReady();
    }
  });
  std::shared_ptr<const graph::Graph> graph = m_result.graph;
  std::vector<graph::Pair> pairs = m_result.pairs;
  const run::Unit unit = m_result.results.unit;
  m_watcher->setFuture(
      QtConcurrent::run([graph, pairs, unit] { return run::referenceLengths(*graph, pairs, unit); }));
  emit summaryChanged(summary());
}

void ResultsModel::clear() {
  ++m_generation;
  beginResetModel();
  m_result = {};
  m_lengths.clear();
  m_reference.reset();
  m_mismatches = 0;
  m_reachable = 0;
  endResetModel();
  emit summaryChanged(summary());
}

void ResultsModel::onReferenceReady() {
  m_reference = m_watcher->result();
  m_mismatches = 0;
  if (m_reference->size() != m_lengths.size()) {
    m_mismatches = m_lengths.size();
  } else {
    for (size_t i = 0; i < m_lengths.size(); ++i) {
      m_mismatches += agrees(i) ? 0U : 1U;
    }
  }
  if (rowCount() > 0) {
    emit dataChanged(index(0, Reference), index(rowCount() - 1, Check));
  }
  emit summaryChanged(summary());
  emit checkFinished(m_mismatches);
}

bool ResultsModel::agrees(size_t row) const {
  return run::agrees((*m_reference)[row], m_lengths[row], m_result.results.unit, m_result.results.exact);
}

QString ResultsModel::summary() const {
  const auto pairs = m_result.pairs.size();
  if (pairs == 0) {
    return tr("No results yet: run the search to the end.");
  }
  QString line = tr("%n pair(s): %1 reachable, %2 unreachable. ", nullptr, static_cast<int>(pairs))
                     .arg(m_reachable)
                     .arg(pairs - m_reachable);
  if (!m_reference) {
    return line + tr("Checking against the CPU reference…");
  }
  if (m_mismatches == 0) {
    return line + tr("CPU reference: all %1 match.").arg(pairs);
  }
  return line + tr("CPU reference: %1 of %2 DIFFER.").arg(m_mismatches).arg(pairs);
}

int ResultsModel::rowCount(const QModelIndex& parent) const {
  return parent.isValid() ? 0 : static_cast<int>(m_result.pairs.size());
}

int ResultsModel::columnCount(const QModelIndex& parent) const {
  return parent.isValid() ? 0 : ColumnCount;
}

QString ResultsModel::lengthText(double length) const {
  if (length == reference::kNoPath) {
    return tr("unreachable");
  }
  return m_result.results.exact ? QString::number(static_cast<qlonglong>(length)) : QString::number(length, 'g', 9);
}

QVariant ResultsModel::data(const QModelIndex& index, int role) const {
  if (!index.isValid() || index.row() >= rowCount()) {
    return {};
  }
  const auto row = static_cast<size_t>(index.row());
  const graph::Pair& pair = m_result.pairs[row];
  const double length = m_lengths[row];
  const std::optional<double> cpu = m_reference ? std::optional<double>((*m_reference)[row].length) : std::nullopt;
  const bool differs = cpu && !agrees(row);
  const auto sortable = [](double l) { return l == reference::kNoPath ? std::numeric_limits<double>::max() : l; };
  switch (role) {
  case Qt::DisplayRole:
    switch (index.column()) {
    case Source:
      return QString::number(m_result.graph->fileId(pair.source));
    case Destination:
      return QString::number(m_result.graph->fileId(pair.destination));
    case Length:
      return lengthText(length);
    case Reference:
      return cpu ? lengthText(*cpu) : tr("…");
    case Check:
      return !cpu ? tr("pending") : differs ? tr("✗ differs") : tr("✓");
    default:
      return {};
    }
  case Qt::UserRole:
    switch (index.column()) {
    case Source:
      return qulonglong{m_result.graph->fileId(pair.source)};
    case Destination:
      return qulonglong{m_result.graph->fileId(pair.destination)};
    case Length:
      return sortable(length);
    case Reference:
      return cpu ? sortable(*cpu) : QVariant();
    case Check:
      return differs ? 1 : 0;
    default:
      return {};
    }
  case Qt::TextAlignmentRole:
    return index.column() == Check ? QVariant(Qt::AlignCenter) : QVariant(Qt::AlignRight | Qt::AlignVCenter);
  case Qt::ForegroundRole:
    if (differs) {
      return QBrush(currentTheme().colours.bad);
    }
    if (index.column() == Check && cpu) {
      return QBrush(currentTheme().colours.good);
    }
    return {};
  default:
    return {};
  }
}

QVariant ResultsModel::headerData(int section, Qt::Orientation orientation, int role) const {
  if (role != Qt::DisplayRole) {
    return {};
  }
  if (orientation == Qt::Vertical) {
    return section + 1;
  }
  switch (section) {
  case Source:
    return tr("Source");
  case Destination:
    return tr("Destination");
  case Length:
    return tr("Length");
  case Reference:
    return tr("CPU");
  case Check:
    return tr("Check");
  default:
    return {};
  }
}

} // namespace frontier::ui
