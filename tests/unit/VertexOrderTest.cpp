// Reverse Cuthill-McKee and renumbering: the renumbered graph is the same
// graph (every arc, weight, coordinate and file id where it was, BFS lengths
// between file ids unchanged) and neighbours get near ids.

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <numeric>
#include <set>
#include <tuple>

#include <unistd.h>

#include "GraphTestUtil.h"
#include "graph/Generators.h"
#include "graph/GraphBuilder.h"
#include "graph/GraphIO.h"
#include "graph/Pairs.h"
#include "graph/Random.h"
#include "graph/VertexOrder.h"
#include "reference/Bfs.h"

using namespace frontier::graph;

namespace {

// Every arc as (file id, file id, weight), out- and in-arcs.
std::multiset<std::tuple<FileId, FileId, double>> arcsByFileId(const Graph& g, bool in) {
  std::multiset<std::tuple<FileId, FileId, double>> arcs;
  const Csr& csr = in ? g.in() : g.out();
  for (VertexId v = 0; v < g.vertexCount(); ++v) {
    for (EdgeIndex i = csr.offsets[v]; i < csr.offsets[v + 1]; ++i) {
      arcs.emplace(g.fileId(v), g.fileId(csr.targets[i]), csr.weighted() ? csr.weights[i] : 0.0);
    }
  }
  return arcs;
}

void expectSameGraph(const Graph& a, const Graph& b) {
  ASSERT_EQ(a.vertexCount(), b.vertexCount());
  EXPECT_EQ(a.arcCount(), b.arcCount());
  EXPECT_EQ(arcsByFileId(a, false), arcsByFileId(b, false));
  if (a.directed()) {
    EXPECT_EQ(arcsByFileId(a, true), arcsByFileId(b, true));
  }
  for (VertexId v = 0; v < a.vertexCount(); ++v) {
    const std::optional<VertexId> w = b.denseId(a.fileId(v));
    ASSERT_TRUE(w.has_value());
    EXPECT_EQ(b.fileId(*w), a.fileId(v));
    if (a.hasCoordinates()) {
      EXPECT_EQ(b.coordinates()[*w].x, a.coordinates()[v].x);
      EXPECT_EQ(b.coordinates()[*w].y, a.coordinates()[v].y);
    }
  }
  // BFS levels from a few file ids, compared by file id.
  for (const VertexId s : {VertexId{0}, a.vertexCount() / 2, a.vertexCount() - 1}) {
    const std::vector<uint32_t> la = frontier::reference::bfsLevels(a, s);
    const std::vector<uint32_t> lb = frontier::reference::bfsLevels(b, *b.denseId(a.fileId(s)));
    for (VertexId v = 0; v < a.vertexCount(); ++v) {
      ASSERT_EQ(la[v], lb[*b.denseId(a.fileId(v))]) << "from file id " << a.fileId(s) << " to " << a.fileId(v);
    }
  }
}

// A graph whose file ids are a random permutation of a path's or a grid's
// (so the file order has no locality at all).
Graph shuffledGrid(uint32_t rows, uint32_t columns, uint64_t seed) {
  const uint32_t n = rows * columns;
  std::vector<FileId> id(n);
  std::iota(id.begin(), id.end(), FileId{100});
  SplitMix64 random(seed);
  for (uint32_t i = n - 1; i > 0; --i) {
    std::swap(id[i], id[random.below(i + 1)]);
  }
  GraphBuilder builder{BuildOptions{}};
  for (uint32_t r = 0; r < rows; ++r) {
    for (uint32_t c = 0; c < columns; ++c) {
      if (c + 1 < columns) {
        builder.addEdge(id[r * columns + c], id[r * columns + c + 1]);
      }
      if (r + 1 < rows) {
        builder.addEdge(id[r * columns + c], id[(r + 1) * columns + c]);
      }
    }
  }
  return builder.build();
}

} // namespace

