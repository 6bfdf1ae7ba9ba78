#pragma once
// The comparison's roofline: one entry's kernels against the roofs of the
// device that ran it (RooflinePanel), the entry picked in a box (the
// baseline until another is picked). A reopened report brings its own roofs
// (`roofs` of a run report); runs made here use the roofs cached for the
// window's device (frontier-cli selftest). Also the roof sentence each
// entry adds to the why-line.
//
// Thread affinity: GUI thread.

#include <QString>
#include <QWidget>

#include "engine/Trace.h"

class QComboBox;

namespace frontier::run {
struct ComparedRun;
}

namespace frontier::ui {

class CompareModel;
class LabController;
class RooflinePanel;

class CompareRoofline : public QWidget {
  Q_OBJECT
public:
  CompareRoofline(CompareModel* model, LabController* controller, QWidget* parent = nullptr);

  // The entry shown (-1 before any comparison).
  int entry() const noexcept { return m_entry; }
  void showEntry(int index);
  RooflinePanel* panel() const noexcept { return m_panel; }
  QComboBox* entryBox() const noexcept { return m_box; }
  // The roofs an entry's kernels are held to: its own, or the window's
  // device's cached ones for a run made on that device; zero otherwise.
  engine::DeviceRoofs roofsFor(const run::ComparedRun& run) const;
  // "expand-top-down reaches 38% of the random-gather roof; …" for the
  // entry, or "" without roofs or bytes moved.
  QString roofSentence(int index) const;

private:
  void rebuild(); // new entries: the box's names
  void refresh(); // the shown entry's run

  CompareModel* m_model;
  LabController* m_controller;
  QComboBox* m_box;
  RooflinePanel* m_panel;
  int m_entry = -1;
  bool m_picked = false; // an entry was picked in the box: baseline changes no longer move it
};

} // namespace frontier::ui
