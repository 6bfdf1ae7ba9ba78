// The `tuned` preset reads DeviceGraph::tuningShape(), a cheap subset of
// graph::computeStats: its fields must equal computeStats' on every graph
// kind, tuned must pick the same switches from either, and a device graph
// analysed before its upload must give the CPU reference's lengths.

#include "GpuTest.h"

#include <cctype>

#include "engine/DeviceGraph.h"
#include "engine/ibfs/Search.h"
#include "engine/ibfs/Strategy.h"
#include "graph/Generators.h"
#include "graph/GraphStats.h"
#include "graph/Pairs.h"
#include "reference/Bfs.h"

namespace {

using namespace frontier;
using frontier::test::GpuTest;

class StrategyTunedShape : public GpuTest, public ::testing::WithParamInterface<std::string> {};

TEST_P(StrategyTunedShape, EqualsComputeStatsAndKeepsLengthsExact) {
  const auto g = std::make_shared<const graph::Graph>(graph::generate(GetParam()));
  for (const bool analyseFirst : {false, true}) {
    const auto deviceGraph = std::make_shared<engine::DeviceGraph>(context(), g, analyseFirst);
    const graph::GraphStats full = graph::computeStats(*g, 1);
    const graph::GraphStats& cheap = deviceGraph->tuningShape();
    EXPECT_EQ(cheap.vertices, full.vertices);
    EXPECT_EQ(cheap.edges, full.edges);
    EXPECT_EQ(cheap.directed, full.directed);
    EXPECT_EQ(cheap.degreeMax, full.degreeMax);
    EXPECT_DOUBLE_EQ(cheap.degreeMean, full.degreeMean);
    EXPECT_EQ(cheap.components, full.components);
    EXPECT_EQ(cheap.largestComponent, full.largestComponent);
    for (const size_t pairs : {size_t{1}, size_t{1024}, size_t{8192}}) {
      EXPECT_EQ(engine::tunedOptions(cheap, pairs).describe(), engine::tunedOptions(full, pairs).describe());
    }
    const std::vector<graph::Pair> pairs = graph::randomPairs(*g, 300, 21);
    engine::Search search(context(), deviceGraph, pairs, engine::strategyByName("tuned"));
    ASSERT_TRUE(search.run());
    EXPECT_EQ(search.lengths(), reference::pathLengths(*g, pairs)) << GetParam() << " analyseFirst " << analyseFirst;
  }
}

INSTANTIATE_TEST_SUITE_P(Graphs, StrategyTunedShape,
                         ::testing::Values("kronecker:scale=11,edgefactor=16,seed=3", "erdos-renyi:n=2000,m=1500,seed=4",
                                           "grid:30x20", "star:200"),
                         [](const auto& param) {
                           std::string name = param.param.substr(0, param.param.find(':'));
                           for (char& c : name) {
                             c = std::isalnum(static_cast<unsigned char>(c)) ? c : '_';
                           }
                           return name;
                         });

} // namespace
