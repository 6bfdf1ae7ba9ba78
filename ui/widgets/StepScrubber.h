#pragma once
// A slider over the steps run so far: dragging it moves the StepCursor, so
// every view (graph view, status arrays, charts, timeline, sentence) shows the
// step under the handle; it follows the cursor when something else moves it.
//
// Thread affinity: GUI thread.

#include <QWidget>

class QLabel;
class QSlider;

namespace frontier::ui {

class RunModel;
class StepCursor;

class StepScrubber : public QWidget {
  Q_OBJECT
public:
  StepScrubber(RunModel* run, StepCursor* cursor, QWidget* parent = nullptr);

  QSlider* slider() const noexcept { return m_slider; }

private:
  void update();

  RunModel* m_run;
  StepCursor* m_cursor;
  QSlider* m_slider;
  QLabel* m_label;
};

} // namespace frontier::ui
