#pragma once
// The "Roofline" dock of the main window: the shown run's kernels against
// the roofs of the device it runs on (RooflinePanel), the roofs read from the
// cache `frontier-cli selftest` fills (engine/Roofs.h). Kept apart from
// MainWindow so the window only creates it. Redraws when the run's kernels
// change, and only while the dock is visible.
//
// Thread affinity: GUI thread.

#include <QObject>

#include "engine/Trace.h"

class QDockWidget;
class QMainWindow;

namespace frontier::ui {

class LabController;
class RooflinePanel;

class RooflineDock : public QObject {
  Q_OBJECT
public:
  // Adds the dock to `window` as a tab beside `besideDock`.
  RooflineDock(QMainWindow* window, LabController* controller, QDockWidget* besideDock);

  QDockWidget* dock() const noexcept { return m_dock; }
  RooflinePanel* panel() const noexcept { return m_panel; }
  const engine::DeviceRoofs& roofs() const noexcept { return m_roofs; }

private:
  void refresh();

  LabController* m_controller;
  RooflinePanel* m_panel;
  QDockWidget* m_dock;
  engine::DeviceRoofs m_roofs;
  bool m_stale = true;
};

} // namespace frontier::ui
