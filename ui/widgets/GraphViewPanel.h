#pragma once
// The graph view dock: a toolbar (layout, colouring, the selected pair), the
// GraphView, a progress bar for a layout being computed (with Cancel), and
// the teaching bar: a plain-language line for the iteration shown, with Back
// and Forward (Forward at the latest iteration steps the search).
//
// Layouts: the file's coordinates when the graph has them, else a
// force-directed layout computed off the GUI thread and cached (LayoutCache);
// a radial layout by BFS level around the selected pair's source on request.
// Clicking a vertex sets the source (left) or destination (right or Shift)
// of the selected pair, which makes a new search.
//
// Thread affinity: GUI thread.

#include <atomic>
#include <memory>
#include <optional>

#include <QFutureWatcher>
#include <QWidget>

#include "EngineMessages.h"
#include "layout/LayoutCache.h"

class QComboBox;
class QLabel;
class QProgressBar;
class QPushButton;
class QSpinBox;

namespace frontier::ui {

class GraphView;
class LabController;
class StepCursor;
class StepScrubber;
class ViewHistory;

class GraphViewPanel : public QWidget {
  Q_OBJECT
public:
  enum class LayoutKind { Coordinates = 0, Force = 1, Radial = 2 };
  enum class Colouring { SelectedSearch = 0, ReachedCount = 1 };

  // The teaching line, Back and Forward follow `cursor`'s step; the view shows
  // `history`'s snapshot of it.
  GraphViewPanel(LabController* controller, ViewHistory* history, StepCursor* cursor, QWidget* parent = nullptr);
  ~GraphViewPanel() override;

  GraphView* view() const noexcept { return m_view; }
  QString teachingText() const;
  // The shortest-path caption, empty when no path is highlighted.
  QString pathCaption() const;
  QPushButton* backButton() const noexcept { return m_back; }
  QPushButton* forwardButton() const noexcept { return m_forward; }
  StepScrubber* scrubber() const noexcept { return m_scrubber; }
  bool layoutRunning() const noexcept { return m_job != nullptr; }
  // The layout box's text: the kind drawn (or being computed), or a prompt
  // while nothing is drawn (a large graph before its first layout).
  QString layoutShown() const;
  int selectedPair() const;

  void setLayoutKind(LayoutKind kind);
  void setColouring(Colouring colouring);
  void selectPair(int pair); // follows that pair's search (remakes the search)
  // Highlights one shortest path of `pair` (asks the engine for its levels).
  // The highlight belongs to that pair and run: new pairs, a new tracked pair
  // or a new run (RunModel::cleared) take it away.
  void showPath(int pair);
  void clearPath();
  void cancelLayout();

  // "© OpenStreetMap contributors" for the road graphs of OpenStreetMap
  // (decided from the file name), else empty.
  static QString attributionFor(const QString& source);

  // A graph without coordinates of more vertices than this is not laid out
  // when it is loaded (the force layout would run for minutes to hours): the
  // view says so, and choosing a layout computes it anyway. Tests lower it.
  static constexpr uint32_t kDefaultAutoLayoutVertices = 2'000'000;
  static uint32_t autoLayoutVertices() noexcept;
  static void setAutoLayoutVertices(uint32_t vertices) noexcept;

signals:
  void layoutReady();
  void pathShown(int hops); // -1 when the destination is unreachable

private:
  void onGraphChanged(const GraphSummary& summary);
  void onStepMoved();
  void onPairLevels(const PairLevels& levels);
  void onVertexPicked(graph::VertexId vertex, bool destination);
  void startLayout();
  // The layout of the kind shown, unless one is there or being computed.
  void layOutIfMissing();
  // Hands m_job, already cancelled, over to its own end.
  void letCancelledJobEnd();
  void showStates();
  void updateEndpoints();

  LabController* m_controller;
  ViewHistory* m_history;
  StepCursor* m_cursor;
  GraphView* m_view;
  QComboBox* m_layout;
  QComboBox* m_colouring;
  QSpinBox* m_pair;
  QProgressBar* m_progress;
  QPushButton* m_cancel;
  QLabel* m_teaching;
  QPushButton* m_back;
  QPushButton* m_forward;
  QLabel* m_pathLabel;
  StepScrubber* m_scrubber;
  LayoutCache m_cache;
  std::shared_ptr<const graph::Graph> m_graph;
  // The kind of the positions the view draws (none yet: nullopt), so that
  // a cancelled layout puts the box back to what is drawn.
  std::optional<LayoutKind> m_drawnKind;
  struct Job;
  std::unique_ptr<Job> m_job;
};

} // namespace frontier::ui
