// The engine's contracts beyond the lengths: stepping equals running, runs
// are deterministic, the tracked search covers the graph, statistics add up,
// and bad requests fail clearly.

#include "GpuTest.h"

#include <algorithm>
#include <sstream>
#include <string>
#include <vector>

#include "TestData.h"
#include "engine/DeviceGraph.h"
#include "engine/ibfs/Search.h"
#include "graph/Generators.h"
#include "graph/GraphIO.h"
#include "graph/Pairs.h"
#include "reference/Bfs.h"
#include "reference/MultiSourceBfs.h"
#include "report/Report.h"

namespace {

using namespace frontier;
using frontier::test::GpuTest;

class EngineBehaviour : public GpuTest {
protected:
  std::shared_ptr<engine::DeviceGraph> upload(graph::Graph g) {
    return std::make_shared<engine::DeviceGraph>(context(), std::make_shared<const graph::Graph>(std::move(g)));
  }
};

std::string resultsCsv(const graph::Graph& g, const engine::Search& search) {
  std::ostringstream out;
  const std::vector<graph::Length> lengths = search.lengths();
  graph::writeResultsCsv(out, g, search.pairs(), lengths);
  return out.str();
}

// Everything in an iteration but its time.
std::string statsText(const engine::RunTrace& trace) {
  std::ostringstream out;
  for (const engine::IterationStats& it : trace.iterations) {
    out << it.batch << ' ' << it.level << ' ' << static_cast<int>(it.direction) << ' ' << it.jfqLength << ' '
        << it.newlyVisited << ' ' << it.edgesExamined << ' ' << it.searchEdges << ' ' << it.activeSearches << '\n';
  }
  return out.str();
}

// Per-level statistics of every batch from CPU BFS levels, by the rules of
// docs/ENGINE.md: at level k a search is active when its destination is
// more than k hops away (check-destinations stops it at level hops(dest)) and,
// for k > 0, it found something at level k - 1 (else it is exhausted); the
// JFQ holds the vertices at k hops for some active search (one queue per 32
// searches in the instance-major layout); a batch's last level is the first
// whose JFQ is empty.
std::vector<engine::IterationStats> expectedStats(const graph::Graph& g, const std::vector<graph::Pair>& pairs,
                                                  uint32_t perBatch, bool perInstanceQueues) {
  std::vector<engine::IterationStats> out;
  for (uint32_t first = 0, batch = 0; first < pairs.size(); first += perBatch, ++batch) {
    const auto size = static_cast<uint32_t>(std::min<size_t>(perBatch, pairs.size() - first));
    std::vector<std::vector<uint32_t>> hops;
    for (uint32_t s = 0; s < size; ++s) {
      hops.push_back(reference::bfsLevels(g, pairs[first + s].source));
    }
    std::vector<bool> foundBefore(size, true);  // found something at level k - 1
    for (uint32_t k = 0;; ++k) {
      engine::IterationStats it;
      it.batch = batch;
      it.level = k;
      std::vector<uint32_t> queueOwner(g.vertexCount(), UINT32_MAX);  // last queue (instance) holding v
      std::vector<bool> foundNow(size, false);
      for (uint32_t s = 0; s < size; ++s) {
        const uint32_t toDestination = hops[s][pairs[first + s].destination];
        const bool active = foundBefore[s] && (toDestination == reference::kUnreached || toDestination > k);
        if (!active) {
          continue;
        }
        ++it.activeSearches;
        const uint32_t queue = perInstanceQueues ? s / 32 : 0;
        for (uint32_t v = 0; v < g.vertexCount(); ++v) {
          if (hops[s][v] != k) {
            continue;
          }
          foundNow[s] = true;
          ++it.newlyVisited;
          it.searchEdges += g.out().degree(v);
          if (queueOwner[v] != queue) {  // searches in order: a queue's searches are contiguous
            queueOwner[v] = queue;
            ++it.jfqLength;
          }
        }
      }
      out.push_back(it);
      if (it.jfqLength == 0) {
        break;
      }
      foundBefore = foundNow;
    }
  }
  return out;
}

std::string expectedStatsText(const std::vector<engine::IterationStats>& stats) {
  std::ostringstream out;
  for (const engine::IterationStats& it : stats) {
    out << it.batch << ' ' << it.level << ' ' << it.jfqLength << ' ' << it.newlyVisited << ' ' << it.searchEdges
        << ' ' << it.activeSearches << '\n';
  }
  return out.str();
}

std::string actualStatsText(const engine::RunTrace& trace) {
  return expectedStatsText(trace.iterations);
}

TEST_F(EngineBehaviour, SteppingEqualsRunningAndRunsAreDeterministic) {
  const auto deviceGraph = upload(graph::loadGraph(test::dataFile("facebook_combined.txt")));
  const graph::Graph& g = deviceGraph->host();
  const std::vector<graph::Pair> pairs = graph::randomPairs(g, 300, 11);
  for (const char* name : {"workgroups", "coalesced", "coalesced-bottom-up"}) {
    engine::Strategy strategy = engine::strategyByName(name);
    strategy.options.searchesPerBatch = 128;  // several batches
    engine::Search stepped(context(), deviceGraph, pairs, strategy);
    uint32_t steps = 0;
    while (!stepped.finished()) {
      const engine::IterationStats it = stepped.step();
      EXPECT_EQ(it.level, stepped.trace().iterations.back().level);
      ++steps;
    }
    EXPECT_EQ(steps, stepped.trace().iterations.size());
    EXPECT_THROW(stepped.step(), std::logic_error);

    engine::Search ran(context(), deviceGraph, pairs, strategy);
    ASSERT_TRUE(ran.run());
    engine::Search again(context(), deviceGraph, pairs, strategy);
    strategy.options.levelsPerSubmit = 0;
    engine::Search outlined(context(), deviceGraph, pairs, strategy);
    ASSERT_TRUE(again.run());
    ASSERT_TRUE(outlined.run());

    EXPECT_EQ(resultsCsv(g, stepped), resultsCsv(g, ran)) << name;
    EXPECT_EQ(resultsCsv(g, ran), resultsCsv(g, again)) << name;
    EXPECT_EQ(resultsCsv(g, ran), resultsCsv(g, outlined)) << name;
    EXPECT_EQ(statsText(stepped.trace()), statsText(ran.trace())) << name;
    EXPECT_EQ(statsText(ran.trace()), statsText(again.trace())) << name;
    EXPECT_EQ(statsText(ran.trace()), statsText(outlined.trace())) << name;
    // And the values themselves: lengths from the CPU BFS, per-level
    // statistics from the CPU BFS levels of every search.
    EXPECT_EQ(ran.lengths(), reference::pathLengths(g, pairs)) << name;
    const bool instanceMajor = strategy.options.layout == engine::Layout::InstanceMajor;
    EXPECT_EQ(actualStatsText(ran.trace()), expectedStatsText(expectedStats(g, pairs, 128, instanceMajor)))
        << name << " (batch level jfq newly search-edges active)";
  }
}

TEST_F(EngineBehaviour, TrackedSearchGivesTheLevelOfEveryVertex) {
  const auto deviceGraph = upload(graph::generate("grid:25x30"));
  const graph::Graph& g = deviceGraph->host();
  std::vector<graph::Pair> pairs = graph::randomPairs(g, 70, 3);
  pairs[40] = {123, 124};  // found at level 1, followed to the end anyway
  for (const char* name : {"workgroups", "coalesced", "coalesced-bottom-up"}) {
    engine::SearchOptions options;
    options.trackedPair = 40;
    engine::Search search(context(), deviceGraph, pairs, engine::strategyByName(name), options);
    ASSERT_TRUE(search.run());
    const std::vector<uint32_t> levels = search.trackedLevels();
    EXPECT_EQ(levels, reference::bfsLevels(g, 123)) << name;
    EXPECT_EQ(search.lengths()[40], 1) << name;
    EXPECT_EQ(search.lengths(), reference::pathLengths(g, pairs)) << name;
  }
}

// What the views draw as the joint frontier: after each level, lastJfq()
// is the set of vertices at exactly that many hops from the source of some
// active search (expectedStats' rule), whatever the queue stores: vertices,
// (vertex, first arc) entries or, with word lists, status words (v, w).
TEST_F(EngineBehaviour, LastJfqIsTheFrontierOfTheActiveSearches) {
  const auto deviceGraph = upload(graph::generate("grid:25x30"));
  const graph::Graph& g = deviceGraph->host();
  const std::vector<graph::Pair> pairs = graph::randomPairs(g, 70, 5);
  std::vector<std::vector<uint32_t>> hops;
  for (const graph::Pair& p : pairs) {
    hops.push_back(reference::bfsLevels(g, p.source));
  }
  // omega=64: two batches, of 2 words per vertex and of 1.
  for (const char* spec :
       {"workgroups", "coalesced", "coalesced+lb", "coalesced+worklist", "coalesced+worklist+omega=64"}) {
    engine::Search search(context(), deviceGraph, pairs, engine::strategyFromSpec(spec));
    const uint32_t omega = search.searchesPerBatch();
    std::vector<bool> foundBefore(pairs.size(), true);
    while (!search.finished()) {
      const engine::IterationStats it = search.step();
      std::vector<graph::VertexId> expected;
      std::vector<bool> foundNow(pairs.size(), false);
      const size_t first = size_t{it.batch} * omega;
      for (size_t s = first; s < std::min(pairs.size(), first + omega); ++s) {
        const uint32_t toDestination = hops[s][pairs[s].destination];
        if (!foundBefore[s] || (toDestination != reference::kUnreached && toDestination <= it.level)) {
          continue;
        }
        for (graph::VertexId v = 0; v < g.vertexCount(); ++v) {
          if (hops[s][v] == it.level) {
            expected.push_back(v);
            foundNow[s] = true;
          }
        }
      }
      std::sort(expected.begin(), expected.end());
      expected.erase(std::unique(expected.begin(), expected.end()), expected.end());
      const std::vector<graph::VertexId> jfq = search.lastJfq();
      ASSERT_EQ(jfq, expected) << spec << " level " << it.level;
      std::vector<graph::VertexId> entries = search.lastJfqEntries();
      std::sort(entries.begin(), entries.end());
      entries.erase(std::unique(entries.begin(), entries.end()), entries.end());
      if (std::string(spec) != "workgroups") {  // entries: vertex-major queues only
        ASSERT_EQ(entries, expected) << spec << " level " << it.level;
      }
      // A batch's last level found nothing: the next batch starts afresh.
      foundBefore = it.jfqLength == 0 ? std::vector<bool>(pairs.size(), true) : foundNow;
    }
    EXPECT_EQ(search.lengths(), reference::pathLengths(g, pairs)) << spec;
  }
}

// The two-sided search's queue: from opposite corners of a square grid the
// two sides' frontiers are mirror images, so both advance at every level
// (neither has more than twice the other's arcs) and level k queues the
// vertices k hops from either corner, until the sides meet halfway.
TEST_F(EngineBehaviour, LastJfqOfTheTwoSidedSearchIsBothFrontiers) {
  const auto deviceGraph = upload(graph::generate("grid:15x15"));
  const graph::Graph& g = deviceGraph->host();
  const std::vector<graph::Pair> pairs = {{0, 224}};  // 28 hops apart
  const std::vector<uint32_t> fromSource = reference::bfsLevels(g, 0);
  const std::vector<uint32_t> fromDestination = reference::bfsLevels(g, 224);
  engine::Search search(context(), deviceGraph, pairs, engine::strategyFromSpec("coalesced+bidir"));
  uint32_t levels = 0;
  while (!search.finished()) {
    // The step whose plan finds no search active records no level.
    const size_t recorded = search.trace().iterations.size();
    const engine::IterationStats it = search.step();
    if (search.trace().iterations.size() == recorded || it.jfqLength == 0) {
      continue;
    }
    std::vector<graph::VertexId> expected;
    for (graph::VertexId v = 0; v < g.vertexCount(); ++v) {
      if (fromSource[v] == it.level || fromDestination[v] == it.level) {
        expected.push_back(v);
      }
    }
    ASSERT_EQ(search.lastJfq(), expected) << "level " << it.level;
    std::vector<graph::VertexId> entries = search.lastJfqEntries();
    std::sort(entries.begin(), entries.end());
    ASSERT_EQ(entries, expected) << "level " << it.level;  // degree <= 4: one entry per vertex and side
    ++levels;
  }
  EXPECT_EQ(levels, 14U);  // levels 0-13: both sides 14 hops out, they meet
  EXPECT_EQ(search.lengths(), std::vector<graph::Length>{28});

  // Every source its own destination: no search becomes active, the first
  // step's plan ends the batch and records no level.
  engine::Search same(context(), deviceGraph, {{7, 7}, {9, 9}}, engine::strategyFromSpec("coalesced+bidir"));
  while (!same.finished()) {
    const engine::IterationStats it = same.step();
    EXPECT_EQ(it.jfqLength, 0U);
    EXPECT_EQ(it.edgesExamined, 0U);
  }
  EXPECT_TRUE(same.trace().iterations.empty());
  EXPECT_TRUE(same.lastJfq().empty());
  EXPECT_EQ(same.lengths(), (std::vector<graph::Length>{0, 0}));
}

TEST_F(EngineBehaviour, StatisticsAddUp) {
  const auto deviceGraph = upload(graph::loadGraph(test::dataFile("karate.txt")));
  const graph::Graph& g = deviceGraph->host();
  // One search from vertex 1 to an unreachable-free target, followed to the end.
  const std::vector<graph::Pair> pairs = {{0, 0}};
  engine::SearchOptions options;
  options.trackedPair = 0;
  for (const char* name : {"workgroups", "coalesced", "coalesced-bottom-up"}) {
    engine::Search search(context(), deviceGraph, pairs, engine::strategyByName(name), options);
    ASSERT_TRUE(search.run());
    const std::vector<uint32_t> levels = reference::bfsLevels(g, 0);
    const engine::RunTrace& trace = search.trace();
    uint64_t visited = 0;
    uint64_t searchEdges = 0;
    for (const engine::IterationStats& it : trace.iterations) {
      // One search: the JFQ is exactly the vertices at this level.
      const auto atLevel = static_cast<uint32_t>(std::count(levels.begin(), levels.end(), it.level));
      EXPECT_EQ(it.jfqLength, atLevel) << name << " level " << it.level;
      EXPECT_EQ(it.newlyVisited, atLevel) << name << " level " << it.level;
      // The out-degrees of the vertices at this level; one search, active
      // until the level that finds nothing (it has no destination to stop at).
      uint64_t degrees = 0;
      for (uint32_t v = 0; v < g.vertexCount(); ++v) {
        degrees += levels[v] == it.level ? g.out().degree(v) : 0;
      }
      EXPECT_EQ(it.searchEdges, degrees) << name << " level " << it.level;
      EXPECT_EQ(it.activeSearches, 1U) << name << " level " << it.level;
      EXPECT_EQ(it.batch, 0U);
      visited += it.newlyVisited;
      searchEdges += it.searchEdges;
    }
    EXPECT_EQ(visited, g.vertexCount()) << name;  // karate is connected
    EXPECT_EQ(searchEdges, g.arcCount()) << name; // every vertex's out-arcs once
    EXPECT_EQ(trace.totals.searchEdges, g.arcCount());
    EXPECT_EQ(trace.iterations.back().jfqLength, 0U);  // the level that found nothing ends the batch
    if (context().info().timestampsSupported) {
      EXPECT_GT(trace.totals.gpuMs, 0.0);
      for (const engine::KernelSpan& span : trace.kernels) {
        EXPECT_GE(span.endNs, span.startNs);
      }
    }
  }
}

TEST_F(EngineBehaviour, JsonAndChromeTraceOfARealRun) {
  const auto deviceGraph = upload(graph::loadGraph(test::dataFile("karate.txt")));
  engine::Search search(context(), deviceGraph, graph::randomPairs(deviceGraph->host(), 10, 1),
                        engine::strategyByName("coalesced-bottom-up"));
  ASSERT_TRUE(search.run());
  const nlohmann::json report = report::jsonReport(search.trace());
  EXPECT_EQ(report["iterations"].size(), search.trace().iterations.size());
  EXPECT_EQ(report["device"], context().info().name);
  const engine::RunTrace& trace = search.trace();
  const nlohmann::json chrome = report::chromeTrace(std::span<const engine::RunTrace>(&trace, 1));
  size_t identify = 0;
  for (const auto& e : chrome["traceEvents"]) {
    identify += e["ph"] == "X" && e["name"] == "identify" ? 1U : 0U;
  }
  EXPECT_EQ(identify, trace.iterations.size());
}

TEST_F(EngineBehaviour, BadRequestsFailClearly) {
  const auto deviceGraph = upload(graph::loadGraph(test::dataFile("karate.txt")));
  engine::Strategy strategy = engine::strategyByName("coalesced");
  strategy.options.searchesPerBatch = 48;
  EXPECT_THROW(engine::Search(context(), deviceGraph, {{0, 1}}, strategy), std::invalid_argument);
  strategy.options.searchesPerBatch = 2048;
  EXPECT_THROW(engine::Search(context(), deviceGraph, {{0, 1}}, strategy), std::invalid_argument);
  EXPECT_THROW(engine::Search(context(), deviceGraph, {{0, 34}}, engine::strategyByName("coalesced")),
               std::invalid_argument);
  engine::SearchOptions options;
  options.trackedPair = 5;
  EXPECT_THROW(engine::Search(context(), deviceGraph, {{0, 1}}, engine::strategyByName("coalesced"), options),
               std::invalid_argument);
  engine::Search none(context(), deviceGraph, {}, engine::strategyByName("coalesced"));
  EXPECT_TRUE(none.finished());
  EXPECT_TRUE(none.lengths().empty());
}

// The status arrays, the fresh words and the JFQ are reached by device
// address (docs/ENGINE.md): a batch of 1024 searches on a graph of 1.1 M
// vertices needs 141 MB per status array (and the instance-major JFQ as
// much), past lavapipe's 128 MiB per binding, and every layout still gives
// the CPU MS-BFS's lengths.
TEST_F(EngineBehaviour, StatusArraysAndQueuesLargerThanOneBindingAreExact) {
  const uint64_t limit = context().info().maxStorageBufferRange;
  if (limit > (512ULL << 20U)) {
    GTEST_SKIP() << "needs a device with small storage buffers (lavapipe: 128 MiB); this one allows " << (limit >> 20U)
                 << " MiB";
  }
  const auto vertices = static_cast<uint32_t>(static_cast<double>(limit / 128) * 1.05);
  // A tree of branching 32: a handful of levels (each sweeps the whole
  // status array, seconds on a CPU device), lengths up to twice its depth.
  const auto deviceGraph = upload(graph::generate("tree:n=" + std::to_string(vertices) + ",branching=32"));
  const graph::Graph& g = deviceGraph->host();
  const std::vector<graph::Pair> pairs = graph::randomPairs(g, 1024, 3);
  const std::vector<graph::Length> expected = reference::msbfsPathLengths(g, pairs);
  // Vertex-major (current, next, fresh words), instance-major (and its JFQ
  // of 32 x V vertices), the two-sided search's six arrays.
  for (const char* name : {"coalesced", "workgroups", "coalesced+bidir"}) {
    const engine::Strategy strategy = engine::strategyFromSpec(name);
    engine::Search search(context(), deviceGraph, pairs, strategy);
    const uint64_t statusBytes = uint64_t{g.vertexCount()} * strategy.options.searchesPerBatch / 8;
    ASSERT_GT(statusBytes, limit) << name;
    ASSERT_TRUE(search.run()) << name;
    EXPECT_EQ(search.lengths(), expected) << name;
  }
}

} // namespace
