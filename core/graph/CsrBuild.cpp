#include "CsrBuild.h"

#include "HugePages.h"

#include <algorithm>
#include <utility>
#include <vector>

namespace frontier::graph {

namespace {

// Sorts each list, drops duplicates (keeping the smallest weight) and closes
// the gaps, rewriting offsets. Counts the arcs v->v.
uint64_t sortAndDedupe(Csr& csr, Progress progress) {
  const VertexId n = csr.vertexCount();
  const bool weighted = csr.weighted();
  std::vector<std::pair<VertexId, double>> scratch;
  uint64_t selfLoops = 0;
  EdgeIndex write = 0;
  for (VertexId v = 0; v < n; ++v) {
    const EdgeIndex begin = csr.offsets[v];
    const EdgeIndex end = csr.offsets[v + 1];
    csr.offsets[v] = write;
    VertexId* first = csr.targets.data() + begin;
    VertexId* last = csr.targets.data() + end;
    VertexId previous = kNoVertex;  // never a dense id
    if (!weighted) {
      if (!std::is_sorted(first, last)) {
        std::sort(first, last);
      }
      for (const VertexId* t = first; t != last; ++t) {
        if (*t != previous) {
          previous = *t;
          csr.targets[write++] = *t;
        }
      }
    } else {
      scratch.clear();
      for (EdgeIndex i = begin; i < end; ++i) {
        scratch.emplace_back(csr.targets[i], csr.weights[i]);
      }
      std::sort(scratch.begin(), scratch.end());
      for (const auto& [t, w] : scratch) {
        if (t != previous) {
          previous = t;
          csr.targets[write] = t;
          csr.weights[write++] = w;
        }
      }
    }
    if (previous != kNoVertex && std::binary_search(csr.targets.data() + csr.offsets[v], csr.targets.data() + write, v)) {
      ++selfLoops;
    }
    if ((v & 0xffffU) == 0) {
      progress.report(static_cast<double>(begin) / static_cast<double>(csr.targets.size() + 1));
    }
  }
  if (n > 0) {
    csr.offsets[n] = write;
  }
  // Give memory back only when duplicates wasted a noticeable share.
  const bool shrink = write < csr.targets.size() - csr.targets.size() / 8;
  csr.targets.resize(write);
  if (weighted) {
    csr.weights.resize(write);
  }
  if (shrink) {
    csr.targets.shrink_to_fit();
    csr.weights.shrink_to_fit();
  }
  progress.done();
  return selfLoops;
}

} // namespace

namespace {

// How far ahead the loops below prefetch: the arrays they index at random
// are far larger than the cache, and the next indices are known.
constexpr size_t kAhead = 16;

template <class Count> void countDegrees(EdgeList& edges, VertexId n, bool symmetric, Csr& csr, Progress progress) {
  std::vector<Count> degree(n, 0);
  const size_t blocks = edges.blockCount();
  for (size_t b = 0; b < blocks; ++b) {
    const std::span<const EdgeList::Arc> block = edges.block(b);
    for (size_t i = 0; i < block.size(); ++i) {
      if (i + kAhead < block.size()) {
        __builtin_prefetch(&degree[block[i + kAhead].v], 1);
      }
      const EdgeList::Arc arc = block[i];
      ++degree[arc.u];
      if (symmetric && arc.u != arc.v) {
        ++degree[arc.v];
      }
    }
    progress.report(static_cast<double>(b + 1) / static_cast<double>(blocks));
  }
  csr.offsets.resize(size_t{n} + 1);
  csr.offsets[0] = 0;
  for (VertexId v = 0; v < n; ++v) {
    csr.offsets[v + 1] = csr.offsets[v] + degree[v];
  }
}

// Writes every arc at its vertex's cursor. Cursor is uint32_t when the arc
// count allows (half the cache footprint of uint64_t).
template <class Cursor> void scatter(EdgeList& edges, bool symmetric, Csr& csr, Progress progress) {
  const VertexId n = csr.vertexCount();
  std::vector<Cursor> cursor(n);
  for (VertexId v = 0; v < n; ++v) {
    cursor[v] = static_cast<Cursor>(csr.offsets[v]);
  }
  VertexId* targets = csr.targets.data();
  double* weights = csr.weights.data();
  const size_t blocks = edges.blockCount();
  for (size_t b = 0; b < blocks; ++b) {
    const std::span<const EdgeList::Arc> block = edges.block(b);
    const std::span<const double> blockWeights = edges.weights(b);
    const bool weighted = !blockWeights.empty();
    for (size_t i = 0; i < block.size(); ++i) {
      if (i + 2 * kAhead < block.size()) {
        __builtin_prefetch(&cursor[block[i + 2 * kAhead].u], 1);
        __builtin_prefetch(&cursor[block[i + 2 * kAhead].v], 1);
      }
      if (i + kAhead < block.size()) {
        __builtin_prefetch(targets + cursor[block[i + kAhead].u], 1);
        __builtin_prefetch(targets + cursor[block[i + kAhead].v], 1);
      }
      const EdgeList::Arc arc = block[i];
      const Cursor forward = cursor[arc.u]++;
      targets[forward] = arc.v;
      if (weighted) {
        weights[forward] = blockWeights[i];
      }
      if (symmetric && arc.u != arc.v) {
        const Cursor backward = cursor[arc.v]++;
        targets[backward] = arc.u;
        if (weighted) {
          weights[backward] = blockWeights[i];
        }
      }
    }
    edges.releaseBlock(b);
    progress.report(static_cast<double>(b + 1) / static_cast<double>(blocks));
  }
}

} // namespace

AdjacencyResult buildAdjacency(EdgeList& edges, VertexId n, bool symmetric, Progress progress) {
  AdjacencyResult result;
  Csr& csr = result.csr;
  if (n == 0) {
    return result;
  }
  // 32-bit counts unless duplicates could push one vertex past 2^32 arcs.
  if (edges.size() < UINT32_MAX / 2) {
    countDegrees<uint32_t>(edges, n, symmetric, csr, progress.sub(0.0, 0.25));
  } else {
    countDegrees<uint64_t>(edges, n, symmetric, csr, progress.sub(0.0, 0.25));
  }
  const EdgeIndex arcs = csr.offsets[n];
  resizeHuge(csr.targets, arcs);
  if (edges.weighted()) {
    resizeHuge(csr.weights, arcs);
  }
  if (arcs < UINT32_MAX) {
    scatter<uint32_t>(edges, symmetric, csr, progress.sub(0.25, 0.6));
  } else {
    scatter<uint64_t>(edges, symmetric, csr, progress.sub(0.25, 0.6));
  }
  result.selfLoops = sortAndDedupe(csr, progress.sub(0.6, 1.0));
  return result;
}

Csr transposeCsr(const Csr& csr, Progress progress) {
  Csr reverse;
  const VertexId n = csr.vertexCount();
  if (n == 0) {
    return reverse;
  }
  reverse.offsets.assign(size_t{n} + 1, 0);
  for (const VertexId t : csr.targets) {
    ++reverse.offsets[t + 1];
  }
  for (VertexId v = 0; v < n; ++v) {
    reverse.offsets[v + 1] += reverse.offsets[v];
  }
  progress.report(0.3);
  resizeHuge(reverse.targets, csr.targets.size());
  resizeHuge(reverse.weights, csr.weights.size());
  std::vector<EdgeIndex> cursor(reverse.offsets.begin(), reverse.offsets.end() - 1);
  for (VertexId u = 0; u < n; ++u) {
    for (EdgeIndex i = csr.offsets[u]; i < csr.offsets[u + 1]; ++i) {
      const EdgeIndex slot = cursor[csr.targets[i]]++;
      reverse.targets[slot] = u;
      if (csr.weighted()) {
        reverse.weights[slot] = csr.weights[i];
      }
    }
    if ((u & 0xffffU) == 0) {
      progress.report(0.3 + 0.7 * static_cast<double>(u) / static_cast<double>(n));
    }
  }
  progress.done();
  return reverse;
}

Csr permuteCsr(const Csr& csr, std::span<const VertexId> newId, std::span<const VertexId> oldOf) {
  Csr result;
  const VertexId n = csr.vertexCount();
  if (n == 0) {
    return result;
  }
  result.offsets.resize(size_t{n} + 1);
  result.offsets[0] = 0;
  for (VertexId v = 0; v < n; ++v) {
    result.offsets[v + 1] = result.offsets[v] + csr.degree(oldOf[v]);
  }
  result.targets.resize(csr.targets.size());
  result.weights.resize(csr.weights.size());
  std::vector<std::pair<VertexId, double>> scratch;
  for (VertexId v = 0; v < n; ++v) {
    const VertexId old = oldOf[v];
    scratch.clear();
    for (EdgeIndex i = csr.offsets[old]; i < csr.offsets[old + 1]; ++i) {
      scratch.emplace_back(newId[csr.targets[i]], csr.weighted() ? csr.weights[i] : 0.0);
    }
    std::sort(scratch.begin(), scratch.end());
    EdgeIndex slot = result.offsets[v];
    for (const auto& [t, w] : scratch) {
      result.targets[slot] = t;
      if (csr.weighted()) {
        result.weights[slot] = w;
      }
      ++slot;
    }
  }
  return result;
}

} // namespace frontier::graph
