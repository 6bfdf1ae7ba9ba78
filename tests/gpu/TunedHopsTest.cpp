// `tuned` hands its pairs to the pair engine wherever it fits the device, and
// on CPU devices where it does not to the resident shortest-path engine on
// long, thin graphs, every arc weighing 1 (run/IbfsRun.cpp): its lengths
// must be hop counts (CPU BFS), whatever weights the graph carries, for
// every pair count, duplicate, self and unreachable pairs and directed arcs;
// runs that step or draw their levels and presets with switches stay on the
// BFS engine, with the same answers (the pair engine itself:
// PairHopsTest.cpp).

#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <vector>

#include "GpuTest.h"
#include "SsspGraphs.h"
#include "engine/DeviceGraph.h"
#include "engine/sssp/PairHops.h"
#include "graph/Generators.h"
#include "graph/Pairs.h"
#include "reference/Bfs.h"
#include "run/DeviceInputs.h"
#include "run/Registry.h"
#include "run/RunSpec.h"

namespace frontier::test {
namespace {

class TunedHops : public GpuTest {
protected:
  // The engine a plain `tuned` run of `g` hands its pairs to here.
  std::string hopEngine(const std::shared_ptr<const graph::Graph>& g, const char* otherwise) {
    return engine::pairHopsFit(context().info(), engine::DeviceGraph(context(), g)) ? "pairs" : otherwise;
  }

  // Runs `spec` to the end and checks every length against the CPU BFS;
  // returns the engine that ran ("ibfs", "resident" or "pairs").
  std::string runAndCheck(const std::shared_ptr<const graph::Graph>& g, const std::vector<graph::Pair>& pairs,
                          const std::string& spec, const run::RunOptions& options = {}) {
    run::DeviceInputs inputs(context(), g);
    const std::unique_ptr<run::Run> r = run::makeRun(inputs, pairs, run::parseRunSpec(spec), options);
    EXPECT_TRUE(r->run());
    const run::RunResults results = r->results();
    EXPECT_EQ(results.unit, run::Unit::Hops) << spec;
    EXPECT_TRUE(results.exact) << spec;
    if (r->trace().algorithm == "sssp") {
      EXPECT_EQ(r->trace().strategy, spec) << "the trace names the preset that ran";
    }
    const std::vector<graph::Length> expected = reference::pathLengths(*g, pairs);
    EXPECT_EQ(results.lengths.size(), pairs.size());
    size_t wrong = 0;
    for (size_t i = 0; i < pairs.size() && i < results.lengths.size(); ++i) {
      const double want = expected[i] == graph::kUnreachable ? reference::kNoPath : expected[i];
      if (results.lengths[i] != want && ++wrong <= 5) {
        ADD_FAILURE() << spec << " on " << g->name() << ": pair " << i << " got " << results.lengths[i] << ", CPU BFS "
                      << want;
      }
    }
    EXPECT_EQ(wrong, 0U) << spec << " (" << r->trace().algorithm << ")";
    const std::string& traceOptions = r->trace().options;
    return r->trace().algorithm == "ibfs"                         ? "ibfs"
           : traceOptions.find("layout=pairs") != std::string::npos ? "pairs"
                                                                 : "resident";
  }
};

TEST_F(TunedHops, RoadLikeGraphsGetHopCountsWhateverTheirWeights) {
  // Weighted lattices of odd and even sizes (the weights must not count),
  // and a sparse random graph of many components (unreachable pairs).
  const std::vector<std::shared_ptr<const graph::Graph>> graphs = {
      share(graph::withRandomWeights(graph::generate("grid:31x17"), 1000, 5)),
      share(graph::generate("grid:30x20")),
      share(graph::withRandomWeights(graph::generate("erdos-renyi:n=2000,m=1500,seed=4"), 7, 2)),
  };
  for (const auto& g : graphs) {
    for (const uint32_t count : {1U, 31U, 33U, 1025U}) {
      const std::vector<graph::Pair> pairs = mixedPairs(*g, count, 17 + count);
      EXPECT_EQ(runAndCheck(g, pairs, "tuned"), "pairs") << g->name() << ", " << count << " pairs";
    }
  }
  // 17,030 vertices: past the pair engine's loop budget on CPU devices,
  // whose `tuned` runs the resident engine there; GPUs run pairs.
  const auto large = share(graph::withRandomWeights(graph::generate("grid:130x131"), 100, 6));
  for (const uint32_t count : {33U, 300U}) {
    EXPECT_EQ(runAndCheck(large, mixedPairs(*large, count, 5), "tuned"), hopEngine(large, "resident")) << count;
  }
}

TEST_F(TunedHops, DirectedArcsAreFollowedOneWay) {
  // 0 -> 1 -> 2 -> 3 and 3 -> 0 over a heavy arc: 3 reaches 0 in one hop,
  // 0 reaches 3 in three; 4 is reached by nobody.
  const auto g = weighted(true, 5, {{0, 1, 1}, {1, 2, 1}, {2, 3, 1}, {3, 0, 500}, {4, 0, 1}});
  const std::vector<graph::Pair> pairs = {{0, 3}, {3, 0}, {3, 2}, {0, 4}, {4, 3}, {2, 2}, {0, 3}};
  EXPECT_EQ(runAndCheck(g, pairs, "tuned"), "pairs");
}

TEST_F(TunedHops, LevelsAndSwitchesStayOnTheBfsEngine) {
  const auto grid = share(graph::withRandomWeights(graph::generate("grid:25x24"), 50, 3));
  const std::vector<graph::Pair> pairs = mixedPairs(*grid, 40, 9);
  run::RunOptions levels;
  levels.levels = true;
  EXPECT_EQ(runAndCheck(grid, pairs, "tuned", levels), "ibfs") << "a run stepped level by level";
  run::RunOptions tracked;
  tracked.trackedPair = 3;
  EXPECT_EQ(runAndCheck(grid, pairs, "tuned", tracked), "ibfs") << "a tracked pair's levels";
  EXPECT_EQ(runAndCheck(grid, pairs, "tuned+omega=64"), "ibfs") << "a preset with switches";
  const auto kronecker = share(graph::generate("kronecker:scale=11,edgefactor=16,seed=3"));
  EXPECT_EQ(runAndCheck(kronecker, mixedPairs(*kronecker, 100, 4), "tuned"), "pairs") << "hubs: the pair engine";
  EXPECT_EQ(runAndCheck(kronecker, mixedPairs(*kronecker, 100, 4), "tuned", levels), "ibfs") << "hubs, levels";
  // Road-like degrees, but about 10 hops across 20,000 vertices: a few
  // wide levels, where the BFS engine is the faster.
  // Past the pair engine's loop budget on CPU devices, and too shallow for
  // the resident engine (about 10 hops across 20,000 vertices): the BFS
  // engine there; GPUs run pairs.
  const auto shallow = share(graph::generate("erdos-renyi:n=20000,m=60000,seed=2"));
  EXPECT_EQ(runAndCheck(shallow, mixedPairs(*shallow, 100, 5), "tuned"), hopEngine(shallow, "ibfs"))
      << "a short diameter";
}

} // namespace
} // namespace frontier::test
