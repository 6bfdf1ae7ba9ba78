#pragma once
// What a comparison is about, said where the comparison window shows it: the
// window title names the main window's graph and pairs; a line above the
// table explains the window before its first comparison, names the graph and
// pairs the shown results were measured on, and marks them as another
// graph's (or other pairs') once the main window has moved on, so results are
// never read as the current graph's.
//
// Thread affinity: GUI thread.

#include <QObject>
#include <QString>

class QLabel;
class QWidget;

namespace frontier::ui {

class CompareModel;
class LabController;

class CompareScope : public QObject {
  Q_OBJECT
public:
  // `window` gets the title. A comparison the model starts is measured here
  // when the controller is comparing right after it started (else it was
  // opened from saved reports).
  CompareScope(QWidget* window, CompareModel* model, LabController* controller);

  QLabel* label() const noexcept { return m_label; }
  // The results shown were measured on another graph or other pairs than the main window's.
  bool stale() const;

  // "karate.txt · 64 random pairs, seed 1", or "" without a graph.
  static QString describe(const LabController& controller);

private:
  void onStarted();
  void update();

  QWidget* m_window;
  CompareModel* m_model;
  LabController* m_controller;
  QLabel* m_label;
  QString m_measuredOn; // what the shown results were measured on ("" before any, or for reports)
  bool m_fromReports = false;
};

} // namespace frontier::ui
