// `frontier-cli info`: counts against the data folder's README (networkx's
// counts) and against the tests' own reader.

#include <nlohmann/json.hpp>

#include "CliSupport.h"

namespace frontier::clitest {
namespace {

nlohmann::json infoJson(const std::vector<std::string>& args) {
  std::vector<std::string> all{"info"};
  all.insert(all.end(), args.begin(), args.end());
  all.push_back("--json");
  const ProcessResult r = cli(all);
  EXPECT_EQ(r.status, 0) << describe(r);
  return nlohmann::json::parse(r.out);
}

TEST(CliInfo, TextReportsKarateCountsAndDirectionSource) {
  FRONTIER_REQUIRE_DATA("karate.txt");
  const ProcessResult r = cli({"info", dataPath("karate.txt")});
  ASSERT_EQ(r.status, 0) << describe(r);
  EXPECT_TRUE(contains(r.out, "vertices      34\n")) << r.out;
  EXPECT_TRUE(contains(r.out, "edges         78 (undirected)")) << r.out;
  // karate.txt's first comment is no SNAP direction header: the default, said so.
  EXPECT_TRUE(contains(r.out, "direction     undirected (format default)")) << r.out;
  EXPECT_TRUE(contains(r.out, "1 weak, the largest has 34 vertices")) << r.out;
  EXPECT_TRUE(contains(r.err, "is not SNAP's '# Directed graph' or '# Undirected graph' header")) << r.err;
}

TEST(CliInfo, JsonFieldsOfKarateMatchAnIndependentReader) {
  FRONTIER_REQUIRE_DATA("karate.txt");
  const RefGraph g = readEdgeList(dataPath("karate.txt"), false);
  size_t maxDegree = 0;
  size_t minDegree = SIZE_MAX;
  uint64_t maxVertex = 0;
  for (const uint64_t v : g.vertices) {
    if (g.degree(v) > maxDegree) {
      maxDegree = g.degree(v);
      maxVertex = v;
    }
    minDegree = std::min(minDegree, g.degree(v));
  }
  const nlohmann::json j = infoJson({dataPath("karate.txt")});
  EXPECT_EQ(j.at("vertices").get<uint64_t>(), 34U);
  EXPECT_EQ(j.at("edges").get<uint64_t>(), 78U);
  EXPECT_EQ(j.at("arcs").get<uint64_t>(), 156U); // both directions of every edge
  EXPECT_FALSE(j.at("directed").get<bool>());
  EXPECT_FALSE(j.at("weighted").get<bool>());
  EXPECT_EQ(j.at("direction_source").get<std::string>(), "format default");
  EXPECT_EQ(j.at("self_loops").get<uint64_t>(), 0U);
  EXPECT_EQ(j.at("degree").at("max").get<uint64_t>(), maxDegree);
  EXPECT_EQ(j.at("degree").at("min").get<uint64_t>(), minDegree);
  EXPECT_DOUBLE_EQ(j.at("degree").at("mean").get<double>(), 2.0 * 78 / 34);
  ASSERT_FALSE(j.at("top_vertices").empty());
  EXPECT_EQ(j.at("top_vertices")[0].at("id").get<uint64_t>(), maxVertex);
  EXPECT_EQ(j.at("top_vertices")[0].at("degree").get<uint64_t>(), maxDegree);
  EXPECT_EQ(j.at("components").at("count").get<uint64_t>(), 1U);
  EXPECT_EQ(j.at("components").at("largest").get<uint64_t>(), 34U);
  // Zachary's karate club has diameter 5; a double sweep finds it here.
  EXPECT_EQ(j.at("diameter_estimate").get<uint64_t>(), 5U);
  EXPECT_EQ(j.at("load_notes").size(), 1U);
}

TEST(CliInfo, WikiVoteIsDirectedByItsHeaderLine) {
  FRONTIER_REQUIRE_DATA("wiki-Vote.txt");
  const nlohmann::json j = infoJson({dataPath("wiki-Vote.txt")});
  EXPECT_EQ(j.at("vertices").get<uint64_t>(), 7115U);
  EXPECT_EQ(j.at("edges").get<uint64_t>(), 103689U);
  EXPECT_EQ(j.at("arcs").get<uint64_t>(), 103689U);
  EXPECT_TRUE(j.at("directed").get<bool>());
  EXPECT_EQ(j.at("direction_source").get<std::string>(), "header line 1");
  EXPECT_EQ(j.at("components").at("largest").get<uint64_t>(), 7066U); // the README's weak component
}

TEST(CliInfo, DirectedFlagOverridesTheDefaultAndSaysCommandLine) {
  FRONTIER_REQUIRE_DATA("karate.txt");
  const nlohmann::json j = infoJson({dataPath("karate.txt"), "--directed"});
  EXPECT_TRUE(j.at("directed").get<bool>());
  EXPECT_EQ(j.at("direction_source").get<std::string>(), "command line");
  EXPECT_EQ(j.at("edges").get<uint64_t>(), 78U);
  EXPECT_EQ(j.at("arcs").get<uint64_t>(), 78U); // as written, one arc per line
}

TEST(CliInfo, MetisLesmisIsWeightedAndUndirected) {
  FRONTIER_REQUIRE_DATA("lesmis.graph");
  const nlohmann::json j = infoJson({dataPath("lesmis.graph")});
  EXPECT_EQ(j.at("vertices").get<uint64_t>(), 77U);
  EXPECT_EQ(j.at("edges").get<uint64_t>(), 254U);
  EXPECT_TRUE(j.at("weighted").get<bool>());
  EXPECT_FALSE(j.at("directed").get<bool>());
}

TEST(CliInfo, FacebookCountsMatchTheDataReadme) {
  FRONTIER_REQUIRE_DATA("facebook_combined.txt");
  const nlohmann::json j = infoJson({dataPath("facebook_combined.txt")});
  EXPECT_EQ(j.at("vertices").get<uint64_t>(), 4039U);
  EXPECT_EQ(j.at("edges").get<uint64_t>(), 88234U);
  EXPECT_EQ(j.at("components").at("count").get<uint64_t>(), 1U);
}

TEST(CliInfo, SelfLoopsAreCountedAndRemovedOnRequest) {
  TempDir dir;
  const std::string file = dir.write("loops.txt", "# Undirected graph\n0 0\n0 1\n1 2\n2 2\n");
  const nlohmann::json kept = infoJson({file});
  EXPECT_EQ(kept.at("self_loops").get<uint64_t>(), 2U);
  EXPECT_EQ(kept.at("edges").get<uint64_t>(), 4U);
  EXPECT_EQ(kept.at("direction_source").get<std::string>(), "header line 1");
  const nlohmann::json removed = infoJson({file, "--remove-self-loops"});
  EXPECT_EQ(removed.at("self_loops").get<uint64_t>(), 0U);
  EXPECT_EQ(removed.at("edges").get<uint64_t>(), 2U);
  EXPECT_EQ(removed.at("vertices").get<uint64_t>(), 3U); // their vertices stay
}

TEST(CliInfo, GeneratorSpecGridHasLatticeCountsAndDiameter) {
  // grid:R x C: R*C vertices, R(C-1) + C(R-1) edges, diameter R + C - 2.
  const nlohmann::json j = infoJson({"grid:5x7"});
  EXPECT_EQ(j.at("vertices").get<uint64_t>(), 35U);
  EXPECT_EQ(j.at("edges").get<uint64_t>(), 5U * 6U + 7U * 4U);
  EXPECT_EQ(j.at("diameter_estimate").get<uint64_t>(), 10U);
  EXPECT_EQ(j.at("degree").at("max").get<uint64_t>(), 4U);
  EXPECT_EQ(j.at("degree").at("min").get<uint64_t>(), 2U);
}

} // namespace
} // namespace frontier::clitest
