#pragma once
// The CSR construction steps of GraphBuilder, by counting sort (no sort of
// the edge list): count degrees, prefix sum, scatter, then sort each
// adjacency list in place and drop duplicates.

#include <cstdint>
#include <span>

#include "Csr.h"
#include "EdgeList.h"
#include "Progress.h"

namespace frontier::graph {

struct AdjacencyResult {
  Csr csr;
  uint64_t selfLoops = 0;
};

// Out-arcs of the edges (dense ids below n). `symmetric`: every edge u-v
// gives the arcs u->v and v->u (a self-loop gives one arc). Each list ends
// up sorted and free of duplicates; of duplicate arcs the smallest weight is
// kept. Releases the blocks of `edges` as they are consumed. The lists are
// sorted on `threads` workers (0 = one per hardware thread); the result is
// the same for any number.
AdjacencyResult buildAdjacency(EdgeList& edges, VertexId n, bool symmetric, unsigned threads, Progress progress);

// The reverse CSR: an arc u->v of `csr` becomes v->u, weights kept. The lists
// come out sorted because sources are visited in increasing order.
Csr transposeCsr(const Csr& csr, Progress progress);

// The same adjacency with vertex old renamed newId[old]; lists sorted again.
Csr permuteCsr(const Csr& csr, std::span<const VertexId> newId, std::span<const VertexId> oldOf);

} // namespace frontier::graph
