#pragma once
// What every fuzz target checks about a graph a reader returned: the CSR is
// well formed (a search can never read out of bounds), lists are sorted and
// free of duplicates, undirected graphs are symmetric, the reverse CSR of a
// directed graph matches, and the id map works both ways. A violation
// aborts, which libFuzzer reports as a crash. `arcsMatch` false skips the
// symmetry and reverse-CSR checks: the binary cache leaves those to its
// checksum, which the cache target recomputes on purpose.

#include <algorithm>
#include <cstdio>
#include <cstdlib>

#include "graph/Graph.h"

namespace frontier::fuzz {

[[noreturn]] inline void violated(const char* what) {
  std::fprintf(stderr, "graph invariant violated: %s\n", what);
  std::abort();
}

inline void checkCsr(const graph::Csr& csr, graph::VertexId n, uint64_t arcs) {
  if (n == 0) {
    if (!csr.targets.empty()) {
      violated("arcs without vertices");
    }
    return;
  }
  if (csr.offsets.size() != size_t{n} + 1 || csr.offsets[0] != 0 || csr.offsets[n] != arcs ||
      csr.targets.size() != arcs || (!csr.weights.empty() && csr.weights.size() != arcs)) {
    violated("offsets do not span the arcs");
  }
  for (graph::VertexId v = 0; v < n; ++v) {
    if (csr.offsets[v + 1] < csr.offsets[v]) {
      violated("offsets decrease");
    }
    const auto list = csr.neighbours(v);
    for (size_t i = 0; i < list.size(); ++i) {
      if (list[i] >= n || (i > 0 && list[i] <= list[i - 1])) {
        violated("a list is out of range, unsorted or has duplicates");
      }
    }
  }
}

inline bool hasArc(const graph::Csr& csr, graph::VertexId u, graph::VertexId v) {
  const auto list = csr.neighbours(u);
  return std::binary_search(list.begin(), list.end(), v);
}

inline void checkGraph(const graph::Graph& g, bool arcsMatch = true) {
  const graph::VertexId n = g.vertexCount();
  checkCsr(g.out(), n, g.arcCount());
  checkCsr(g.in(), n, g.arcCount());
  uint64_t selfLoops = 0;
  for (graph::VertexId u = 0; u < n; ++u) {
    for (const graph::VertexId v : g.out().neighbours(u)) {
      selfLoops += u == v ? 1 : 0;
      if (arcsMatch && !hasArc(g.in(), v, u)) {
        violated("an arc is missing from the reverse CSR (or an undirected graph is not symmetric)");
      }
    }
    const auto dense = g.denseId(g.fileId(u));
    if (!dense || *dense != u) {
      violated("fileId and denseId disagree");
    }
    if (u > 0 && g.denseIdsSorted() && g.fileId(u) <= g.fileId(u - 1)) {
      violated("file ids are not increasing");
    }
  }
  if (selfLoops != g.selfLoopCount() || g.edgeCount() > g.arcCount()) {
    violated("counts do not match the arcs");
  }
  if (g.hasCoordinates() && g.coordinates().size() != n) {
    violated("coordinates do not match the vertices");
  }
}

// The same vertices (file ids), arcs, weights, direction and notes.
inline bool sameGraph(const graph::Graph& a, const graph::Graph& b) {
  if (a.vertexCount() != b.vertexCount() || a.directed() != b.directed() || a.selfLoopCount() != b.selfLoopCount() ||
      a.out().offsets != b.out().offsets || a.out().targets != b.out().targets || a.out().weights != b.out().weights ||
      a.in().offsets != b.in().offsets || a.in().targets != b.in().targets ||
      a.directionSource() != b.directionSource() || a.loadNotes() != b.loadNotes()) {
    return false;
  }
  for (graph::VertexId v = 0; v < a.vertexCount(); ++v) {
    if (a.fileId(v) != b.fileId(v)) {
      return false;
    }
  }
  return true;
}

} // namespace frontier::fuzz
