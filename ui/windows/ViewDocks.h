#pragma once
// The docks that draw the search (issue: see the search): the graph view and
// the status-array view, both following one ViewHistory, and the link from
// the results table (a selected row highlights that pair's shortest path).
// Kept apart from MainWindow so the window only creates and places them.
//
// Thread affinity: GUI thread.

#include <QObject>

class QDockWidget;
class QMainWindow;

namespace frontier::ui {

class GraphViewPanel;
class LabController;
class ResultsPanel;
class StatusArrayView;
class ViewHistory;

class ViewDocks : public QObject {
  Q_OBJECT
public:
  // Adds the docks to `window` (tabified with `besideDock` when given) and
  // turns the engine's view states on.
  ViewDocks(QMainWindow* window, LabController* controller, ResultsPanel* results, QDockWidget* besideDock);

  ViewHistory* history() const noexcept { return m_history; }
  GraphViewPanel* graphView() const noexcept { return m_graphView; }
  StatusArrayView* statusArrays() const noexcept { return m_statusArrays; }
  QDockWidget* graphDock() const noexcept { return m_graphDock; }
  QDockWidget* statusDock() const noexcept { return m_statusDock; }

private:
  ViewHistory* m_history;
  GraphViewPanel* m_graphView;
  StatusArrayView* m_statusArrays;
  QDockWidget* m_graphDock;
  QDockWidget* m_statusDock;
};

} // namespace frontier::ui
