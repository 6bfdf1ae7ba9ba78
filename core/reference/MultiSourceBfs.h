#pragma once
// Multi-source BFS after Then et al., "The More the Merrier: Efficient
// Multi-Source Graph Traversal" (VLDB 2015): the CPU baseline a graph
// database such as DuckPGQ runs for many shortest-path queries at once.
//
// One pass runs up to Bits (64..512) searches together. Every vertex has
// three Bits-wide words: seen (searches that reached it), visit (searches
// whose frontier holds it now) and next. A level either pushes (top-down:
// each frontier vertex ORs its visit word into its out-neighbours' next
// words, so a vertex shared by many searches is expanded once: aggregated
// neighbour processing) or pulls (bottom-up: each vertex not yet seen by
// every search ORs the visit words of its in-neighbours and stops once all
// missing searches are found), switching by Beamer's heuristic. Frontiers
// are vertex lists, so sparse levels cost only what they touch.
//
// A MultiSourceBfs object is one single-threaded worker with its own state
// (3 x V x Bits/8 bytes); msbfsPathLengths() runs as many as fit in a memory
// budget (the graph's own adjacency by default), at most one per thread, so
// that the reference never needs threads x V x 192 bytes (12 GB for a
// 4 M-vertex graph on 16 threads at 512 bits).

#include <algorithm>
#include <bit>
#include <cstdint>
#include <span>
#include <stdexcept>
#include <vector>

#include "BitWord.h"
#include "graph/Graph.h"
#include "graph/Pairs.h"

