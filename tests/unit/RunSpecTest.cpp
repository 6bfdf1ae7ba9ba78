// The one spec grammar (run::parseRunSpec): every family's heads and
// switches, and messages that name the bad part and what is allowed.

#include <gtest/gtest.h>

#include <string>

#include "run/RunSpec.h"

using namespace frontier;

namespace {

std::string errorOf(const std::string& spec) {
  try {
    run::parseRunSpec(spec);
  } catch (const run::SpecError& error) {
    return error.what();
  }
  ADD_FAILURE() << "'" << spec << "' was accepted";
  return {};
}

} // namespace

TEST(RunSpec, IbfsPresetsWithSwitches) {
  const run::RunSpec spec = run::parseRunSpec(" coalesced+adaptive+lb ");
  EXPECT_EQ(spec.text, "coalesced+adaptive+lb");
  EXPECT_EQ(spec.engine, run::Engine::Ibfs);
  EXPECT_EQ(spec.unit(), run::Unit::Hops);
  EXPECT_EQ(spec.strategy.options.levelsPerSubmit, 0U);
  EXPECT_TRUE(spec.strategy.options.loadBalancedExpand);
  EXPECT_EQ(spec.strategy.options.layout, engine::Layout::VertexMajor);
  EXPECT_EQ(run::parseRunSpec("workgroups").strategy.options.layout, engine::Layout::InstanceMajor);
  EXPECT_TRUE(run::parseRunSpec("tuned").strategy.options.tuned);
}

TEST(RunSpec, ShortestPathAlgorithmsWithKnobs) {
  const run::RunSpec nf = run::parseRunSpec("near-far+delta=500+B=16+Q=256");
  EXPECT_EQ(nf.engine, run::Engine::ShortestPaths);
  EXPECT_EQ(nf.unit(), run::Unit::Weight);
  EXPECT_EQ(nf.sssp.algorithm, engine::SsspAlgorithm::NearFar);
  EXPECT_EQ(nf.sssp.delta, 500.0);
  EXPECT_EQ(nf.sssp.iterationsPerSubmit, 16U);
  EXPECT_EQ(nf.sssp.queriesPerBatch, 256U);
  const run::RunSpec ds = run::parseRunSpec("delta-step+delta=3000");
  EXPECT_EQ(ds.sssp.algorithm, engine::SsspAlgorithm::DeltaStepping);
  EXPECT_EQ(ds.sssp.delta, 3000.0);
  EXPECT_EQ(run::parseRunSpec("bellman-ford").sssp.algorithm, engine::SsspAlgorithm::BellmanFord);
  // The longer names of the comparison's first grammar still read.
  EXPECT_EQ(run::parseRunSpec("near-far+batch=8+queries=64").sssp.iterationsPerSubmit, 8U);
  // Batched: adaptive B unless given, its chain rounds, and back to text.
  const run::RunSpec batched = run::parseRunSpec("batched+delta=6000+chain=8");
  EXPECT_EQ(batched.sssp.algorithm, engine::SsspAlgorithm::Batched);
  EXPECT_EQ(batched.sssp.iterationsPerSubmit, 0U);
  EXPECT_EQ(batched.sssp.chainRounds, 8U);
  EXPECT_EQ(run::parseRunSpec("batched+B=64").sssp.iterationsPerSubmit, 64U);
  EXPECT_EQ(run::parseRunSpec("batched").sssp.chainRounds, engine::kAutomaticChain);
  const run::RunSpec again = run::parseRunSpec(run::specOf(batched.sssp).text);
  EXPECT_EQ(again.sssp.chainRounds, 8U);
  EXPECT_EQ(again.sssp.delta, 6000.0);
  EXPECT_NE(errorOf("batched+chain=5000").find("chain must be 0..4096"), std::string::npos);
}

TEST(RunSpec, BadSpecsNameTheBadPartAndWhatIsAllowed) {
  const std::string unknown = errorOf("a-star+delta=5");
  EXPECT_NE(unknown.find("'a-star'"), std::string::npos) << unknown;
  EXPECT_NE(unknown.find("near-far"), std::string::npos) << unknown;
  EXPECT_NE(unknown.find("coalesced-bottom-up"), std::string::npos) << unknown;

  const std::string sw = errorOf("near-far+warp");
  EXPECT_NE(sw.find("'warp'"), std::string::npos) << sw;
  EXPECT_NE(sw.find("delta=D"), std::string::npos) << sw;

  const std::string negative = errorOf("delta-step+delta=-3");
  EXPECT_NE(negative.find("'delta=-3'"), std::string::npos) << negative;
  EXPECT_NE(negative.find("positive"), std::string::npos) << negative;

  const std::string crossed = errorOf("coalesced+delta=500");
  EXPECT_NE(crossed.find("'delta=500'"), std::string::npos) << crossed;
  EXPECT_NE(crossed.find("lb"), std::string::npos) << crossed;

  EXPECT_NE(errorOf("near-far+delta=abc").find("'delta=abc'"), std::string::npos);
  EXPECT_NE(errorOf("coalesced+warp").find("warp"), std::string::npos);
  EXPECT_NE(errorOf("").find("near-far"), std::string::npos);
  // A '+' with no switch after it, in either family.
  for (const char* spec : {"tuned+", "coalesced++lb", "batched+", "near-far+delta=5+", "coalesced+lb++"}) {
    EXPECT_NE(errorOf(spec).find("empty switch"), std::string::npos) << spec;
  }
  // An on/off switch given a value would turn it on whatever the value.
  EXPECT_NE(errorOf("coalesced+probe=0").find("takes no value"), std::string::npos);
}

TEST(RunSpec, ListsTakeTwoToFour) {
  const auto specs = run::parseRunSpecList("workgroups, coalesced+lb+agg ,near-far+delta=250+B=8", 2, 4);
  ASSERT_EQ(specs.size(), 3U);
  EXPECT_EQ(specs[1].text, "coalesced+lb+agg");
  EXPECT_EQ(specs[2].engine, run::Engine::ShortestPaths);
  EXPECT_THROW(run::parseRunSpecList("coalesced", 2, 4), run::SpecError);
  EXPECT_THROW(run::parseRunSpecList("a,b,c,d,e", 2, 4), run::SpecError);
}
