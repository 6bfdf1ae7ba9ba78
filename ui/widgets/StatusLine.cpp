#include "widgets/StatusLine.h"

#include <algorithm>

#include <QHBoxLayout>
#include <QLabel>
#include <QProgressBar>
#include <QToolButton>

namespace frontier::ui {

StatusLine::StatusLine(QAction* cancel, QWidget* parent)
    : QWidget(parent), m_message(new QLabel), m_progress(new QProgressBar), m_cancel(new QToolButton) {
  auto* layout = new QHBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  m_message->setObjectName("statusText");
  layout->addWidget(m_message, 1);
  m_progress->setObjectName("progress");
  m_progress->setMaximumWidth(220);
  m_progress->setTextVisible(false);
  layout->addWidget(m_progress);
  m_cancel->setDefaultAction(cancel);
  m_cancel->setToolButtonStyle(Qt::ToolButtonTextOnly);
  layout->addWidget(m_cancel);
  setWorking(false);
}

QString StatusLine::text() const {
  return m_message->text();
}

void StatusLine::showMessage(const QString& message) {
  m_message->setText(message);
  m_message->setToolTip(message);
}

void StatusLine::setWorking(bool working) {
  m_progress->setVisible(working);
  m_cancel->setVisible(working);
}

void StatusLine::showBusy() {
  m_progress->setRange(0, 0);
}

void StatusLine::showFraction(double fraction) {
  m_progress->setRange(0, 1000);
  m_progress->setValue(static_cast<int>(std::clamp(fraction, 0.0, 1.0) * 1000));
}

void StatusLine::showRunProgress(const engine::Progress& progress, uint64_t diameterEstimate) {
  const double diameter = static_cast<double>(diameterEstimate);
  const double inBatch = diameter > 0 ? std::min(progress.level / diameter, 0.99) : 0;
  showFraction(progress.batches == 0 ? 1 : (std::min(progress.batch, progress.batches) + inBatch) / progress.batches);
  showMessage(tr("Running: batch %1/%2, level %3, %4 of %5 pairs done")
                  .arg(std::min(progress.batch + 1, progress.batches))
                  .arg(progress.batches)
                  .arg(progress.level)
                  .arg(progress.pairsDone)
                  .arg(progress.pairs));
}

} // namespace frontier::ui
