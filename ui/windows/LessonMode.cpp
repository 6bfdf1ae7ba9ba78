#include "windows/LessonMode.h"

#include <QAction>
#include <QDockWidget>

#include "LabController.h"
#include "reference/Bfs.h"
#include "widgets/GraphView.h"
#include "widgets/GraphViewPanel.h"
#include "windows/MainWindow.h"
#include "windows/ViewDocks.h"

namespace frontier::ui {

LessonMode::LessonMode(MainWindow* window)
    : QObject(window), m_window(window), m_action(new QAction(tr("&Lesson"), this)) {
  setObjectName(QStringLiteral("lessonMode"));
  m_action->setObjectName(QStringLiteral("lessonAction"));
  m_action->setCheckable(true);
  m_action->setToolTip(tr("Lesson: one search, top-down, from the first vertex to the farthest one, with large "
                          "labelled vertices on small graphs; again for the research settings"));
  connect(m_action, &QAction::toggled, this, &LessonMode::setActive);
  // After the pairs panel has chosen the new graph's random pairs.
  connect(
      window->controller(), &LabController::graphChanged, this,
      [this] {
        if (m_active) {
          apply();
        }
      },
      Qt::QueuedConnection);
}

std::optional<graph::Pair> LessonMode::lessonPair(const graph::Graph& graph) {
  if (graph.vertexCount() < 2) {
    return std::nullopt;
  }
  const std::vector<uint32_t> levels = reference::bfsLevels(graph, 0);
  graph::VertexId farthest = 0;
  for (graph::VertexId v = 1; v < levels.size(); ++v) {
    if (levels[v] != reference::kUnreached && levels[v] > levels[farthest]) {
      farthest = v;
    }
  }
  if (farthest == 0) {
    return std::nullopt;
  }
  return graph::Pair{0, farthest};
}

void LessonMode::setActive(bool active) {
  if (active == m_active) {
    return;
  }
  m_active = active;
  const QSignalBlocker block(m_action);
  m_action->setChecked(active);
  LabController& controller = *m_window->controller();
  if (active) {
    // What the lesson replaces, from the run's configuration (not the panels).
    m_saved = controller.config();
    apply();
    return;
  }
  m_window->viewDocks()->graphView()->view()->setLabelled(false);
  controller.chooseStrategy(m_saved.strategy);
  // The random setting draws the same pairs again on the same graph; given
  // pairs come back unless the graph loaded since lacks one of their ids.
  QString error;
  if (controller.graph()) {
    controller.choosePairs(m_saved.pairs, &error);
  }
}

void LessonMode::apply() {
  LabController& controller = *m_window->controller();
  controller.chooseStrategy(run::parseRunSpec("coalesced")); // top-down only
  // The one search's row in the status arrays, in front of the results' tab.
  m_window->viewDocks()->statusDock()->raise();
  const auto& graph = controller.graph();
  if (!graph) {
    return;
  }
  m_window->viewDocks()->graphView()->view()->setLabelled(graph->graph->vertexCount() <= GraphView::kMaxLabelled);
  if (const auto pair = lessonPair(*graph->graph)) {
    m_window->viewDocks()->graphView()->selectPair(0);
    controller.setPairs({*pair}, tr("lesson: one pair, %1 → %2")
                                     .arg(graph->graph->fileId(pair->source))
                                     .arg(graph->graph->fileId(pair->destination)));
  }
}

} // namespace frontier::ui