namespace frontier::reference {

struct MsBfsOptions {
  unsigned threads = 0;            // 0 = std::thread::hardware_concurrency()
  unsigned width = 512;            // searches per pass: 64, 128, 256 or 512
  bool directionOptimizing = true; // false = always top-down
  // Bottom-up when the frontier's arcs exceed the unexplored arcs / alpha.
  // Lower than Beamer's 14 for one BFS: with many searches in a word the
  // pull rarely stops early, so it pays only once few arcs remain.
  double alpha = 0.5;
  double beta = 24.0;  // top-down again when frontier vertices < V / beta
  // Bytes the workers' state may take together (msbfsPathLengths); 0 = the
  // graph's adjacency bytes (Graph::csrBytes). Narrower words and fewer
  // workers are used where `width` on every thread would not fit.
  uint64_t memoryBudget = 0;
};

// What msbfsPathLengths runs: `workers` threads, each a MultiSourceBfs of
// `width` bits.
struct MsBfsPlan {
  unsigned width = 64;
  unsigned workers = 1;
};

// Bytes of one worker's state on `vertices` vertices at `width` bits: the
// three words per vertex, the touched bitmap and the pass's destination
// bitmap.
uint64_t msbfsWorkerBytes(uint64_t vertices, unsigned width);

// The width (at most options.width, at least 64) and number of workers (at
// most options.threads, at least 1) for `sources` distinct sources within
// the memory budget: the most searches running at once, the wider word on a
// tie. One 64-bit worker is always allowed, whatever the budget.
MsBfsPlan msbfsPlan(const graph::Graph& graph, size_t sources, const MsBfsOptions& options);

template <unsigned Bits> class MultiSourceBfs {
public:
  using Word = BitWord<Bits>;
  static constexpr unsigned kSearches = Bits;

  MultiSourceBfs(const graph::Graph& graph, const MsBfsOptions& options)
      : m_graph(graph), m_options(options), m_seen(graph.vertexCount()), m_visit(graph.vertexCount()),
        m_next(graph.vertexCount()), m_touched(graph.vertexCount() / 64 + 1) {}

  // Searches from sources[i] (bit i; repeats allowed), at most Bits of them.
  // visit(level, vertex, word) is called once for every vertex and level at
  // which some searches reach it first: bit i of `word` set = search i.
  // Level 0 reports the sources. When visit returns false the pass ends
  // after the current level.
  template <class Visitor> void run(std::span<const graph::VertexId> sources, Visitor&& visit);

  // Called from a visitor: search i needs no more levels. Its bit stops
  // spreading after the current level (it may still be reported in it).
  void retire(unsigned search) noexcept { m_retired.set(search); }

  // Levels of the last pass: how many were top-down and bottom-up.
  uint32_t topDownLevels() const noexcept { return m_topDown; }
  uint32_t bottomUpLevels() const noexcept { return m_bottomUp; }

private:
  bool chooseBottomUp(bool bottomUp) const;
  template <class Visitor> bool topDownLevel(uint32_t level, Visitor& visit);
  template <class Visitor> bool bottomUpLevel(uint32_t level, Visitor& visit);
  // Moves the words found in this level (in m_next) into m_visit and m_seen.
  void advance();

  const graph::Graph& m_graph;
  MsBfsOptions m_options;
  std::vector<Word> m_seen;
  std::vector<Word> m_visit;
  std::vector<Word> m_next;
  std::vector<uint64_t> m_touched;       // bitmap: m_next[v] may be non-zero
  std::vector<graph::VertexId> m_frontier;  // increasing ids
  std::vector<graph::VertexId> m_found;     // increasing ids
  Word m_active{};
  Word m_retired{};
  uint64_t m_unexploredArcs = 0;  // arcs of vertices not yet seen by every search
  uint32_t m_topDown = 0;
  uint32_t m_bottomUp = 0;
};

// The length of every pair by MS-BFS: distinct sources are grouped into
// passes of msbfsPlan()'s width (spread over more, narrower passes when
// that keeps every worker busy), passes run on its workers, and
// a pass stops as soon as all its pairs are answered. Equals
// reference::pathLengths(). std::out_of_range for ids not in the graph,
// std::invalid_argument for a width other than 64/128/256/512.
std::vector<graph::Length> msbfsPathLengths(const graph::Graph& graph, std::span<const graph::Pair> pairs,
                                            const MsBfsOptions& options = {});

// Full level arrays (as bfsLevels) of up to `width` sources in one pass: for
// tests and for comparing with the oracle vertex by vertex.
std::vector<std::vector<uint32_t>> msbfsLevels(const graph::Graph& graph, std::span<const graph::VertexId> sources,
                                               const MsBfsOptions& options = {});

// ---------------------------------------------------------------------------

template <unsigned Bits>
template <class Visitor>
void MultiSourceBfs<Bits>::run(std::span<const graph::VertexId> sources, Visitor&& visit) {
  if (sources.size() > Bits) {
    throw std::invalid_argument("MultiSourceBfs: more sources than bits in a word");
  }
  const graph::VertexId n = m_graph.vertexCount();
  for (const graph::VertexId s : sources) {
    if (s >= n) {
      throw std::out_of_range("MultiSourceBfs: a source is not a vertex");
    }
  }
  std::fill(m_seen.begin(), m_seen.end(), Word{});
  for (const graph::VertexId v : m_frontier) {
    m_visit[v] = Word{};
  }
  m_frontier.clear();
  m_found.clear();
  m_topDown = m_bottomUp = 0;
  m_active = Word::firstBits(static_cast<unsigned>(sources.size()));
  m_retired = Word{};
  m_unexploredArcs = m_graph.arcCount();
  for (unsigned i = 0; i < sources.size(); ++i) {
    const graph::VertexId s = sources[i];
    if (!m_next[s].any()) {
      m_found.push_back(s);
    }
    m_next[s].set(i);
  }
  std::sort(m_found.begin(), m_found.end());
  bool more = true;
  for (const graph::VertexId v : m_found) {
    more = visit(uint32_t{0}, v, static_cast<const Word&>(m_next[v])) && more;
  }
  advance();
  bool bottomUp = false;
  for (uint32_t level = 1; more && !m_frontier.empty(); ++level) {
    bottomUp = m_options.directionOptimizing && chooseBottomUp(bottomUp);
    more = bottomUp ? bottomUpLevel(level, visit) : topDownLevel(level, visit);
    advance();
  }
}

// Beamer's rule on the union of the searches: pull once the frontier's arcs
// outweigh the arcs still unexplored, push again once the frontier is small.
template <unsigned Bits> bool MultiSourceBfs<Bits>::chooseBottomUp(bool bottomUp) const {
  const auto n = static_cast<double>(m_graph.vertexCount());
  if (bottomUp) {
    return static_cast<double>(m_frontier.size()) >= n / m_options.beta;
  }
  uint64_t frontierArcs = 0;
  for (const graph::VertexId v : m_frontier) {
    frontierArcs += m_graph.out().degree(v);
  }
  return static_cast<double>(frontierArcs) > static_cast<double>(m_unexploredArcs) / m_options.alpha &&
         static_cast<double>(m_frontier.size()) >= n / m_options.beta;
}

template <unsigned Bits>
template <class Visitor>
bool MultiSourceBfs<Bits>::topDownLevel(uint32_t level, Visitor& visit) {
  ++m_topDown;
  const graph::Csr& out = m_graph.out();
  // Push: one OR per arc of a frontier vertex, whatever the number of
  // searches in its word (aggregated neighbour processing).
  uint64_t* touched = m_touched.data();
  for (const graph::VertexId v : m_frontier) {
    const Word word = m_visit[v];
    for (const graph::VertexId u : out.neighbours(v)) {
      m_next[u] |= word;
      touched[u >> 6U] |= uint64_t{1} << (u & 63U);
    }
  }
  // Collect the touched vertices in increasing order (the bitmap scan keeps
  // the next level's memory accesses in order) with the searches new there.
  bool more = true;
  for (size_t w = 0; w < m_touched.size(); ++w) {
    for (uint64_t bits = touched[w]; bits != 0; bits &= bits - 1) {
      const auto u = static_cast<graph::VertexId>(w * 64 + static_cast<unsigned>(std::countr_zero(bits)));
      const Word fresh = andNot(m_next[u], m_seen[u]);
      if (fresh.any()) {
        m_next[u] = fresh;
        m_found.push_back(u);
        more = visit(level, u, static_cast<const Word&>(fresh)) && more;
      } else {
        m_next[u] = Word{};
      }
    }
    touched[w] = 0;
  }
  return more;
}

template <unsigned Bits>
template <class Visitor>
bool MultiSourceBfs<Bits>::bottomUpLevel(uint32_t level, Visitor& visit) {
  ++m_bottomUp;
  const graph::Csr& in = m_graph.in();
  const graph::VertexId n = m_graph.vertexCount();
  bool more = true;
  for (graph::VertexId u = 0; u < n; ++u) {
    const Word missing = andNot(m_active, m_seen[u]);
    if (!missing.any()) {
      continue;
    }
    // Pull from in-neighbours until every missing search is found.
    Word reached{};
    for (const graph::VertexId p : in.neighbours(u)) {
      reached |= m_visit[p];
      if (reached.covers(missing)) {
        break;
      }
    }
    const Word fresh = reached & missing;
    if (fresh.any()) {
      m_next[u] = fresh;
      m_found.push_back(u);
      more = visit(level, u, static_cast<const Word&>(fresh)) && more;
    }
  }
  return more;
}

template <unsigned Bits> void MultiSourceBfs<Bits>::advance() {
  for (const graph::VertexId v : m_frontier) {
    m_visit[v] = Word{};
  }
  if (m_retired.any()) {
    m_active = andNot(m_active, m_retired);
    m_retired = Word{};
  }
  m_frontier.clear();
  const graph::Csr& out = m_graph.out();
  for (const graph::VertexId v : m_found) {
    const Word fresh = m_next[v] & m_active;
    m_next[v] = Word{};
    m_seen[v] |= fresh;
    if (fresh.any()) {
      m_visit[v] = fresh;
      m_frontier.push_back(v);
      if (m_seen[v].covers(m_active)) {
        m_unexploredArcs -= std::min(m_unexploredArcs, out.degree(v));
      }
    }
  }
  m_found.clear();
}

} // namespace frontier::reference
