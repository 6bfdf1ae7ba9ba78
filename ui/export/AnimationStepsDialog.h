#pragma once
// File > Export animation's second question: which steps, and whether the
// charts go beside the graph view. Two spin boxes, counted from 1 as every
// view names steps, all steps to begin with; the first cannot pass the last.
// The charts are left out to begin with (the graph view alone, as before).
//
// Thread affinity: GUI thread.

#include <QDialog>

#include "export/AnimationExport.h"

class QCheckBox;
class QSpinBox;

namespace frontier::ui {

class AnimationStepsDialog : public QDialog {
  Q_OBJECT
public:
  // `stepCount` > 0: the steps of the run shown.
  explicit AnimationStepsDialog(int stepCount, QWidget* parent = nullptr);

  QSpinBox* firstBox() const noexcept { return m_first; }
  QSpinBox* lastBox() const noexcept { return m_last; }
  QCheckBox* chartsBox() const noexcept { return m_charts; }
  // The chosen steps as iterations (0-based).
  AnimationRange range() const;
  // Each frame shows the charts beside the graph view.
  bool withCharts() const;

private:
  QSpinBox* m_first;
  QSpinBox* m_last;
  QCheckBox* m_charts;
};

} // namespace frontier::ui
