// The comparison's explanation of two iBFS runs is read from their traces:
// each rule fires on the numbers a trace holds and stays silent otherwise.

#include <gtest/gtest.h>

#include "engine/ibfs/StrategyNotes.h"

namespace {

using namespace frontier::engine;

RunTrace trace(const std::string& options, uint32_t pairs, uint64_t arcs) {
  RunTrace t;
  t.algorithm = "ibfs";
  t.options = options;
  t.pairs = pairs;
  t.totals.edgesExamined = arcs;
  t.iterations.resize(4);
  return t;
}

const std::string kInstance = "layout=instance-major searches/batch=1024 direction=top-down levels/submit=1";
const std::string kVertex = "layout=vertex-major searches/batch=1024 direction=top-down levels/submit=1";
const std::string kPulling = "layout=vertex-major searches/batch=1024 direction=jfq(0.83) levels/submit=1";

TEST(StrategyNotes, InstanceMajorWalksArcsOncePerInstance) {
  const std::string text =
      explainStrategies("coalesced", trace(kVertex, 1024, 31'000'000), "workgroups", trace(kInstance, 1024, 992'000'000));
  EXPECT_NE(text.find("workgroups walks each level's arcs once per instance of 32 searches"), std::string::npos) << text;
  EXPECT_NE(text.find("992 M arcs examined against 31 M (32×)"), std::string::npos) << text;
}

TEST(StrategyNotes, FewPairsFitOneInstance) {
  const std::string text = explainStrategies("workgroups", trace(kInstance, 20, 500), "coalesced", trace(kVertex, 20, 500));
  EXPECT_NE(text.find("both walk each arc once here (20 searches fit one instance of 32)"), std::string::npos) << text;
}

TEST(StrategyNotes, PullsCountedFromTheLevels) {
  RunTrace pulling = trace(kPulling, 64, 100);
  pulling.iterations[2].direction = Direction::BottomUp;
  std::string text = explainStrategies("coalesced", trace(kVertex, 64, 100), "coalesced-bottom-up", pulling);
  EXPECT_NE(text.find("coalesced-bottom-up pulled on 1 of 4 levels"), std::string::npos) << text;

  text = explainStrategies("coalesced", trace(kVertex, 64, 100), "coalesced-bottom-up", trace(kPulling, 64, 100));
  EXPECT_NE(text.find("coalesced-bottom-up never pulled"), std::string::npos) << text;
}

TEST(StrategyNotes, SkippedPairsAndProbe) {
  RunTrace tuned = trace(kVertex + " probe component-filter", 1024, 100);
  tuned.skippedPairs = 600;
  const std::string text = explainStrategies("coalesced", trace(kVertex, 1024, 100), "tuned", tuned);
  EXPECT_NE(text.find("tuned answered 600 of 1024 pairs without a search"), std::string::npos) << text;
  EXPECT_NE(text.find("tuned's destination probe"), std::string::npos) << text;
}

TEST(StrategyNotes, WordListsCountTheirWords) {
  RunTrace lists = trace(kVertex + " probe word-lists", 1024, 100);
  for (IterationStats& it : lists.iterations) {
    it.jfqLength = 250'000;
  }
  const std::string text = explainStrategies("coalesced", trace(kVertex + " probe", 1024, 100), "tuned", lists);
  EXPECT_NE(text.find("tuned identified and expanded only the status words that changed, 1000 k words over 4 "
                      "levels (250 k per level"),
            std::string::npos)
      << text;
}

TEST(StrategyNotes, SilentWhenNothingDiffersOrNotIbfs) {
  EXPECT_EQ(explainStrategies("a", trace(kVertex, 64, 100), "b", trace(kVertex, 64, 100)), "");
  RunTrace sssp = trace(kVertex, 64, 100);
  sssp.algorithm = "sssp";
  EXPECT_EQ(explainStrategies("a", sssp, "b", trace(kInstance, 64, 100)), "");
}

} // namespace
