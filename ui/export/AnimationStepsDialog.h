#pragma once
// File > Export animation's second question: which steps. Two spin boxes,
// counted from 1 as every view names steps, all steps to begin with; the
// first cannot pass the last.
//
// Thread affinity: GUI thread.

#include <QDialog>

#include "export/AnimationExport.h"

class QSpinBox;

namespace frontier::ui {

class AnimationStepsDialog : public QDialog {
  Q_OBJECT
public:
  // `stepCount` > 0: the steps of the run shown.
  explicit AnimationStepsDialog(int stepCount, QWidget* parent = nullptr);

  QSpinBox* firstBox() const noexcept { return m_first; }
  QSpinBox* lastBox() const noexcept { return m_last; }
  // The chosen steps as iterations (0-based).
  AnimationRange range() const;

private:
  QSpinBox* m_first;
  QSpinBox* m_last;
};

} // namespace frontier::ui
