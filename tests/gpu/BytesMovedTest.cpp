// The bytes each iBFS dispatch reports (KernelSpan::bytesMoved) equal a
// count made on the CPU from the CSR and the textbook BFS levels of every
// search: which vertices join the joint frontier at each level (a vertex
// seen at level k by a search still looking for its destination), their
// arcs and queue entries, priced with the per-element terms of
// docs/ENGINE.md ("Bytes moved"). The counts do not come from the engine.

#include "GpuTest.h"

#include <algorithm>
#include <map>
#include <memory>
#include <set>

#include "engine/DeviceGraph.h"
#include "engine/ibfs/Search.h"
#include "engine/ibfs/Strategy.h"
#include "graph/Generators.h"
#include "graph/Pairs.h"
#include "reference/Bfs.h"

namespace {

using namespace frontier;
using frontier::test::GpuTest;

constexpr uint64_t kChunkArcs = 128;  // arcs per queue entry with the load-balanced expand (ENGINE.md)

struct LevelCount {
  uint64_t vertices = 0;  // JFQ vertices (vertex-major) or (instance, vertex) entries (instance-major)
  uint64_t entries = 0;   // queue entries
  uint64_t arcs = 0;      // out-arcs of those entries
};

// Per level, what the frontier holds, from one CPU BFS per search. A search
// takes part at level k while its destination is farther than k hops (the
// destination check at level k stops it first); `groupOf` maps a search to
// the queue it joins (one joint queue, or one per instance of 32).
std::map<uint32_t, LevelCount> cpuLevels(const graph::Graph& g, const std::vector<graph::Pair>& pairs,
                                         bool perInstance, bool chunked) {
  std::map<uint32_t, std::set<std::pair<uint32_t, graph::VertexId>>> members;  // level -> (queue, vertex)
  for (uint32_t s = 0; s < pairs.size(); ++s) {
    const std::vector<uint32_t> dist = reference::bfsLevels(g, pairs[s].source);
    const uint32_t stop = dist[pairs[s].destination];  // kUnreached when there is no path
    for (graph::VertexId v = 0; v < g.vertexCount(); ++v) {
      if (dist[v] != reference::kUnreached && dist[v] < stop) {
        members[dist[v]].insert({perInstance ? s / 32 : 0, v});
      }
    }
  }
  std::map<uint32_t, LevelCount> levels;
  for (const auto& [level, set] : members) {
    LevelCount& c = levels[level];
    for (const auto& [queue, v] : set) {
      const uint64_t degree = g.out().degree(v);
      c.vertices += 1;
      c.entries += chunked ? std::max<uint64_t>(1, (degree + kChunkArcs - 1) / kChunkArcs) : 1;
      c.arcs += degree;
    }
  }
  return levels;
}

// Each pair's destination is the vertex farthest from its source (lowest id
// among ties), so searches stay active for many levels and stop one by one.
std::vector<graph::Pair> farthestPairs(const graph::Graph& g, uint32_t count, uint64_t seed) {
  std::vector<graph::Pair> pairs = graph::randomPairs(g, count, seed);
  for (graph::Pair& p : pairs) {
    const std::vector<uint32_t> dist = reference::bfsLevels(g, p.source);
    uint32_t best = 0;
    for (graph::VertexId v = 0; v < g.vertexCount(); ++v) {
      if (dist[v] != reference::kUnreached && dist[v] > best) {
        best = dist[v];
        p.destination = v;
      }
    }
  }
  return pairs;
}

struct BytesCase {
  const char* name;
  const char* graphSpec;
  const char* strategy;
  uint32_t pairs;
};

void PrintTo(const BytesCase& c, std::ostream* out) { *out << c.name; }

class BytesMoved : public GpuTest, public ::testing::WithParamInterface<BytesCase> {};

TEST_P(BytesMoved, EveryLevelKernelMovesWhatTheCpuCounts) {
  const BytesCase& c = GetParam();
  const auto g = std::make_shared<const graph::Graph>(graph::generate(c.graphSpec));
  const std::vector<graph::Pair> pairs = farthestPairs(*g, c.pairs, 7);
  const engine::Strategy strategy = engine::strategyFromSpec(c.strategy);
  const bool vertexMajor = strategy.options.layout == engine::Layout::VertexMajor;
  const bool scan = strategy.options.scanBuiltJfq;
  const auto device = std::make_shared<engine::DeviceGraph>(context(), g);
  engine::Search search(context(), device, pairs, strategy);
  ASSERT_TRUE(search.run());
  const engine::RunTrace& trace = search.trace();
  ASSERT_EQ(trace.batches, 1U) << "the count assumes one batch";

  const std::map<uint32_t, LevelCount> levels =
      cpuLevels(*g, pairs, !vertexMajor, strategy.options.loadBalancedExpand);
  const uint64_t V = g->vertexCount();
  uint32_t words = 1;  // vertex-major: the power of two >= pairs / 32
  while (words * 32 < c.pairs) {
    words *= 2;
  }
  const uint64_t instances = (c.pairs + 31) / 32;
  const uint64_t row = vertexMajor ? 4 * uint64_t{words} : 4;
  const uint64_t rows = vertexMajor ? 1 : instances;

  uint32_t checked = 0;
  for (const engine::KernelSpan& span : trace.kernels) {
    const auto found = levels.find(span.level);
    const LevelCount at = found != levels.end() ? found->second : LevelCount{};
    uint64_t expected = 0;
    switch (span.kind) {
    case engine::KernelKind::Clear:
      // The batch's start fills both status arrays; later submissions clear
      // a few statistics words only, which have no model.
      expected = span.level == 0 ? 2 * V * rows * row : 0;
      break;
    case engine::KernelKind::CheckDestinations:
      expected = 12 * uint64_t{c.pairs};
      break;
    case engine::KernelKind::Identify:
      // The scan-built JFQ: identify writes an entry count per vertex, the scatter the pairs.
      expected = vertexMajor ? V * 2 * row + at.vertices * (2 * row + 8) + (scan ? V * 4 : at.entries * 8)
                             : V * rows * 2 * row + at.vertices * 16;
      break;
    case engine::KernelKind::ExpandTopDown:
      expected = vertexMajor ? at.entries * (12 + row) + at.arcs * (4 + 2 * row) : at.vertices * 16 + at.arcs * 12;
      break;
    case engine::KernelKind::Scan:
      expected = V * 8;  // every vertex's entry count read, its prefix written
      break;
    case engine::KernelKind::Compact:
      // The scatter: the counts; per JFQ vertex its prefix and first offset; the pairs.
      expected = V * 4 + at.vertices * 8 + at.entries * 8;
      break;
    default:
      continue;
    }
    EXPECT_EQ(span.bytesMoved, expected) << engine::kernelName(span.kind) << " at level " << span.level;
    ++checked;
  }
  // Every level that ran (and the one that found the JFQ empty) was checked.
  EXPECT_GE(checked, 3 * trace.iterations.size());
  EXPECT_EQ(trace.iterations.size(), levels.size() + 1);
}

INSTANTIATE_TEST_SUITE_P(
    Graphs, BytesMoved,
    ::testing::Values(BytesCase{"grid_coalesced", "grid:20x30", "coalesced+omega=64", 64},
                      BytesCase{"grid_workgroups", "grid:20x30", "workgroups+omega=64", 50},
                      BytesCase{"kronecker_coalesced_lb", "kronecker:scale=10,edgefactor=8,seed=3", "coalesced+lb", 40},
                      BytesCase{"kronecker_coalesced_scan", "kronecker:scale=10,edgefactor=8,seed=3",
                                "coalesced+omega=32+scan", 32}),
    [](const ::testing::TestParamInfo<BytesCase>& param) { return std::string(param.param.name); });

// The list-driven kernels: a sparse identify reads the vertices the
// previous expand listed, a word-list identify the status words it changed.
// Per level, from the CPU BFS of every search: the JFQ (vertices or words
// with a bit of a search still looking at that level) and what the
// expand before it changed (a bit of a search that took part in the level
// before: its BFS distance is the level and its destination is not closer).
struct ListLevel {
  uint64_t jfq = 0;      // JFQ vertices, or words with word lists
  uint64_t arcs = 0;     // their out-arcs (a vertex's once per JFQ word)
  uint64_t changed = 0;  // vertices, or words, the expand before the level changed
};

std::map<uint32_t, ListLevel> cpuListLevels(const graph::Graph& g, const std::vector<graph::Pair>& pairs,
                                            bool words) {
  std::map<uint32_t, std::set<std::pair<uint32_t, graph::VertexId>>> jfq;      // level -> (word, vertex)
  std::map<uint32_t, std::set<std::pair<uint32_t, graph::VertexId>>> changed;
  for (uint32_t s = 0; s < pairs.size(); ++s) {
    const std::vector<uint32_t> dist = reference::bfsLevels(g, pairs[s].source);
    const uint32_t stop = dist[pairs[s].destination];
    const uint32_t word = words ? s / 32 : 0;
    for (graph::VertexId v = 0; v < g.vertexCount(); ++v) {
      if (dist[v] == reference::kUnreached || dist[v] > stop) {
        continue;
      }
      if (dist[v] < stop) {
        jfq[dist[v]].insert({word, v});
      }
      if (dist[v] > 0) {
        changed[dist[v]].insert({word, v});  // pushed by the level before, where the search took part
      }
    }
  }
  std::map<uint32_t, ListLevel> levels;
  for (const auto& [level, set] : jfq) {
    for (const auto& [word, v] : set) {
      levels[level].jfq += 1;
      levels[level].arcs += g.out().degree(v);
    }
  }
  for (const auto& [level, set] : changed) {
    levels[level].changed = set.size();
  }
  return levels;
}

// Level 0's sparse identify reads the sources' list (each source once).
uint64_t distinctSources(const std::vector<graph::Pair>& pairs) {
  std::set<graph::VertexId> sources;
  for (const graph::Pair& p : pairs) {
    sources.insert(p.source);
  }
  return sources.size();
}

class ListBytes : public GpuTest, public ::testing::WithParamInterface<BytesCase> {};

TEST_P(ListBytes, ListedItemsAndBytesMatchTheCpu) {
  const BytesCase& c = GetParam();
  const auto g = std::make_shared<const graph::Graph>(graph::generate(c.graphSpec));
  const std::vector<graph::Pair> pairs = farthestPairs(*g, c.pairs, 11);
  const engine::Strategy strategy = engine::strategyFromSpec(c.strategy);
  const bool words = strategy.options.wordLists;
  const auto device = std::make_shared<engine::DeviceGraph>(context(), g);
  engine::Search search(context(), device, pairs, strategy);
  ASSERT_TRUE(search.run());
  const engine::RunTrace& trace = search.trace();
  ASSERT_EQ(trace.batches, 1U) << "the count assumes one batch";

  const std::map<uint32_t, ListLevel> levels = cpuListLevels(*g, pairs, words);
  const auto at = [&](uint32_t level) {
    const auto found = levels.find(level);
    return found != levels.end() ? found->second : ListLevel{};
  };
  const uint64_t V = g->vertexCount();
  uint64_t W = 1;
  while (W * 32 < c.pairs) {
    W *= 2;
  }
  const uint64_t capacity = std::max<uint64_t>(V * W / 4, 1);
  uint32_t listLevels = 0;
  const auto& its = trace.iterations;
  for (size_t k = 0; k < its.size(); ++k) {
    const engine::IterationStats& it = its[k];
    const ListLevel cpu = at(it.level);
    ASSERT_EQ(it.jfqLength, cpu.jfq) << "level " << it.level;
    // What the identify examined, and whether it read a list.
    if (words) {
      const bool list = it.level > 0 && cpu.changed <= capacity;
      EXPECT_EQ(it.identifyReadList, list) << "level " << it.level;
      EXPECT_EQ(it.identifyItems, list ? cpu.changed : V * W) << "level " << it.level;
    } else if (it.identifyReadList) {
      EXPECT_EQ(it.identifyItems, it.level == 0 ? distinctSources(pairs) : cpu.changed) << "level " << it.level;
    } else {
      EXPECT_EQ(it.identifyItems, V) << "level " << it.level;
    }
    listLevels += it.identifyReadList ? 1 : 0;
    // What the expand listed: every changed word, or the changed vertices
    // when the next identify is sparse; nothing once the JFQ was empty.
    const bool expanded = it.jfqLength > 0;
    const bool nextSparse = k + 1 < its.size() && its[k + 1].identifyReadList;
    const uint64_t listed = !expanded ? 0 : words || nextSparse ? at(it.level + 1).changed : 0;
    EXPECT_EQ(it.listedByExpand, listed) << "level " << it.level;
  }
  EXPECT_GT(listLevels, 0U) << "no level read a list: the case tests nothing";

  // Each dispatch's bytes from those CPU counts (docs/ENGINE.md, "Bytes moved").
  uint32_t checked = 0;
  for (const engine::KernelSpan& span : trace.kernels) {
    if (span.kind != engine::KernelKind::Identify && span.kind != engine::KernelKind::ExpandTopDown) {
      continue;
    }
    const engine::IterationStats& it = its.at(span.level);
    const ListLevel cpu = at(span.level);
    const uint64_t examined = it.identifyItems;
    const uint64_t listRead = it.identifyReadList ? 4 * examined : 0;
    uint64_t expected = 0;
    if (span.kind == engine::KernelKind::Identify) {
      expected = words ? examined * 8 + listRead + cpu.jfq * 20
                       : examined * 2 * (4 * W) + listRead + cpu.jfq * (2 * 4 * W + 8) + cpu.jfq * 8;
    } else {
      const uint64_t listed = it.listedByExpand;
      expected = words ? cpu.jfq * 16 + cpu.arcs * 12 + listed * 4 + std::min(listed, capacity) * 4
                       : cpu.jfq * (12 + 4 * W) + cpu.arcs * (4 + 2 * 4 * W) + listed * 12;
    }
    EXPECT_EQ(span.bytesMoved, expected) << engine::kernelName(span.kind) << " at level " << span.level;
    ++checked;
  }
  EXPECT_GE(checked, 2 * its.size() - 1);
}

INSTANTIATE_TEST_SUITE_P(
    Graphs, ListBytes,
    ::testing::Values(BytesCase{"grid_worklist", "grid:20x30", "coalesced+worklist+omega=64", 64},
                      BytesCase{"grid_worklist_one_word", "grid:17x9", "coalesced+worklist+omega=32", 20},
                      BytesCase{"kronecker_worklist", "kronecker:scale=10,edgefactor=8,seed=3",
                                "coalesced+worklist+omega=128", 100},
                      BytesCase{"grid_sparse", "grid:20x30", "coalesced+sparse+omega=64", 64},
                      BytesCase{"kronecker_sparse", "kronecker:scale=10,edgefactor=8,seed=3", "coalesced+sparse", 40}),
    [](const ::testing::TestParamInfo<BytesCase>& param) { return std::string(param.param.name); });

} // namespace

