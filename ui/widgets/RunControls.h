#pragma once
// The run toolbar: Step (Right), Play/Pause (Space) at a chosen speed, Run to
// end (End), Cancel (Esc) and Reset (R), and where the search stands: the
// step every view shows (StepCursor's numbering), the steps run and the
// batch. Enabled states follow the LabController.
//
// Thread affinity: GUI thread.

#include <QToolBar>

class QAction;
class QComboBox;
class QLabel;

namespace frontier::ui {

class LabController;

class RunControls : public QToolBar {
  Q_OBJECT
public:
  explicit RunControls(LabController* controller, QWidget* parent = nullptr);

  QAction* stepAction() const noexcept { return m_step; }
  QAction* playAction() const noexcept { return m_play; }
  QAction* runAction() const noexcept { return m_run; }
  QAction* cancelAction() const noexcept { return m_cancel; }
  QAction* resetAction() const noexcept { return m_reset; }
  QComboBox* speedBox() const noexcept { return m_speed; }
  // "Step 3 (level 2) of 5 steps · batch 1/1", as shown.
  QString positionText() const;

private:
  void updateState();

  LabController* m_controller;
  QAction* m_step;
  QAction* m_play;
  QAction* m_run;
  QAction* m_cancel;
  QAction* m_reset;
  QComboBox* m_speed;
  QLabel* m_position;
};

} // namespace frontier::ui
