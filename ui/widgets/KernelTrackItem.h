#pragma once
// The dispatches of one kernel kind as bars on a time axis. Spans narrower
// than a pixel are merged into one pixel column drawn as tall as the share of
// its time they ran (zoomed out, the track is the kernel's busy share over
// time, and hovering sums the column up), so a run of thousands of
// iterations paints as fast as a short one and stays readable; zoomed in,
// each dispatch is its own bar.

#include <vector>

#include "engine/Trace.h"
#include "widgets/TimelineItem.h"

namespace frontier::ui {

class KernelTrackItem : public TimelineItem {
public:
  KernelTrackItem(const RunModel& model, engine::KernelKind kind);

  engine::KernelKind kind() const noexcept { return m_kind; }
  size_t spanCount() const noexcept { return m_spans.size(); }

  QString label() const override;
  QColor swatch() const override;
  bool hasContent() const override { return !m_spans.empty(); }
  bool linked() const override;
  void paint(QPainter& painter, const QRectF& lane, const TimelineViewport& viewport) const override;
  std::optional<TimelineHit> hitTest(double x, const TimelineViewport& viewport) const override;
  void cleared() override;
  void kernelsAppended(size_t first, size_t count) override;

private:
  // Index in m_spans of the first span that may end at or after `ns`.
  size_t firstEndingAfter(double ns) const;

  engine::KernelKind m_kind;
  std::vector<size_t> m_spans; // indices into the trace's kernels, in recording order
  bool m_sorted = true;        // spans start and end in order (binary search allowed)
};

} // namespace frontier::ui
