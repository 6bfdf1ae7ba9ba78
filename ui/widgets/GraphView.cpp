#include "GraphView.h"

#include <algorithm>
#include <cmath>

#include <QElapsedTimer>
#include <QHelpEvent>
#include <QMouseEvent>
#include <QPainter>
#include <QToolTip>
#include <QWheelEvent>

#include "models/Glossary.h"
#include "theme/ThemeManager.h"
#include "widgets/ColourRamp.h"

namespace frontier::ui {

namespace {
constexpr int kPickRadius = 6; // pixels
} // namespace

GraphView::GraphView(QWidget* parent) : QWidget(parent) {
  setMouseTracking(true);
  setMinimumSize(160, 100); // small enough for a 1024 x 700 window
  setAttribute(Qt::WA_OpaquePaintEvent);
  m_settle.setSingleShot(true);
  m_settle.setInterval(150);
  connect(&m_settle, &QTimer::timeout, this, &GraphView::viewMoved);
  // Both layers hold the theme's colours.
  connect(&ThemeManager::instance(), &ThemeManager::changed, this, &GraphView::viewMoved);
}

void GraphView::setGraph(std::shared_ptr<const graph::Graph> graph) {
  m_graph = std::move(graph);
  m_positions.reset();
  m_states.reset();
  m_path.clear();
  m_source.reset();
  m_destination.reset();
  m_cellStart.clear();
  m_cellVertices.clear();
  viewMoved();
}

void GraphView::setPositions(std::shared_ptr<const Positions> positions) {
  if (positions && m_graph && positions->size() != m_graph->vertexCount()) {
    positions.reset(); // positions of another graph
  }
  m_positions = std::move(positions);
  m_bounds = QRectF();
  if (m_positions && !m_positions->empty()) {
    double x0 = m_positions->front().x(), x1 = x0, y0 = m_positions->front().y(), y1 = y0;
    for (const QPointF& p : *m_positions) {
      x0 = std::min(x0, p.x());
      x1 = std::max(x1, p.x());
      y0 = std::min(y0, p.y());
      y1 = std::max(y1, p.y());
    }
    m_bounds = QRectF(QPointF(x0, y0), QPointF(x1, y1));
  }
  buildGrid();
  fitAll();
}

void GraphView::setStates(std::shared_ptr<const VertexStates> states) {
  m_states = std::move(states);
  m_verticesDirty = true;
  update();
}

void GraphView::setPath(std::vector<graph::VertexId> path) {
  m_path = std::move(path);
  update();
}

void GraphView::setEndpoints(std::optional<graph::VertexId> source, std::optional<graph::VertexId> destination) {
  m_source = source;
  m_destination = destination;
  update();
}

void GraphView::setAttribution(const QString& text) {
  m_attribution = text;
  update();
}

void GraphView::setMessage(const QString& text) {
  m_message = text;
  update();
}

bool GraphView::edgesDrawn() const {
  return m_graph && m_graph->arcCount() <= kMaxDrawnArcs;
}

void GraphView::fitAll() {
  if (m_bounds.isNull() && m_positions && !m_positions->empty()) {
    m_bounds = QRectF(m_positions->front(), QSizeF(1, 1));
  }
  m_centre = m_bounds.center();
  const double w = std::max(m_bounds.width(), 1e-9);
  const double h = std::max(m_bounds.height(), 1e-9);
  m_scale = std::max(1e-12, std::min((width() - 24) / w, (height() - 24) / h));
  viewMoved();
}

QPointF GraphView::toScreen(QPointF world) const {
  // y up in the world (latitude, layouts), down on screen.
  return {width() / 2.0 + (world.x() - m_centre.x()) * m_scale, height() / 2.0 - (world.y() - m_centre.y()) * m_scale};
}

QPointF GraphView::toWorld(QPointF screen) const {
  return {m_centre.x() + (screen.x() - width() / 2.0) / m_scale,
          m_centre.y() - (screen.y() - height() / 2.0) / m_scale};
}

QPointF GraphView::screenPos(graph::VertexId v) const {
  return m_positions && v < m_positions->size() ? toScreen((*m_positions)[v]) : QPointF();
}

void GraphView::viewMoved() {
  m_settle.stop();
  m_edgesDirty = true;
  m_verticesDirty = true;
  update();
}

void GraphView::viewMovedInteractively() {
  m_settle.start();
  update();
}

QTransform GraphView::layerTransform(const LayerView& view) const {
  // A layer pixel p0 shows the world point view.centre + (p0 - half) / view.scale
  // (y flipped); at the current view that point lands on
  // half + (view.centre - centre) * scale (y flipped) + (p0 - half) * scale / view.scale.
  const QPointF half(width() / 2.0, height() / 2.0);
  const double k = m_scale / view.scale;
  const QPointF shift((view.centre.x() - m_centre.x()) * m_scale, -(view.centre.y() - m_centre.y()) * m_scale);
  QTransform t;
  t.translate(half.x() + shift.x(), half.y() + shift.y());
  t.scale(k, k);
  t.translate(-half.x(), -half.y());
  return t;
}

void GraphView::buildGrid() {
  m_cellStart.clear();
  m_cellVertices.clear();
  m_gridSize = 0;
  if (!m_positions || m_positions->empty()) {
    return;
  }
  const size_t n = m_positions->size();
  m_gridSize = std::clamp(static_cast<int>(std::sqrt(static_cast<double>(n) / 4)), 1, 1024);
  const auto cellOf = [&](QPointF p) {
    const double fx = m_bounds.width() > 0 ? (p.x() - m_bounds.left()) / m_bounds.width() : 0;
    const double fy = m_bounds.height() > 0 ? (p.y() - m_bounds.top()) / m_bounds.height() : 0;
    const int cx = std::clamp(static_cast<int>(fx * m_gridSize), 0, m_gridSize - 1);
    const int cy = std::clamp(static_cast<int>(fy * m_gridSize), 0, m_gridSize - 1);
    return static_cast<size_t>(cy) * static_cast<size_t>(m_gridSize) + static_cast<size_t>(cx);
  };
  const size_t cells = static_cast<size_t>(m_gridSize) * static_cast<size_t>(m_gridSize);
  m_cellStart.assign(cells + 1, 0);
  for (const QPointF& p : *m_positions) {
    ++m_cellStart[cellOf(p) + 1];
  }
  for (size_t c = 0; c < cells; ++c) {
    m_cellStart[c + 1] += m_cellStart[c];
  }
  std::vector<uint32_t> fill(m_cellStart.begin(), m_cellStart.end() - 1);
  m_cellVertices.resize(n);
  for (size_t v = 0; v < n; ++v) {
    m_cellVertices[fill[cellOf((*m_positions)[v])]++] = static_cast<graph::VertexId>(v);
  }
}

std::optional<graph::VertexId> GraphView::vertexAt(QPointF point) const {
  if (m_gridSize == 0) {
    return std::nullopt;
  }
  const QPointF a = toWorld(point - QPointF(kPickRadius, -kPickRadius));
  const QPointF b = toWorld(point + QPointF(kPickRadius, -kPickRadius));
  const auto cellX = [&](double x) {
    const double f = m_bounds.width() > 0 ? (x - m_bounds.left()) / m_bounds.width() : 0;
    return std::clamp(static_cast<int>(f * m_gridSize), 0, m_gridSize - 1);
  };
  const auto cellY = [&](double y) {
    const double f = m_bounds.height() > 0 ? (y - m_bounds.top()) / m_bounds.height() : 0;
    return std::clamp(static_cast<int>(f * m_gridSize), 0, m_gridSize - 1);
  };
  if (b.x() < m_bounds.left() || a.x() > m_bounds.right() || b.y() < m_bounds.top() || a.y() > m_bounds.bottom()) {
    return std::nullopt;
  }
  std::optional<graph::VertexId> best;
  double bestD2 = kPickRadius * kPickRadius + 1e-9;
  for (int cy = cellY(a.y()); cy <= cellY(b.y()); ++cy) {
    for (int cx = cellX(a.x()); cx <= cellX(b.x()); ++cx) {
      const size_t cell = static_cast<size_t>(cy) * static_cast<size_t>(m_gridSize) + static_cast<size_t>(cx);
      for (uint32_t i = m_cellStart[cell]; i < m_cellStart[cell + 1]; ++i) {
        const graph::VertexId v = m_cellVertices[i];
        const QPointF d = toScreen((*m_positions)[v]) - point;
        const double d2 = d.x() * d.x() + d.y() * d.y();
        if (d2 < bestD2) {
          bestD2 = d2;
          best = v;
        }
      }
    }
  }
  return best;
}

QString GraphView::hoverText(graph::VertexId v) const {
  if (!m_graph || v >= m_graph->vertexCount()) {
    return {};
  }
  QString text = tr("vertex %1\ndegree %2").arg(m_graph->fileId(v)).arg(m_graph->out().degree(v));
  if (m_states && v < m_states->kind.size()) {
    const uint8_t kind = m_states->kind[v];
    if (!m_states->value.empty() && m_states->value[v] >= 0 && kind != VertexStates::Unreached) {
      text += QStringLiteral("\n%1 %2").arg(m_states->valueName, m_states->integerValues
                                                                     ? QString::number(m_states->value[v], 'f', 0)
                                                                     : QString::number(m_states->value[v], 'g', 6));
    }
    if (!m_states->names[kind].isEmpty()) {
      text += QStringLiteral("\n") + m_states->names[kind];
    }
  }
  return text;
}

QRgb GraphView::colourOf(graph::VertexId v) const {
  const ViewColours& colours = currentTheme().colours;
  if (!m_states || v >= m_states->kind.size()) {
    return colours.vertex.rgb();
  }
  switch (m_states->kind[v]) {
  case VertexStates::Reached: {
    const double value = m_states->value.empty() ? 0 : m_states->value[v];
    return rampColour(m_states->maxValue > 0 ? value / m_states->maxValue : 0);
  }
  case VertexStates::Frontier:
  case VertexStates::Queued:
  case VertexStates::BackReached:
  case VertexStates::BackFrontier:
  case VertexStates::Meeting:
    return kindColour(m_states->kind[v]).rgb();
  default:
    return colours.unreached.rgb();
  }
}

void GraphView::renderEdges() {
  QElapsedTimer clock;
  clock.start();
  const qreal dpr = devicePixelRatioF();
  m_edges = QImage(size() * dpr, QImage::Format_ARGB32_Premultiplied);
  m_edges.setDevicePixelRatio(dpr);
  const Theme& theme = currentTheme();
  m_edges.fill(theme.colours.canvas);
  m_edgesDirty = false;
  m_edgesView = {m_centre, m_scale};
  if (m_rings && m_positions) {
    QPainter rings(&m_edges);
    drawRings(rings);
  }
  if (!m_positions || !edgesDrawn()) {
    return;
  }
  const graph::Csr& out = m_graph->out();
  const uint64_t arcs = m_graph->arcCount();
  QPainter painter(&m_edges);
  // Fainter as there are more edges, so dense areas read as shading.
  const int alpha = arcs <= 5'000 ? 140 : arcs <= 100'000 ? 70 : 40;
  painter.setRenderHint(QPainter::Antialiasing, arcs <= 20'000);
  QColor edge = theme.colours.edge;
  edge.setAlpha(alpha);
  painter.setPen(QPen(edge, theme.lineWidth > 1 ? theme.lineWidth : 0));
  const QRectF visible = QRectF(rect()).adjusted(-2, -2, 2, 2);
  std::vector<QLineF> lines;
  lines.reserve(65536);
  const bool undirected = !m_graph->directed();
  for (graph::VertexId v = 0; v < m_graph->vertexCount(); ++v) {
    const QPointF a = toScreen((*m_positions)[v]);
    for (const graph::VertexId u : out.neighbours(v)) {
      if (undirected && u < v) {
        continue; // each undirected edge once
      }
      const QPointF b = toScreen((*m_positions)[u]);
      if (!visible.contains(a) && !visible.contains(b)) {
        continue; // both ends off screen (long edges across the view are rare)
      }
      lines.emplace_back(a, b);
      if (lines.size() == 65536) {
        painter.drawLines(lines.data(), static_cast<int>(lines.size()));
        lines.clear();
      }
    }
  }
  painter.drawLines(lines.data(), static_cast<int>(lines.size()));
  m_lastEdgeMs = static_cast<double>(clock.nsecsElapsed()) / 1e6;
}

int GraphView::dotSize() const {
  // Smaller dots as there are more vertices, so that they do not merge; the
  // theme's vertex scale (a projector's) on top.
  const size_t n = m_positions ? m_positions->size() : 0;
  const int base = n <= 2'000 ? 5 : n <= 20'000 ? 3 : 2;
  return std::max(base, static_cast<int>(std::lround(base * currentTheme().vertexScale)));
}

double GraphView::markerRadius() const {
  return 6 * currentTheme().vertexScale;
}

void GraphView::renderVertices() {
  const qreal dpr = devicePixelRatioF();
  m_vertices = QImage(size() * dpr, QImage::Format_ARGB32_Premultiplied);
  m_vertices.setDevicePixelRatio(dpr);
  m_vertices.fill(Qt::transparent);
  m_verticesDirty = false;
  m_verticesView = {m_centre, m_scale};
  if (!m_positions) {
    return;
  }
  const size_t n = m_positions->size();
  const int base = dotSize();
  const int w = m_vertices.width();
  const int h = m_vertices.height();
  auto* pixels = reinterpret_cast<QRgb*>(m_vertices.bits());
  const auto plot = [&](graph::VertexId v, int dot) {
    const QPointF s = toScreen((*m_positions)[v]) * dpr;
    const int x0 = static_cast<int>(s.x()) - dot / 2;
    const int y0 = static_cast<int>(s.y()) - dot / 2;
    if (x0 + dot <= 0 || y0 + dot <= 0 || x0 >= w || y0 >= h) {
      return;
    }
    const QRgb colour = colourOf(v);
    for (int y = std::max(0, y0); y < std::min(h, y0 + dot); ++y) {
      QRgb* row = pixels + static_cast<ptrdiff_t>(y) * w;
      for (int x = std::max(0, x0); x < std::min(w, x0 + dot); ++x) {
        row[x] = colour;
      }
    }
  };
  // Unreached first, then reached, then the frontier and the JFQ on top.
  for (int pass = 0; pass < 3; ++pass) {
    for (graph::VertexId v = 0; v < n; ++v) {
      const uint8_t kind = m_states && v < m_states->kind.size() ? m_states->kind[v] : uint8_t{VertexStates::Unreached};
      const int rank = kind == VertexStates::Unreached                                  ? 0
                       : kind == VertexStates::Reached || kind == VertexStates::BackReached ? 1
                                                                                             : 2;
      if (rank == pass) {
        plot(v, base + (rank == 2 ? 1 : 0));
      }
    }
  }
}

void GraphView::paintEvent(QPaintEvent* /*event*/) {
  QElapsedTimer clock;
  clock.start();
  if (m_edges.size() != size() * devicePixelRatioF()) {
    m_edgesDirty = true;
    m_verticesDirty = true;
  }
  if (m_edgesDirty) {
    renderEdges();
  }
  if (m_verticesDirty) {
    renderVertices();
  }
  const Theme& theme = currentTheme();
  const ViewColours& colours = theme.colours;
  QPainter painter(this);
  if (m_settle.isActive()) {
    painter.fillRect(rect(), colours.canvas); // the shifted layers leave gaps at the edges
    painter.setTransform(layerTransform(m_edgesView));
    painter.drawImage(0, 0, m_edges);
    painter.setTransform(layerTransform(m_verticesView));
    painter.drawImage(0, 0, m_vertices);
    painter.resetTransform();
  } else {
    painter.drawImage(0, 0, m_edges);
    painter.drawImage(0, 0, m_vertices);
  }
  painter.setRenderHint(QPainter::Antialiasing);
  if (m_positions && m_path.size() > 1) {
    QPolygonF line;
    for (const graph::VertexId v : m_path) {
      line << screenPos(v);
    }
    painter.setPen(QPen(colours.pathHalo, 6 * theme.lineWidth, Qt::SolidLine, Qt::RoundCap, Qt::RoundJoin));
    painter.drawPolyline(line);
    painter.setPen(QPen(colours.path, 3 * theme.lineWidth, Qt::SolidLine, Qt::RoundCap, Qt::RoundJoin));
    painter.drawPolyline(line);
  }
  const auto marker = [&](std::optional<graph::VertexId> v, const QColor& colour, const QString& label) {
    if (!m_positions || !v || *v >= m_positions->size()) {
      return;
    }
    const QPointF p = screenPos(*v);
    painter.setPen(QPen(colours.markerOutline, 1.5 * theme.lineWidth));
    painter.setBrush(colour);
    const double radius = markerRadius();
    painter.drawEllipse(p, radius, radius);
    // On the legend's box: readable over any level's colour.
    const QPointF at = p + QPointF(radius + 3, -radius);
    painter.fillRect(QRectF(painter.fontMetrics().boundingRect(label)).translated(at).adjusted(-2, -1, 2, 1),
                     colours.overlay);
    painter.setPen(colours.overlayText);
    painter.drawText(at, label);
  };
  if (m_labelled && m_positions && m_positions->size() <= kMaxLabelled) {
    drawLabels(painter);
  }
  marker(m_source, colours.source, tr("source"));
  marker(m_destination, colours.destination, tr("destination"));
  if (!m_positions) {
    painter.setPen(palette().color(QPalette::Text));
    painter.drawText(rect(), Qt::AlignCenter | Qt::TextWordWrap,
                     m_message.isEmpty() ? tr("No graph to draw.") : m_message);
  }
  drawLegend(painter);
  if (!m_attribution.isEmpty()) {
    const QRect box = painter.fontMetrics().boundingRect(m_attribution).adjusted(-4, -2, 4, 2);
    const QRect at(width() - box.width() - 4, height() - box.height() - 4, box.width(), box.height());
    painter.fillRect(at, colours.overlay);
    painter.setPen(colours.overlayText);
    painter.drawText(at, Qt::AlignCenter, m_attribution);
  }
  m_lastPaintMs = static_cast<double>(clock.nsecsElapsed()) / 1e6;
}

void GraphView::drawLegend(QPainter& painter) const {
  if (!m_states) {
    return;
  }
  QStringList lines;
  std::vector<QColor> colours;
  for (size_t k = 0; k < VertexStates::kKinds; ++k) {
    if (m_states->names[k].isEmpty()) {
      continue;
    }
    QString line = m_states->names[k];
    if (k == VertexStates::Reached) {
      line += QStringLiteral(" 0–%1").arg(m_states->integerValues ? QString::number(m_states->maxValue, 'f', 0)
                                                                  : QString::number(m_states->maxValue, 'g', 4));
    }
    lines << QStringLiteral("%1 (%L2)").arg(line).arg(m_states->count(static_cast<VertexStates::Kind>(k)));
    colours.push_back(k == VertexStates::Reached ? QColor(rampColour(0.5)) : kindColour(k));
  }
  if (m_graph && !edgesDrawn()) {
    lines << tr("edges omitted (%L1 arcs)").arg(m_graph->arcCount());
    colours.emplace_back(Qt::transparent);
  }
  const QFontMetrics metrics = painter.fontMetrics();
  int textWidth = 0;
  for (const QString& line : lines) {
    textWidth = std::max(textWidth, metrics.horizontalAdvance(line));
  }
  const int rowH = metrics.height() + 2;
  const QRect box(8, 8, textWidth + 34, rowH * static_cast<int>(lines.size()) + 8);
  const ViewColours& theme = currentTheme().colours;
  painter.setPen(theme.overlayBorder);
  painter.setBrush(theme.overlay);
  painter.drawRect(box);
  for (int i = 0; i < lines.size(); ++i) {
    const int y = box.top() + 4 + i * rowH;
    const size_t index = static_cast<size_t>(i);
    if (colours[index].alpha() > 0 && index < colours.size()) {
      if (lines[i].startsWith(m_states->names[VertexStates::Reached]) && !m_states->names[1].isEmpty()) {
        // The ramp, left to right.
        for (int x = 0; x < 16; ++x) {
          painter.fillRect(QRect(box.left() + 6 + x, y + 3, 1, rowH - 6), QColor(rampColour(x / 15.0)));
        }
      } else {
        painter.fillRect(QRect(box.left() + 6, y + 3, 16, rowH - 6), colours[index]);
      }
    }
    painter.setPen(theme.overlayText);
    painter.drawText(QPoint(box.left() + 28, y + metrics.ascent() + 1), lines[i]);
  }
}

void GraphView::resizeEvent(QResizeEvent* /*event*/) {
  viewMoved();
}

void GraphView::wheelEvent(QWheelEvent* event) {
  const QPointF at = event->position();
  const QPointF world = toWorld(at);
  const double factor = std::pow(1.0015, event->angleDelta().y());
  m_scale *= factor;
  // Keep the point under the mouse where it is.
  m_centre = world - QPointF((at.x() - width() / 2.0) / m_scale, -(at.y() - height() / 2.0) / m_scale);
  viewMovedInteractively();
  event->accept();
}

void GraphView::mousePressEvent(QMouseEvent* event) {
  m_pressAt = event->pos();
  m_pressCentre = m_centre;
  m_dragging = false;
}

void GraphView::mouseMoveEvent(QMouseEvent* event) {
  if ((event->buttons() & Qt::LeftButton) != 0) {
    const QPoint delta = event->pos() - m_pressAt;
    if (m_dragging || delta.manhattanLength() > 3) {
      m_dragging = true;
      m_centre = m_pressCentre - QPointF(delta.x() / m_scale, -delta.y() / m_scale);
      viewMovedInteractively();
    }
  }
}

void GraphView::mouseReleaseEvent(QMouseEvent* event) {
  if (m_dragging) {
    m_dragging = false;
    return;
  }
  if (const auto v = vertexAt(event->position())) {
    const bool destination = event->button() == Qt::RightButton || (event->modifiers() & Qt::ShiftModifier) != 0;
    emit vertexPicked(*v, destination);
  }
}

void GraphView::setRings(bool rings) {
  m_rings = rings;
  viewMoved();
}

int GraphView::ringCount() const {
  if (!m_rings || !m_positions || m_positions->empty()) {
    return 0;
  }
  // Ring k is at radius k; past the farthest level one ring stays empty and
  // the unreachable vertices lie on the next.
  std::vector<bool> used;
  for (const QPointF& p : *m_positions) {
    const auto ring = static_cast<size_t>(std::lround(std::hypot(p.x(), p.y())));
    used.resize(std::max(used.size(), ring + 1), false);
    used[ring] = true;
  }
  const auto last = static_cast<int>(used.size()) - 1;
  return last >= 2 && !used[static_cast<size_t>(last - 1)] ? last - 2 : last;
}

bool GraphView::unreachableRing() const {
  if (!m_rings || !m_positions || m_positions->empty()) {
    return false;
  }
  double farthest = 0;
  for (const QPointF& p : *m_positions) {
    farthest = std::max(farthest, std::hypot(p.x(), p.y()));
  }
  return std::lround(farthest) > ringCount();
}

void GraphView::drawRings(QPainter& painter) const {
  const Theme& theme = currentTheme();
  const int levels = ringCount();
  const QPointF centre = toScreen(QPointF(0, 0));
  painter.setRenderHint(QPainter::Antialiasing);
  painter.setBrush(Qt::NoBrush);
  const auto ring = [&](int k, const QString& label, Qt::PenStyle style) {
    const double radius = k * m_scale;
    painter.setPen(QPen(theme.colours.guide, theme.lineWidth, style));
    painter.drawEllipse(centre, radius, radius);
    // The label where the ring crosses the vertical above the source.
    const QPointF at(centre.x() + 3, centre.y() - radius - 3);
    painter.setPen(theme.colours.guide);
    painter.drawText(at, label);
  };
  for (int k = 1; k <= levels; ++k) {
    ring(k, k == 1 ? tr("1 hop") : tr("%1 hops").arg(k), Qt::SolidLine);
  }
  if (unreachableRing()) {
    ring(levels + 2, tr("unreachable"), Qt::DashLine);
  }
}

void GraphView::setLabelled(bool labelled) {
  m_labelled = labelled;
  update();
}

void GraphView::drawLabels(QPainter& painter) const {
  // Large discs with the file's ids, and the level (or distance) under each
  // reached vertex: readable from the back of a lecture room.
  const Theme& theme = currentTheme();
  QFont font = painter.font();
  font.setBold(true);
  painter.setFont(font);
  const QFontMetrics metrics(font);
  // As wide as three digits in the painter's font, which grows with the theme's font scale.
  const double radius = std::max(11.0, metrics.horizontalAdvance(QStringLiteral("000")) / 2.0 + 3);
  for (graph::VertexId v = 0; v < m_positions->size(); ++v) {
    const QPointF p = screenPos(v);
    const QColor fill = QColor::fromRgb(colourOf(v));
    painter.setPen(QPen(theme.colours.markerOutline, theme.lineWidth));
    painter.setBrush(fill);
    painter.drawEllipse(p, radius, radius);
    painter.setPen(fill.lightnessF() > 0.55 ? Qt::black : Qt::white);
    const QRectF disc(p.x() - radius, p.y() - radius, 2 * radius, 2 * radius);
    painter.drawText(disc, Qt::AlignCenter, QString::number(m_graph ? m_graph->fileId(v) : v));
    if (m_states && v < m_states->value.size() && m_states->value[v] >= 0 &&
        m_states->kind[v] != VertexStates::Unreached) {
      // "L2": short, so neighbours' labels do not run into each other; the legend names the value.
      const QString value = (m_states->valueName == QObject::tr("level") ? QStringLiteral("L") : QString()) +
                            QString::number(m_states->value[v], 'g', 4);
      const QRectF below(p.x() - 3 * radius, p.y() + radius, 6 * radius, metrics.height());
      painter.setPen(palette().color(QPalette::Text));
      painter.drawText(below, Qt::AlignHCenter | Qt::AlignTop, value);
    }
  }
}

QString GraphView::legendTipAt(QPoint pos) const {
  // The rows as drawLegend() lays them out: one per named kind, from the top.
  if (!m_states || pos.x() < 8 || pos.y() < 12) {
    return {};
  }
  const QFontMetrics metrics = fontMetrics();
  const int row = (pos.y() - 12) / (metrics.height() + 2);
  int shown = 0;
  for (size_t k = 0; k < VertexStates::kKinds; ++k) {
    if (m_states->names[k].isEmpty()) {
      continue;
    }
    if (shown++ == row) {
      const QString& name = m_states->names[k];
      return pos.x() < 8 + 34 + metrics.horizontalAdvance(name) + 60 ? explain(name) : QString();
    }
  }
  return {};
}

bool GraphView::event(QEvent* event) {
  if (event->type() == QEvent::ToolTip) {
    const auto* help = static_cast<QHelpEvent*>(event);
    if (const QString tip = legendTipAt(help->pos()); !tip.isEmpty()) {
      QToolTip::showText(help->globalPos(), tip, this);
    } else if (const auto v = vertexAt(help->pos())) {
      QToolTip::showText(help->globalPos(), hoverText(*v), this);
    } else {
      QToolTip::hideText();
      event->ignore();
    }
    return true;
  }
  return QWidget::event(event);
}

} // namespace frontier::ui
