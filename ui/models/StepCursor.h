#pragma once
// The one step every view shows. The step is the iteration selected in the
// RunModel (charts, timeline and time bars already follow that selection);
// this object keeps the ViewHistory (graph view, status arrays, teaching
// line) on the same iteration both ways: a chart or timeline click moves the
// history to that iteration's snapshot, and Back/Forward on the history
// select the iteration in the RunModel. It also owns the numbering people
// read, so the toolbar, the sentence and the views all say "Step 3 (level 2)".
//
// A step without a snapshot (a graph above ViewHistory::kMaxVertices keeps
// only the latest state) leaves the history where it is; shownBySnapshots()
// then says false and the views say which step they still show.
//
// Thread affinity: GUI thread.

#include <QObject>
#include <QString>

namespace frontier::ui {

class RunModel;
class ViewHistory;
struct ViewState;

class StepCursor : public QObject {
  Q_OBJECT
public:
  StepCursor(RunModel* run, ViewHistory* history, QObject* parent = nullptr);

  // The iteration shown (index into RunModel's iterations), -1 before the first step.
  int step() const;
  // The graph view and status arrays show this very step.
  bool shownBySnapshots() const;
  void moveTo(int iteration);
  // Moves to the step at which `pair`'s search identified its destination
  // (`length` hops from the source); false when no iteration of the run is that step.
  bool moveToPairFound(int pair, int length);

  // "Step 3 (level 2)", with the batch when the run has several; steps count
  // from 1 for people, levels from 0 (the source is level 0).
  static QString stepName(const RunModel& run, int iteration);

signals:
  void moved(int step); // the step shown, or the snapshot showing it, changed

private:
  void onSelectionChanged(int iteration);
  void onHistoryChanged();
  int batchOfPair(int pair) const;

  RunModel* m_run;
  ViewHistory* m_history;
};

} // namespace frontier::ui
