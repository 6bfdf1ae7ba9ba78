#pragma once
// The iterations of the run on the time axis: one band per iteration from its
// first dispatch to its last, bottom-up iterations shaded, the selected one
// outlined. Clicking anywhere in the timeline falls back to this track.

#include "widgets/TimelineItem.h"

namespace frontier::ui {

class IterationTrackItem : public TimelineItem {
public:
  using TimelineItem::TimelineItem;

  QString label() const override;
  bool hasContent() const override;
  void paint(QPainter& painter, const QRectF& lane, const TimelineViewport& viewport) const override;
  std::optional<TimelineHit> hitTest(double x, const TimelineViewport& viewport) const override;

  // The iteration whose band contains `ns` (or the nearest within `slackNs`), -1 for none.
  int iterationAt(double ns, double slackNs) const;
};

} // namespace frontier::ui
