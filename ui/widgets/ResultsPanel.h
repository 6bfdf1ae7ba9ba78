#pragma once
// The results table: one row per pair (ids of the user's file), sortable and
// filterable, each row checked against the CPU reference, with a summary
// line, Copy (the selected rows, tab-separated) and CSV export.
//
// Thread affinity: GUI thread.

#include <QWidget>

class QLabel;
class QLineEdit;
class QPushButton;
class QSortFilterProxyModel;
class QTableView;

namespace frontier::ui {

class ResultsModel;

class ResultsPanel : public QWidget {
  Q_OBJECT
public:
  explicit ResultsPanel(ResultsModel* model, QWidget* parent = nullptr);

  QTableView* table() const noexcept { return m_table; }
  QSortFilterProxyModel* proxy() const noexcept { return m_proxy; }
  QString summary() const;
  void setFilter(const QString& text);
  // The selected rows (all rows when none is selected) as tab-separated text.
  QString selectionText() const;
  void copySelection() const;
  // Writes every result as CSV (graph::writeResultsCsv); false with a message on error.
  bool exportCsv(const QString& path, QString* error = nullptr) const;

private:
  void exportWithDialog();

  ResultsModel* m_model;
  QSortFilterProxyModel* m_proxy;
  QLineEdit* m_filter;
  QTableView* m_table;
  QLabel* m_summary;
  QPushButton* m_copy;
  QPushButton* m_export;
};

} // namespace frontier::ui
