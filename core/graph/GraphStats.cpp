#include "GraphStats.h"

#include <algorithm>
#include <numeric>
#include <optional>

namespace frontier::graph {

namespace {

class UnionFind {
public:
  explicit UnionFind(VertexId n) : m_parent(n) { std::iota(m_parent.begin(), m_parent.end(), VertexId{0}); }
  VertexId find(VertexId v) {
    while (m_parent[v] != v) {
      m_parent[v] = m_parent[m_parent[v]];  // path halving
      v = m_parent[v];
    }
    return v;
  }
  void unite(VertexId a, VertexId b) {
    a = find(a);
    b = find(b);
    if (a != b) {
      m_parent[std::max(a, b)] = std::min(a, b);
    }
  }

private:
  std::vector<VertexId> m_parent;
};

// Whether `cancel` is set, looked at once every 64 Ki steps.
bool cancelled(const std::atomic<bool>* cancel, uint64_t step) {
  return cancel != nullptr && (step & 0xffffU) == 0 && cancel->load(std::memory_order_relaxed);
}

// The component labels (componentLabels()), or empty once cancelled.
std::vector<VertexId> labels(const Graph& graph, const std::atomic<bool>* cancel) {
  const VertexId n = graph.vertexCount();
  UnionFind sets(n);
  for (VertexId v = 0; v < n; ++v) {
    if (cancelled(cancel, v)) {
      return {};
    }
    for (const VertexId u : graph.out().neighbours(v)) {
      sets.unite(v, u);
    }
  }
  std::vector<VertexId> label(n);
  for (VertexId v = 0; v < n; ++v) {
    label[v] = sets.find(v);
  }
  return label;
}

// BFS over out- and in-arcs; returns the farthest vertex (smallest id on
// ties) and its distance, or nothing once cancelled.
std::optional<std::pair<VertexId, uint64_t>> farthest(const Graph& graph, VertexId source,
                                                      const std::atomic<bool>* cancel) {
  std::vector<uint32_t> level(graph.vertexCount(), UINT32_MAX);
  std::vector<VertexId> queue{source};
  level[source] = 0;
  VertexId best = source;
  for (size_t head = 0; head < queue.size(); ++head) {
    if (cancelled(cancel, head)) {
      return std::nullopt;
    }
    const VertexId v = queue[head];
    if (level[v] > level[best] || (level[v] == level[best] && v < best)) {
      best = v;
    }
    auto visit = [&](std::span<const VertexId> neighbours) {
      for (const VertexId u : neighbours) {
        if (level[u] == UINT32_MAX) {
          level[u] = level[v] + 1;
          queue.push_back(u);
        }
      }
    };
    visit(graph.out().neighbours(v));
    if (graph.directed()) {
      visit(graph.in().neighbours(v));
    }
  }
  return std::pair<VertexId, uint64_t>{best, level[best]};
}

} // namespace

GraphStats computeStats(const Graph& graph, unsigned topCount) {
  GraphStats stats = computeDegreeStats(graph, topCount);
  addStructureStats(graph, stats);
  return stats;
}

GraphStats computeDegreeStats(const Graph& graph, unsigned topCount) {
  GraphStats stats;
  const VertexId n = graph.vertexCount();
  stats.vertices = n;
  stats.edges = graph.edgeCount();
  stats.directed = graph.directed();
  stats.weighted = graph.weighted();
  stats.selfLoops = graph.selfLoopCount();
  if (n == 0) {
    return stats;
  }
  const Csr& out = graph.out();
  std::vector<uint64_t> degrees(n);
  for (VertexId v = 0; v < n; ++v) {
    degrees[v] = out.degree(v);
  }
  stats.degreeMean = static_cast<double>(graph.arcCount()) / n;

  std::vector<VertexId> order(n);
  std::iota(order.begin(), order.end(), VertexId{0});
  const size_t top = std::min<size_t>(topCount, n);
  std::partial_sort(order.begin(), order.begin() + static_cast<std::ptrdiff_t>(top), order.end(),
                    [&](VertexId a, VertexId b) {
                      return degrees[a] != degrees[b] ? degrees[a] > degrees[b] : graph.fileId(a) < graph.fileId(b);
                    });
  for (size_t i = 0; i < top; ++i) {
    stats.top.push_back({graph.fileId(order[i]), degrees[order[i]]});
  }
  stats.degreeMax = degrees[order[0]];
  order = {};

  std::vector<uint64_t> sorted = degrees;
  std::nth_element(sorted.begin(), sorted.begin() + n / 2, sorted.end());
  const uint64_t upper = sorted[n / 2];
  if (n % 2 == 0) {
    const uint64_t lower = *std::max_element(sorted.begin(), sorted.begin() + n / 2);
    stats.degreeMedian = (static_cast<double>(lower) + static_cast<double>(upper)) / 2;
  } else {
    stats.degreeMedian = static_cast<double>(upper);
  }
  stats.degreeMin = *std::min_element(sorted.begin(), sorted.end());
  return stats;
}

bool addStructureStats(const Graph& graph, GraphStats& stats, const std::atomic<bool>* cancel) {
  const VertexId n = graph.vertexCount();
  if (n == 0) {
    stats.structureKnown = true;
    return true;
  }
  const std::vector<VertexId> label = labels(graph, cancel);
  if (label.empty()) {
    return false;
  }
  std::vector<uint64_t> size(n, 0);
  for (VertexId v = 0; v < n; ++v) {
    ++size[label[v]];
  }
  VertexId largest = 0;
  uint64_t components = 0;
  for (VertexId v = 0; v < n; ++v) {
    if (size[v] > 0) {
      ++components;
    }
    if (size[v] > size[largest]) {
      largest = v;
    }
  }

  // Start the sweep at the vertex of highest degree in the largest component.
  const Csr& out = graph.out();
  VertexId start = largest;
  for (VertexId v = 0; v < n; ++v) {
    if (out.degree(v) > out.degree(start) && label[v] == largest) {
      start = v;
    }
  }
  const auto first = farthest(graph, start, cancel);
  const auto second = first ? farthest(graph, first->first, cancel) : std::nullopt;
  if (!second) {
    return false;
  }
  stats.components = components;
  stats.largestComponent = size[largest];
  stats.diameterEstimate = second->second;
  stats.structureKnown = true;
  return true;
}

std::vector<VertexId> componentLabels(const Graph& graph) { return labels(graph, nullptr); }

} // namespace frontier::graph
