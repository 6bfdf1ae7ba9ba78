#include "widgets/KernelTimeline.h"

#include <algorithm>
#include <cmath>

#include <QKeyEvent>
#include <QMouseEvent>
#include <QPainter>
#include <QToolTip>
#include <QWheelEvent>

#include "models/RunModel.h"
#include "theme/ThemeManager.h"
#include "widgets/IterationTrackItem.h"
#include "widgets/KernelTrackItem.h"
#include "widgets/TimeAxis.h"

namespace frontier::ui {

namespace {

constexpr int kLabelWidth = 150;
constexpr int kRulerHeight = 22;
constexpr int kDragThreshold = 4; // pixels before a press becomes a drag
constexpr double kKeyZoom = 0.8;
constexpr double kKeyPan = 0.1; // of the lane width
constexpr double kMinNsPerPx = 0.01;

} // namespace

KernelTimeline::KernelTimeline(RunModel* model, QWidget* parent) : QWidget(parent), m_model(model) {
  setObjectName("kernelTimeline");
  setFocusPolicy(Qt::StrongFocus);
  setMouseTracking(true);
  setAttribute(Qt::WA_OpaquePaintEvent);
  setToolTip({});
  auto iterations = std::make_unique<IterationTrackItem>(*model);
  m_iterations = iterations.get();
  m_items.push_back(std::move(iterations));
  for (size_t kind = 0; kind < kKernelKinds; ++kind) {
    m_items.push_back(std::make_unique<KernelTrackItem>(*model, static_cast<engine::KernelKind>(kind)));
  }
  connect(model, &RunModel::cleared, this, &KernelTimeline::onCleared);
  connect(model, &RunModel::kernelsAppended, this, &KernelTimeline::onKernelsAppended);
  connect(model, &RunModel::selectionChanged, this, &KernelTimeline::onSelectionChanged);
  connect(model, &RunModel::kernelSelectionChanged, this, qOverload<>(&QWidget::update));
  onKernelsAppended(0, model->trace().kernels.size());
}

KernelTimeline::~KernelTimeline() = default;

QSize KernelTimeline::sizeHint() const {
  return {900, 200};
}

QSize KernelTimeline::minimumSizeHint() const {
  return {320, rulerHeight() + 2 * (fontMetrics().height() + 6)};
}

int KernelTimeline::rulerHeight() const {
  return std::max(kRulerHeight, fontMetrics().height() + 6);
}

int KernelTimeline::trackHeight(const TimelineItem& item) const {
  // A track is at least a line of the widget's font high (larger in a
  // projector theme), so that its label is not cut.
  return std::max(item.height(), fontMetrics().height() + 6);
}

int KernelTimeline::labelWidth() const {
  int widest = 0;
  for (const auto& item : m_items) {
    widest = std::max(widest, fontMetrics().horizontalAdvance(item->label()));
  }
  return std::clamp(widest + 32, kLabelWidth, 3 * kLabelWidth);
}

double KernelTimeline::laneWidth() const {
  return std::max(1, width() - labelWidth() - 4);
}

double KernelTimeline::fullRangeNs() const {
  return std::max(m_model->endNs(), 1000.0);
}

double KernelTimeline::visibleEndNs() const {
  return m_startNs + laneWidth() * m_nsPerPx;
}

TimelineViewport KernelTimeline::viewport() const {
  TimelineViewport vp;
  vp.startNs = m_startNs;
  vp.nsPerPx = m_nsPerPx;
  vp.left = labelWidth();
  vp.right = labelWidth() + laneWidth();
  return vp;
}

std::vector<const TimelineItem*> KernelTimeline::visibleItems() const {
  std::vector<const TimelineItem*> items;
  for (const auto& item : m_items) {
    if (item->hasContent()) {
      items.push_back(item.get());
    }
  }
  return items;
}

void KernelTimeline::fitAll() {
  m_follow = true;
  m_startNs = 0;
  m_nsPerPx = fullRangeNs() * 1.02 / laneWidth();
  update();
}

void KernelTimeline::clampView() {
  const double full = fullRangeNs();
  m_nsPerPx = std::clamp(m_nsPerPx, kMinNsPerPx, full * 4 / laneWidth());
  const double span = laneWidth() * m_nsPerPx;
  m_startNs = std::clamp(m_startNs, -span * 0.5, std::max(full - span * 0.5, -span * 0.5));
}

void KernelTimeline::zoomAt(double factor, double x) {
  const TimelineViewport vp = viewport();
  const double anchor = vp.nsAt(std::clamp(x, vp.left, vp.right));
  m_nsPerPx *= factor;
  clampView();
  m_startNs = anchor - (std::clamp(x, vp.left, vp.right) - vp.left) * m_nsPerPx;
  clampView();
  m_follow = false;
  update();
}

void KernelTimeline::panByPixels(double dx) {
  m_startNs += dx * m_nsPerPx;
  clampView();
  m_follow = false;
  update();
}

void KernelTimeline::onCleared() {
  for (const auto& item : m_items) {
    item->cleared();
  }
  fitAll();
}

void KernelTimeline::onKernelsAppended(size_t first, size_t count) {
  for (const auto& item : m_items) {
    item->kernelsAppended(first, count);
  }
  if (m_follow) {
    fitAll();
  }
  updateGeometry();
  update();
}

void KernelTimeline::onSelectionChanged(int iteration) {
  if (iteration >= 0 && !m_follow) {
    // Bring the selected iteration into view, as a debugger scrolls to the current line.
    const double start = m_model->iterationStartNs(iteration);
    const double end = m_model->iterationEndNs(iteration);
    if (end < m_startNs || start > visibleEndNs()) {
      m_startNs = (start + end) / 2 - laneWidth() * m_nsPerPx / 2;
      clampView();
    }
  }
  update();
}

void KernelTimeline::resizeEvent(QResizeEvent* event) {
  QWidget::resizeEvent(event);
  if (m_follow) {
    fitAll();
  } else {
    clampView();
  }
}

void KernelTimeline::paintRuler(QPainter& painter, const TimelineViewport& vp) const {
  painter.fillRect(QRectF(0, 0, width(), rulerHeight()), palette().window());
  painter.setPen(palette().color(QPalette::Mid));
  painter.drawLine(QPointF(0, rulerHeight() - 0.5), QPointF(width(), rulerHeight() - 0.5));
  painter.setPen(palette().color(QPalette::WindowText));
  painter.drawText(QRectF(6, 0, labelWidth() - 12, rulerHeight()), Qt::AlignVCenter | Qt::AlignLeft,
                   tr("GPU busy time"));
  for (const AxisTick& tick : timeTicks(std::max(vp.startNs, 0.0), vp.endNs(), vp.right - vp.left)) {
    const double x = vp.xOf(tick.value);
    painter.setPen(palette().color(QPalette::Mid));
    painter.drawLine(QPointF(x, rulerHeight() - 6), QPointF(x, height()));
    if (x + 3 + painter.fontMetrics().horizontalAdvance(tick.label) <= vp.right) { // no cut-off labels
      painter.setPen(palette().color(QPalette::WindowText));
      painter.drawText(QRectF(x + 3, 0, 120, rulerHeight() - 2), Qt::AlignVCenter | Qt::AlignLeft, tick.label);
    }
  }
}

void KernelTimeline::paintSelection(QPainter& painter, const TimelineViewport& vp, double top) const {
  const int selected = m_model->selectedIteration();
  if (selected < 0) {
    return;
  }
  const double x0 = vp.xOf(m_model->iterationStartNs(selected));
  const double x1 = vp.xOf(m_model->iterationEndNs(selected));
  QColor band = currentTheme().colours.cursor;
  band.setAlpha(28);
  painter.fillRect(QRectF(x0, top, std::max(x1 - x0, 2.0), height() - top), band);
}

void KernelTimeline::paintCuts(QPainter& painter, const TimelineViewport& vp) const {
  // Where the host paused between submissions (the time is cut out).
  painter.setPen(QPen(currentTheme().colours.guide, currentTheme().lineWidth, Qt::DotLine));
  double last = -10;
  for (const double ns : m_model->cuts()) {
    const double x = vp.xOf(ns);
    if (x >= vp.left && x <= vp.right && x - last >= 4) {
      painter.drawLine(QPointF(x, rulerHeight()), QPointF(x, height()));
      last = x;
    }
  }
}

void KernelTimeline::paintEvent(QPaintEvent* /*event*/) {
  QPainter painter(this);
  painter.fillRect(rect(), palette().base());
  const TimelineViewport vp = viewport();
  const std::vector<const TimelineItem*> items = visibleItems();
  if (items.empty()) {
    painter.setPen(palette().color(QPalette::PlaceholderText));
    painter.drawText(rect(), Qt::AlignCenter,
                     m_model->iterationCount() > 0
                         ? tr("No GPU timestamps were recorded (the device or the strategy has none).")
                         : tr("Step or run a search: every dispatch of every iteration appears here."));
    return;
  }
  paintRuler(painter, vp);
  painter.save();
  painter.setClipRect(QRectF(vp.left, rulerHeight(), vp.right - vp.left, height() - rulerHeight()));
  paintSelection(painter, vp, rulerHeight());
  paintCuts(painter, vp);
  painter.restore();
  double y = rulerHeight() + 2;
  for (const TimelineItem* item : items) {
    const QRectF lane(vp.left, y, vp.right - vp.left, trackHeight(*item));
    const QColor swatch = item->swatch();
    if (item->linked()) {
      QColor band = currentTheme().colours.cursor;
      band.setAlpha(40);
      painter.fillRect(QRectF(0, y, width(), trackHeight(*item)), band);
    }
    if (swatch.isValid()) {
      painter.fillRect(QRectF(6, y + 5, 10, trackHeight(*item) - 10), swatch);
    }
    painter.setPen(palette().color(QPalette::WindowText));
    QFont font = painter.font();
    font.setBold(item->linked());
    painter.setFont(font);
    painter.drawText(QRectF(swatch.isValid() ? 22 : 6, y, labelWidth() - 26, trackHeight(*item)),
                     Qt::AlignVCenter | Qt::AlignLeft, item->label());
    font.setBold(false);
    painter.setFont(font);
    painter.save();
    painter.setClipRect(lane);
    item->paint(painter, lane, vp);
    painter.restore();
    y += trackHeight(*item) + 2;
  }
}

std::vector<size_t> KernelTimeline::highlightedSpans() const {
  std::vector<size_t> spans;
  const int selected = m_model->selectedIteration();
  const std::optional<engine::KernelKind> kind = m_model->selectedKernel();
  if (selected < 0 || !kind) {
    return spans;
  }
  const std::vector<engine::KernelSpan>& all = m_model->timelineSpans();
  for (size_t k = 0; k < all.size(); ++k) {
    if (all[k].kind == *kind && m_model->spanIteration(k) == selected) {
      spans.push_back(k);
    }
  }
  return spans;
}

std::optional<TimelineHit> KernelTimeline::hitAt(QPoint pos) const {
  const TimelineViewport vp = viewport();
  if (pos.x() < vp.left || pos.y() < rulerHeight()) {
    return std::nullopt;
  }
  double y = rulerHeight() + 2;
  for (const TimelineItem* item : visibleItems()) {
    if (pos.y() >= y && pos.y() < y + trackHeight(*item) + 2) {
      if (auto hit = item->hitTest(pos.x(), vp)) {
        return hit;
      }
      break;
    }
    y += trackHeight(*item) + 2;
  }
  return m_iterations->hitTest(pos.x(), vp);
}

void KernelTimeline::wheelEvent(QWheelEvent* event) {
  const QPoint delta = event->angleDelta();
  if (delta.x() != 0 || (event->modifiers() & Qt::ShiftModifier)) {
    panByPixels(-(delta.x() != 0 ? delta.x() : delta.y()) / 2.0);
  } else if (delta.y() != 0) {
    zoomAt(std::pow(kKeyZoom, delta.y() / 120.0), event->position().x());
  }
  event->accept();
}

void KernelTimeline::keyPressEvent(QKeyEvent* event) {
  const double centre = mapFromGlobal(QCursor::pos()).x();
  const double anchor = rect().contains(mapFromGlobal(QCursor::pos())) ? centre : labelWidth() + laneWidth() / 2;
  switch (event->key()) {
  case Qt::Key_W:
    zoomAt(kKeyZoom, anchor);
    break;
  case Qt::Key_S:
    zoomAt(1 / kKeyZoom, anchor);
    break;
  case Qt::Key_A:
    panByPixels(-kKeyPan * laneWidth());
    break;
  case Qt::Key_D:
    panByPixels(kKeyPan * laneWidth());
    break;
  case Qt::Key_Home:
  case Qt::Key_F:
    fitAll();
    break;
  default:
    QWidget::keyPressEvent(event);
    return;
  }
  event->accept();
}

void KernelTimeline::mousePressEvent(QMouseEvent* event) {
  if (event->button() == Qt::LeftButton) {
    m_pressPos = event->position().toPoint();
    m_lastDragPos = *m_pressPos;
    m_dragging = false;
  }
  QWidget::mousePressEvent(event);
}

void KernelTimeline::mouseMoveEvent(QMouseEvent* event) {
  const QPoint pos = event->position().toPoint();
  if (m_pressPos && (event->buttons() & Qt::LeftButton)) {
    if (!m_dragging && (pos - *m_pressPos).manhattanLength() >= kDragThreshold) {
      m_dragging = true;
      setCursor(Qt::ClosedHandCursor);
    }
    if (m_dragging) {
      panByPixels(m_lastDragPos.x() - pos.x());
      m_lastDragPos = pos;
      return;
    }
  }
  const std::optional<TimelineHit> hit = hitAt(pos);
  if (hit) {
    QToolTip::showText(event->globalPosition().toPoint(), hit->tooltip, this);
  } else {
    QToolTip::hideText();
  }
}

void KernelTimeline::mouseReleaseEvent(QMouseEvent* event) {
  if (event->button() == Qt::LeftButton && m_pressPos) {
    if (!m_dragging) {
      if (const std::optional<TimelineHit> hit = hitAt(event->position().toPoint()); hit && hit->iteration >= 0) {
        m_model->selectIteration(hit->iteration);
        if (hit->kernel) {
          m_model->selectKernel(hit->kernel); // the pseudocode pane marks the line that runs it
        }
      }
    }
    m_pressPos.reset();
    m_dragging = false;
    unsetCursor();
  }
  QWidget::mouseReleaseEvent(event);
}

void KernelTimeline::leaveEvent(QEvent* event) {
  QToolTip::hideText();
  QWidget::leaveEvent(event);
}

} // namespace frontier::ui
