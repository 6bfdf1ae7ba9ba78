#pragma once
// The graph drawn: vertices at given positions, coloured by VertexStates
// (legend in the corner), edges for small graphs (faded for larger ones,
// omitted above kMaxDrawnArcs), a highlighted path, zoom (wheel) and pan
// (drag), a hover text (file id, degree, level or distance) and clicks that
// pick a vertex (left: source, right or Shift: destination).
//
// Speed: the edges are drawn into a cached image only when the view moves;
// vertices are written as pixels into an image on every state change; a
// uniform grid over the positions finds the vertex under the mouse.
//
// Thread affinity: GUI thread.

#include <memory>
#include <optional>
#include <vector>

#include <QImage>
#include <QTimer>
#include <QTransform>
#include <QWidget>

#include "graph/Graph.h"
#include "layout/GraphLayouts.h"
#include "models/VertexStates.h"

namespace frontier::ui {

class GraphView : public QWidget {
  Q_OBJECT
public:
  static constexpr uint64_t kMaxDrawnArcs = 1'500'000;

  explicit GraphView(QWidget* parent = nullptr);

  // A new graph: drops positions, states and the path.
  void setGraph(std::shared_ptr<const graph::Graph> graph);
  void setPositions(std::shared_ptr<const Positions> positions); // fits the view
  void setStates(std::shared_ptr<const VertexStates> states);
  void setPath(std::vector<graph::VertexId> path);
  void setEndpoints(std::optional<graph::VertexId> source, std::optional<graph::VertexId> destination);
  // Shown in the bottom right corner ("© OpenStreetMap contributors"); empty for none.
  void setAttribution(const QString& text);
  // Lesson drawing: every vertex a large disc with its file id and its level
  // (or distance) beneath, for graphs of at most kMaxLabelled vertices.
  void setLabelled(bool labelled);
  bool labelled() const noexcept { return m_labelled; }
  static constexpr size_t kMaxLabelled = 200;
  // The radial layout's rings (GraphLayouts.h: ring k at radius k around the
  // source, the unreachable vertices two rings further out), drawn as circles
  // under the vertices and labelled with their distance in hops.
  void setRings(bool rings);
  // The rings drawn: the farthest level's and whether the unreachable ring is
  // there (0 and false without rings or positions).
  int ringCount() const;
  bool unreachableRing() const;
  void setMessage(const QString& text); // shown when there is nothing to draw
  const QString& message() const noexcept { return m_message; }

  const std::shared_ptr<const graph::Graph>& graph() const noexcept { return m_graph; }
  bool hasPositions() const noexcept { return m_positions != nullptr; }
  const std::shared_ptr<const VertexStates>& states() const noexcept { return m_states; }
  const std::vector<graph::VertexId>& path() const noexcept { return m_path; }
  const QString& attribution() const noexcept { return m_attribution; }
  bool edgesDrawn() const;

  void fitAll();
  // Widget coordinates of a vertex, and the vertex within a few pixels of a point.
  QPointF screenPos(graph::VertexId v) const;
  std::optional<graph::VertexId> vertexAt(QPointF point) const;
  QString hoverText(graph::VertexId v) const;
  // The side of a vertex's dot and the radius of the source's and the
  // destination's markers, in pixels, for this graph in the current theme.
  int dotSize() const;
  double markerRadius() const;
  // Wall-clock time of the last paint and of the last edge-layer render (ms).
  double lastPaintMs() const noexcept { return m_lastPaintMs; }
  double lastEdgeMs() const noexcept { return m_lastEdgeMs; }
  // Zoom or pan in progress: the cached layers are shown transformed.
  bool settling() const noexcept { return m_settle.isActive(); }

signals:
  void vertexPicked(frontier::graph::VertexId vertex, bool destination);

protected:
  void paintEvent(QPaintEvent* event) override;
  void resizeEvent(QResizeEvent* event) override;
  void wheelEvent(QWheelEvent* event) override;
  void mousePressEvent(QMouseEvent* event) override;
  void mouseMoveEvent(QMouseEvent* event) override;
  void mouseReleaseEvent(QMouseEvent* event) override;
  bool event(QEvent* event) override;

private:
  QPointF toScreen(QPointF world) const;
  QPointF toWorld(QPointF screen) const;
  void viewMoved(); // the edge layer and the vertex layer must be redrawn
  // Zoom and pan: the cached layers are drawn scaled and shifted at once,
  // and rendered anew only once the view has been still for a moment, so
  // a wheel turn or a drag never waits for a full edge render.
  void viewMovedInteractively();
  struct LayerView {
    QPointF centre;
    double scale = 1.0;
  };
  // Maps a layer rendered at `view` onto the widget at the current view.
  QTransform layerTransform(const LayerView& view) const;
  void renderEdges();
  void renderVertices();
  void buildGrid();
  void drawLegend(QPainter& painter) const;
  void drawRings(QPainter& painter) const;
  void drawLabels(QPainter& painter) const;
  // The glossary's words for the legend row under `pos` ("" outside the legend).
  QString legendTipAt(QPoint pos) const;
  QRgb colourOf(graph::VertexId v) const;

  std::shared_ptr<const graph::Graph> m_graph;
  std::shared_ptr<const Positions> m_positions;
  std::shared_ptr<const VertexStates> m_states;
  std::vector<graph::VertexId> m_path;
  std::optional<graph::VertexId> m_source;
  std::optional<graph::VertexId> m_destination;
  QString m_attribution;
  QString m_message;

  QRectF m_bounds;      // of the positions
  QPointF m_centre;     // world point at the widget centre
  double m_scale = 1.0; // pixels per world unit
  QImage m_edges;
  QImage m_vertices;
  LayerView m_edgesView;    // the view the edge layer was rendered at
  LayerView m_verticesView; // the view the vertex layer was rendered at
  QTimer m_settle;          // re-renders the layers after zoom and pan
  bool m_edgesDirty = true;
  bool m_verticesDirty = true;

  // Uniform grid over the positions: vertices sorted by cell.
  int m_gridSize = 0;
  std::vector<uint32_t> m_cellStart;
  std::vector<graph::VertexId> m_cellVertices;

  QPoint m_pressAt;
  QPointF m_pressCentre;
  bool m_dragging = false;
  bool m_labelled = false;
  bool m_rings = false;
  double m_lastPaintMs = 0;
  double m_lastEdgeMs = 0;
};

} // namespace frontier::ui
