// Write, read back, compare: exact for the binary cache; exact within what
// each text format can say.

#include <gtest/gtest.h>

#include <cstring>
#include <fstream>

#include "GraphTestUtil.h"
#include "graph/Checksum.h"
#include "graph/Generators.h"
#include "graph/GraphBuilder.h"
#include "graph/GraphIO.h"

using namespace frontier::graph;
using frontier::test::adjacency;
using frontier::test::expectSameCsr;
using frontier::test::TempDir;

namespace {

Graph sparseWeightedDirected() {
  GraphBuilder builder({.directed = true, .weighted = true});
  builder.addEdge(1000000007, 5, 0.1);
  builder.addEdge(5, 77, 2.5e-8);
  builder.addEdge(77, 77, 3.0);
  builder.addEdge(uint64_t{1} << 50U, 5, 1.0 / 3.0);
  return builder.build();
}

} // namespace

TEST(RoundTrip, BinaryCacheIsExact) {
  TempDir dir;
  const std::vector<Graph> graphs = {sparseWeightedDirected(), generateGrid(5, 8),
                                     withRandomWeights(generateKronecker({.scale = 9}), 100, 3), Graph()};
  for (const Graph& g : graphs) {
    const auto path = dir.path("g.fgraph");
    saveGraph(g, path);
    const Graph back = loadGraph(path);
    expectSameCsr(g, back);
    EXPECT_EQ(g.integerWeights(), back.integerWeights());
    ASSERT_EQ(g.coordinates().size(), back.coordinates().size());
    for (size_t i = 0; i < g.coordinates().size(); ++i) {
      EXPECT_EQ(g.coordinates()[i].x, back.coordinates()[i].x);
      EXPECT_EQ(g.coordinates()[i].y, back.coordinates()[i].y);
    }
  }
}

TEST(RoundTrip, BinaryCacheOfSeveralBatchesOnAnyThreadCount) {
  // Targets of 2^18 x 16 x 2 arcs (32 MiB): several read-and-checksum
  // batches; the arrays checked on 1 and on 5 threads.
  TempDir dir;
  const Graph g = generateKronecker({.scale = 18, .edgeFactor = 16});
  const auto path = dir.path("k.fgraph");
  saveGraph(g, path);
  for (const unsigned threads : {1U, 5U}) {
    LoadOptions options;
    options.threads = threads;
    expectSameCsr(g, loadGraph(path, options));
  }
}

TEST(RoundTrip, ForgedCacheNamesTheFirstBadVertexOnAnyThreadCount) {
  // Two lists end in a target out of range, checksums recomputed (a forged
  // file): the check, split over threads, names the lower vertex every time.
  TempDir dir;
  const Graph g = generateGrid(100, 100);
  const auto path = dir.path("g.fgraph");
  saveGraph(g, path);
  std::string bytes = frontier::test::readFile(path);
  // Layout (docs/FORMATS.md): 64-byte header, offsets (8 bytes each), targets.
  const size_t targetsAt = 64 + (size_t{g.vertexCount()} + 1) * 8;
  for (const VertexId v : {VertexId{9000}, VertexId{5000}}) {
    const VertexId bad = g.vertexCount();
    std::memcpy(bytes.data() + targetsAt + (g.out().offsets[v + 1] - 1) * 4, &bad, 4);
  }
  const uint64_t payload = Checksum::of(bytes.data() + 64, bytes.size() - 64);
  std::memcpy(bytes.data() + 48, &payload, 8);
  const uint64_t header = Checksum::of(bytes.data(), 56);
  std::memcpy(bytes.data() + 56, &header, 8);
  const auto file = dir.file("forged.fgraph", bytes);
  for (const unsigned threads : {1U, 7U}) {
    LoadOptions options;
    options.threads = threads;
    try {
      loadGraph(file, options);
      FAIL() << "loaded a forged cache on " << threads << " threads";
    } catch (const GraphError& error) {
      EXPECT_NE(error.message().find("neighbours of vertex 5000 "), std::string::npos) << error.what();
    }
  }
}

