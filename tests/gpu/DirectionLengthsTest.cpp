// Edge lists from other tools, whatever their header comments say: every
// strategy and `tuned` give the lengths of a BFS that reads the file by
// itself (DirectionCases.h), after loading the file as a user would.

#include "GpuTest.h"

#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "DirectionCases.h"
#include "engine/DeviceGraph.h"
#include "engine/ibfs/Search.h"
#include "graph/GraphIO.h"

namespace {

using namespace frontier;
using frontier::test::GpuTest;

class DirectionLengths : public GpuTest, public ::testing::WithParamInterface<test::DirectionCase> {};

TEST_P(DirectionLengths, EveryStrategyMatchesAnIndependentBfs) {
  const test::DirectionCase& c = GetParam();
  const std::string text = std::string(c.header) + test::directionCaseEdges();
  const auto path = std::filesystem::temp_directory_path() /
                    ("frontier-direction-" + std::string(c.name) + "-" + std::to_string(::getpid()) + ".txt");
  { std::ofstream(path) << text; }
  const auto g = std::make_shared<const graph::Graph>(graph::loadGraph(path));
  std::filesystem::remove(path);

  const test::ReferenceEdgeList reference(text, c.directed);
  std::vector<graph::Pair> pairs;
  std::vector<graph::Length> expected;
  for (const uint64_t from : reference.vertices()) {
    for (const uint64_t to : reference.vertices()) {
      pairs.push_back({*g->denseId(from), *g->denseId(to)});
      expected.push_back(static_cast<graph::Length>(reference.length(from, to)));
    }
  }
  const auto deviceGraph = std::make_shared<engine::DeviceGraph>(context(), g);
  std::vector<std::string> specs = engine::strategyNames();
  for (const std::string& spec : specs) {
    engine::Search search(context(), deviceGraph, pairs, engine::strategyFromSpec(spec));
    ASSERT_TRUE(search.run());
    EXPECT_EQ(search.lengths(), expected) << c.name << " with " << spec;
  }
}

INSTANTIATE_TEST_SUITE_P(Headers, DirectionLengths, ::testing::ValuesIn(test::directionCases()),
                         [](const auto& param) { return std::string(param.param.name); });

} // namespace
