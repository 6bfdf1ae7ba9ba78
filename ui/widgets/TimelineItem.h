#pragma once
// One horizontal track of the kernel timeline (after Tracy's TimelineItem):
// the timeline lays tracks out top to bottom, gives each its lane and the
// shared time viewport, and asks it to paint itself and what lies under the
// mouse. Subclasses: IterationTrackItem (the iterations of the run) and
// KernelTrackItem (the dispatches of one kernel kind). Later views (e.g. a
// plot of the JFQ length over time) are further subclasses.
//
// Thread affinity: GUI thread; items read the RunModel they were made for.

#include <cstddef>
#include <optional>

#include <QColor>
#include <QRectF>
#include <QString>

#include "engine/Trace.h"

class QPainter;

namespace frontier::ui {

class RunModel;

// Maps GPU time (ns from the start of the run) to widget x and back.
struct TimelineViewport {
  double startNs = 0; // time at x == left
  double nsPerPx = 1;
  double left = 0;  // x where the lanes begin (right of the labels)
  double right = 0; // x where they end

  double xOf(double ns) const noexcept { return left + (ns - startNs) / nsPerPx; }
  double nsAt(double x) const noexcept { return startNs + (x - left) * nsPerPx; }
  double endNs() const noexcept { return nsAt(right); }
};

struct TimelineHit {
  int iteration = -1; // the iteration to select on a click
  QString tooltip;
  std::optional<engine::KernelKind> kernel; // a dispatch's kind, to select with it
};

class TimelineItem {
public:
  explicit TimelineItem(const RunModel& model) : m_model(model) {}
  virtual ~TimelineItem() = default;
  TimelineItem(const TimelineItem&) = delete;
  TimelineItem& operator=(const TimelineItem&) = delete;

  virtual QString label() const = 0;
  // The colour of the label's swatch (the track's legend); invalid for none.
  virtual QColor swatch() const { return {}; }
  virtual int height() const { return 20; }
  // Tracks with nothing to show are left out of the layout.
  virtual bool hasContent() const = 0;
  // The track is the kernel picked in the pseudocode pane or on the timeline
  // (RunModel::selectedKernel): its label and lane are marked.
  virtual bool linked() const { return false; }

  // Paints the visible part of the track into `lane` (already clipped).
  virtual void paint(QPainter& painter, const QRectF& lane, const TimelineViewport& viewport) const = 0;
  // What lies at x in this track, if anything.
  virtual std::optional<TimelineHit> hitTest(double x, const TimelineViewport& viewport) const = 0;

  // The model changed: a new run, or spans appended.
  virtual void cleared() {}
  virtual void kernelsAppended(size_t /*first*/, size_t /*count*/) {}

protected:
  const RunModel& m_model;
};

} // namespace frontier::ui