TEST(RoundTrip, BinaryCacheKeepsRelabelledIds) {
  TempDir dir;
  GraphBuilder builder({.relabelByDegree = true});
  builder.addEdge(30, 10);
  builder.addEdge(30, 20);
  const Graph g = builder.build();
  saveGraph(g, dir.path("r.fgraph"));
  const Graph back = loadGraph(dir.path("r.fgraph"));
  expectSameCsr(g, back);
  EXPECT_EQ(back.denseId(20), g.denseId(20));
  EXPECT_EQ(back.denseId(30), VertexId{0});
}

TEST(RoundTrip, SnapKeepsIdsDirectionAndWeights) {
  TempDir dir;
  const Graph g = sparseWeightedDirected();
  saveGraph(g, dir.path("g.txt"));
  expectSameCsr(g, loadGraph(dir.path("g.txt")));
  const Graph undirected = generateKronecker({.scale = 8});
  saveGraph(undirected, dir.path("u.txt.gz"));
  const Graph back = loadGraph(dir.path("u.txt.gz"));
  // SNAP cannot list isolated vertices; everything else survives.
  EXPECT_EQ(back.edgeCount(), undirected.edgeCount());
  EXPECT_EQ(back.selfLoopCount(), undirected.selfLoopCount());
  EXPECT_FALSE(back.directed());
  for (VertexId v = 0; v < back.vertexCount(); ++v) {
    const VertexId original = *undirected.denseId(back.fileId(v));
    ASSERT_EQ(back.out().degree(v), undirected.out().degree(original));
  }
}

TEST(RoundTrip, MatrixMarketKeepsOneBasedGraphsExactly) {
  TempDir dir;
  for (const Direction direction : {Direction::Undirected, Direction::Directed}) {
    GraphBuilder builder({.directed = direction == Direction::Directed, .weighted = true});
    builder.declareVertices(6, 1);
    builder.addEdge(1, 2, 4);
    builder.addEdge(3, 1, 5);
    builder.addEdge(4, 4, 7);
    const Graph g = builder.build();
    saveGraph(g, dir.path("g.mtx"));
    const Graph back = loadGraph(dir.path("g.mtx"));
    expectSameCsr(g, back);
    EXPECT_TRUE(back.integerWeights());
  }
  // Other ids are written in dense order, 1-based.
  const Graph grid = generateGrid(3, 4);
  saveGraph(grid, dir.path("grid.mtx"));
  const Graph back = loadGraph(dir.path("grid.mtx"));
  EXPECT_EQ(back.vertexCount(), 12U);
  EXPECT_EQ(back.out().targets, grid.out().targets);
  EXPECT_EQ(back.fileId(0), 1U);
}

TEST(RoundTrip, WritersRejectWhatTheyCannotWrite) {
  TempDir dir;
  const Graph g = generatePath(3);
  EXPECT_THROW(saveGraph(g, dir.path("g.graph"), Format::Metis), std::invalid_argument);
  EXPECT_THROW(saveGraph(g, dir.path("g.fgraph.gz"), Format::Binary), std::invalid_argument);
  EXPECT_THROW(saveGraph(g, dir.path("no-such-folder/g.txt")), GraphError);
  EXPECT_FALSE(std::filesystem::exists(dir.path("no-such-folder")));
}

TEST(RoundTrip, DamagedCachesAreRejected) {
  TempDir dir;
  const auto path = dir.path("g.fgraph");
  saveGraph(generateGrid(20, 20), path);
  const std::string bytes = frontier::test::readFile(path);
  auto expectError = [&](const std::string& damaged, const char* message) {
    const auto file = dir.file("damaged.fgraph", damaged);
    try {
      loadGraph(file);
      FAIL() << "loaded: " << message;
    } catch (const GraphError& error) {
      EXPECT_NE(error.message().find(message), std::string::npos) << error.what();
    }
  };
  std::string flipped = bytes;
  flipped[bytes.size() / 2] = static_cast<char>(flipped[bytes.size() / 2] ^ 1);
  expectError(flipped, "checksum mismatch");
  std::string magic = bytes;
  magic[1] = 'X';
  expectError(magic, "wrong magic");
  std::string version = bytes;
  version[8] = 9;
  expectError(version, "unsupported graph cache version 9");
  std::string header = bytes;
  header[20] = static_cast<char>(header[20] ^ 4);  // the vertex count
  expectError(header, "header checksum");
  expectError(bytes.substr(0, bytes.size() - 8), "truncated or oversized");
  expectError(bytes + "x", "truncated or oversized");
  expectError(bytes.substr(0, 40), "truncated");
}
