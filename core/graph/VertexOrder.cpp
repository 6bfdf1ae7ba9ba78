#include "VertexOrder.h"

#include <algorithm>
#include <stdexcept>

#include "GraphBuilder.h"

namespace frontier::graph {

namespace {

// The undirected view: the out-arcs, and the in-arcs of a directed graph.
template <class Visit> void forNeighbours(const Graph& graph, VertexId v, const Visit& visit) {
  for (const VertexId u : graph.out().neighbours(v)) {
    visit(u);
  }
  if (graph.directed()) {
    for (const VertexId u : graph.in().neighbours(v)) {
      visit(u);
    }
  }
}

uint64_t undirectedDegree(const Graph& graph, VertexId v) {
  return graph.out().degree(v) + (graph.directed() ? graph.in().degree(v) : 0);
}

struct Sweep {
  size_t lastLevel = 0;  // index in the order where the last level starts
  size_t depth = 0;      // levels after the root's
};

// BFS from `root` over the vertices whose mark is below `stamp` (marking
// them `stamp`). Writes the vertices in BFS order to `order` from `begin` on.
Sweep sweep(const Graph& graph, VertexId root, std::vector<uint32_t>& mark, uint32_t stamp,
            std::vector<VertexId>& order, size_t begin) {
  order.resize(begin);
  order.push_back(root);
  mark[root] = stamp;
  Sweep result{begin, 0};
  size_t levelStart = begin;
  size_t levelEnd = begin + 1;
  while (true) {
    for (size_t i = levelStart; i < levelEnd; ++i) {
      forNeighbours(graph, order[i], [&](VertexId u) {
        if (mark[u] < stamp) {
          mark[u] = stamp;
          order.push_back(u);
        }
      });
    }
    if (order.size() == levelEnd) {
      return result;
    }
    levelStart = levelEnd;
    levelEnd = order.size();
    result = {levelStart, result.depth + 1};
  }
}

} // namespace

VertexOrder parseVertexOrder(const std::string& name) {
  if (name == "file") {
    return VertexOrder::File;
  }
  if (name == "rcm") {
    return VertexOrder::Rcm;
  }
  if (name == "auto") {
    return VertexOrder::Auto;
  }
  throw std::invalid_argument("unknown vertex order '" + name + "' (file, rcm, auto)");
}

bool longGraph(const Graph& graph) {
  const uint64_t n = graph.vertexCount();
  if (n < 1000) {
    return false;
  }
  const double mean = static_cast<double>(graph.arcCount()) / static_cast<double>(n);
  uint64_t widest = 0;
  for (VertexId v = 0; v < n; ++v) {
    widest = std::max<uint64_t>(widest, graph.out().degree(v));
  }
  return mean <= 8 && static_cast<double>(widest) <= 16 * mean;
}

VertexOrder resolvedOrder(const Graph& graph, VertexOrder order) {
  if (order != VertexOrder::Auto) {
    return order;
  }
  return longGraph(graph) ? VertexOrder::Rcm : VertexOrder::File;
}

std::vector<VertexId> reverseCuthillMcKee(const Graph& graph) {
  const VertexId n = graph.vertexCount();
  std::vector<VertexId> order;
  order.reserve(n);
  // mark[v]: the last sweep that saw v; numbered vertices keep UINT32_MAX.
  std::vector<uint32_t> mark(n, 0);
  constexpr uint32_t kNumbered = UINT32_MAX;
  uint32_t stamp = 0;
  std::vector<std::pair<uint64_t, VertexId>> next;
  for (VertexId first = 0; first < n; ++first) {
    if (mark[first] == kNumbered) {
      continue;
    }
    if (undirectedDegree(graph, first) == 0) {
      order.push_back(first);  // isolated: a component of its own, no sweep needed
      mark[first] = kNumbered;
      continue;
    }
    // A pseudo-peripheral root: from a vertex of least degree in the last
    // level, while the BFS gets deeper (at most a few sweeps).
    const size_t begin = order.size();
    VertexId root = first;
    VertexId best = first;  // the root of the deepest sweep so far
    size_t depth = 0;
    for (int attempt = 0; attempt < 8; ++attempt) {
      const Sweep found = sweep(graph, root, mark, ++stamp, order, begin);
      if (attempt > 0 && found.depth <= depth) {
        break;
      }
      best = root;
      depth = found.depth;
      VertexId candidate = order[found.lastLevel];
      for (size_t i = found.lastLevel; i < order.size(); ++i) {
        if (undirectedDegree(graph, order[i]) < undirectedDegree(graph, candidate)) {
          candidate = order[i];
        }
      }
      root = candidate;
    }
    // Cuthill-McKee from the root: each numbered vertex's unnumbered
    // neighbours, by increasing degree (ties by id).
    order.resize(begin);
    order.push_back(best);
    mark[best] = kNumbered;
    for (size_t i = begin; i < order.size(); ++i) {
      next.clear();
      forNeighbours(graph, order[i], [&](VertexId u) {
        if (mark[u] != kNumbered) {
          mark[u] = kNumbered;
          next.emplace_back(undirectedDegree(graph, u), u);
        }
      });
      std::sort(next.begin(), next.end());
      for (const auto& entry : next) {
        order.push_back(entry.second);
      }
    }
    if (stamp > kNumbered - 16) {
      throw std::length_error("reverseCuthillMcKee: too many components");
    }
  }
  std::reverse(order.begin(), order.end());
  return order;
}

Graph withVertexOrder(Graph graph, VertexOrder order) {
  if (resolvedOrder(graph, order) == VertexOrder::Rcm) {
    const std::vector<VertexId> oldOf = reverseCuthillMcKee(graph);
    GraphBuilder::relabel(graph, oldOf);
  }
  return graph;
}

uint64_t bandwidth(const Graph& graph) {
  uint64_t widest = 0;
  for (VertexId v = 0; v < graph.vertexCount(); ++v) {
    for (const VertexId u : graph.out().neighbours(v)) {
      widest = std::max<uint64_t>(widest, u > v ? u - v : v - u);
    }
  }
  return widest;
}

} // namespace frontier::graph
