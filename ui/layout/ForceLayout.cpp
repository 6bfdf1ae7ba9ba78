#include "GraphLayouts.h"

#include <algorithm>
#include <cmath>
#include <random>

namespace frontier::ui {

namespace {

// A quadtree over the points, rebuilt every round: each node keeps the
// number of points below it and their centre of mass, so that a far group
// repels as one body (Barnes-Hut).
class QuadTree {
public:
  // `stop(done)` is asked every `every` points with the share inserted;
  // when it says yes the build ends there (false: the tree is unusable).
  template <class Stop>
  bool build(const std::vector<double>& x, const std::vector<double>& y, uint32_t every, Stop&& stop) {
    m_nodes.clear();
    double x0 = x[0], x1 = x[0], y0 = y[0], y1 = y[0];
    for (size_t i = 1; i < x.size(); ++i) {
      x0 = std::min(x0, x[i]);
      x1 = std::max(x1, x[i]);
      y0 = std::min(y0, y[i]);
      y1 = std::max(y1, y[i]);
    }
    const double size = std::max({x1 - x0, y1 - y0, 1e-9}) * 1.0001;
    m_nodes.push_back(Node{x0, y0, size});
    for (uint32_t i = 0; i < x.size(); ++i) {
      if (i % every == every - 1 && stop(static_cast<double>(i) / static_cast<double>(x.size()))) {
        return false;
      }
      insert(0, i, x[i], y[i], 0);
    }
    return true;
  }

  // Repulsion k^2 / d from every point, far groups taken as one (theta).
  void repulse(double px, double py, uint32_t self, double k2, double theta2, double& fx, double& fy) const {
    m_stack.clear();
    m_stack.push_back(0);
    while (!m_stack.empty()) {
      const Node& n = m_nodes[m_stack.back()];
      m_stack.pop_back();
      if (n.count == 0 || (n.count == 1 && n.body == self)) {
        continue;
      }
      const double dx = px - n.cx / n.count;
      const double dy = py - n.cy / n.count;
      const double d2 = dx * dx + dy * dy + 1e-9;
      if (n.body != kNone || n.size * n.size < theta2 * d2) {
        const double f = k2 * n.count / d2;  // (k^2 / d) along the unit vector
        fx += dx * f;
        fy += dy * f;
        continue;
      }
      for (const uint32_t c : n.child) {
        if (c != kNone) {
          m_stack.push_back(c);
        }
      }
    }
  }

private:
  static constexpr uint32_t kNone = UINT32_MAX;
  static constexpr int kMaxDepth = 40; // coincident points share a leaf below this
  struct Node {
    double x0 = 0, y0 = 0, size = 0;
    double cx = 0, cy = 0; // sums; divided by count when read
    uint32_t count = 0;
    uint32_t body = kNone; // the single point of a leaf
    uint32_t child[4] = {kNone, kNone, kNone, kNone};
  };

  void insert(uint32_t at, uint32_t i, double px, double py, int depth) {
    for (;;) {
      Node& n = m_nodes[at];
      n.cx += px;
      n.cy += py;
      n.count += 1;
      if (n.count == 1) {
        n.body = i;
        return;
      }
      if (depth >= kMaxDepth) {
        return; // keeps the first body; the sums count the rest
      }
      if (n.body != kNone) {
        // A leaf becomes internal: push its body one level down.
        const uint32_t old = n.body;
        n.body = kNone;
        const double ox = (n.cx - px) / (n.count - 1);
        const double oy = (n.cy - py) / (n.count - 1);
        const uint32_t c = childFor(at, ox, oy);
        Node& child = m_nodes[c];
        child.cx += ox;
        child.cy += oy;
        child.count = 1;
        child.body = old;
      }
      at = childFor(at, px, py);
      ++depth;
    }
  }

  uint32_t childFor(uint32_t at, double px, double py) {
    const double half = m_nodes[at].size / 2;
    const int qx = px >= m_nodes[at].x0 + half ? 1 : 0;
    const int qy = py >= m_nodes[at].y0 + half ? 1 : 0;
    const int q = qy * 2 + qx;
    if (m_nodes[at].child[q] == kNone) {
      Node child{m_nodes[at].x0 + qx * half, m_nodes[at].y0 + qy * half, half};
      m_nodes[at].child[q] = static_cast<uint32_t>(m_nodes.size());
      m_nodes.push_back(child);
    }
    return m_nodes[at].child[q];
  }

