#include "MultiSourceBfs.h"

#include "Bfs.h"
#include "PairOrder.h"
#include "graph/Parallel.h"

#include <atomic>
#include <string>
#include <bit>
#include <numeric>
#include <thread>
#include <utility>

namespace frontier::reference {

namespace {

unsigned threadCount(const MsBfsOptions& options) {
  return std::max(1U, options.threads != 0 ? options.threads : std::thread::hardware_concurrency());
}

[[noreturn]] void badWidth(unsigned width) {
  throw std::invalid_argument("MS-BFS width must be 64, 128, 256 or 512, not " + std::to_string(width));
}

struct Query {
  graph::VertexId destination;
  unsigned bit;
  size_t pair;
  bool operator<(const Query& other) const noexcept { return destination < other.destination; }
};

// Runs `work(index, worker)` for index 0..count-1 on up to `threads` threads,
// each with its own MultiSourceBfs.
template <unsigned Bits, class Work>
void parallelPasses(const graph::Graph& graph, const MsBfsOptions& options, unsigned workerCount, size_t count,
                    Work&& work) {
  std::atomic<size_t> nextIndex{0};
  auto loop = [&] {
    MultiSourceBfs<Bits> bfs(graph, options);
    for (size_t i = nextIndex++; i < count; i = nextIndex++) {
      work(i, bfs);
    }
  };
  const size_t threads = std::min<size_t>(workerCount, count);
  std::vector<std::thread> workers;
  for (size_t t = 1; t < threads; ++t) {
    workers.emplace_back(loop);
  }
  if (count > 0) {
    loop();
  }
  for (std::thread& worker : workers) {
    worker.join();
  }
}

template <unsigned Bits>
void pathLengthsWith(const graph::Graph& graph, std::span<const graph::Pair> pairs, const MsBfsOptions& options,
                     unsigned workers, const std::vector<size_t>& order, std::vector<size_t> groupStart,
                     std::vector<graph::Length>& lengths) {
  const size_t sources = groupStart.size();
  groupStart.push_back(order.size());
  // Enough passes for every source, and at least one per worker while
  // sources last (narrower passes in parallel beat one wide pass alone).
  const size_t passes = std::min(sources, std::max((sources + Bits - 1) / Bits, size_t{workers}));

  parallelPasses<Bits>(graph, options, workers, passes, [&](size_t pass, MultiSourceBfs<Bits>& bfs) {
    const size_t firstGroup = pass * sources / passes;
    const size_t lastGroup = (pass + 1) * sources / passes;
    std::vector<graph::VertexId> passSources;
    std::vector<Query> queries;
    for (size_t g = firstGroup; g < lastGroup; ++g) {
      const auto bit = static_cast<unsigned>(g - firstGroup);
      passSources.push_back(pairs[order[groupStart[g]]].source);
      for (size_t i = groupStart[g]; i < groupStart[g + 1]; ++i) {
        queries.push_back({pairs[order[i]].destination, bit, order[i]});
      }
    }
    std::sort(queries.begin(), queries.end());
    // One bit per vertex: most vertices a pass reaches are no destination,
    // and a bit test is far cheaper than a search of the query list.
    std::vector<uint64_t> isDestination(graph.vertexCount() / 64 + 1, 0);
    for (const Query& q : queries) {
      isDestination[q.destination >> 6U] |= uint64_t{1} << (q.destination & 63U);
    }
    // Open queries per search: a search retires when all of its are answered.
    std::vector<size_t> open(passSources.size(), 0);
    for (const Query& q : queries) {
      ++open[q.bit];
    }
    size_t remaining = queries.size();
    bfs.run(passSources, [&](uint32_t level, graph::VertexId v, const BitWord<Bits>& word) {
      if (((isDestination[v >> 6U] >> (v & 63U)) & 1U) == 0) {
        return true;
      }
      auto [first, last] = std::equal_range(queries.begin(), queries.end(), Query{v, 0, 0});
      for (auto it = first; it != last; ++it) {
        if (word.test(it->bit) && lengths[it->pair] == graph::kUnreachable) {
          lengths[it->pair] = static_cast<graph::Length>(level);
          --remaining;
          if (--open[it->bit] == 0) {
            bfs.retire(it->bit);
          }
        }
      }
      return remaining > 0;
    });
  });
}

template <unsigned Bits>
std::vector<std::vector<uint32_t>> levelsWith(const graph::Graph& graph, std::span<const graph::VertexId> sources,
                                              const MsBfsOptions& options) {
  std::vector<std::vector<uint32_t>> levels(sources.size(), std::vector<uint32_t>(graph.vertexCount(), kUnreached));
  MultiSourceBfs<Bits> bfs(graph, options);
  bfs.run(sources, [&](uint32_t level, graph::VertexId v, const BitWord<Bits>& word) {
    for (unsigned lane = 0; lane < BitWord<Bits>::kLanes; ++lane) {
      for (uint64_t bits = word.lanes[lane]; bits != 0; bits &= bits - 1) {
        levels[lane * 64 + static_cast<unsigned>(std::countr_zero(bits))][v] = level;
      }
    }
    return true;
  });
  return levels;
}

} // namespace

uint64_t msbfsWorkerBytes(uint64_t vertices, unsigned width) {
  const uint64_t bitmap = (vertices / 64 + 1) * sizeof(uint64_t);
  return 3 * vertices * (width / 8) + 2 * bitmap;
}

MsBfsPlan msbfsPlan(const graph::Graph& graph, size_t sources, const MsBfsOptions& options) {
  if (options.width != 64 && options.width != 128 && options.width != 256 && options.width != 512) {
    badWidth(options.width);
  }
  const uint64_t budget = options.memoryBudget != 0 ? options.memoryBudget : graph.csrBytes();
  const unsigned threads = threadCount(options);
  const uint64_t wanted = std::max<uint64_t>(sources, 1);
  MsBfsPlan best;
  uint64_t bestConcurrent = 0;
  for (unsigned width = 64; width <= options.width; width *= 2) {
    const uint64_t perWorker = msbfsWorkerBytes(graph.vertexCount(), width);
    if (width > 64 && perWorker > budget) {
      break;  // not even one worker of this width fits
    }
    const unsigned workers = graph::workersWithin(threads, perWorker, budget);
    // Searches running at once, no more than there are sources (rounded up
    // to whole words: a narrower word does not help a lone source).
    const uint64_t concurrent = std::min<uint64_t>(uint64_t{workers} * width, (wanted + width - 1) / width * width);
    if (concurrent >= bestConcurrent) {
      best = {width, workers};
      bestConcurrent = concurrent;
    }
  }
  return best;
}

std::vector<graph::Length> msbfsPathLengths(const graph::Graph& graph, std::span<const graph::Pair> pairs,
                                            const MsBfsOptions& options) {
  std::vector<graph::Length> lengths(pairs.size(), graph::kUnreachable);
  // Pairs grouped by source; each distinct source is one search.
  const std::vector<size_t> order = pairsBySource(graph, pairs, "msbfsPathLengths");
  std::vector<size_t> groupStart;  // into order
  for (size_t i = 0; i < order.size(); ++i) {
    if (i == 0 || pairs[order[i]].source != pairs[order[i - 1]].source) {
      groupStart.push_back(i);
    }
  }
  const MsBfsPlan plan = msbfsPlan(graph, groupStart.size(), options);
  switch (plan.width) {
  case 64: pathLengthsWith<64>(graph, pairs, options, plan.workers, order, std::move(groupStart), lengths); break;
  case 128: pathLengthsWith<128>(graph, pairs, options, plan.workers, order, std::move(groupStart), lengths); break;
  case 256: pathLengthsWith<256>(graph, pairs, options, plan.workers, order, std::move(groupStart), lengths); break;
  default: pathLengthsWith<512>(graph, pairs, options, plan.workers, order, std::move(groupStart), lengths); break;
  }
  return lengths;
}

std::vector<std::vector<uint32_t>> msbfsLevels(const graph::Graph& graph, std::span<const graph::VertexId> sources,
                                               const MsBfsOptions& options) {
  if (sources.size() > options.width) {
    throw std::invalid_argument("msbfsLevels: more sources than the width");
  }
  switch (options.width) {
  case 64: return levelsWith<64>(graph, sources, options);
  case 128: return levelsWith<128>(graph, sources, options);
  case 256: return levelsWith<256>(graph, sources, options);
  case 512: return levelsWith<512>(graph, sources, options);
  default: badWidth(options.width);
  }
}

} // namespace frontier::reference
