#pragma once
// The kernel timeline: every dispatch of the run as a bar on its kernel's
// track, under a time ruler in ns/µs/ms. Navigation follows Tracy and
// Perfetto: the wheel and W/S zoom around the mouse, dragging and A/D pan,
// Home or F fits the whole run; hovering names a dispatch; a click selects
// its iteration in every view and its kernel kind (through the RunModel),
// which the pseudocode pane marks. The kernel picked there or here is marked
// on its track, its dispatches of the selected iteration outlined boldly.
//
// While a run grows the view keeps the whole run in sight, until the user
// zooms or pans (Home goes back to following). Time is GPU busy time: the
// host's pauses between submissions are cut out (dotted lines mark pauses of
// a millisecond or more), see RunModel.
//
// Thread affinity: GUI thread.

#include <memory>
#include <optional>
#include <vector>

#include <QPoint>
#include <QWidget>

#include "widgets/TimelineItem.h"

namespace frontier::ui {

class IterationTrackItem;
class RunModel;

class KernelTimeline : public QWidget {
  Q_OBJECT
public:
  explicit KernelTimeline(RunModel* model, QWidget* parent = nullptr);
  ~KernelTimeline() override;

  // The visible time range (ns from the start of the run).
  double visibleStartNs() const noexcept { return m_startNs; }
  double visibleEndNs() const;
  bool following() const noexcept { return m_follow; }

  // Zooms by `factor` (< 1 zooms in) keeping the time under widget x fixed.
  void zoomAt(double factor, double x);
  void panByPixels(double dx);
  void fitAll();
  // Tracks shown, top to bottom.
  std::vector<const TimelineItem*> visibleItems() const;
  // What a click at `pos` would select and the tooltip there.
  std::optional<TimelineHit> hitAt(QPoint pos) const;
  // The dispatches drawn as the picked kernel's in the selected iteration
  // (indices into RunModel::timelineSpans); empty without both.
  std::vector<size_t> highlightedSpans() const;

  // The ruler's and a track's height and the labels' width, in pixels: at
  // least what the widget's font needs (a projector theme's is large).
  int rulerHeight() const;
  int trackHeight(const TimelineItem& item) const;
  int labelWidth() const;

  QSize sizeHint() const override;
  QSize minimumSizeHint() const override;

protected:
  void paintEvent(QPaintEvent* event) override;
  void resizeEvent(QResizeEvent* event) override;
  void wheelEvent(QWheelEvent* event) override;
  void keyPressEvent(QKeyEvent* event) override;
  void mousePressEvent(QMouseEvent* event) override;
  void mouseMoveEvent(QMouseEvent* event) override;
  void mouseReleaseEvent(QMouseEvent* event) override;
  void leaveEvent(QEvent* event) override;

private:
  void onCleared();
  void onKernelsAppended(size_t first, size_t count);
  void onSelectionChanged(int iteration);
  TimelineViewport viewport() const;
  double laneWidth() const;
  double fullRangeNs() const;
  void clampView();
  void paintRuler(QPainter& painter, const TimelineViewport& vp) const;
  void paintSelection(QPainter& painter, const TimelineViewport& vp, double top) const;
  void paintCuts(QPainter& painter, const TimelineViewport& vp) const;

  RunModel* m_model;
  std::vector<std::unique_ptr<TimelineItem>> m_items;
  IterationTrackItem* m_iterations = nullptr; // owned by m_items
  double m_startNs = 0;
  double m_nsPerPx = 1;
  bool m_follow = true;
  std::optional<QPoint> m_pressPos;
  QPoint m_lastDragPos;
  bool m_dragging = false;
};

} // namespace frontier::ui
