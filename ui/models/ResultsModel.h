#pragma once
// The lengths of a finished run, one row per pair, in the ids of the user's
// file, each checked against the CPU reference of its unit (run::verify's:
// CPU BFS for hop counts, Dijkstra for weighted lengths), computed on a
// QtConcurrent pool thread so the GUI never waits for it.
//
// Columns: source, destination, length, CPU reference, check. Qt::DisplayRole
// gives text; Qt::UserRole gives numbers for sorting through a
// QSortFilterProxyModel (unreachable sorts last).
//
// Thread affinity: GUI thread.

#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

#include <QAbstractTableModel>
#include <QFutureWatcher>

#include "EngineMessages.h"
#include "reference/Dijkstra.h"

namespace frontier::ui {

class ResultsModel : public QAbstractTableModel {
  Q_OBJECT
public:
  enum Column { Source, Destination, Length, Reference, Check, ColumnCount };

  explicit ResultsModel(QObject* parent = nullptr);
  ~ResultsModel() override;

  // Shows `result` and starts checking it against the CPU reference.
  void setResult(const RunResult& result);
  void clear();

  const RunResult& result() const noexcept { return m_result; }
  bool empty() const noexcept { return m_result.pairs.empty(); }
  // Per pair: hops or weighted length, reference::kNoPath when unreachable.
  const std::vector<double>& lengths() const noexcept { return m_lengths; }
  bool checked() const noexcept { return m_reference.has_value(); }
  size_t mismatches() const noexcept { return m_mismatches; }
  // One line for the panel: counts, reachability and the reference check.
  QString summary() const;

  int rowCount(const QModelIndex& parent = {}) const override;
  int columnCount(const QModelIndex& parent = {}) const override;
  QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
  QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

signals:
  void summaryChanged(const QString& summary);
  void checkFinished(size_t mismatches);

private:
  void onReferenceReady();
  QString lengthText(double length) const;
  bool agrees(size_t row) const;

  RunResult m_result;
  std::vector<double> m_lengths;
  std::optional<std::vector<reference::PathLength>> m_reference;
  size_t m_mismatches = 0;
  size_t m_reachable = 0;
  uint64_t m_generation = 0;
  QFutureWatcher<std::vector<reference::PathLength>>* m_watcher = nullptr;
};

} // namespace frontier::ui
