#pragma once
// The algorithm beside the pictures: the iBFS level loop (identify, the
// destination check, the direction rule, top-down and bottom-up expand) in
// short pseudocode, with the line the shown step ended on highlighted. It
// follows the StepCursor, so Step, Back, Forward, the scrubber and chart or
// timeline clicks move the highlight; each line names the kernel that runs it
// (the names on the timeline).
//
// Thread affinity: GUI thread.

#include <QWidget>

class QListWidget;

namespace frontier::ui {

class RunModel;
class StepCursor;

class PseudocodePane : public QWidget {
  Q_OBJECT
public:
  enum Line { Sources, Loop, Identify, Check, Stop, Rule, TopDown, BottomUp, Next, LineCount };

  PseudocodePane(RunModel* run, StepCursor* cursor, QWidget* parent = nullptr);

  // The highlighted line.
  Line current() const noexcept { return m_current; }
  QListWidget* list() const noexcept { return m_list; }

private:
  void update();

  RunModel* m_run;
  StepCursor* m_cursor;
  QListWidget* m_list;
  Line m_current = Sources;
};

} // namespace frontier::ui
