// Graph500 Kronecker generator. Edges are made in blocks of 2^20, block k
// from its own stream seeded by mix64(seed + k), so blocks can be made on
// several threads and the graph is the same whatever their number.

#include <algorithm>
#include <atomic>
#include <cmath>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "Generators.h"
#include "GraphBuilder.h"
#include "NumberText.h"
#include "Parallel.h"
#include "Random.h"

namespace frontier::graph {

namespace {

constexpr uint64_t kBlockEdges = uint64_t{1} << 20U;

// P(u > p) for u uniform on the 32-bit grid: u > p  <=>  bits > floor(p * 2^32).
uint64_t threshold(double p) { return static_cast<uint64_t>(std::floor(p * 4294967296.0)); }

struct Thresholds {
  uint64_t ab;
  uint64_t cNorm;
  uint64_t aNorm;
};

// Edges [first, first + kLanes) of a block: edge e's bit b is draw
// e * scale + b of the block's stream. The edges are made side by side, one
// lane each, so that the compiler can use vector multiplies across the
// lanes (kLanes = 1 is the plain loop); the draws are the same either way.
template <unsigned kLanes>
[[gnu::always_inline]] inline void edgeLanes(uint64_t seedState, uint32_t scale, const Thresholds& t, uint64_t first,
                                             VertexId* rows, VertexId* columns) {
  uint64_t state[kLanes];
  uint64_t row[kLanes];
  uint64_t column[kLanes];
  for (unsigned k = 0; k < kLanes; ++k) {
    state[k] = seedState + (first + k) * scale * SplitMix64::kIncrement;
    row[k] = 0;
    column[k] = 0;
  }
  const uint64_t ab = t.ab;
  const uint64_t cNorm = t.cNorm;
  const uint64_t aNorm = t.aNorm;
  for (uint32_t bit = 0; bit < scale; ++bit) {
    for (unsigned k = 0; k < kLanes; ++k) {
      // One 64-bit draw gives both 32-bit uniforms of this level.
      state[k] += SplitMix64::kIncrement;
      const uint64_t r = SplitMix64::output(state[k]);
      // Written without branches, so that the lanes can be vectorised.
      const auto rowBit = static_cast<uint64_t>((r >> 32U) > ab);
      const uint64_t columnThreshold = rowBit != 0 ? cNorm : aNorm;
      const auto columnBit = static_cast<uint64_t>((r & 0xffffffffU) > columnThreshold);
      row[k] |= rowBit << bit;
      column[k] |= columnBit << bit;
    }
  }
  for (unsigned k = 0; k < kLanes; ++k) {
    rows[k] = static_cast<VertexId>(row[k]);
    columns[k] = static_cast<VertexId>(column[k]);
  }
}

template <unsigned kLanes>
[[gnu::always_inline]] inline void generateEdges(const KroneckerParams& params, const Thresholds& t,
                                                 const std::vector<VertexId>& permutation, uint64_t block,
                                                 uint64_t count, EdgeList::Arc* out) {
  const uint64_t seedState = mix64(params.seed + block);
  uint64_t e = 0;
  VertexId rows[kLanes];
  VertexId columns[kLanes];
  for (; e + kLanes <= count; e += kLanes) {
    edgeLanes<kLanes>(seedState, params.scale, t, e, rows, columns);
    for (unsigned k = 0; k < kLanes; ++k) {
      out[e + k] = {permutation[rows[k]], permutation[columns[k]]};
    }
  }
  for (; e < count; ++e) {
    edgeLanes<1>(seedState, params.scale, t, e, rows, columns);
    out[e] = {permutation[rows[0]], permutation[columns[0]]};
  }
}

// Most of the generator's time is the 64-bit multiplies of the draws.
// AVX-512DQ multiplies eight 64-bit lanes at once (vpmullq); AVX2 builds the
// product from 32-bit multiplies, still faster than one edge at a time
// (measured 30 ns per edge against 47-49 on a development machine); plain
// x86-64 keeps one edge at a time (SSE2's built-up products were slower than
// the scalar loop). The targets add instruction sets rather than name an
// architecture, so a build for a newer CPU (-march=native) still inlines.
#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__)
[[gnu::target("avx512f,avx512dq,avx512vl,avx512bw")]] void
generateEdgesAvx512(const KroneckerParams& params, const Thresholds& t, const std::vector<VertexId>& permutation,
                    uint64_t block, uint64_t count, EdgeList::Arc* out) {
  generateEdges<16>(params, t, permutation, block, count, out);
}
[[gnu::target("avx2")]] void generateEdgesAvx2(const KroneckerParams& params, const Thresholds& t,
                                               const std::vector<VertexId>& permutation, uint64_t block,
                                               uint64_t count, EdgeList::Arc* out) {
  generateEdges<16>(params, t, permutation, block, count, out);
}
#endif

void generateBlock(const KroneckerParams& params, const Thresholds& t, const std::vector<VertexId>& permutation,
                   uint64_t block, uint64_t count, EdgeList::Arc* out) {
#if defined(__x86_64__) && defined(__GNUC__) && !defined(__clang__)
  if (params.vectorLanes && __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512dq") &&
      __builtin_cpu_supports("avx512vl") && __builtin_cpu_supports("avx512bw")) {
    generateEdgesAvx512(params, t, permutation, block, count, out);
    return;
  }
  if (params.vectorLanes && __builtin_cpu_supports("avx2")) {
    generateEdgesAvx2(params, t, permutation, block, count, out);
    return;
  }
#endif
  generateEdges<1>(params, t, permutation, block, count, out);
}

void check(const KroneckerParams& p) {
  if (p.scale < 1 || p.scale > 31) {
    throw std::invalid_argument("kronecker: scale must be in 1..31, not " + std::to_string(p.scale));
  }
  if (p.edgeFactor < 1 || (uint64_t{p.edgeFactor} << p.scale) > (uint64_t{1} << 40U)) {
    throw std::invalid_argument("kronecker: edge factor must be >= 1 and edgefactor * 2^scale at most 2^40");
  }
  const bool valid = p.a >= 0 && p.b >= 0 && p.c >= 0 && p.a + p.b > 0 && p.a + p.b < 1 && p.a + p.b + p.c <= 1;
  if (!valid) {
    throw std::invalid_argument("kronecker: need a, b, c >= 0, 0 < a + b < 1 and a + b + c <= 1");
  }
}

} // namespace

Graph generateKronecker(const KroneckerParams& params, const ProgressCallback& callback) {
  check(params);
  const uint64_t n = uint64_t{1} << params.scale;
  const uint64_t m = n * params.edgeFactor;
  const Thresholds t{threshold(params.a + params.b), threshold(params.c / (1 - (params.a + params.b))),
                     threshold(params.a / (params.a + params.b))};

  // The reference code's random relabelling (randperm), Fisher-Yates.
  std::vector<VertexId> permutation(n);
  for (uint64_t i = 0; i < n; ++i) {
    permutation[i] = static_cast<VertexId>(i);
  }
  SplitMix64 shuffle(mix64(params.seed ^ 0x6b726f6e65636b72ULL));
  for (uint64_t i = n - 1; i > 0; --i) {
    std::swap(permutation[i], permutation[shuffle.below(i + 1)]);
  }

  // Making the edges is most of the time; building the CSR the rest.
  Progress progress(&callback);
  Progress making = progress.sub(0.0, 0.7);
  BuildOptions options;
  options.threads = params.threads;
  GraphBuilder builder{options};
  builder.setProgress(progress.sub(0.7, 1.0));
  builder.declareVertices(n, 0);
  // Every block is made on some worker straight into the array the builder
  // keeps (no copy, nothing added on one thread); blocks are handed to the
  // builder in order, so the edge list is the same for any thread count.
  const unsigned threads = workerCount(params.threads);
  const uint64_t blocks = (m + kBlockEdges - 1) / kBlockEdges;
  std::vector<std::unique_ptr<EdgeList::Arc[]>> arrays(blocks);
  // Worker 0 reports progress; when that cancels, the others stop at their
  // next block instead of finishing their share.
  std::atomic<bool> cancelled{false};
  parallelRanges(threads, blocks, [&](uint64_t begin, uint64_t end, unsigned worker) {
    for (uint64_t block = begin; block < end && !cancelled.load(std::memory_order_relaxed); ++block) {
      if (worker == 0) {
        try {
          making.report(static_cast<double>(block - begin) / static_cast<double>(end - begin));
        } catch (...) {
          cancelled = true;
          throw;
        }
      }
      const uint64_t count = std::min(kBlockEdges, m - block * kBlockEdges);
      // Not value-initialised: generateBlock writes every arc.
      arrays[block].reset(new EdgeList::Arc[count]);
      generateBlock(params, t, permutation, block, count, arrays[block].get());
    }
  });
  for (uint64_t block = 0; block < blocks; ++block) {
    builder.addDenseBlock(std::move(arrays[block]), std::min(kBlockEdges, m - block * kBlockEdges));
  }
  auto format = [](double x) { return numberText(x); };
  builder.setName("kronecker:scale=" + std::to_string(params.scale) + ",edgefactor=" +
                  std::to_string(params.edgeFactor) + ",a=" + format(params.a) + ",b=" + format(params.b) +
                  ",c=" + format(params.c) + ",seed=" + std::to_string(params.seed));
  return builder.build();
}

} // namespace frontier::graph
