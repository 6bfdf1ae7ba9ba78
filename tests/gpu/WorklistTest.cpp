// Work lists of status words (`worklist`): exact lengths on the graphs it is
// for (grids of odd and even sides, a long path) with every batch width
// (1 to 32 words per vertex), levels per submission and the destination
// probe, against the textbook CPU BFS, never against the engine itself; the
// switches it cannot work with are refused. The data graphs with every pair
// count run through EngineTest's DataWorklist cases.

#include "GpuTest.h"

#include <memory>
#include <string>

#include "engine/DeviceGraph.h"
#include "engine/ibfs/Search.h"
#include "graph/Generators.h"
#include "graph/Pairs.h"
#include "reference/Bfs.h"

namespace {

using namespace frontier;
using frontier::test::GpuTest;

class Worklist : public GpuTest {
protected:
  void expectBfs(const std::shared_ptr<const graph::Graph>& g, const std::vector<graph::Pair>& pairs,
                 const std::string& spec) {
    const auto device = std::make_shared<engine::DeviceGraph>(context(), g);
    engine::Search search(context(), device, pairs, engine::strategyFromSpec(spec));
    EXPECT_TRUE(search.run());
    EXPECT_EQ(search.lengths(), reference::pathLengths(*g, pairs)) << spec << ", " << pairs.size() << " pairs";
  }
};

std::shared_ptr<const graph::Graph> share(graph::Graph g) { return std::make_shared<const graph::Graph>(std::move(g)); }

// Random pairs plus s = d, a repeated pair and a repeated source.
std::vector<graph::Pair> pairsOn(const graph::Graph& g, uint32_t count, uint64_t seed) {
  std::vector<graph::Pair> pairs = graph::randomPairs(g, count, seed);
  if (count >= 3) {
    pairs[0].destination = pairs[0].source;
    pairs[1] = pairs[2];
  }
  return pairs;
}

// Odd and even sides, pair counts around a word and a batch, every width of
// the status words (omega 32: one word per vertex, so the lists overflow and
// the identify sweeps every word on the widest levels).
TEST_F(Worklist, GridsEqualTheCpuBfs) {
  for (const char* shape : {"grid:31x33", "grid:40x40", "grid:1x97"}) {
    const auto g = share(graph::generate(shape));
    for (const uint32_t count : {1U, 31U, 32U, 33U, 1024U, 1025U}) {
      expectBfs(g, pairsOn(*g, count, count + 11), "coalesced+worklist+adaptive");
    }
    for (const char* spec : {"coalesced+worklist+omega=32", "coalesced+worklist+omega=256+k=7+probe",
                             "coalesced+worklist+probe+cf"}) {
      expectBfs(g, pairsOn(*g, 300, 5), spec);
    }
  }
}

// A grid of 200 x 200 (400 levels) with a few pairs: the lists hold a few
// words per level while the dense identify would read 40,000 vertices.
TEST_F(Worklist, LargeGridFewPairs) {
  const auto g = share(graph::generate("grid:200x200"));
  expectBfs(g, pairsOn(*g, 40, 3), "coalesced+worklist+adaptive+probe");
}

// The 1000 x 1000 grid of the benchmarks (1998 levels) with corner to corner
// pairs, the middle, and s = d: the plan sizes each identify from the
// frontier's arcs, so the few-word levels stay cheap even here.
TEST_F(Worklist, MillionVertexGrid) {
  const auto g = share(graph::generate("grid:1000x1000"));
  expectBfs(g, {{0, 999'999}, {999, 999'000}, {500'500, 0}, {7, 7}}, "tuned");
}

// Unreachable pairs (two components) and a search that runs dry before its
// destination's component: its frontier empties, the check stops it.
TEST_F(Worklist, UnreachablePairs) {
  const auto g = share(graph::generate("erdos-renyi:n=2000,m=1500,seed=9"));
  expectBfs(g, pairsOn(*g, 500, 4), "coalesced+worklist+adaptive");
}

TEST_F(Worklist, RefusesSwitchesItCannotWorkWith) {
  for (const char* spec : {"workgroups+worklist", "coalesced+worklist+jfq", "coalesced+worklist+beamer",
                           "coalesced+worklist+scan", "coalesced+worklist+bidir"}) {
    EXPECT_THROW((void)engine::strategyFromSpec(spec), std::invalid_argument) << spec;
  }
}

} // namespace
