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

void generateBlock(const KroneckerParams& params, const Thresholds& t, const std::vector<VertexId>& permutation,
                   uint64_t block, uint64_t count, EdgeList::Arc* out) {
  SplitMix64 random(mix64(params.seed + block));
  for (uint64_t e = 0; e < count; ++e) {
    uint64_t row = 0;
    uint64_t column = 0;
    for (uint32_t bit = 0; bit < params.scale; ++bit) {
      // One 64-bit draw gives both 32-bit uniforms of this level.
      const uint64_t r = random.next();
      const uint64_t rowBit = (r >> 32U) > t.ab ? 1 : 0;
      const uint64_t columnBit = (r & 0xffffffffU) > (rowBit != 0 ? t.cNorm : t.aNorm) ? 1 : 0;
      row |= rowBit << bit;
      column |= columnBit << bit;
    }
    out[e] = {permutation[row], permutation[column]};
  }
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
