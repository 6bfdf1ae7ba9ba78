#pragma once
// What the loaded graph is: vertices, edges, direction, degrees and the
// vertices of highest degree, components and the estimated diameter (graph::computeStats, computed on the worker
// thread while loading).
//
// Thread affinity: GUI thread.

#include <QWidget>

class QFormLayout;
class QLabel;

namespace frontier::ui {

struct GraphSummary;

class GraphPanel : public QWidget {
  Q_OBJECT
public:
  explicit GraphPanel(QWidget* parent = nullptr);

  void setGraph(const GraphSummary& summary);
  // Before the first graph: the name row says what is loading (a large
  // file takes seconds), and "none" again when that load ends without one.
  void showLoading(const QString& what);
  void showLoadEnded();
  // The value shown in a row ("Vertices", "Edges", ...), for tests.
  QString value(const QString& row) const;

private:
  QLabel* addRow(const QString& name);

  QFormLayout* m_form;
  QLabel* m_name;
  QLabel* m_vertices;
  QLabel* m_edges;
  QLabel* m_directed;
  QLabel* m_selfLoops;
  QLabel* m_degree;
  QLabel* m_hubs;
  QLabel* m_components;
  QLabel* m_diameter;
  QLabel* m_loadTime;
  bool m_hasGraph = false;
};

} // namespace frontier::ui