  std::vector<Node> m_nodes;
  mutable std::vector<uint32_t> m_stack;
};

} // namespace

Positions forceLayout(const graph::Graph& graph, const std::function<void(double)>& progress,
                      const std::atomic<bool>* cancel) {
  const uint32_t V = graph.vertexCount();
  if (V == 0) {
    return {};
  }
  // Start from random points in a square of area V: the ideal edge length
  // k = sqrt(area / V) is then 1.
  std::mt19937 random(12345);
  const double side = std::sqrt(static_cast<double>(V));
  std::uniform_real_distribution<double> uniform(0, side);
  std::vector<double> x(V), y(V), fx(V), fy(V);
  for (uint32_t v = 0; v < V; ++v) {
    x[v] = uniform(random);
    y[v] = uniform(random);
  }
  const double k = 1.0;
  const double k2 = k * k;
  const double theta2 = 0.9 * 0.9;
  // Fewer rounds for large graphs: each costs O(V log V).
  const int rounds = V <= 5'000 ? 300 : V <= 50'000 ? 120 : 50;
  double temperature = side / 10;
  const double cooling = std::pow(0.02 / temperature, 1.0 / rounds);
  const graph::Csr& out = graph.out();
  QuadTree tree;
  // Cancel and progress inside a round too: on tens of millions of vertices
  // one round takes minutes. `done` is the share of the round's vertices.
  constexpr uint32_t kCheckEvery = 1U << 16U;
  auto stopped = [&](int round, double done) {
    if (cancel != nullptr && cancel->load()) {
      return true;
    }
    if (progress && done > 0) {
      progress((round + done) / rounds);
    }
    return false;
  };
  for (int round = 0; round < rounds; ++round) {
    if (stopped(round, 0)) {
      return {};
    }
    // The tree's build (every point inserted, O(V log V)) is checked too;
    // progress gives it the round's first tenth, the repulsion the next
    // seven, the attraction the rest.
    if (!tree.build(x, y, kCheckEvery, [&](double done) { return stopped(round, 0.1 * done); })) {
      return {};
    }
    for (uint32_t v = 0; v < V; ++v) {
      if (v % kCheckEvery == kCheckEvery - 1 && stopped(round, 0.1 + 0.7 * v / V)) {
        return {};
      }
      fx[v] = 0;
      fy[v] = 0;
      tree.repulse(x[v], y[v], v, k2, theta2, fx[v], fy[v]);
    }
    // Attraction d^2 / k along every arc (both arcs of an undirected edge).
    for (uint32_t v = 0; v < V; ++v) {
      if (v % kCheckEvery == kCheckEvery - 1 && stopped(round, 0.8 + 0.2 * v / V)) {
        return {};
      }
      for (const graph::VertexId u : out.neighbours(v)) {
        const double dx = x[v] - x[u];
        const double dy = y[v] - y[u];
        const double d = std::sqrt(dx * dx + dy * dy) + 1e-9;
        const double f = d / k;
        fx[v] -= dx * f;
        fy[v] -= dy * f;
        fx[u] += dx * f;
        fy[u] += dy * f;
      }
    }
    for (uint32_t v = 0; v < V; ++v) {
      const double f = std::sqrt(fx[v] * fx[v] + fy[v] * fy[v]);
      if (f > 0) {
        const double step = std::min(f, temperature) / f;
        x[v] += fx[v] * step;
        y[v] += fy[v] * step;
      }
    }
    temperature *= cooling;
    if (progress) {
      progress(static_cast<double>(round + 1) / rounds);
    }
  }
  Positions positions(V);
  for (uint32_t v = 0; v < V; ++v) {
    positions[v] = QPointF(x[v], y[v]);
  }
  return positions;
}

Positions fileCoordinates(const graph::Graph& graph) {
  Positions positions;
  positions.reserve(graph.coordinates().size());
  for (const graph::Coordinate& c : graph.coordinates()) {
    positions.emplace_back(c.x, c.y);
  }
  return positions;
}

} // namespace frontier::ui
