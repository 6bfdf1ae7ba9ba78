#include "MultiSourceBfs.h"

#include "Bfs.h"
#include "PairOrder.h"

#include <atomic>
#include <string>
#include <bit>
#include <numeric>
#include <thread>

namespace frontier::reference {

namespace {

unsigned threadCount(const MsBfsOptions& options) {
  return std::max(1U, options.threads != 0 ? options.threads : std::thread::hardware_concurrency());
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
void parallelPasses(const graph::Graph& graph, const MsBfsOptions& options, size_t count, Work&& work) {
  std::atomic<size_t> nextIndex{0};
  auto loop = [&] {
    MultiSourceBfs<Bits> bfs(graph, options);
    for (size_t i = nextIndex++; i < count; i = nextIndex++) {
      work(i, bfs);
    }
  };
  const size_t threads = std::min<size_t>(threadCount(options), count);
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
                     std::vector<graph::Length>& lengths) {
  // Pairs grouped by source; each distinct source is one search.
  const std::vector<size_t> order = pairsBySource(graph, pairs, "msbfsPathLengths");
  std::vector<size_t> groupStart;  // into order
  for (size_t i = 0; i < order.size(); ++i) {
    if (i == 0 || pairs[order[i]].source != pairs[order[i - 1]].source) {
      groupStart.push_back(i);
    }
  }
  const size_t sources = groupStart.size();
  groupStart.push_back(order.size());
  // Enough passes for every source, and at least one per thread while
  // sources last (narrower passes in parallel beat one wide pass alone).
  const size_t passes = std::min(sources, std::max((sources + Bits - 1) / Bits, size_t{threadCount(options)}));

  parallelPasses<Bits>(graph, options, passes, [&](size_t pass, MultiSourceBfs<Bits>& bfs) {
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

[[noreturn]] void badWidth(unsigned width) {
  throw std::invalid_argument("MS-BFS width must be 64, 128, 256 or 512, not " + std::to_string(width));
}

} // namespace

std::vector<graph::Length> msbfsPathLengths(const graph::Graph& graph, std::span<const graph::Pair> pairs,
                                            const MsBfsOptions& options) {
  std::vector<graph::Length> lengths(pairs.size(), graph::kUnreachable);
  switch (options.width) {
  case 64: pathLengthsWith<64>(graph, pairs, options, lengths); break;
  case 128: pathLengthsWith<128>(graph, pairs, options, lengths); break;
  case 256: pathLengthsWith<256>(graph, pairs, options, lengths); break;
  case 512: pathLengthsWith<512>(graph, pairs, options, lengths); break;
  default: badWidth(options.width);
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
