#include "widgets/KernelTrackItem.h"

#include <algorithm>
#include <cmath>
#include <vector>

#include <QFontMetrics>
#include <QPainter>

#include "models/Glossary.h"
#include "models/RunModel.h"
#include "theme/ThemeManager.h"
#include "widgets/KernelPalette.h"
#include "widgets/TimeAxis.h"

namespace frontier::ui {

KernelTrackItem::KernelTrackItem(const RunModel& model, engine::KernelKind kind) : TimelineItem(model), m_kind(kind) {}

QString KernelTrackItem::label() const {
  return toQString(engine::kernelName(m_kind));
}

QColor KernelTrackItem::swatch() const {
  return kernelColor(m_kind);
}

bool KernelTrackItem::linked() const {
  return m_model.selectedKernel() == m_kind;
}

void KernelTrackItem::cleared() {
  m_spans.clear();
  m_sorted = true;
}

void KernelTrackItem::kernelsAppended(size_t first, size_t count) {
  const auto& kernels = m_model.timelineSpans();
  for (size_t k = first; k < first + count; ++k) {
    if (kernels[k].kind != m_kind) {
      continue;
    }
    if (!m_spans.empty()) {
      const engine::KernelSpan& last = kernels[m_spans.back()];
      m_sorted = m_sorted && kernels[k].startNs >= last.startNs && kernels[k].endNs >= last.endNs;
    }
    m_spans.push_back(k);
  }
}

size_t KernelTrackItem::firstEndingAfter(double ns) const {
  if (!m_sorted) {
    return 0;
  }
  const auto& kernels = m_model.timelineSpans();
  const auto it = std::partition_point(m_spans.begin(), m_spans.end(), [&](size_t k) { return kernels[k].endNs < ns; });
  return static_cast<size_t>(it - m_spans.begin());
}

void KernelTrackItem::paint(QPainter& painter, const QRectF& lane, const TimelineViewport& viewport) const {
  const auto& kernels = m_model.timelineSpans();
  const QColor color = kernelColor(m_kind);
  const ViewColours& colours = currentTheme().colours;
  const QColor selectedEdge = colours.cursor;
  const int selected = m_model.selectedIteration();
  const bool linked = this->linked();
  const double top = lane.top() + 2;
  const double height = lane.height() - 4;
  const double endNs = viewport.endNs();
  const QFontMetrics metrics(painter.font());
  // Zoomed out, one pixel column holds many dispatches: it is drawn as a bar
  // as tall as the share of the column's time they ran (an aggregate track:
  // how busy this kernel kept the GPU there), at least 2 pixels so a short
  // dispatch stays visible, full height where the selected step's dispatch
  // is. Dispatches a pixel or wider get their own bars. The columns add up
  // first, as spans recorded out of order may come back to a column.
  const auto left = static_cast<int>(std::floor(lane.left()));
  const auto columns = static_cast<size_t>(std::max(1.0, std::ceil(lane.right()) - left + 1));
  std::vector<double> busyNs(columns, 0.0);
  std::vector<unsigned char> columnState(columns, 0);  // 1: has a narrow span, 2: the selected step's
  for (size_t i = firstEndingAfter(viewport.startNs); i < m_spans.size(); ++i) {
    const size_t k = m_spans[i];
    const engine::KernelSpan& span = kernels[k];
    if (span.startNs > endNs) {
      if (m_sorted) {
        break;
      }
      continue;
    }
    if (span.endNs < viewport.startNs) {
      continue;
    }
    const double x0 = std::max(viewport.xOf(span.startNs), lane.left());
    const double x1 = std::min(viewport.xOf(span.endNs), lane.right());
    const bool isSelected = m_model.spanIteration(k) == selected && selected >= 0;
    if (x1 - x0 < 1.0) {
      const auto column =
          std::min(columns - 1, static_cast<size_t>(std::max(0.0, std::floor(x0) - static_cast<double>(left))));
      busyNs[column] += std::min(span.endNs, endNs) - std::max(span.startNs, viewport.startNs);
      columnState[column] = std::max(columnState[column], static_cast<unsigned char>(isSelected ? 2 : 1));
      continue;
    }
    const QRectF bar(x0, top, x1 - x0, height);
    painter.fillRect(bar, color);
    if (isSelected) {
      // The picked kernel's dispatches of the step stand out from the step's others.
      const double edge = linked ? 4.0 : 2.0;
      painter.setPen(QPen(selectedEdge, edge));
      painter.drawRect(bar.adjusted(edge / 2, edge / 2, -edge / 2, -edge / 2));
    }
    if (bar.width() > 48) {
      const QString text = metrics.elidedText(label() + QStringLiteral(" ") + formatDuration(span.durationNs()),
                                              Qt::ElideRight, static_cast<int>(bar.width()) - 6);
      painter.setPen(colours.kernelText);
      painter.drawText(bar.adjusted(3, 0, -3, 0), Qt::AlignVCenter | Qt::AlignLeft, text);
    }
  }
  for (size_t column = 0; column < columns; ++column) {
    if (columnState[column] == 0) {
      continue;
    }
    const double share = std::min(1.0, busyNs[column] / viewport.nsPerPx);
    const double tall = columnState[column] == 2 ? height : std::max(2.0, std::round(share * height));
    painter.fillRect(QRectF(left + static_cast<double>(column), top + height - tall, 1, tall),
                     columnState[column] == 2 ? selectedEdge : color);
  }
}

std::optional<TimelineHit> KernelTrackItem::hitTest(double x, const TimelineViewport& viewport) const {
  const auto& kernels = m_model.timelineSpans();
  // Within two pixels, so that a span narrower than a pixel can be hovered.
  const double slack = 2 * viewport.nsPerPx;
  const double ns = viewport.nsAt(x);
  const engine::KernelSpan* best = nullptr;
  size_t bestIndex = 0;
  // What the pixels around x hold together, for the aggregate tooltip.
  size_t count = 0;
  double busyNs = 0;
  for (size_t i = firstEndingAfter(ns - slack); i < m_spans.size(); ++i) {
    const engine::KernelSpan& span = kernels[m_spans[i]];
    if (span.startNs > ns + slack) {
      if (m_sorted) {
        break;
      }
      continue;
    }
    if (span.endNs < ns - slack) {
      continue;
    }
    ++count;
    busyNs += std::min(span.endNs, ns + slack) - std::max(span.startNs, ns - slack);
    if (best == nullptr || span.durationNs() > best->durationNs()) {
      best = &span;
      bestIndex = m_spans[i];
    }
  }
  if (best == nullptr) {
    return std::nullopt;
  }
  TimelineHit hit;
  hit.iteration = m_model.spanIteration(bestIndex);
  hit.kernel = m_kind;
  const QString where = hit.iteration >= 0 ? m_model.describeIteration(hit.iteration)
                                           : QObject::tr("batch %1, level %2").arg(best->batch + 1).arg(best->level);
  if (count > 1 && best->durationNs() < viewport.nsPerPx) {
    // An aggregate column: what it sums up, and the longest dispatch in it
    // (which a click selects).
    hit.tooltip = QObject::tr("<b>%1</b><br>%2 dispatches in these %3 (%4 to %5): busy %6, %7% of the time<br>"
                              "longest: %8, %9<br><i>zoom in (W or the wheel) to see each dispatch</i>")
                      .arg(label())
                      .arg(count)
                      .arg(formatDuration(2 * slack), formatDuration(std::max(0.0, ns - slack)),
                           formatDuration(ns + slack), formatDuration(busyNs))
                      .arg(std::min(100.0, std::round(100 * busyNs / (2 * slack))))
                      .arg(where, formatDuration(best->durationNs()));
    return hit;
  }
  hit.tooltip = QObject::tr("<b>%1</b><br>%2<br>start %3, duration %4<br><i>%5</i>")
                    .arg(label(), where, formatDuration(best->startNs), formatDuration(best->durationNs()),
                         explainKernel(best->kind).toHtmlEscaped());
  return hit;
}

} // namespace frontier::ui
