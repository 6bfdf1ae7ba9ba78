#include "widgets/RunControls.h"

#include <QAction>
#include <QComboBox>
#include <QLabel>
#include <QStyle>

#include "LabController.h"
#include "models/RunModel.h"
#include "models/StepCursor.h"
#include "theme/ThemeManager.h"

namespace frontier::ui {

namespace {

// Spelled out: the toolbar is read aloud in a lecture ("3 steps", not "3 step(s)").
QString stepsText(int steps) {
  return steps == 1 ? RunControls::tr("1 step") : RunControls::tr("%1 steps").arg(steps);
}

} // namespace

RunControls::RunControls(LabController* controller, QWidget* parent)
    : QToolBar(tr("Run"), parent), m_controller(controller), m_speed(new QComboBox), m_position(new QLabel) {
  setObjectName("runControls");
  setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
  m_step = addAction(style()->standardIcon(QStyle::SP_MediaSeekForward), tr("&Step"));
  m_step->setShortcut(Qt::Key_Right);
  m_step->setToolTip(tr("One iteration of the search (Right arrow)"));
  m_play = addAction(style()->standardIcon(QStyle::SP_MediaPlay), tr("&Play"));
  m_play->setCheckable(true);
  m_play->setShortcut(Qt::Key_Space);
  m_play->setToolTip(tr("Step at the chosen speed; again to pause (Space)"));
  m_speed->setObjectName("playSpeed");
  m_speed->setToolTip(tr("Steps per second while playing"));
  for (const int perSecond : {1, 2, 5, 10, 30}) {
    m_speed->addItem(tr("%1 /s").arg(perSecond), 1000 / perSecond);
  }
  m_speed->addItem(tr("fastest"), 0);
  m_speed->setCurrentIndex(2);
  addWidget(m_speed);
  m_run = addAction(style()->standardIcon(QStyle::SP_MediaSkipForward), tr("Run to &end"));
  m_run->setShortcut(Qt::Key_End);
  m_run->setToolTip(tr("Every remaining level of every batch (End)"));
  m_cancel = addAction(style()->standardIcon(QStyle::SP_BrowserStop), tr("&Cancel"));
  m_cancel->setShortcut(Qt::Key_Escape);
  m_cancel->setToolTip(tr("Stop loading or running (Esc)"));
  m_reset = addAction(style()->standardIcon(QStyle::SP_MediaSkipBackward), tr("&Reset"));
  m_reset->setShortcut(Qt::Key_R);
  m_reset->setToolTip(tr("Back to the first level of the first batch (R)"));
  addSeparator();
  m_position->setObjectName("runPosition");
  QFont bold = m_position->font();
  bold.setBold(true);
  m_position->setFont(bold); // the weight only: the size follows the theme's
  // Wide enough that the toolbar does not jump as the text changes, again
  // when a theme changes the font's size.
  const auto fit = [this] {
    m_position->setMinimumWidth(m_position->fontMetrics().horizontalAdvance(
        QStringLiteral("Step 0000 (level 000) of 0000 steps · batch 00/00")));
  };
  fit();
  connect(&ThemeManager::instance(), &ThemeManager::changed, m_position, fit);
  addWidget(m_position);

  connect(m_step, &QAction::triggered, controller, &LabController::step);
  connect(m_play, &QAction::triggered, controller, &LabController::setPlaying);
  connect(m_run, &QAction::triggered, controller, &LabController::runToEnd);
  connect(m_cancel, &QAction::triggered, controller, &LabController::cancel);
  connect(m_reset, &QAction::triggered, controller, &LabController::reset);
  connect(m_speed, &QComboBox::currentIndexChanged, this,
          [this] { m_controller->setPlayInterval(m_speed->currentData().toInt()); });
  m_controller->setPlayInterval(m_speed->currentData().toInt());
  connect(controller, &LabController::stateChanged, this, &RunControls::updateState);
  connect(controller->run(), &RunModel::positionChanged, this, &RunControls::updateState);
  connect(controller->run(), &RunModel::iterationsAppended, this, &RunControls::updateState);
  connect(controller->run(), &RunModel::selectionChanged, this, &RunControls::updateState);
  updateState();
}

QString RunControls::positionText() const {
  return m_position->text();
}

void RunControls::updateState() {
  const RunModel* run = m_controller->run();
  const bool canStep = m_controller->canStep();
  const bool running = m_controller->running();
  const bool playing = m_controller->playing();
  m_step->setEnabled(canStep && !running && !playing);
  m_play->setEnabled(canStep && !running);
  m_play->setChecked(playing);
  m_play->setText(playing ? tr("&Pause") : tr("&Play"));
  m_play->setIcon(style()->standardIcon(playing ? QStyle::SP_MediaPause : QStyle::SP_MediaPlay));
  m_run->setEnabled(canStep && !running);
  m_cancel->setEnabled(running || m_controller->loading() || playing);
  m_reset->setEnabled(run->hasSearch() && !running && run->iterationCount() > 0);

  // The step shown in every view (the selected iteration), named as the views
  // name it, then what has been run.
  const QString shown = StepCursor::stepName(*run, run->selectedIteration());
  if (!run->hasSearch()) {
    // With pairs chosen there is no search while the engine makes it, or
    // when it refused it (too large for the device: its error said why).
    m_position->setText(!m_controller->graph()           ? tr("No graph")
                        : m_controller->pairs().empty() ? tr("No search: choose pairs")
                                                        : tr("No search for these pairs"));
  } else if (run->finished()) {
    const auto skipped = static_cast<int>(run->trace().skippedPairs);
    m_position->setText(tr("Finished · %1 of %2").arg(shown, stepsText(run->iterationCount())) +
                        tr(" · %n batch(es)", nullptr, static_cast<int>(run->batches())) +
                        (skipped > 0 ? tr(" · %n pair(s) in different components", nullptr, skipped) : QString()));
  } else if (run->iterationCount() == 0) {
    m_position->setText(tr("Ready · batch %1/%2 · the first step computes level %3")
                            .arg(run->batch() + 1)
                            .arg(run->batches())
                            .arg(run->level()));
  } else {
    m_position->setText(tr("%1 of %2 · batch %3/%4")
                            .arg(shown, stepsText(run->iterationCount()))
                            .arg(run->batch() + 1)
                            .arg(run->batches()));
  }
}

} // namespace frontier::ui