namespace {

// Pipeline-statistics queries count the invocations each dispatch launched:
// the destination check launches whole workgroups of 256 over the batch's
// searches, a dense identify teams of W lanes over every vertex; the idle
// share is the lanes without an item.
TEST(InvocationCounts, CheckAndIdentifyLaunchWhatTheirSizesSay) {
  gpu::ContextOptions options;
  options.validation = gpu::Validation::On;
  options.pipelineStatistics = true;
  gpu::Context context(options);
  if (!context.pipelineStatistics()) {
    GTEST_SKIP() << context.info().name << " has no pipeline-statistics queries";
  }
  const auto g = std::make_shared<const graph::Graph>(graph::generate("grid:20x30"));
  const uint32_t pairCount = 70;  // W = 4: teams of 4 lanes, 64 vertices per workgroup
  const auto device = std::make_shared<engine::DeviceGraph>(context, g);
  engine::Search search(context, device, farthestPairs(*g, pairCount, 3), engine::strategyFromSpec("coalesced"));
  ASSERT_TRUE(search.run());
  uint32_t checks = 0;
  uint32_t identifies = 0;
  for (const engine::KernelSpan& span : search.trace().kernels) {
    if (span.kind == engine::KernelKind::CheckDestinations) {
      EXPECT_EQ(span.invocations, 256U);
      EXPECT_EQ(span.usefulItems, pairCount);
      EXPECT_DOUBLE_EQ(span.idleLaneShare(), 1.0 - pairCount / 256.0);
      ++checks;
    } else if (span.kind == engine::KernelKind::Identify) {
      const uint64_t items = uint64_t{g->vertexCount()} * 4;  // 600 vertices x 4 words
      EXPECT_EQ(span.invocations, (items + 255) / 256 * 256);
      EXPECT_EQ(span.usefulItems, items);
      ++identifies;
    }
  }
  EXPECT_EQ(checks, search.trace().iterations.size());
  EXPECT_EQ(identifies, search.trace().iterations.size());
  // Registers and shared memory per pipeline come only from devices that
  // report them (lavapipe does not); then every pipeline made has a report.
  if (context.pipelineExecutableInfo()) {
    ASSERT_FALSE(context.pipelineReports().empty());
    EXPECT_FALSE(context.pipelineReports().front().statistics.empty());
  } else {
    EXPECT_TRUE(context.pipelineReports().empty());
  }
  EXPECT_EQ(context.validationErrorCount(), 0U);
}

TEST(InvocationCounts, NotCountedUnlessAskedFor) {
  gpu::Context context(gpu::ContextOptions{});
  EXPECT_FALSE(context.pipelineStatistics());
  const auto g = std::make_shared<const graph::Graph>(graph::generate("grid:5x5"));
  const auto device = std::make_shared<engine::DeviceGraph>(context, g);
  engine::Search search(context, device, graph::randomPairs(*g, 4, 1), engine::strategyFromSpec("coalesced"));
  ASSERT_TRUE(search.run());
  for (const engine::KernelSpan& span : search.trace().kernels) {
    EXPECT_EQ(span.invocations, 0U);
  }
}

} // namespace
