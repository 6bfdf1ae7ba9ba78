// `frontier-cli convert` and `generate`: what is written is read back by the
// tests' own readers and compared edge by edge with the original file or
// with the generator's formula.

#include "CliSupport.h"

namespace frontier::clitest {
namespace {

void expectOk(const ProcessResult& r) {
  EXPECT_EQ(r.status, 0) << describe(r);
}

// Sorted file ids -> 1..n: the dense order, which Matrix Market files use
// as vertex numbers (they cannot keep the file ids).
std::map<uint64_t, uint64_t> denseNumbers(const RefGraph& g) {
  std::map<uint64_t, uint64_t> map;
  for (const uint64_t v : g.vertices) {
    map.emplace(v, map.size() + 1);
  }
  return map;
}

TEST(CliConvert, SnapThroughFgraphBackToSnapKeepsEveryEdgeAndId) {
  FRONTIER_REQUIRE_DATA("karate.txt");
  TempDir dir;
  expectOk(cli({"convert", dataPath("karate.txt"), dir / "k.fgraph"}));
  expectOk(cli({"convert", dir / "k.fgraph", dir / "k.txt"}));
  const RefGraph original = readEdgeList(dataPath("karate.txt"), false);
  const RefGraph back = readEdgeList(dir / "k.txt", false);
  EXPECT_EQ(edgeSet(back), edgeSet(original));
  EXPECT_EQ(back.vertices, original.vertices);
  EXPECT_TRUE(contains(readText(dir / "k.txt"), "# Undirected graph")) << "the direction must be declared";
}

TEST(CliConvert, SnapToMatrixMarketNumbersVerticesInIdOrder) {
  FRONTIER_REQUIRE_DATA("karate.txt");
  TempDir dir;
  const ProcessResult r = cli({"convert", dataPath("karate.txt"), dir / "k.mtx"});
  expectOk(r);
  EXPECT_TRUE(contains(r.out, "34 vertices, 78 undirected edges")) << r.out;
  MatrixMarketHeader header;
  uint64_t entries = 0;
  const RefGraph mtx = readMatrixMarket(dir / "k.mtx", &header, &entries);
  EXPECT_EQ(header.banner, "%%MatrixMarket matrix coordinate pattern symmetric");
  EXPECT_EQ(header.rows, 34U);
  EXPECT_EQ(header.cols, 34U);
  EXPECT_EQ(header.entries, 78U);
  EXPECT_EQ(entries, 78U);
  const RefGraph original = readEdgeList(dataPath("karate.txt"), false);
  EXPECT_EQ(edgeSet(mtx), relabel(edgeSet(original), denseNumbers(original), false));
}

TEST(CliConvert, MatrixMarketRoundTripThroughFgraphAndGzipIsExact) {
  FRONTIER_REQUIRE_DATA("karate.txt");
  TempDir dir;
  expectOk(cli({"convert", dataPath("karate.txt"), dir / "a.mtx"}));
  expectOk(cli({"convert", dir / "a.mtx", dir / "b.fgraph"}));
  expectOk(cli({"convert", dir / "b.fgraph", dir / "c.mtx.gz"}));
  const std::string gz = readText(dir / "c.mtx.gz");
  ASSERT_GE(gz.size(), 2U);
  EXPECT_EQ(static_cast<unsigned char>(gz[0]), 0x1fU); // the gzip magic
  EXPECT_EQ(static_cast<unsigned char>(gz[1]), 0x8bU);
  expectOk(cli({"convert", dir / "c.mtx.gz", dir / "d.mtx"}));
  EXPECT_EQ(edgeSet(readMatrixMarket(dir / "d.mtx")), edgeSet(readMatrixMarket(dir / "a.mtx")));
}

TEST(CliConvert, DirectedSparseIdsSurviveFgraph) {
  FRONTIER_REQUIRE_DATA("wiki-Vote.txt");
  TempDir dir;
  expectOk(cli({"convert", dataPath("wiki-Vote.txt"), dir / "w.fgraph"}));
  expectOk(cli({"convert", dir / "w.fgraph", dir / "w.txt"}));
  const RefGraph original = readEdgeList(dataPath("wiki-Vote.txt"), true);
  const RefGraph back = readEdgeList(dir / "w.txt", true);
  EXPECT_EQ(original.vertices.size(), 7115U);
  EXPECT_EQ(edgeSet(back).size(), 103689U);
  EXPECT_TRUE(edgeSet(back) == edgeSet(original)) << "the arcs differ";
  EXPECT_TRUE(contains(readText(dir / "w.txt"), "# Directed graph"));
}

TEST(CliConvert, WeightedMetisToMatrixMarketKeepsTheWeights) {
  FRONTIER_REQUIRE_DATA("lesmis.graph");
  TempDir dir;
  expectOk(cli({"convert", dataPath("lesmis.graph"), dir / "l.mtx"}));
  MatrixMarketHeader header;
  const RefGraph mtx = readMatrixMarket(dir / "l.mtx", &header);
  EXPECT_EQ(header.banner, "%%MatrixMarket matrix coordinate integer symmetric");
  EXPECT_EQ(header.entries, 254U);
  const RefGraph metis = readMetis(dataPath("lesmis.graph"));
  // METIS numbers vertices 1..77 already, the same as the dense order.
  EXPECT_EQ(edgeSet(mtx, true), edgeSet(metis, true));
}

TEST(CliConvert, ToOptionOverridesTheExtension) {
  FRONTIER_REQUIRE_DATA("karate.txt");
  TempDir dir;
  expectOk(cli({"convert", dataPath("karate.txt"), dir / "out.dat", "--to", "mtx"}));
  EXPECT_EQ(readText(dir / "out.dat").rfind("%%MatrixMarket", 0), 0U);
}

TEST(CliGenerate, GridIsExactlyTheLattice) {
  TempDir dir;
  const ProcessResult r = cli({"generate", "grid", "4x6", "-o", dir / "g.txt"}); // KIND PARAMS as two words
  expectOk(r);
  EXPECT_TRUE(contains(r.out, "24 vertices, 38 edges")) << r.out;
  std::set<EdgeKey> expected;
  for (uint64_t row = 0; row < 4; ++row) {
    for (uint64_t col = 0; col < 6; ++col) {
      const uint64_t v = row * 6 + col;
      if (col + 1 < 6) {
        expected.emplace(v, v + 1, 0.0);
      }
      if (row + 1 < 4) {
        expected.emplace(v, v + 6, 0.0);
      }
    }
  }
  EXPECT_EQ(edgeSet(readEdgeList(dir / "g.txt", false)), expected);
}

TEST(CliGenerate, CompletePathStarAndTreeFollowTheirFormulas) {
  TempDir dir;
  expectOk(cli({"generate", "complete:7", "-o", dir / "c.txt"}));
  expectOk(cli({"generate", "path:9", "-o", dir / "p.txt"}));
  expectOk(cli({"generate", "star:10", "-o", dir / "s.mtx"}));
  expectOk(cli({"generate", "tree:n=15,branching=2", "-o", dir / "t.txt"}));
  std::set<EdgeKey> complete;
  for (uint64_t u = 0; u < 7; ++u) {
    for (uint64_t v = u + 1; v < 7; ++v) {
      complete.emplace(u, v, 0.0);
    }
  }
  EXPECT_EQ(edgeSet(readEdgeList(dir / "c.txt", false)), complete);
  std::set<EdgeKey> path;
  for (uint64_t v = 0; v + 1 < 9; ++v) {
    path.emplace(v, v + 1, 0.0);
  }
  EXPECT_EQ(edgeSet(readEdgeList(dir / "p.txt", false)), path);
  // Matrix Market numbers from 1: the centre, vertex 0, is 1.
  std::set<EdgeKey> star;
  for (uint64_t v = 2; v <= 10; ++v) {
    star.emplace(1, v, 0.0);
  }
  EXPECT_EQ(edgeSet(readMatrixMarket(dir / "s.mtx")), star);
  std::set<EdgeKey> tree;
  for (uint64_t v = 1; v < 15; ++v) {
    tree.emplace((v - 1) / 2, v, 0.0);
  }
  EXPECT_EQ(edgeSet(readEdgeList(dir / "t.txt", false)), tree);
}

TEST(CliGenerate, RandomFamiliesHaveTheirEdgeCounts) {
  TempDir dir;
  expectOk(cli({"generate", "ba:n=50,m=3,seed=2", "-o", dir / "ba.txt"}));
  expectOk(cli({"generate", "ws:n=40,k=4,beta=0.2", "-o", dir / "ws.txt"}));
  expectOk(cli({"generate", "er:n=30,m=60", "-o", dir / "er.txt"}));
  EXPECT_EQ(edgeSet(readEdgeList(dir / "ba.txt", false)).size(), 3U * (50U - 3U)); // m (n - m)
  EXPECT_EQ(edgeSet(readEdgeList(dir / "ws.txt", false)).size(), 40U * 4U / 2U);   // n k / 2
  const RefGraph er = readEdgeList(dir / "er.txt", false);
  EXPECT_EQ(edgeSet(er).size(), 60U);
  for (const auto& [u, v, w] : edgeSet(er)) {
    EXPECT_NE(u, v) << "G(n, m) has no self-loops";
    EXPECT_LT(v, 30U);
  }
}

TEST(CliGenerate, KroneckerDeclaresAllVerticesAndIsDeterministic) {
  TempDir dir;
  expectOk(cli({"generate", "kronecker:scale=7,edgefactor=4,seed=3", "-o", dir / "a.mtx"}));
  expectOk(cli({"generate", "kronecker", "scale=7,edgefactor=4,seed=3", "-o", dir / "b.mtx"}));
  MatrixMarketHeader header;
  uint64_t entries = 0;
  const RefGraph g = readMatrixMarket(dir / "a.mtx", &header, &entries);
  EXPECT_EQ(header.rows, 128U); // 2^scale, isolated vertices included
  EXPECT_EQ(header.entries, entries);
  EXPECT_EQ(edgeSet(g).size(), entries) << "no duplicate entries";
  EXPECT_LE(entries, 4U * 128U); // at most edgefactor * 2^scale after merging
  EXPECT_GT(entries, 128U);
  EXPECT_EQ(readText(dir / "a.mtx"), readText(dir / "b.mtx"));
}

TEST(CliGenerate, WeightsAreIntegersInTheAskedRange) {
  TempDir dir;
  expectOk(cli({"generate", "grid:5x5", "-o", dir / "w.txt", "--weights", "9", "--weight-seed", "4"}));
  const RefGraph g = readEdgeList(dir / "w.txt", false);
  EXPECT_TRUE(g.weighted);
  const std::set<EdgeKey> edges = edgeSet(g, true);
  EXPECT_EQ(edges.size(), 40U);
  std::set<double> seen;
  for (const auto& [u, v, w] : edges) {
    EXPECT_GE(w, 1.0);
    EXPECT_LE(w, 9.0);
    EXPECT_EQ(w, static_cast<double>(static_cast<int>(w)));
    seen.insert(w);
  }
  EXPECT_GT(seen.size(), 1U) << "the weights are not random";
}

} // namespace
} // namespace frontier::clitest
