#include "CsrBuild.h"

#include "HugePages.h"
#include "Parallel.h"

#include <algorithm>
#include <atomic>
#include <cstring>
#include <utility>
#include <vector>

namespace frontier::graph {

namespace {

// Lists at least this long are radix sorted: a comparison sort of a hub's
// list mispredicts a branch at every one of its log2(n) levels.
constexpr size_t kRadixSortLength = 2048;
constexpr unsigned kRadixBits = 11;

// LSD radix sort of ids below `bound`, kRadixBits a pass (passes whose
// digit is the same for every id are skipped); `spare` is scratch space.
void radixSort(VertexId* first, size_t count, VertexId bound, std::vector<VertexId>& spare) {
  constexpr size_t kBuckets = size_t{1} << kRadixBits;
  if (spare.size() < count) {
    spare.resize(count);
  }
  VertexId* from = first;
  VertexId* to = spare.data();
  std::vector<size_t> start(kBuckets);
  for (unsigned shift = 0; shift < 32 && (bound - 1) >> shift != 0; shift += kRadixBits) {
    std::fill(start.begin(), start.end(), 0);
    for (size_t i = 0; i < count; ++i) {
      ++start[(from[i] >> shift) & (kBuckets - 1)];
    }
    if (*std::max_element(start.begin(), start.end()) == count) {
      continue;  // one digit for all: this pass would not move anything
    }
    size_t sum = 0;
    for (size_t& bucket : start) {
      sum += std::exchange(bucket, sum);
    }
    for (size_t i = 0; i < count; ++i) {
      to[start[(from[i] >> shift) & (kBuckets - 1)]++] = from[i];
    }
    std::swap(from, to);
  }
  if (from != first) {
    std::copy_n(from, count, first);
  }
}

// Sorts list v in place, drops duplicates (keeping the smallest weight) and
// returns its new length; the list stays at its old place.
EdgeIndex sortAndDedupeList(Csr& csr, VertexId v, std::vector<std::pair<VertexId, double>>& scratch,
                            std::vector<VertexId>& spare) {
  const EdgeIndex begin = csr.offsets[v];
  const EdgeIndex end = csr.offsets[v + 1];
  VertexId* first = csr.targets.data() + begin;
  VertexId* last = csr.targets.data() + end;
  if (!csr.weighted()) {
    if (!std::is_sorted(first, last)) {
      if (end - begin >= kRadixSortLength) {
        radixSort(first, end - begin, csr.vertexCount(), spare);
      } else {
        std::sort(first, last);
      }
    }
    return static_cast<EdgeIndex>(std::unique(first, last) - first);
  }
  scratch.clear();
  for (EdgeIndex i = begin; i < end; ++i) {
    scratch.emplace_back(csr.targets[i], csr.weights[i]);
  }
  std::sort(scratch.begin(), scratch.end());
  EdgeIndex write = begin;
  VertexId previous = kNoVertex;  // never a dense id
  for (const auto& [t, w] : scratch) {
    if (t != previous) {
      previous = t;
      csr.targets[write] = t;
      csr.weights[write++] = w;
    }
  }
  return write - begin;
}

// Sorts each list, drops duplicates and closes the gaps, rewriting offsets.
// Counts the arcs v->v. Each worker takes its own range of vertices, sorts
// their lists and packs them to the start of the range's own arcs (moves to
// the left within the range, so no worker writes what another reads); the
// ranges' packed blocks are then moved down in order with one memmove each.
// The result is the same for any number of workers.
uint64_t sortAndDedupe(Csr& csr, unsigned threads, Progress progress) {
  const VertexId n = csr.vertexCount();
  const bool weighted = csr.weighted();
  const unsigned workers = workerCount(threads);
  std::vector<EdgeIndex> kept(n);
  std::vector<uint64_t> selfLoops(workers, 0);
  struct Packed {
    VertexId first = 0;     // first vertex of the range
    EdgeIndex start = 0;    // where its arcs began (and their packed copy begins)
    EdgeIndex arcs = 0;     // arcs kept in the range
  };
  std::vector<Packed> packed(workers);
  const unsigned used = parallelRanges(workers, n, [&](uint64_t begin, uint64_t end, unsigned worker) {
    std::vector<std::pair<VertexId, double>> scratch;
    std::vector<VertexId> spare;
    const EdgeIndex start = csr.offsets[begin];
    EdgeIndex write = start;
    for (auto v = static_cast<VertexId>(begin); v < end; ++v) {
      const EdgeIndex from = csr.offsets[v];
      kept[v] = sortAndDedupeList(csr, v, scratch, spare);
      const VertexId* first = csr.targets.data() + from;
      if (std::binary_search(first, first + kept[v], v)) {
        ++selfLoops[worker];
      }
      if (write != from) {
        std::copy_n(csr.targets.data() + from, kept[v], csr.targets.data() + write);
        if (weighted) {
          std::copy_n(csr.weights.data() + from, kept[v], csr.weights.data() + write);
        }
      }
      write += kept[v];
      if (worker == 0 && (v & 0xffffU) == 0) {
        progress.report(0.9 * static_cast<double>(v - begin) / static_cast<double>(end - begin));
      }
    }
    packed[worker] = {static_cast<VertexId>(begin), start, write - start};
  });
  EdgeIndex write = 0;
  for (unsigned w = 0; w < used; ++w) {
    const Packed& range = packed[w];
    if (range.start != write) {
      std::memmove(csr.targets.data() + write, csr.targets.data() + range.start, range.arcs * sizeof(VertexId));
      if (weighted) {
        std::memmove(csr.weights.data() + write, csr.weights.data() + range.start, range.arcs * sizeof(double));
      }
    }
    write += range.arcs;
  }
  write = 0;
  for (VertexId v = 0; v < n; ++v) {
    csr.offsets[v] = write;
    write += kept[v];
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
  uint64_t loops = 0;
  for (const uint64_t count : selfLoops) {
    loops += count;
  }
  return loops;
}

} // namespace

namespace {

// How far ahead the loops below prefetch: the arrays they index at random
// are far larger than the cache, and the next indices are known.
constexpr size_t kAhead = 16;
// How far ahead the scatter prefetches the slots it writes (nearer: the
// cursors they are read from have been prefetched kAhead arcs ahead).
constexpr size_t kSlotAhead = 8;

// Runs body(block) for every block of `edges`, `workers` blocks at a time,
// one per thread; releases each round's blocks once it has ended (when
// `release`), so that at most one round of blocks outlives its use.
template <class Body>
void forEachBlock(EdgeList& edges, unsigned workers, bool release, Progress& progress, const Body& body) {
  const size_t blocks = edges.blockCount();
  for (size_t first = 0; first < blocks; first += workers) {
    const size_t round = std::min<size_t>(workers, blocks - first);
    parallelRanges(workers, round, [&](uint64_t begin, uint64_t end, unsigned) {
      for (uint64_t i = begin; i < end; ++i) {
        body(first + i);
      }
    });
    for (size_t b = first; release && b < first + round; ++b) {
      edges.releaseBlock(b);
    }
    progress.report(static_cast<double>(first + round) / static_cast<double>(blocks));
  }
}

// Degrees counted on several threads (atomic increments: the counts do not
// depend on the order).
template <class Count>
void countDegrees(EdgeList& edges, VertexId n, bool symmetric, unsigned workers, Csr& csr, Progress progress) {
  std::vector<Count> degree(n, 0);
  forEachBlock(edges, workers, false, progress, [&](size_t b) {
    const std::span<const EdgeList::Arc> block = edges.block(b);
    for (size_t i = 0; i < block.size(); ++i) {
      if (i + kAhead < block.size()) {
        __builtin_prefetch(&degree[block[i + kAhead].u], 1);
        __builtin_prefetch(&degree[block[i + kAhead].v], 1);
      }
      const EdgeList::Arc arc = block[i];
      std::atomic_ref<Count>(degree[arc.u]).fetch_add(1, std::memory_order_relaxed);
      if (symmetric && arc.u != arc.v) {
        std::atomic_ref<Count>(degree[arc.v]).fetch_add(1, std::memory_order_relaxed);
      }
    }
  });
  csr.offsets.resize(size_t{n} + 1);
  csr.offsets[0] = 0;
  for (VertexId v = 0; v < n; ++v) {
    csr.offsets[v + 1] = csr.offsets[v] + degree[v];
  }
}

// Writes every arc at its vertex's cursor, on several threads. The order of
// the arcs within a list depends on the threads, but sortAndDedupe sorts
// each list (weighted: by target, then weight), so the result does not.
// Cursor is uint32_t when the arc count allows (half the cache footprint of
// uint64_t).
template <class Cursor> void scatter(EdgeList& edges, bool symmetric, unsigned workers, Csr& csr, Progress progress) {
  const VertexId n = csr.vertexCount();
  std::vector<Cursor> cursor(n);
  for (VertexId v = 0; v < n; ++v) {
    cursor[v] = static_cast<Cursor>(csr.offsets[v]);
  }
  VertexId* targets = csr.targets.data();
  double* weights = csr.weights.data();
  auto take = [&cursor](VertexId v) {
    return std::atomic_ref<Cursor>(cursor[v]).fetch_add(1, std::memory_order_relaxed);
  };
  forEachBlock(edges, workers, true, progress, [&](size_t b) {
    const std::span<const EdgeList::Arc> block = edges.block(b);
    const std::span<const double> blockWeights = edges.weights(b);
    const bool weighted = !blockWeights.empty();
    for (size_t i = 0; i < block.size(); ++i) {
      if (i + kAhead < block.size()) {
        __builtin_prefetch(&cursor[block[i + kAhead].u], 1);
        __builtin_prefetch(&cursor[block[i + kAhead].v], 1);
      }
      // The slot an arc is written to is a random place of a large array:
      // a cache miss per arc, unless fetched ahead. Its exact place is only
      // known once the atomic returns, but the cursor read a few arcs
      // earlier (prefetched above) is almost always on the same line.
      if (i + kSlotAhead < block.size()) {
        const EdgeList::Arc next = block[i + kSlotAhead];
        __builtin_prefetch(targets + std::atomic_ref<Cursor>(cursor[next.u]).load(std::memory_order_relaxed), 1);
        if (symmetric) {
          __builtin_prefetch(targets + std::atomic_ref<Cursor>(cursor[next.v]).load(std::memory_order_relaxed), 1);
        }
      }
      const EdgeList::Arc arc = block[i];
      const Cursor forward = take(arc.u);
      targets[forward] = arc.v;
      if (weighted) {
        weights[forward] = blockWeights[i];
      }
      if (symmetric && arc.u != arc.v) {
        const Cursor backward = take(arc.v);
        targets[backward] = arc.u;
        if (weighted) {
          weights[backward] = blockWeights[i];
        }
      }
    }
  });
}

} // namespace

AdjacencyResult buildAdjacency(EdgeList& edges, VertexId n, bool symmetric, unsigned threads, Progress progress) {
  AdjacencyResult result;
  Csr& csr = result.csr;
  const unsigned workers = workerCount(threads);
  if (n == 0) {
    return result;
  }
  // 32-bit counts unless duplicates could push one vertex past 2^32 arcs.
  if (edges.size() < UINT32_MAX / 2) {
    countDegrees<uint32_t>(edges, n, symmetric, workers, csr, progress.sub(0.0, 0.25));
  } else {
    countDegrees<uint64_t>(edges, n, symmetric, workers, csr, progress.sub(0.0, 0.25));
  }
  const EdgeIndex arcs = csr.offsets[n];
  resizeHuge(csr.targets, arcs);
  if (edges.weighted()) {
    resizeHuge(csr.weights, arcs);
  }
  if (arcs < UINT32_MAX) {
    scatter<uint32_t>(edges, symmetric, workers, csr, progress.sub(0.25, 0.6));
  } else {
    scatter<uint64_t>(edges, symmetric, workers, csr, progress.sub(0.25, 0.6));
  }
  result.selfLoops = sortAndDedupe(csr, workers, progress.sub(0.6, 1.0));
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
