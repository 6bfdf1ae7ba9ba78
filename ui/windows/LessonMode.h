#pragma once
// The lesson preset, toggled from the run toolbar: one search (one pair, from
// the graph's first vertex to the vertex farthest from it), top-down only
// (the coalesced preset), the graph view's vertices drawn large with their
// ids and levels on small graphs. The teaching line then announces the
// destination when the search reaches it. Turning it off brings back the
// strategy and the pairs chosen before; a graph opened while it is on gets
// the lesson's pair too. The research defaults stay what they are.
//
// Thread affinity: GUI thread.

#include <optional>
#include <vector>

#include <QObject>
#include <QString>

#include "RunConfig.h"
#include "graph/Graph.h"
#include "graph/Pairs.h"

class QAction;

namespace frontier::ui {

class MainWindow;

class LessonMode : public QObject {
  Q_OBJECT
public:
  explicit LessonMode(MainWindow* window);

  QAction* action() const noexcept { return m_action; }
  bool active() const noexcept { return m_active; }
  void setActive(bool active);

  // From the first vertex to the farthest one it reaches (the fewest ids on
  // ties); nullopt on a graph without edges.
  static std::optional<graph::Pair> lessonPair(const graph::Graph& graph);

private:
  void apply();

  MainWindow* m_window;
  QAction* m_action;
  bool m_active = false;
  RunConfig m_saved; // the strategy and pairs the lesson replaced
};

} // namespace frontier::ui
