#pragma once
// The docks that draw the search (issue: see the search): the graph view and
// the status-array view and the pseudocode, following one ViewHistory kept on the shown
// step by the StepCursor, and the link from the results table (a selected row
// highlights that pair's shortest path and shows the step that found it).
// Kept apart from MainWindow so the window only creates and places them.
//
// Thread affinity: GUI thread.

#include <QObject>

class QDockWidget;
class QMainWindow;

namespace frontier::ui {

class GraphViewPanel;
class PseudocodePane;
class LabController;
class ResultsPanel;
class StatusArrayView;
class StepCursor;
class ViewHistory;

class ViewDocks : public QObject {
  Q_OBJECT
public:
  // Adds the docks to `window` (tabified with `besideDock` when given) and
  // turns the engine's view states on.
  ViewDocks(QMainWindow* window, LabController* controller, ResultsPanel* results, QDockWidget* besideDock);

  // Puts the docks back where the constructor put them (View > Reset
  // layout): docked and shown, the graph view above `besideDock`, which must
  // be in the window's right area, and the status arrays and the pseudocode
  // as tabs beside it (`besideDock` in front; the lesson brings the status
  // arrays forward).
  void place(QMainWindow* window, QDockWidget* besideDock);

  ViewHistory* history() const noexcept { return m_history; }
  StepCursor* cursor() const noexcept { return m_cursor; }
  GraphViewPanel* graphView() const noexcept { return m_graphView; }
  StatusArrayView* statusArrays() const noexcept { return m_statusArrays; }
  QDockWidget* graphDock() const noexcept { return m_graphDock; }
  QDockWidget* statusDock() const noexcept { return m_statusDock; }
  PseudocodePane* pseudocode() const noexcept { return m_pseudocode; }

private:
  ViewHistory* m_history;
  StepCursor* m_cursor;
  GraphViewPanel* m_graphView;
  StatusArrayView* m_statusArrays;
  QDockWidget* m_graphDock;
  QDockWidget* m_statusDock;
  PseudocodePane* m_pseudocode;
  QDockWidget* m_codeDock;
};

} // namespace frontier::ui
