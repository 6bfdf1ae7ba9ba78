// Every engine switch, alone and combined, returns exactly the CPU
// reference's lengths. Pair counts cover batches whose teams fit in a
// subgroup (shuffle votes) and batches whose teams span several subgroups
// (shared-memory votes) on every device.

#include "GpuTest.h"

#include <map>

#include "TestData.h"
#include "engine/DeviceGraph.h"
#include "engine/ibfs/Search.h"
#include "graph/Generators.h"
#include "graph/GraphIO.h"
#include "graph/Pairs.h"
#include "reference/Bfs.h"

namespace {

using namespace frontier;
using frontier::test::GpuTest;

struct SwitchCase {
  std::string name;
  std::function<void(engine::EngineOptions&)> apply;
};

void PrintTo(const SwitchCase& c, std::ostream* out) { *out << c.name; }

std::vector<SwitchCase> switchCases() {
  // The work-skipping switches with sparse identify (the engine turns sparse
  // identify off under Beamer's pulls, so this set stays top-down).
  const auto allSparse = [](engine::EngineOptions& o) {
    o.aggregatedAppends = true;
    o.loadBalancedExpand = true;
    o.sparseIdentify = true;
    o.levelsPerSubmit = 0;
    o.componentFilter = true;
  };
  return {
      {"aggregated", [](engine::EngineOptions& o) { o.aggregatedAppends = true; }},
      {"load_balanced", [](engine::EngineOptions& o) { o.loadBalancedExpand = true; }},
      {"beamer", [](engine::EngineOptions& o) { o.direction = engine::DirectionPolicy::Beamer; }},
      {"jfq_low_threshold",
       [](engine::EngineOptions& o) {
         o.direction = engine::DirectionPolicy::JfqThreshold;
         o.jfqThreshold = 0.02;  // pull early and often
       }},
      {"adaptive_levels", [](engine::EngineOptions& o) { o.levelsPerSubmit = 0; }},
      {"eight_levels", [](engine::EngineOptions& o) { o.levelsPerSubmit = 8; }},
      {"sparse_identify", [](engine::EngineOptions& o) { o.sparseIdentify = true; }},
      {"component_filter", [](engine::EngineOptions& o) { o.componentFilter = true; }},
      {"group_by",
       [](engine::EngineOptions& o) {
         o.groupBy = true;
         o.searchesPerBatch = 64;  // several batches, so the grouping matters
       }},
      {"scan", [](engine::EngineOptions& o) { o.scanBuiltJfq = true; }},
      {"probe", [](engine::EngineOptions& o) { o.probeDestinations = true; }},
      {"probe_pull_early",
       [](engine::EngineOptions& o) {
         o.probeDestinations = true;
         o.direction = engine::DirectionPolicy::JfqThreshold;
         o.jfqThreshold = 0.02;
       }},
      {"scan_lb_sparse_adaptive",
       [](engine::EngineOptions& o) {
         o.scanBuiltJfq = true;
         o.loadBalancedExpand = true;
         o.sparseIdentify = true;
         o.levelsPerSubmit = 0;
       }},
      {"scan_rts_pull_early",
       [](engine::EngineOptions& o) {
         o.scanBuiltJfq = true;
         o.scanKind = engine::ScanKind::ReduceThenScan;
         o.direction = engine::DirectionPolicy::JfqThreshold;
         o.jfqThreshold = 0.02;
       }},
      {"all",
       [](engine::EngineOptions& o) {
         o.aggregatedAppends = true;
         o.loadBalancedExpand = true;
         o.direction = engine::DirectionPolicy::Beamer;
         o.levelsPerSubmit = 0;
         o.componentFilter = true;
       }},
      {"all_sparse", allSparse},
      {"all_sparse_probe",
       [allSparse](engine::EngineOptions& o) {
         allSparse(o);
         o.probeDestinations = true;
       }},
  };
}

std::shared_ptr<const graph::Graph> graphNamed(const std::string& name) {
  static std::map<std::string, std::shared_ptr<const graph::Graph>> cache;
  auto& slot = cache[name];
  if (!slot) {
    if (name == "facebook") {
      slot = std::make_shared<const graph::Graph>(graph::loadGraph(test::dataFile("facebook_combined.txt")));
    } else if (name == "wikivote") {
      graph::LoadOptions options;
      options.direction = graph::Direction::Directed;
      slot = std::make_shared<const graph::Graph>(graph::loadGraph(test::dataFile("wiki-Vote.txt"), options));
    } else if (name == "isolated") {
      slot = std::make_shared<const graph::Graph>(graph::generate("erdos-renyi:n=3000,m=2200,seed=5"));
    } else if (name == "kronecker") {
      slot = std::make_shared<const graph::Graph>(graph::generate("kronecker:scale=12,edgefactor=16,seed=9"));
    } else {
      slot = std::make_shared<const graph::Graph>(graph::generate("grid:40x35"));
    }
  }
  return slot;
}

class EngineSwitchesTracked : public GpuTest {};

class EngineSwitches : public GpuTest, public ::testing::WithParamInterface<std::tuple<std::string, SwitchCase>> {};

TEST_P(EngineSwitches, EqualTheCpuReference) {
  const auto& [graphName, switches] = GetParam();
  const auto g = graphNamed(graphName);
  const auto deviceGraph = std::make_shared<engine::DeviceGraph>(context(), g);
  engine::Strategy strategy = engine::strategyByName("coalesced-bottom-up");
  switches.apply(strategy.options);
  for (const uint32_t count : {7U, 100U, 250U, 1025U}) {
    const std::vector<graph::Pair> pairs = graph::randomPairs(*g, count, count + 17);
    engine::Search search(context(), deviceGraph, pairs, strategy);
    ASSERT_TRUE(search.run());
    EXPECT_EQ(search.lengths(), reference::pathLengths(*g, pairs)) << graphName << " " << switches.name << " " << count;
  }
}

INSTANTIATE_TEST_SUITE_P(Switches, EngineSwitches,
                         ::testing::Combine(::testing::Values("facebook", "wikivote", "kronecker", "grid", "isolated"),
                                            ::testing::ValuesIn(switchCases())),
                         [](const auto& param) {
                           return std::get<0>(param.param) + "_" + std::get<1>(param.param).name;
                         });

// The tracked search covers the graph even with the switches that skip work.
TEST_F(EngineSwitchesTracked, TrackedLevelsWithSkippingSwitches) {
  const auto g = graphNamed("isolated");
  const auto deviceGraph = std::make_shared<engine::DeviceGraph>(context(), g);
  std::vector<graph::Pair> pairs = graph::randomPairs(*g, 200, 5);
  engine::Strategy strategy = engine::strategyFromSpec("coalesced+cf+sparse+lb+agg+adaptive+probe");
  for (const uint32_t trackedPair : {0U, 77U, 199U}) {
    engine::SearchOptions options;
    options.trackedPair = trackedPair;
    engine::Search search(context(), deviceGraph, pairs, strategy, options);
    ASSERT_TRUE(search.run());
    EXPECT_EQ(search.trackedLevels(), reference::bfsLevels(*g, pairs[trackedPair].source));
    EXPECT_EQ(search.lengths(), reference::pathLengths(*g, pairs));
    EXPECT_GT(search.trace().skippedPairs, 0U);  // this graph has many components
  }
}

// On a directed graph, pulling over the in-arcs (bottom-up) must give the
// tracked search exactly the levels of a BFS over the out-arcs.
TEST_F(EngineSwitchesTracked, TrackedLevelsOnADirectedGraphBottomUp) {
  const auto g = graphNamed("wikivote");
  const auto deviceGraph = std::make_shared<engine::DeviceGraph>(context(), g);
  const std::vector<graph::Pair> pairs = graph::randomPairs(*g, 100, 11);
  for (const char* spec : {"coalesced-bottom-up", "coalesced-bottom-up+jfq=0.02", "coalesced"}) {
    for (const uint32_t trackedPair : {0U, 42U}) {
      engine::SearchOptions options;
      options.trackedPair = trackedPair;
      engine::Search search(context(), deviceGraph, pairs, engine::strategyFromSpec(spec), options);
      ASSERT_TRUE(search.run());
      EXPECT_EQ(search.trackedLevels(), reference::bfsLevels(*g, pairs[trackedPair].source)) << spec << " " << trackedPair;
      EXPECT_TRUE(search.trackedDone());
    }
  }
}

// The destination probe reads a destination's in-arcs: on a directed graph
// those differ from its out-arcs, and the instance-major layout indexes the
// status words another way. Both layouts, several pair counts.
TEST_F(EngineSwitchesTracked, ProbeOnBothLayoutsOfADirectedGraph) {
  const auto g = graphNamed("wikivote");
  const auto deviceGraph = std::make_shared<engine::DeviceGraph>(context(), g);
  for (const char* spec : {"workgroups+probe", "coalesced+probe", "coalesced+probe+omega=32"}) {
    for (const uint32_t count : {1U, 33U, 1025U}) {
      const std::vector<graph::Pair> pairs = graph::randomPairs(*g, count, count + 3);
      engine::Search search(context(), deviceGraph, pairs, engine::strategyFromSpec(spec));
      ASSERT_TRUE(search.run());
      EXPECT_EQ(search.lengths(), reference::pathLengths(*g, pairs)) << spec << " " << count;
    }
  }
}

} // namespace
