// The two-sided search (`bidir`): exact lengths where the meeting rule is
// easiest to get wrong (paths of odd and even length, sides that meet at
// several vertices at once, s = d, unreachable pairs, arcs one way only),
// against the textbook CPU BFS, never against the engine itself. The real
// and generated graphs with every pair count run through EngineTest's
// DataBidir cases.

#include "GpuTest.h"

#include <algorithm>
#include <memory>
#include <string>

#include "engine/DeviceGraph.h"
#include "engine/ibfs/Search.h"
#include "graph/Generators.h"
#include "graph/GraphBuilder.h"
#include "graph/Pairs.h"
#include "reference/Bfs.h"

namespace {

using namespace frontier;
using frontier::test::GpuTest;

class Bidir : public GpuTest {
protected:
  // Runs `spec` and expects the CPU BFS's length for every pair; returns the search.
  std::unique_ptr<engine::Search> expectBfs(const std::shared_ptr<const graph::Graph>& g,
                                            const std::vector<graph::Pair>& pairs, const std::string& spec) {
    const auto device = std::make_shared<engine::DeviceGraph>(context(), g);
    auto search = std::make_unique<engine::Search>(context(), device, pairs, engine::strategyFromSpec(spec));
    EXPECT_TRUE(search->run());
    EXPECT_EQ(search->lengths(), reference::pathLengths(*g, pairs)) << spec;
    return search;
  }
};

std::shared_ptr<const graph::Graph> share(graph::Graph g) { return std::make_shared<const graph::Graph>(std::move(g)); }

std::vector<graph::Pair> allPairs(const graph::Graph& g) {
  std::vector<graph::Pair> pairs;
  for (graph::VertexId s = 0; s < g.vertexCount(); ++s) {
    for (graph::VertexId d = 0; d < g.vertexCount(); ++d) {
      pairs.push_back({s, d});
    }
  }
  return pairs;
}

// Every length 0..23 on a path, both orders: odd and even lengths, with the
// sides advancing alone or together.
TEST_F(Bidir, PathOfEveryLength) {
  const auto g = share(graph::generate("path:24"));
  const auto pairs = allPairs(*g);
  for (const char* spec : {"coalesced+bidir", "coalesced+bidir+omega=32", "tuned+bidir", "coalesced+bidir=0",
                           "coalesced+bidir=1000"}) {
    expectBfs(g, pairs, spec);
  }
}

// Sides that meet at several vertices in the same level: a cycle (two ways
// round), a complete bipartite graph (every vertex of the middle at once), a
// grid (many shortest paths), a complete graph (length 1 everywhere).
TEST_F(Bidir, SeveralMeetingVertices) {
  graph::GraphBuilder bipartite;
  for (uint64_t a = 0; a < 4; ++a) {
    for (uint64_t b = 4; b < 12; ++b) {
      bipartite.addEdge(a, b);
    }
  }
  graph::GraphBuilder cycle;
  for (uint64_t v = 0; v < 15; ++v) {
    cycle.addEdge(v, (v + 1) % 15);
  }
  for (auto& g : {share(bipartite.build()), share(cycle.build()), share(graph::generate("grid:7x9")),
                  share(graph::generate("complete:9"))}) {
    for (const char* spec : {"coalesced+bidir", "coalesced+bidir=0", "coalesced+bidir=1000"}) {
      expectBfs(g, allPairs(*g), spec);
    }
  }
}

// Directed arcs: the backward side must follow in-arcs. A one-way chain with
// a shortcut, a vertex only reachable one way, s = d, duplicates and pairs
// whose sides both exhaust.
TEST_F(Bidir, DirectedArcsOneWayUnreachableAndDuplicates) {
  graph::GraphBuilder builder({.directed = true});
  builder.declareVertices(9, 0);
  for (const auto& [u, v] : std::vector<std::pair<uint64_t, uint64_t>>{
           {0, 1}, {1, 2}, {2, 3}, {3, 4}, {0, 3}, {4, 0}, {5, 6}, {6, 5}, {2, 7}}) {
    builder.addEdge(u, v);
  }
  const auto g = share(builder.build());  // vertex 8 isolated
  std::vector<graph::Pair> pairs = allPairs(*g);
  const std::vector<graph::Pair> extra = {{0, 4}, {0, 4}, {4, 0}, {7, 0}, {0, 7}, {8, 8}, {5, 0}, {0, 4}};
  pairs.insert(pairs.end(), extra.begin(), extra.end());
  const auto search = expectBfs(g, pairs, "coalesced+bidir");
  EXPECT_EQ(search->lengths()[4 * 9 + 0], 1);   // 4 -> 0 one arc; 0 -> 4 two
  EXPECT_EQ(search->lengths()[0 * 9 + 4], 2);
  EXPECT_EQ(search->lengths()[7 * 9 + 0], graph::kUnreachable);  // 7 has no out-arc
  EXPECT_EQ(search->lengths()[8 * 9 + 8], 0);
}

// Batches of different widths one after another (1025 pairs: 32 words, then
// one): only what a batch touched is cleared, with the words of its layout.
// The second run of the same search after reset() gives the same lengths.
TEST_F(Bidir, BatchesOfDifferentWidthsAndRepeatedRuns) {
  const auto g = share(graph::generate("erdos-renyi:n=3000,m=4000,seed=9"));
  std::vector<graph::Pair> pairs = graph::randomPairs(*g, 1025, 3);
  pairs[1] = {pairs[1].source, pairs[1].source};
  pairs[1024] = pairs[0];
  const auto search = expectBfs(g, pairs, "coalesced+bidir");
  EXPECT_EQ(search->trace().batches, 2U);
  const std::vector<graph::Length> first = search->lengths();
  search->reset();
  ASSERT_TRUE(search->run());
  EXPECT_EQ(search->lengths(), first);
  for (const uint32_t omega : {32U, 64U, 96U}) {
    expectBfs(g, pairs, "coalesced+bidir+omega=" + std::to_string(omega));
  }
}

// A reset in the middle of a batch leaves the status arrays, the frontier
// lists and their flags and marks half-way: the next run clears them whole
// and gives the CPU BFS's lengths, whether the reset came in the first batch
// (32 words per vertex) or the second (one word, after the first batch's
// touched vertices were cleared).
TEST_F(Bidir, ResetInTheMiddleOfABatch) {
  const auto g = share(graph::generate("grid:30x40"));
  const std::vector<graph::Pair> pairs = graph::randomPairs(*g, 1025, 5);
  const auto device = std::make_shared<engine::DeviceGraph>(context(), g);
  const std::vector<graph::Length> expected = reference::pathLengths(*g, pairs);
  for (const uint32_t stopBatch : {0U, 1U}) {
    engine::Search search(context(), device, pairs, engine::strategyFromSpec("coalesced+bidir"));
    for (int guard = 0; guard < 1000 && (search.currentBatch() < stopBatch || search.currentLevel() < 3); ++guard) {
      search.step();
    }
    ASSERT_EQ(search.currentBatch(), stopBatch);
    ASSERT_EQ(search.currentLevel(), 3U);
    search.reset();
    ASSERT_TRUE(search.run());
    EXPECT_EQ(search.lengths(), expected) << "reset in batch " << stopBatch;
  }
}

// The levels both sides take together: on a grid a batch needs about half
// the levels of the one-way search; `tuned+one-way` keeps it one way, and a
// tracked pair (followed to the end of its component) does too.
TEST_F(Bidir, HalvesTheLevelsOnAGridAndSaysWhenItRuns) {
  const auto g = share(graph::generate("grid:20x20"));
  const std::vector<graph::Pair> pairs = {{0, 399}, {19, 380}, {0, 0}, {5, 394}};
  const auto oneWay = expectBfs(g, pairs, "coalesced");
  const auto twoWay = expectBfs(g, pairs, "coalesced+bidir");
  EXPECT_LE(twoWay->trace().totals.iterations, oneWay->trace().totals.iterations / 2 + 2);
  EXPECT_NE(twoWay->trace().options.find("bidir"), std::string::npos);
  EXPECT_TRUE(twoWay->trace().twoSided);
  EXPECT_FALSE(oneWay->trace().twoSided);
  // Each level's arcs, split by side (a side examines its end's arcs).
  uint64_t backward = 0;
  for (const engine::IterationStats& it : twoWay->trace().iterations) {
    EXPECT_EQ(it.edgesForward + it.edgesBackward, it.edgesExamined) << "level " << it.level;
    backward += it.edgesBackward;
  }
  EXPECT_GT(backward, 0U);
  EXPECT_EQ(oneWay->trace().iterations.front().edgesBackward, 0U);
  // tuned keeps the ratio asked for: 0 advances one side at a time.
  const auto oneSideAtATime = expectBfs(g, pairs, "tuned+bidir=0");
  EXPECT_GE(oneSideAtATime->trace().totals.iterations, oneWay->trace().totals.iterations - 2);
  const auto tunedOneWay = expectBfs(g, pairs, "tuned+one-way");
  EXPECT_EQ(tunedOneWay->trace().options.find("bidir"), std::string::npos);
  EXPECT_NE(tunedOneWay->trace().options.find("one-way"), std::string::npos);
}

// Hops from every vertex to `destination` over the arcs' direction: a
// textbook BFS over the in-arcs (the backward side's reference).
std::vector<uint32_t> hopsTo(const graph::Graph& g, graph::VertexId destination) {
  std::vector<uint32_t> hops(g.vertexCount(), reference::kUnreached);
  std::vector<graph::VertexId> queue{destination};
  hops[destination] = 0;
  for (size_t i = 0; i < queue.size(); ++i) {
    for (const graph::VertexId u : g.in().neighbours(queue[i])) {
      if (hops[u] == reference::kUnreached) {
        hops[u] = hops[queue[i]] + 1;
        queue.push_back(u);
      }
    }
  }
  return hops;
}

// The tracked pair of a two-sided run (the window's selected pair), level
// by level while stepping, against the CPU BFS from the source and to the
// destination: each side has reached exactly the vertices within its depth,
// with their hops; the vertices both reached give the length (their least
// sum); each level names the side(s) that advanced with the frontier arcs
// that chose them (the CPU frontiers' degrees) and both frontiers' sizes;
// trackedDone() turns true at the level where the pair met or a side ran dry.
void expectTrackedFromBothEnds(gpu::Context& context, const std::shared_ptr<const graph::Graph>& g,
                               const std::vector<graph::Pair>& pairs, uint32_t trackedPair, const char* spec) {
  SCOPED_TRACE(std::string(spec) + ", pair " + std::to_string(trackedPair));
  engine::SearchOptions options;
  options.trackedPair = trackedPair;
  const auto device = std::make_shared<engine::DeviceGraph>(context, g);
  engine::Search tracked(context, device, pairs, engine::strategyFromSpec(spec), options);
  const graph::Pair pair = pairs[trackedPair];
  const std::vector<uint32_t> fromSource = reference::bfsLevels(*g, pair.source);
  const std::vector<uint32_t> toDestination = hopsTo(*g, pair.destination);
  uint32_t sidesSeen = 0;
  uint32_t before[2] = {0, 0};  // each side's depth before the level
  // Arcs of the CPU BFS's vertices at `depth` hops from the side's end.
  const auto frontierArcs = [&](int side, uint32_t depth) {
    const std::vector<uint32_t>& hops = side == 0 ? fromSource : toDestination;
    uint64_t arcs = 0;
    for (graph::VertexId v = 0; v < g->vertexCount(); ++v) {
      arcs += hops[v] == depth ? (side == 0 ? g->out().degree(v) : g->in().degree(v)) : 0;
    }
    return arcs;
  };
  while (!tracked.finished()) {
    const engine::IterationStats it = tracked.step();
    const std::vector<uint32_t> forward = tracked.trackedLevels();
    const std::vector<uint32_t> backward = tracked.trackedBackwardLevels();
    if (forward.empty()) {
      continue;  // its batch has not started
    }
    ASSERT_EQ(forward.size(), g->vertexCount());
    ASSERT_EQ(backward.size(), g->vertexCount());
    uint32_t deepest[2] = {0, 0};
    uint64_t onFrontier[2] = {0, 0};
    for (int side = 0; side < 2; ++side) {
      const std::vector<uint32_t>& hops = side == 0 ? forward : backward;
      for (const uint32_t h : hops) {
        deepest[side] = h != reference::kUnreached ? std::max(deepest[side], h) : deepest[side];
      }
      const std::vector<uint32_t>& cpu = side == 0 ? fromSource : toDestination;
      for (graph::VertexId v = 0; v < g->vertexCount(); ++v) {
        // Exactly the vertices within the side's depth, each with its hops.
        const uint32_t want = cpu[v] <= deepest[side] ? cpu[v] : reference::kUnreached;
        ASSERT_EQ(hops[v], want) << "side " << side << ", vertex " << v << ", depth " << deepest[side];
      }
      onFrontier[side] = static_cast<uint64_t>(std::count(cpu.begin(), cpu.end(), deepest[side]));
    }
    bool met = false;
    for (graph::VertexId v = 0; v < g->vertexCount() && !met; ++v) {
      met = forward[v] != reference::kUnreached && backward[v] != reference::kUnreached;
    }
    sidesSeen |= it.trackedSides;
    if (it.trackedSides != 0) {
      EXPECT_EQ(it.trackedArcsForward, frontierArcs(0, before[0])) << "level " << it.level;
      EXPECT_EQ(it.trackedArcsBackward, frontierArcs(1, before[1])) << "level " << it.level;
      // A side that advanced and reached nothing ran dry: its frontier is empty.
      bool ranDry = false;
      for (uint32_t side = 0; side < 2; ++side) {
        if ((it.trackedSides >> side & 1U) != 0 && deepest[side] == before[side]) {
          onFrontier[side] = 0;
          ranDry = true;
        }
        before[side] = deepest[side];
      }
      EXPECT_EQ(tracked.trackedDone(), met || ranDry) << "level " << it.level;
      EXPECT_EQ(it.trackedFrontierForward, onFrontier[0]) << "level " << it.level;
      EXPECT_EQ(it.trackedFrontierBackward, onFrontier[1]) << "level " << it.level;
      // The side with fewer frontier arcs advanced (both when close).
      if (it.trackedSides == 1) {
        EXPECT_LE(it.trackedArcsForward, it.trackedArcsBackward) << "level " << it.level;
      } else if (it.trackedSides == 2) {
        EXPECT_GT(it.trackedArcsForward, it.trackedArcsBackward) << "level " << it.level;
      }
    }
  }
  const std::vector<uint32_t> forward = tracked.trackedLevels();
  const std::vector<uint32_t> backward = tracked.trackedBackwardLevels();
  uint32_t least = reference::kUnreached;
  for (graph::VertexId v = 0; v < g->vertexCount(); ++v) {
    if (forward[v] != reference::kUnreached && backward[v] != reference::kUnreached) {
      least = std::min(least, forward[v] + backward[v]);
    }
  }
  const graph::Length length = reference::pathLengths(*g, std::vector<graph::Pair>{pair}).front();
  EXPECT_EQ(least == reference::kUnreached ? graph::kUnreachable : static_cast<graph::Length>(least), length);
  EXPECT_EQ(tracked.lengths(), reference::pathLengths(*g, pairs));
  EXPECT_TRUE(tracked.trace().twoSided);
  EXPECT_TRUE(tracked.trackedDone());
  EXPECT_EQ(sidesSeen != 0, pair.source != pair.destination);
}

TEST_F(Bidir, TrackedPairIsSearchedFromBothEnds) {
  const auto grid = share(graph::generate("grid:9x7"));
  const std::vector<graph::Pair> gridPairs = {{0, 62}, {4, 40}, {10, 10}, {62, 1}, {30, 31}};
  for (uint32_t tracked = 0; tracked < gridPairs.size(); ++tracked) {
    expectTrackedFromBothEnds(context(), grid, gridPairs, tracked, "coalesced+bidir");
  }
  expectTrackedFromBothEnds(context(), grid, gridPairs, 0, "coalesced+bidir=0");  // one side at a time
  // Directed arcs (backward over in-arcs), an unreachable pair, the tracked
  // search in the second batch of 32.
  graph::GraphBuilder builder({.directed = true});
  builder.declareVertices(9, 0);
  for (const auto& [u, v] : std::vector<std::pair<uint64_t, uint64_t>>{
           {0, 1}, {1, 2}, {2, 3}, {3, 4}, {0, 3}, {4, 0}, {5, 6}, {6, 5}, {2, 7}}) {
    builder.addEdge(u, v);
  }
  const auto directed = share(builder.build());
  const std::vector<graph::Pair> all = allPairs(*directed);
  for (const uint32_t tracked : {4U, 36U, 63U, 80U, 9U * 5 + 0}) {  // 80: in the last batch
    expectTrackedFromBothEnds(context(), directed, all, tracked, "coalesced+bidir+omega=32");
  }
  const auto kronecker = share(graph::generate("kronecker:scale=9,edgefactor=8"));
  const std::vector<graph::Pair> random = graph::randomPairs(*kronecker, 40, 3);
  expectTrackedFromBothEnds(context(), kronecker, random, 37, "tuned+bidir");
}

TEST_F(Bidir, RefusesLayoutsAndSwitchesItHasNoKernelsFor) {
  for (const char* spec : {"workgroups+bidir", "coalesced-bottom-up+bidir", "coalesced+beamer+bidir",
                           "coalesced+scan+bidir"}) {
    EXPECT_THROW(engine::strategyFromSpec(spec), std::invalid_argument) << spec;
  }
}

// Status words per level and side, against the path's structure: both sides
// advance every level (equal frontiers), each expands one vertex: its
// frontier word, a visited word per arc (1 at an end of the path, 2 inside)
// and one new word and its vertex's mark (the next vertex). One-way runs
// count none.
TEST_F(Bidir, StatusWordsPerSideOnAPath) {
  const auto g = share(graph::generate("path:24"));
  const std::vector<graph::Pair> pairs = {{0, 23}};
  const auto search = expectBfs(g, pairs, "coalesced+bidir");
  const auto& levels = search->trace().iterations;
  ASSERT_EQ(levels.size(), 12U);  // 23 hops: both sides meet after 12 levels
  for (const engine::IterationStats& it : levels) {
    const uint64_t words = it.level == 0 ? 4 : 5;
    EXPECT_EQ(it.wordsForward, words) << "level " << it.level;
    EXPECT_EQ(it.wordsBackward, words) << "level " << it.level;
  }
  const auto oneWay = expectBfs(g, pairs, "coalesced");
  for (const engine::IterationStats& it : oneWay->trace().iterations) {
    EXPECT_EQ(it.wordsForward + it.wordsBackward, 0U);
  }
}

} // namespace