TEST(VertexOrder, RcmGivesAPathBandwidthOneAndAGridItsWidth) {
  const Graph path = shuffledGrid(1, 500, 3);
  EXPECT_GT(bandwidth(path), 100U);  // the shuffle scattered the neighbours
  const Graph orderedPath = withVertexOrder(path, VertexOrder::Rcm);
  EXPECT_EQ(bandwidth(orderedPath), 1U);
  expectSameGraph(path, orderedPath);

  const Graph grid = shuffledGrid(20, 30, 5);
  const Graph orderedGrid = withVertexOrder(grid, VertexOrder::Rcm);
  // Cuthill-McKee from a corner numbers the grid by anti-diagonals: a
  // vertex's neighbours lie within one diagonal's length.
  EXPECT_LE(bandwidth(orderedGrid), 21U);
  expectSameGraph(grid, orderedGrid);
  Graph back = orderedGrid;  // renumbered to the file ids' own order: sorted again
  std::vector<VertexId> byFile(back.vertexCount());
  for (VertexId rank = 0; rank < back.vertexCount(); ++rank) {
    byFile[rank] = back.byFileIdRank(rank);
  }
  GraphBuilder::relabel(back, byFile);
  EXPECT_TRUE(back.denseIdsSorted());
  EXPECT_EQ(back.out().targets, grid.out().targets);
  const Graph unchanged = withVertexOrder(grid, VertexOrder::File);
  EXPECT_EQ(unchanged.out().targets, grid.out().targets);
}

TEST(VertexOrder, DirectedWeightedDisconnectedAndCoordinates) {
  FRONTIER_REQUIRE_DATA("amsterdam-roads.gr");
  const Graph roads = loadGraph(frontier::test::dataFile("amsterdam-roads.gr"));
  ASSERT_TRUE(roads.directed());
  ASSERT_TRUE(roads.weighted());
  ASSERT_TRUE(roads.hasCoordinates());
  const Graph ordered = withVertexOrder(roads, VertexOrder::Rcm);
  expectSameGraph(roads, ordered);
  EXPECT_LT(bandwidth(ordered), bandwidth(roads));
  // Twice: a graph already renumbered (its dense ids no longer in file-id
  // order) renumbers again to the same graph.
  expectSameGraph(roads, withVertexOrder(ordered, VertexOrder::Rcm));

  // Stored in a .fgraph and read back the other way round (undirected):
  // symmetrised, with its coordinates and its numbering.
  const std::filesystem::path stored =
      std::filesystem::temp_directory_path() / ("vertex-order-" + std::to_string(::getpid()) + ".fgraph");
  saveGraph(ordered, stored, Format::Binary);
  LoadOptions undirected;
  undirected.direction = Direction::Undirected;
  const Graph symmetric = loadGraph(stored, undirected);
  std::filesystem::remove(stored);
  EXPECT_FALSE(symmetric.directed());
  EXPECT_FALSE(symmetric.denseIdsSorted());
  for (VertexId v = 0; v < ordered.vertexCount(); ++v) {
    ASSERT_EQ(symmetric.fileId(v), ordered.fileId(v));
    ASSERT_EQ(symmetric.coordinates()[v].x, ordered.coordinates()[v].x);
    for (const VertexId u : ordered.out().neighbours(v)) {
      const auto back = symmetric.out().neighbours(u);
      ASSERT_TRUE(std::binary_search(back.begin(), back.end(), v));  // the reverse arc is there
    }
  }

  GraphBuilder builder({.directed = true});
  builder.declareVertices(10, 0);  // isolated vertices 6..9
  builder.addEdge(0, 1);
  builder.addEdge(2, 1);
  builder.addEdge(3, 3);
  builder.addEdge(4, 5);
  const Graph small = builder.build();
  expectSameGraph(small, withVertexOrder(small, VertexOrder::Rcm));
}

