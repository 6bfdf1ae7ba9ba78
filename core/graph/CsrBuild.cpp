#include "CsrBuild.h"

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

AdjacencyResult buildAdjacency(EdgeList& edges, VertexId n, bool symmetric, Progress progress) {
  AdjacencyResult result;
  Csr& csr = result.csr;
  if (n == 0) {
    return result;
  }
  Progress counting = progress.sub(0.0, 0.25);
  Progress scattering = progress.sub(0.25, 0.6);
  const size_t blocks = edges.blockCount();
  csr.offsets.assign(size_t{n} + 1, 0);
  for (size_t b = 0; b < blocks; ++b) {
    for (const EdgeList::Arc& arc : edges.block(b)) {
      ++csr.offsets[arc.u + 1];
      if (symmetric && arc.u != arc.v) {
        ++csr.offsets[arc.v + 1];
      }
    }
    counting.report(static_cast<double>(b + 1) / static_cast<double>(blocks));
  }
  for (VertexId v = 0; v < n; ++v) {
    csr.offsets[v + 1] += csr.offsets[v];
  }
  const EdgeIndex arcs = csr.offsets[n];
  csr.targets.resize(arcs);
  if (edges.weighted()) {
    csr.weights.resize(arcs);
  }
  std::vector<EdgeIndex> cursor(csr.offsets.begin(), csr.offsets.end() - 1);
  for (size_t b = 0; b < blocks; ++b) {
    const std::span<const EdgeList::Arc> block = edges.block(b);
    const std::span<const double> weights = edges.weights(b);
    for (size_t i = 0; i < block.size(); ++i) {
      const EdgeList::Arc arc = block[i];
      const EdgeIndex forward = cursor[arc.u]++;
      csr.targets[forward] = arc.v;
      if (!weights.empty()) {
        csr.weights[forward] = weights[i];
      }
      if (symmetric && arc.u != arc.v) {
        const EdgeIndex backward = cursor[arc.v]++;
        csr.targets[backward] = arc.u;
        if (!weights.empty()) {
          csr.weights[backward] = weights[i];
        }
      }
    }
    edges.releaseBlock(b);
    scattering.report(static_cast<double>(b + 1) / static_cast<double>(blocks));
  }
  cursor = {};
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
  reverse.targets.resize(csr.targets.size());
  reverse.weights.resize(csr.weights.size());
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
