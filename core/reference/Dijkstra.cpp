#include "Dijkstra.h"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <functional>
#include <mutex>
#include <queue>
#include <stdexcept>
#include <string>
#include <thread>
#include <tuple>
#include <type_traits>
#include <utility>

#include "graph/Graph.h"

namespace frontier::reference {

namespace {

constexpr double kTwoTo53 = 9007199254740992.0;

void checkWeights(const graph::Csr& out) {
  for (graph::VertexId u = 0; u < out.vertexCount(); ++u) {
    for (graph::EdgeIndex a = out.offsets[u]; a < out.offsets[u + 1] && out.weighted(); ++a) {
      const double w = out.weights[a];
      if (!(w >= 0.0)) {  // also rejects NaN
        throw std::invalid_argument("Dijkstra needs non-negative weights: arc " + std::to_string(u) + " -> " +
                                    std::to_string(out.targets[a]) + " (dense ids) weighs " + std::to_string(w));
      }
    }
  }
}

// One single-source run over keys of type Key (uint64_t: exact integer sums;
// long double: real weights). Stops once `remaining` destinations are settled
// (never when remaining is 0 at the start: then it runs to the end).
//
// The heap orders by (distance, most positive arcs): among paths of exactly
// equal length the one with more arcs that lengthen the sum wins, which
// agrees() needs for its bound. The order is monotone along arcs (an arc
// either lengthens the distance or keeps both the distance and the count),
// so every vertex is still settled once, zero-weight cycles included.
template <class Key> class Run {
public:
  static constexpr Key kInfinity = std::numeric_limits<Key>::max();

  explicit Run(const graph::Csr& out)
      : m_out(out), m_dist(out.vertexCount(), kInfinity), m_arcs(out.vertexCount(), 0),
        m_positive(out.vertexCount(), 0) {}

  // Forgets the previous run in time proportional to what it touched.
  void reset() {
    for (const graph::VertexId v : m_touched) {
      m_dist[v] = kInfinity;
    }
    m_touched.clear();
  }

  void run(graph::VertexId source, const std::vector<char>* isDestination, uint64_t destinations,
           DijkstraStats& stats) {
    // (distance, UINT32_MAX - positive arcs, vertex): smallest first.
    using Entry = std::tuple<Key, uint32_t, graph::VertexId>;
    std::priority_queue<Entry, std::vector<Entry>, std::greater<>> heap;
    m_dist[source] = 0;
    m_touched.push_back(source);
    m_arcs[source] = 0;
    m_positive[source] = 0;
    heap.push({Key{0}, UINT32_MAX, source});
    uint64_t remaining = destinations;
    while (!heap.empty()) {
      const auto [d, fewer, u] = heap.top();
      heap.pop();
      if (d != m_dist[u] || fewer != UINT32_MAX - m_positive[u]) {
        continue;  // a stale entry: u was reached by a better path since
      }
      ++stats.settled;
      if (isDestination != nullptr && (*isDestination)[u] != 0) {
        if (--remaining == 0) {
          return;
        }
      }
      for (graph::EdgeIndex a = m_out.offsets[u]; a < m_out.offsets[u + 1]; ++a) {
        const graph::VertexId v = m_out.targets[a];
        const Key nd = add(d, weight(a));
        const uint32_t positive = m_positive[u] + (nd > d ? 1U : 0U);
        ++stats.relaxed;
        if (nd < m_dist[v] || (nd == m_dist[v] && positive > m_positive[v])) {
          if (m_dist[v] == kInfinity) {
            m_touched.push_back(v);
          }
          m_dist[v] = nd;
          m_arcs[v] = m_arcs[u] + 1;
          m_positive[v] = positive;
          heap.push({nd, UINT32_MAX - positive, v});
        }
      }
    }
  }

  PathLength length(graph::VertexId v) const {
    if (m_dist[v] == kInfinity) {
      return {};
    }
    return {static_cast<double>(m_dist[v]), m_arcs[v]};
  }

  std::vector<double> distances() const {
    std::vector<double> out(m_dist.size());
    for (size_t v = 0; v < out.size(); ++v) {
      out[v] = m_dist[v] == kInfinity ? kNoPath : static_cast<double>(m_dist[v]);
    }
    return out;
  }

private:
  static Key add(Key d, Key w) {
    if constexpr (std::is_integral_v<Key>) {
      if (w > kInfinity - 1 - d) {
        throw std::overflow_error("Dijkstra: a path's integer length does not fit in 64 bits");
      }
    }
    return d + w;
  }

  Key weight(graph::EdgeIndex a) const {
    if (!m_out.weighted()) {
      return Key{1};
    }
    return static_cast<Key>(m_out.weights[a]);
  }

  const graph::Csr& m_out;
  std::vector<Key> m_dist;
  std::vector<uint32_t> m_arcs;      // arcs on the path kept
  std::vector<uint32_t> m_positive;  // of those, arcs that lengthened the sum
  std::vector<graph::VertexId> m_touched;
};

// Pair indices grouped by source: `order` holds them sorted by source (stable),
// `starts` the first position of each source's group in `order`.
struct SourceGroups {
  std::vector<size_t> order;
  std::vector<size_t> starts;
};

SourceGroups groupBySource(std::span<const graph::Pair> pairs) {
  SourceGroups g;
  g.order.resize(pairs.size());
  for (size_t i = 0; i < g.order.size(); ++i) {
    g.order[i] = i;
  }
  std::stable_sort(g.order.begin(), g.order.end(),
                   [&](size_t a, size_t b) { return pairs[a].source < pairs[b].source; });
  for (size_t i = 0; i < g.order.size(); ++i) {
    if (i == 0 || pairs[g.order[i]].source != pairs[g.order[i - 1]].source) {
      g.starts.push_back(i);
    }
  }
  return g;
}

// One Dijkstra per distinct source, stopped once its destinations are
// settled. Sources are handed out one at a time to `threads` workers (each
// with its own run state, V-sized), so a slow source does not hold up a
// share of the others; every result slot is written by one worker.
template <class Key>
std::vector<PathLength> pathsWith(const graph::Csr& out, std::span<const graph::Pair> pairs, DijkstraStats& stats,
                                  unsigned threads) {
  const SourceGroups groups = groupBySource(pairs);
  std::vector<PathLength> result(pairs.size());
  std::atomic<size_t> nextGroup{0};
  std::mutex statsMutex;
  auto worker = [&] {
    std::vector<char> isDestination(out.vertexCount(), 0);
    Run<Key> run(out);
    DijkstraStats local;
    for (size_t group = nextGroup++; group < groups.starts.size(); group = nextGroup++) {
      const size_t begin = groups.starts[group];
      const size_t end = group + 1 < groups.starts.size() ? groups.starts[group + 1] : groups.order.size();
      uint64_t distinct = 0;
      for (size_t k = begin; k < end; ++k) {
        char& flag = isDestination[pairs[groups.order[k]].destination];
        distinct += flag == 0 ? 1 : 0;
        flag = 1;
      }
      run.reset();
      run.run(pairs[groups.order[begin]].source, &isDestination, distinct, local);
      ++local.runs;
      for (size_t k = begin; k < end; ++k) {
        result[groups.order[k]] = run.length(pairs[groups.order[k]].destination);
        isDestination[pairs[groups.order[k]].destination] = 0;
      }
    }
    const std::lock_guard lock(statsMutex);
    stats.settled += local.settled;
    stats.relaxed += local.relaxed;
    stats.runs += local.runs;
  };
  const size_t count = std::clamp<size_t>(threads, 1, std::max<size_t>(groups.starts.size(), 1));
  std::vector<std::thread> workers;
  for (size_t t = 1; t < count; ++t) {
    workers.emplace_back(worker);
  }
  worker();
  for (std::thread& w : workers) {
    w.join();
  }
  return result;
}

void checkPairs(const graph::Csr& out, std::span<const graph::Pair> pairs) {
  for (size_t i = 0; i < pairs.size(); ++i) {
    if (pairs[i].source >= out.vertexCount() || pairs[i].destination >= out.vertexCount()) {
      throw std::invalid_argument("pair " + std::to_string(i) + " names a vertex outside the graph");
    }
  }
}

} // namespace

bool hasIntegerWeights(const graph::Csr& csr) {
  return std::all_of(csr.weights.begin(), csr.weights.end(),
                     [](double w) { return w >= 0.0 && w < kTwoTo53 && std::floor(w) == w; });
}

double float32SumTolerance(double length, uint32_t arcs) {
  const double u = 1.0 / 16777216.0;          // 2^-24: float32's unit roundoff
  const double growth = std::expm1(arcs * std::log1p(u));  // (1 + u)^m - 1
  return (growth + std::ldexp(1.0, -50)) * length + arcs * std::ldexp(1.0, -149);
}

bool agrees(const PathLength& cpu, double length, bool exactSums) {
  if (!cpu.reachable() || length == kNoPath) {
    return cpu.length == length;
  }
  if (exactSums) {
    return cpu.length == length;
  }
  return std::abs(length - cpu.length) <= float32SumTolerance(cpu.length, cpu.arcs);
}

std::vector<double> dijkstra(const graph::Csr& out, graph::VertexId source, DijkstraStats* stats) {
  if (source >= out.vertexCount()) {
    throw std::invalid_argument("source " + std::to_string(source) + " is outside the graph");
  }
  checkWeights(out);
  DijkstraStats local;
  DijkstraStats& s = stats != nullptr ? *stats : local;
  ++s.runs;
  if (hasIntegerWeights(out)) {
    Run<uint64_t> run(out);
    run.run(source, nullptr, 0, s);
    return run.distances();
  }
  Run<long double> run(out);
  run.run(source, nullptr, 0, s);
  return run.distances();
}

std::vector<PathLength> shortestPaths(const graph::Csr& out, std::span<const graph::Pair> pairs,
                                      DijkstraStats* stats, unsigned threads) {
  checkPairs(out, pairs);
  checkWeights(out);
  DijkstraStats local;
  DijkstraStats& s = stats != nullptr ? *stats : local;
  const unsigned workers = threads != 0 ? threads : std::max(1U, std::thread::hardware_concurrency());
  return hasIntegerWeights(out) ? pathsWith<uint64_t>(out, pairs, s, workers)
                                : pathsWith<long double>(out, pairs, s, workers);
}

std::vector<PathLength> shortestPaths(const graph::Graph& graph, std::span<const graph::Pair> pairs,
                                      DijkstraStats* stats, unsigned threads) {
  return shortestPaths(graph.out(), pairs, stats, threads);
}

} // namespace frontier::reference
