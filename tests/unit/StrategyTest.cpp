#include <gtest/gtest.h>

#include "Ibfs.h"
#include "engine/ibfs/Strategy.h"
#include "graph/GraphStats.h"

using namespace frontier::engine;

TEST(Strategy, TheThreeThesisSchemesExistInOrder) {
  const std::vector<std::string> names = strategyNames();
  ASSERT_GE(names.size(), 3U);
  EXPECT_EQ(names[0], "workgroups");
  EXPECT_EQ(names[1], "coalesced");
  EXPECT_EQ(names[2], "coalesced-bottom-up");
}

TEST(Strategy, PresetsSetTheirSwitches) {
  EXPECT_EQ(strategyByName("workgroups").options.layout, Layout::InstanceMajor);
  EXPECT_EQ(strategyByName("coalesced").options.layout, Layout::VertexMajor);
  EXPECT_EQ(strategyByName("coalesced").options.direction, DirectionPolicy::TopDown);
  const Strategy bottomUp = strategyByName("coalesced-bottom-up");
  EXPECT_EQ(bottomUp.options.direction, DirectionPolicy::JfqThreshold);
  EXPECT_DOUBLE_EQ(bottomUp.options.jfqThreshold, 0.83);
  EXPECT_EQ(bottomUp.options.searchesPerBatch, 1024U);
}

TEST(Strategy, UnknownNameListsTheKnownOnes) {
  try {
    strategyByName("fastest");
    FAIL() << "expected invalid_argument";
  } catch (const std::invalid_argument& error) {
    const std::string text = error.what();
    EXPECT_NE(text.find("unknown strategy 'fastest'"), std::string::npos) << text;
    EXPECT_NE(text.find("coalesced-bottom-up"), std::string::npos) << text;
  }
}

TEST(Strategy, DescribeNamesTheSwitches) {
  EngineOptions o;
  o.direction = DirectionPolicy::Beamer;
  o.searchesPerBatch = 256;
  const std::string text = o.describe();
  EXPECT_NE(text.find("searches/batch=256"), std::string::npos) << text;
  EXPECT_NE(text.find("beamer(alpha=14,beta=24)"), std::string::npos) << text;
}

TEST(Strategy, ShaderInterfaceLayoutsMatch) {
  // The statistics struct is read back by the host with the std430 layout.
  // Six 4-byte words, then the 64-bit counters on their 8-byte boundary.
  EXPECT_EQ(sizeof(frontier::shader::LevelStats), 64U);
  EXPECT_EQ(offsetof(frontier::shader::LevelStats, listed), 20U);
  EXPECT_EQ(offsetof(frontier::shader::LevelStats, newlyVisited), 24U);
  EXPECT_LE(sizeof(frontier::shader::IbfsPush), 128U);
  // Indirect argument triples must not overlap the control words or each other.
  EXPECT_GE(frontier::shader::kIbfsArgsCheck, 3U);
  EXPECT_EQ(frontier::shader::kIbfsArgsIdentify - frontier::shader::kIbfsArgsCheck, 4U);
  EXPECT_LE(frontier::shader::kIbfsArgsBottomUp + 3, frontier::shader::kIbfsControlWords);
}

TEST(Strategy, SpecsAddSwitchesToAPreset) {
  const Strategy s = strategyFromSpec("coalesced-bottom-up+beamer+lb+agg+k=8+omega=256");
  EXPECT_EQ(s.name, "coalesced-bottom-up+beamer+lb+agg+k=8+omega=256");
  EXPECT_EQ(s.options.direction, DirectionPolicy::Beamer);
  EXPECT_TRUE(s.options.loadBalancedExpand);
  EXPECT_TRUE(s.options.aggregatedAppends);
  EXPECT_EQ(s.options.levelsPerSubmit, 8U);
  EXPECT_EQ(s.options.searchesPerBatch, 256U);
  EXPECT_DOUBLE_EQ(strategyFromSpec("coalesced+jfq=0.5").options.jfqThreshold, 0.5);
  EXPECT_EQ(strategyFromSpec("coalesced+adaptive").options.levelsPerSubmit, 0U);
  EXPECT_EQ(strategyFromSpec("workgroups").name, "workgroups");
  EXPECT_TRUE(strategyFromSpec("coalesced+groupby+cf+sparse").options.groupBy);
  EXPECT_TRUE(strategyFromSpec("coalesced+groupby+cf+sparse").options.componentFilter);
  EXPECT_TRUE(strategyFromSpec("coalesced+groupby+cf+sparse").options.sparseIdentify);
}

