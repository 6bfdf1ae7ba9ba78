#pragma once
// The status bar's contents: the last message, and while a load or a run goes
// on, a progress bar and a Cancel button.
//
// Thread affinity: GUI thread.

#include <cstdint>

#include <QWidget>

#include "engine/ibfs/Search.h"

class QAction;
class QLabel;
class QProgressBar;
class QToolButton;

namespace frontier::ui {

class StatusLine : public QWidget {
  Q_OBJECT
public:
  explicit StatusLine(QAction* cancel, QWidget* parent = nullptr);

  QString text() const;
  void showMessage(const QString& message);
  // Shows or hides the progress bar and Cancel.
  void setWorking(bool working);
  void showBusy(); // progress of unknown extent
  void showFraction(double fraction);
  // A run's position; within a batch the level against the graph's estimated
  // diameter stands in for the unknown number of levels.
  void showRunProgress(const engine::Progress& progress, uint64_t diameterEstimate);

private:
  QLabel* m_message;
  QProgressBar* m_progress;
  QToolButton* m_cancel;
};

} // namespace frontier::ui