// `auto`: RCM for long, thin graphs (from 1000 vertices, at most 8 arcs
// per vertex, no hub), the file's order elsewhere.
TEST(VertexOrder, AutoRenumbersLongThinGraphsOnly) {
  EXPECT_EQ(parseVertexOrder("auto"), VertexOrder::Auto);
  const Graph grid = generate("grid:40x40");
  EXPECT_TRUE(longGraph(grid));
  EXPECT_EQ(resolvedOrder(grid, VertexOrder::Auto), VertexOrder::Rcm);
  EXPECT_EQ(resolvedOrder(grid, VertexOrder::File), VertexOrder::File);
  EXPECT_FALSE(longGraph(generate("grid:30x30")));                      // 900 vertices
  EXPECT_FALSE(longGraph(generate("kronecker:scale=11,edgefactor=4")));  // hubs
  EXPECT_FALSE(longGraph(generate("erdos-renyi:n=2000,m=10000,seed=1"))); // 10 arcs per vertex
  const Graph shuffled = shuffledGrid(40, 30, 3);
  const Graph automatic = withVertexOrder(shuffled, VertexOrder::Auto);
  const Graph rcm = withVertexOrder(shuffled, VertexOrder::Rcm);
  for (VertexId v = 0; v < rcm.vertexCount(); ++v) {
    ASSERT_EQ(automatic.fileId(v), rcm.fileId(v));
  }
}

TEST(VertexOrder, NamesAndBadOrders) {
  EXPECT_EQ(parseVertexOrder("rcm"), VertexOrder::Rcm);
  EXPECT_EQ(parseVertexOrder("file"), VertexOrder::File);
  try {
    parseVertexOrder("hilbert");
    ADD_FAILURE() << "no error";
  } catch (const std::invalid_argument& error) {
    EXPECT_NE(std::string(error.what()).find("'hilbert'"), std::string::npos);
  }
  Graph g = shuffledGrid(2, 2, 1);
  const std::vector<VertexId> twice{0, 0, 1, 2};
  EXPECT_THROW(GraphBuilder::relabel(g, twice), std::logic_error);
  const std::vector<VertexId> tooFew{0, 1, 2};
  EXPECT_THROW(GraphBuilder::relabel(g, tooFew), std::logic_error);
}

// Random pairs are drawn by file-id rank: a seed names the same vertices in
// any numbering, so `--pairs random:N --seed S` asks the same questions of a
// graph and of its renumbered copy.
TEST(VertexOrder, RandomPairsNameTheSameVerticesInAnyOrder) {
  const Graph grid = shuffledGrid(20, 30, 5);
  const Graph ordered = withVertexOrder(grid, VertexOrder::Rcm);
  ASSERT_FALSE(ordered.denseIdsSorted());
  const std::vector<Pair> a = randomPairs(grid, 200, 7);
  const std::vector<Pair> b = randomPairs(ordered, 200, 7);
  ASSERT_EQ(a.size(), b.size());
  for (size_t i = 0; i < a.size(); ++i) {
    EXPECT_EQ(grid.fileId(a[i].source), ordered.fileId(b[i].source));
    EXPECT_EQ(grid.fileId(a[i].destination), ordered.fileId(b[i].destination));
  }
}

// Matrix Market numbers vertices 1..n: a renumbered graph whose file ids are
// 1..n is written with its file ids (not its new numbers), symmetric files
// as their lower triangle, so reading it back gives the file's graph.
TEST(VertexOrder, MatrixMarketOfARenumberedGraphKeepsTheFileIds) {
  FRONTIER_REQUIRE_DATA("luxembourg_osm.mtx");
  const Graph roads = loadGraph(frontier::test::dataFile("luxembourg_osm.mtx"));
  const Graph ordered = withVertexOrder(roads, VertexOrder::Rcm);
  ASSERT_FALSE(ordered.denseIdsSorted());
  const std::filesystem::path written =
      std::filesystem::temp_directory_path() / ("vertex-order-" + std::to_string(::getpid()) + ".mtx");
  saveGraph(ordered, written, Format::MatrixMarket);
  const Graph back = loadGraph(written);
  std::filesystem::remove(written);
  EXPECT_EQ(back.vertexCount(), roads.vertexCount());
  EXPECT_EQ(arcsByFileId(back, false), arcsByFileId(roads, false));
}