TEST(Strategy, ScanSwitchesPickTheScan) {
  const Strategy chained = strategyFromSpec("coalesced+scan+lb");
  EXPECT_TRUE(chained.options.scanBuiltJfq);
  EXPECT_EQ(chained.options.scanKind, frontier::engine::ScanKind::Chained);
  EXPECT_NE(chained.options.describe().find("scan-jfq(chained)"), std::string::npos);
  const Strategy rts = strategyFromSpec("coalesced-bottom-up+scan-rts+sparse");
  EXPECT_TRUE(rts.options.scanBuiltJfq);
  EXPECT_EQ(rts.options.scanKind, frontier::engine::ScanKind::ReduceThenScan);
  EXPECT_NE(rts.options.describe().find("scan-jfq(reduce-then-scan)"), std::string::npos);
  // Off by default in every preset.
  for (const Strategy& s : frontier::engine::strategies()) {
    EXPECT_FALSE(s.options.scanBuiltJfq) << s.name;
  }
  try {
    strategyFromSpec("workgroups+scan-rts");
    FAIL() << "the instance-major layout was accepted with scan";
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("vertex-major"), std::string::npos) << e.what();
  }
  EngineOptions direct;
  direct.layout = Layout::InstanceMajor;
  direct.scanBuiltJfq = true;
  EXPECT_THROW(frontier::engine::validateOptions(direct, "direct"), std::invalid_argument);
  direct.layout = Layout::VertexMajor;
  EXPECT_NO_THROW(frontier::engine::validateOptions(direct, "direct"));
}

TEST(Strategy, TunedFollowsTheGraphShape) {
  frontier::graph::GraphStats skewed;
  skewed.components = 5;
  skewed.degreeMean = 10;
  skewed.degreeMax = 5000;
  const EngineOptions a = tunedOptions(skewed, 1024);
  EXPECT_TRUE(a.componentFilter);
  EXPECT_TRUE(a.groupBy);
  EXPECT_EQ(a.ends, frontier::engine::SearchEnds::Both);
  EXPECT_TRUE(a.loadBalancedExpand);
  EXPECT_EQ(a.layout, Layout::VertexMajor);
  frontier::graph::GraphStats lattice;
  lattice.components = 1;
  lattice.degreeMean = 3.9;
  lattice.degreeMax = 4;
  const EngineOptions b = tunedOptions(lattice, 1024);
  EXPECT_FALSE(b.componentFilter);
  EXPECT_FALSE(b.groupBy);
  EXPECT_EQ(b.ends, frontier::engine::SearchEnds::One);
  EXPECT_TRUE(b.wordLists);   // lattices and roads: lists of changed status words
  EXPECT_FALSE(a.wordLists);  // hubs: the JFQ
  EXPECT_NO_THROW(validateOptions(b, "tuned's choice on a lattice"));
  EXPECT_TRUE(strategyByName("tuned").options.tuned);
}

TEST(Strategy, BadSpecsSayWhatIsWrong) {
  EXPECT_THROW(strategyFromSpec("nope+lb"), std::invalid_argument);
  EXPECT_THROW(strategyFromSpec("coalesced+warp-speed"), std::invalid_argument);
  EXPECT_THROW(strategyFromSpec("coalesced+k=x"), std::invalid_argument);
  EXPECT_THROW(strategyFromSpec("workgroups+beamer"), std::invalid_argument);
  try {
    strategyFromSpec("coalesced+warp-speed");
    FAIL() << "expected invalid_argument for an unknown switch";
  } catch (const std::invalid_argument& error) {
    EXPECT_NE(std::string(error.what()).find("unknown switch 'warp-speed'"), std::string::npos) << error.what();
  }
  // An on/off switch takes no value: "probe=0" must not turn the probe on.
  for (const char* spec : {"coalesced+probe=0", "tuned+worklist=3", "coalesced+lb=", "tuned+one-way=1"}) {
    try {
      strategyFromSpec(spec);
      FAIL() << spec << " was accepted";
    } catch (const std::invalid_argument& error) {
      EXPECT_NE(std::string(error.what()).find("takes no value"), std::string::npos) << error.what();
    }
  }
  EXPECT_NO_THROW(strategyFromSpec("coalesced+jfq=0.5+omega=64+k=4"));  // these take numbers
  EXPECT_NO_THROW(strategyFromSpec("coalesced+bidir=3"));
  EXPECT_THROW(strategyFromSpec("coalesced+jfq="), std::invalid_argument);  // a value given must be a number
  EXPECT_THROW(strategyFromSpec("coalesced+bidir="), std::invalid_argument);
  for (const char* spec : {"coalesced+", "coalesced+lb+", "coalesced++lb"}) {  // not only through parseRunSpec
    try {
      strategyFromSpec(spec);
      FAIL() << spec << " was accepted";
    } catch (const std::invalid_argument& error) {
      EXPECT_NE(std::string(error.what()).find("empty switch"), std::string::npos) << error.what();
    }
  }
}
