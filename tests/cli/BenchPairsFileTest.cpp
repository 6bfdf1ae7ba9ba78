// bench --pairs-file: the rows use the file's pairs (file ids), every
// configuration gives the CPU reference's lengths on them (--verify), and the
// tuned row says how it compares with the fastest configuration.

#include <fstream>

#include <nlohmann/json.hpp>

#include "CliSupport.h"

namespace frontier::clitest {
namespace {

TEST(CliBenchPairsFile, RowsUseTheFilesPairsAndCheckTuned) {
  FRONTIER_REQUIRE_DATA("karate.txt");
  TempDir dir;
  const RefGraph g = readEdgeList(dataPath("karate.txt"), false);
  // Pairs over the file's own ids, in both directions and a repeated one.
  const std::vector<std::pair<uint64_t, uint64_t>> pairs = {{0, 33}, {33, 0}, {4, 16}, {11, 29}, {0, 33}};
  {
    std::ofstream out(dir / "karate.pairs.csv");
    out << "source,destination\n";
    for (const auto& [s, d] : pairs) {
      out << s << "," << d << "\n";
    }
  }
  const ProcessResult r =
      cli({"bench", "--graph", dataPath("karate.txt"), "--pairs-file", dir / "karate.pairs.csv", "--configs",
           "tuned,coalesced", "--repeat", "1", "--warmup-ms", "0", "--verify", "--json", dir / "b.json", "--markdown",
           dir / "b.md"});
  ASSERT_EQ(r.status, 0) << describe(r);
  const nlohmann::json j = nlohmann::json::parse(readText(dir / "b.json"));
  const nlohmann::json& results = j.at("results");
  ASSERT_EQ(results.size(), 2U);
  for (const nlohmann::json& rec : results) {
    EXPECT_EQ(rec.at("pairs").get<uint32_t>(), pairs.size());
    EXPECT_EQ(rec.at("pairs_file").get<std::string>(), dir / "karate.pairs.csv");
    EXPECT_EQ(rec.at("exact").get<std::string>(), "yes");  // against the CPU MS-BFS on the file's pairs
    const bool tuned = rec.at("configuration").get<std::string>() == "tuned";
    EXPECT_EQ(rec.contains("tuned_check"), tuned);
    if (tuned) {
      const nlohmann::json& check = rec.at("tuned_check");
      EXPECT_TRUE(check.at("fastest") == "tuned" || check.at("fastest") == "coalesced");
      EXPECT_EQ(check.at("within_10_percent").get<bool>(), check.at("slower_percent").get<double>() <= 10);
    }
  }
  const std::string md = readText(dir / "b.md");
  EXPECT_TRUE(contains(md, "| 5 (karate.pairs.csv) | tuned")) << md;
  // Every pair of the file is connected in karate: the reference agrees.
  for (const auto& [s, d] : pairs) {
    EXPECT_GE(hops(g, s, d), 1);
  }
}

TEST(CliBenchPairsFile, RefusesPairCountsWithAFile) {
  FRONTIER_REQUIRE_DATA("karate.txt");
  TempDir dir;
  {
    std::ofstream out(dir / "p.csv");
    out << "source,destination\n0,1\n";
  }
  const ProcessResult r = cli({"bench", "--graph", dataPath("karate.txt"), "--pairs-file", dir / "p.csv", "--pairs",
                               "8", "--repeat", "1", "--warmup-ms", "0"});
  EXPECT_NE(r.status, 0) << describe(r);
}

} // namespace
} // namespace frontier::clitest
