#include "widgets/IterationTrackItem.h"

#include <algorithm>

#include <QPainter>

#include "models/RunModel.h"
#include "theme/ThemeManager.h"
#include "widgets/TimeAxis.h"

namespace frontier::ui {

QString IterationTrackItem::label() const {
  return QObject::tr("iterations");
}

bool IterationTrackItem::hasContent() const {
  return m_model.iterationCount() > 0 && m_model.endNs() > 0;
}

int IterationTrackItem::iterationAt(double ns, double slackNs) const {
  // Iterations run one after the other on one queue: their bands are ordered.
  const int count = m_model.iterationCount();
  int lo = 0;
  int hi = count;
  while (lo < hi) {
    const int mid = (lo + hi) / 2;
    if (m_model.iterationEndNs(mid) < ns - slackNs) {
      lo = mid + 1;
    } else {
      hi = mid;
    }
  }
  if (lo < count && m_model.iterationStartNs(lo) <= ns + slackNs) {
    return lo;
  }
  return -1;
}

void IterationTrackItem::paint(QPainter& painter, const QRectF& lane, const TimelineViewport& viewport) const {
  const int count = m_model.iterationCount();
  const int selected = m_model.selectedIteration();
  const ViewColours& colours = currentTheme().colours;
  const int first = std::max(0, iterationAt(viewport.startNs, 0));
  for (int i = first; i < count; ++i) {
    const double startNs = m_model.iterationStartNs(i);
    if (startNs > viewport.endNs()) {
      break;
    }
    const double x0 = std::max(viewport.xOf(startNs), lane.left());
    const double x1 = std::min(viewport.xOf(m_model.iterationEndNs(i)), lane.right());
    const QRectF band(x0, lane.top() + 1, std::max(x1 - x0, 1.0), lane.height() - 2);
    const bool bottomUp = m_model.iteration(i).direction == engine::Direction::BottomUp;
    painter.fillRect(band, bottomUp ? colours.bottomUpBand : (i % 2 == 0 ? colours.bandEven : colours.bandOdd));
    if (i == selected) {
      painter.setPen(QPen(colours.cursor, 2 * currentTheme().lineWidth));
      painter.drawRect(band.adjusted(1, 1, -1, -1));
    }
    if (band.width() > 28) {
      painter.setPen(colours.bandText);
      painter.drawText(band.adjusted(3, 0, -3, 0), Qt::AlignVCenter | Qt::AlignLeft,
                       QObject::tr("L%1").arg(m_model.iteration(i).level));
    }
  }
}

std::optional<TimelineHit> IterationTrackItem::hitTest(double x, const TimelineViewport& viewport) const {
  const int i = iterationAt(viewport.nsAt(x), 2 * viewport.nsPerPx);
  if (i < 0) {
    return std::nullopt;
  }
  const engine::IterationStats& it = m_model.iteration(i);
  TimelineHit hit;
  hit.iteration = i;
  hit.tooltip = QObject::tr("<b>%1</b><br>start %2, duration %3<br>JFQ %4 vertices, %5 edges examined")
                    .arg(m_model.describeIteration(i), formatDuration(m_model.iterationStartNs(i)),
                         formatDuration(m_model.iterationEndNs(i) - m_model.iterationStartNs(i)))
                    .arg(it.jfqLength)
                    .arg(it.edgesExamined);
  return hit;
}

} // namespace frontier::ui
