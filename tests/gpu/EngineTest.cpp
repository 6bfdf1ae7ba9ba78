// Every strategy returns exactly the CPU reference's lengths, on the real
// graphs and on generated ones, for many pair counts, with duplicate sources,
// source = destination, unreachable pairs and isolated vertices.

#include "GpuTest.h"

#include <map>
#include <memory>
#include <sstream>

#include "TestData.h"
#include "engine/DeviceGraph.h"
#include "engine/ibfs/Search.h"
#include "graph/Generators.h"
#include "graph/GraphIO.h"
#include "graph/Pairs.h"
#include "reference/Bfs.h"
#include "reference/MultiSourceBfs.h"

namespace {

using namespace frontier;
using frontier::test::GpuTest;

struct GraphCase {
  std::string name;
  std::function<graph::Graph()> make;
  std::vector<uint32_t> pairCounts;
  uint32_t levelsPerSubmit = 1;  // 0 = adaptive (long-diameter graphs)
};

graph::Graph load(const std::string& file, graph::Direction direction = graph::Direction::FromFormat) {
  graph::LoadOptions options;
  options.direction = direction;
  return graph::loadGraph(test::dataFile(file), options);
}

const std::vector<uint32_t> kAllCounts = {1, 31, 32, 33, 1000, 1024, 1025, 5000};

std::vector<GraphCase> graphCases() {
  return {
      {"karate", [] { return load("karate.txt"); }, kAllCounts},
      {"lesmis", [] { return load("lesmis.graph"); }, kAllCounts},
      {"ldbc", [] { return load("ldbc-snb-sf0.1"); }, {33, 1025}},
      {"facebook", [] { return load("facebook_combined.txt"); }, {1000, 1025}},
      {"wikivote_directed", [] { return load("wiki-Vote.txt", graph::Direction::Directed); }, {1024, 1025}},
      {"elt4", [] { return load("4elt.graph"); }, {64}, 0},
      {"amsterdam_directed", [] { return load("amsterdam-roads.gr"); }, {48}, 0},
      {"luxembourg", [] { return load("luxembourg_osm.mtx"); }, {16}, 0},
      {"cnr2000_directed", [] { return load("cnr-2000.txt.gz", graph::Direction::Directed); }, {40}, 0},
      {"kronecker", [] { return graph::generate("kronecker:scale=11,edgefactor=8,seed=3"); }, kAllCounts},
      {"grid", [] { return graph::generate("grid:30x40"); }, kAllCounts},
      {"erdos_renyi_isolated", [] { return graph::generate("erdos-renyi:n=3000,m=2000,seed=5"); }, kAllCounts},
  };
}

void PrintTo(const GraphCase& c, std::ostream* out) { *out << c.name; }

const graph::Graph& cachedGraph(const GraphCase& c) {
  static std::map<std::string, std::shared_ptr<const graph::Graph>> cache;
  auto& slot = cache[c.name];
  if (!slot) {
    slot = std::make_shared<const graph::Graph>(c.make());
  }
  return *slot;
}

// Random pairs with the awkward cases planted: source = destination, a
// repeated source, a repeated pair, and pairs to and from an isolated vertex.
std::vector<graph::Pair> awkwardPairs(const graph::Graph& g, uint32_t count, uint64_t seed) {
  std::vector<graph::Pair> pairs = graph::randomPairs(g, count, seed);
  if (count >= 2) {
    pairs[0].destination = pairs[0].source;
  }
  if (count >= 3) {
    pairs[2].source = pairs[1].source;
  }
  if (count >= 4) {
    pairs[count - 1] = pairs[count - 2];
  }
  std::optional<graph::VertexId> isolated;
  for (graph::VertexId v = 0; v < g.vertexCount() && !isolated; ++v) {
    if (g.out().degree(v) == 0 && g.in().degree(v) == 0) {
      isolated = v;
    }
  }
  if (isolated && count >= 6) {
    pairs[3].destination = *isolated;
    pairs[4].source = *isolated;
    pairs[5] = {*isolated, *isolated};
  }
  return pairs;
}

std::vector<graph::Length> expectedLengths(const graph::Graph& g, const std::vector<graph::Pair>& pairs) {
  // The textbook BFS where it is quick; the multi-source CPU BFS (itself
  // checked against the textbook BFS) on the large graphs.
  if (g.vertexCount() <= 20000 || pairs.size() <= 64) {
    return reference::pathLengths(g, pairs);
  }
  return reference::msbfsPathLengths(g, pairs);
}

class EngineLengths : public GpuTest, public ::testing::WithParamInterface<std::tuple<GraphCase, std::string>> {};

TEST_P(EngineLengths, EqualTheCpuReference) {
  const auto& [graphCase, strategyName] = GetParam();
  const graph::Graph& g = cachedGraph(graphCase);
  auto shared = std::shared_ptr<const graph::Graph>(&g, [](const graph::Graph*) {});
  const auto deviceGraph = std::make_shared<engine::DeviceGraph>(context(), shared);
  engine::Strategy strategy = engine::strategyFromSpec(strategyName);
  strategy.options.levelsPerSubmit = graphCase.levelsPerSubmit;
  for (const uint32_t count : graphCase.pairCounts) {
    const std::vector<graph::Pair> pairs = awkwardPairs(g, count, count * 7 + 1);
    engine::Search search(context(), deviceGraph, pairs, strategy);
    ASSERT_TRUE(search.run());
    ASSERT_TRUE(search.finished());
    const std::vector<graph::Length> got = search.lengths();
    const std::vector<graph::Length> expected = expectedLengths(g, pairs);
    size_t wrong = 0;
    for (size_t i = 0; i < pairs.size(); ++i) {
      if (got[i] != expected[i] && ++wrong <= 5) {
        ADD_FAILURE() << graphCase.name << " " << strategyName << " " << count << " pairs: pair " << i << " ("
                      << g.fileId(pairs[i].source) << " -> " << g.fileId(pairs[i].destination) << ") GPU "
                      << got[i] << ", CPU " << expected[i];
      }
    }
    EXPECT_EQ(wrong, 0U) << count << " pairs";
    // Pairs the component filter answers (different components) never occupy a search slot.
    const size_t searched = count - search.trace().skippedPairs;
    EXPECT_EQ(search.trace().batches,
              (searched + strategy.options.searchesPerBatch - 1) / strategy.options.searchesPerBatch);
  }
}

std::string caseName(const ::testing::TestParamInfo<std::tuple<GraphCase, std::string>>& info) {
  std::string name = std::get<0>(info.param).name + "_" + std::get<1>(info.param);
  std::replace(name.begin(), name.end(), '-', '_');
  std::replace(name.begin(), name.end(), '+', '_');
  std::replace(name.begin(), name.end(), '=', '_');
  return name;
}

INSTANTIATE_TEST_SUITE_P(Data, EngineLengths,
                         ::testing::Combine(::testing::ValuesIn(graphCases()),
                                            ::testing::Values("workgroups", "coalesced", "coalesced-bottom-up", "tuned")),
                         caseName);

// The scan-built JFQ on every graph but the two road networks, whose
// thousand-level searches cost half a minute each on a software device (long
// diameters are covered by the grids here and in EngineSwitchesTest, which
// also runs reduce-then-scan and the other switches with scan).
std::vector<GraphCase> scanGraphCases() {
  std::vector<GraphCase> cases = graphCases();
  std::erase_if(cases, [](const GraphCase& c) { return c.name == "amsterdam_directed" || c.name == "luxembourg"; });
  return cases;
}

INSTANTIATE_TEST_SUITE_P(DataScan, EngineLengths,
                         ::testing::Combine(::testing::ValuesIn(scanGraphCases()), ::testing::Values("coalesced+scan")),
                         caseName);

// The two-sided search on every graph and pair count, directed graphs by
// their arcs (the backward side follows in-arcs); tuned+bidir adds the
// component filter and GroupBy's slot order.
INSTANTIATE_TEST_SUITE_P(DataBidir, EngineLengths,
                         ::testing::Combine(::testing::ValuesIn(graphCases()),
                                            ::testing::Values("coalesced+bidir", "tuned+bidir")),
                         caseName);

// Work lists of status words (`worklist`) on every graph and pair count; with
// omega = 64 (two words per vertex) the lists overflow their quarter of the
// words on the denser graphs' middle levels, so the dense sweep runs too.
INSTANTIATE_TEST_SUITE_P(DataWorklist, EngineLengths,
                         ::testing::Combine(::testing::ValuesIn(graphCases()), ::testing::Values("coalesced+worklist")),
                         caseName);
INSTANTIATE_TEST_SUITE_P(DataWorklistNarrow, EngineLengths,
                         ::testing::Combine(::testing::ValuesIn(scanGraphCases()),
                                            ::testing::Values("coalesced+worklist+probe+omega=64")),
                         caseName);

} // namespace
