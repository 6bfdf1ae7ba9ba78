#include "export/AnimationStepsDialog.h"

#include <QCheckBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QSpinBox>

namespace frontier::ui {

AnimationStepsDialog::AnimationStepsDialog(int stepCount, QWidget* parent)
    : QDialog(parent), m_first(new QSpinBox), m_last(new QSpinBox),
      m_charts(new QCheckBox(tr("With the &charts beside the graph view"))) {
  setWindowTitle(tr("Steps to animate"));
  m_first->setRange(1, stepCount);
  m_last->setRange(1, stepCount);
  m_first->setValue(1);
  m_last->setValue(stepCount);
  m_first->setObjectName("firstStep");
  m_last->setObjectName("lastStep");
  m_charts->setObjectName("animationWithCharts");
  m_charts->setToolTip(tr("Each frame also shows the JFQ length, newly visited and edges examined charts, "
                          "their cursor on the frame's step"));
  // Each end bounds the other, so the range is never empty.
  connect(m_first, &QSpinBox::valueChanged, m_last, [this](int first) { m_last->setMinimum(first); });
  connect(m_last, &QSpinBox::valueChanged, m_first, [this](int last) { m_first->setMaximum(last); });
  auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel);
  connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
  connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
  auto* layout = new QFormLayout(this);
  layout->addRow(tr("From step"), m_first);
  layout->addRow(tr("To step"), m_last);
  layout->addRow(m_charts);
  layout->addRow(buttons);
}

AnimationRange AnimationStepsDialog::range() const {
  return {m_first->value() - 1, m_last->value() - 1};
}

bool AnimationStepsDialog::withCharts() const {
  return m_charts->isChecked();
}

} // namespace frontier::ui
