#include "windows/RooflineDock.h"

#include <QDockWidget>
#include <QMainWindow>
#include <QScrollArea>

#include "LabController.h"
#include "engine/Roofs.h"
#include "models/RunModel.h"
#include "widgets/RooflinePanel.h"

namespace frontier::ui {

RooflineDock::RooflineDock(QMainWindow* window, LabController* controller, QDockWidget* besideDock)
    : QObject(window), m_controller(controller), m_panel(new RooflinePanel), m_dock(new QDockWidget(tr("Roofline"))) {
  m_dock->setObjectName("rooflineDock");
  // Scrolled rather than squeezed: the plot, the table and the note would
  // otherwise make the timeline's tab group too tall for a 1024 x 700 window.
  auto* scroll = new QScrollArea;
  scroll->setWidget(m_panel);
  scroll->setWidgetResizable(true);
  scroll->setFrameShape(QFrame::NoFrame);
  m_dock->setWidget(scroll);
  window->addDockWidget(Qt::BottomDockWidgetArea, m_dock);
  if (besideDock != nullptr) {
    window->tabifyDockWidget(besideDock, m_dock);
    besideDock->raise();
  }
  RunModel* run = controller->run();
  const auto changed = [this] {
    m_stale = true;
    if (m_dock->isVisible()) {
      refresh();
    }
  };
  connect(run, &RunModel::cleared, this, changed);
  connect(run, &RunModel::kernelsAppended, this, changed);
  connect(controller, &LabController::deviceReady, this, [this, changed](const gpu::DeviceInfo& device) {
    // A small file read once per device: not worth a thread.
    m_roofs = engine::loadCachedRoofs(device).value_or(engine::DeviceRoofs{});
    changed();
  });
  connect(m_dock, &QDockWidget::visibilityChanged, this, [this](bool visible) {
    if (visible && m_stale) {
      refresh();
    }
  });
  if (controller->device()) {
    m_roofs = engine::loadCachedRoofs(*controller->device()).value_or(engine::DeviceRoofs{});
  }
}

void RooflineDock::refresh() {
  m_panel->setRun(m_controller->run()->trace(), m_roofs);
  m_stale = false;
}

} // namespace frontier::ui
