#include "widgets/StepScrubber.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QSignalBlocker>
#include <QSlider>

#include "models/RunModel.h"
#include "models/StepCursor.h"

namespace frontier::ui {

StepScrubber::StepScrubber(RunModel* run, StepCursor* cursor, QWidget* parent)
    : QWidget(parent), m_run(run), m_cursor(cursor), m_slider(new QSlider(Qt::Horizontal)), m_label(new QLabel) {
  m_slider->setObjectName(QStringLiteral("stepScrubber"));
  m_slider->setToolTip(tr("Drag to show any step run so far in every view"));
  m_slider->setPageStep(1);
  auto* layout = new QHBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->addWidget(new QLabel(tr("Steps:")));
  layout->addWidget(m_slider, 1);
  layout->addWidget(m_label);
  connect(m_slider, &QSlider::valueChanged, this, [this](int value) { m_cursor->moveTo(value - 1); });
  connect(m_cursor, &StepCursor::moved, this, &StepScrubber::update);
  connect(m_run, &RunModel::iterationsAppended, this, &StepScrubber::update);
  connect(m_run, &RunModel::cleared, this, &StepScrubber::update);
  update();
}

void StepScrubber::update() {
  const int steps = m_run->iterationCount();
  const QSignalBlocker block(m_slider);
  m_slider->setRange(steps > 0 ? 1 : 0, steps);
  m_slider->setValue(m_cursor->step() + 1);
  m_slider->setEnabled(steps > 1);
  m_label->setText(tr("%1 / %2").arg(m_cursor->step() + 1).arg(steps));
}

} // namespace frontier::ui
