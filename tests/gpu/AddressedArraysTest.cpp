// Arc targets and weights larger than one storage-buffer binding are read by
// device address (docs/ENGINE.md): on a complete graph whose arcs need more
// than maxStorageBufferRange, searches from the last vertices, whose arcs all
// lie past the binding's reach, find every other vertex at one hop. The
// lengths are what a complete graph implies (1, or 0 from a vertex to
// itself), computed here, not by the code under test.

#include "GpuTest.h"
#include "SsspGraphs.h"

#include <algorithm>
#include <cmath>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "engine/AddressedArray.h"
#include "engine/DeviceGraph.h"
#include "engine/SpanRecorder.h"
#include "engine/ibfs/Search.h"
#include "engine/sssp/DeviceWeights.h"
#include "engine/sssp/SsspSearch.h"
#include "TestData.h"
#include "graph/Generators.h"
#include "graph/GraphIO.h"
#include "graph/Pairs.h"
#include "reference/Bfs.h"
#include "reference/MultiSourceBfs.h"
#include "vk/FaultInjection.h"

namespace {

using namespace frontier;
using frontier::test::GpuTest;

class AddressedArrays : public GpuTest {
protected:
  void SetUp() override {
    GpuTest::SetUp();
    if (HasFatalFailure() || IsSkipped()) {
      return;
    }
    const uint64_t range = context().info().maxStorageBufferRange;
    // n (n - 1) arcs of 4 bytes just past the binding's range.
    n = static_cast<uint32_t>(std::sqrt(static_cast<double>(range / 4))) + 120;
    if (n > 8000) {
      GTEST_SKIP() << "needs a device with small storage buffers (lavapipe: 128 MiB); this one allows "
                   << (range >> 20U) << " MiB per binding";
    }
    graph = std::make_shared<const graph::Graph>(graph::generate("complete:" + std::to_string(n)));
    ASSERT_GT(graph->arcCount() * 4, range);
    deviceGraph = std::make_shared<const engine::DeviceGraph>(context(), graph);
    // Sources among the last vertices (their out-arcs start past the range),
    // destinations spread over the graph, one pair from a vertex to itself.
    for (uint32_t i = 0; i < 40; ++i) {
      pairs.push_back({n - 1 - i, (i * 977U) % n});
    }
    pairs.push_back({n - 1, n - 1});
  }

  std::vector<graph::Length> expected() const {
    std::vector<graph::Length> out;
    for (const graph::Pair& p : pairs) {
      out.push_back(p.source == p.destination ? 0 : 1);
    }
    return out;
  }

  uint32_t n = 0;
  std::shared_ptr<const graph::Graph> graph;
  std::shared_ptr<const engine::DeviceGraph> deviceGraph;
  std::vector<graph::Pair> pairs;
};

TEST_F(AddressedArrays, EveryIbfsLayoutReadsArcsPastOneBinding) {
  // Top-down in both layouts; bottom-up (a pull over the in-arcs) as soon as
  // the frontier holds most vertices.
  for (const char* name : {"coalesced", "workgroups", "coalesced-bottom-up"}) {
    engine::Strategy strategy = engine::strategyByName(name);
    strategy.options.jfqThreshold = 0.0;
    engine::Search search(context(), deviceGraph, pairs, strategy);
    ASSERT_TRUE(search.run()) << name;
    EXPECT_EQ(search.lengths(), expected()) << name;
  }
}

TEST_F(AddressedArrays, ShortestPathsReadTargetsAndWeightsPastOneBinding) {
  const auto weights = std::make_shared<const engine::DeviceWeights>(context(), *graph);
  std::vector<double> want;
  for (const graph::Length length : expected()) {
    want.push_back(static_cast<double>(length));
  }
  // Both layouts: one query per entry (Near-Far) and interleaved (batched).
  for (const engine::SsspAlgorithm algorithm : {engine::SsspAlgorithm::NearFar, engine::SsspAlgorithm::Batched}) {
    engine::SsspOptions options;
    options.algorithm = algorithm;
    engine::SsspSearch search(context(), deviceGraph, weights, pairs, options);
    ASSERT_TRUE(search.run()) << engine::algorithmName(algorithm);
    EXPECT_EQ(search.lengths(), want) << engine::algorithmName(algorithm);
  }
}

// Arrays larger than one allocation are spread over chunks (AddressedArray):
// forced here to chunks of 64 words, so that most arcs' rows cross a chunk
// boundary, the lengths of every engine must still equal the CPU's.
TEST(AddressedArrayChunks, ChunkSizeFollowsTheAllocationLimit) {
  EXPECT_EQ(engine::AddressedArray::chunkWordsFor(1000, 0), 0U);         // no limit known
  EXPECT_EQ(engine::AddressedArray::chunkWordsFor(1000, 4000), 0U);      // fits exactly
  EXPECT_EQ(engine::AddressedArray::chunkWordsFor(1001, 4000), 512U);    // largest power of two of 1000 words
  // Kronecker 26 on a 4 GiB allocation limit: 2^30 words per chunk.
  EXPECT_EQ(engine::AddressedArray::chunkWordsFor(2'147'483'648ULL, 4ULL << 30U), 1ULL << 30U);
}

class AddressedChunks : public GpuTest {
protected:
  void TearDown() override {
    gpu::faults::configure("");
    GpuTest::TearDown();
  }
  static constexpr uint64_t kChunkWords = 64;
};

TEST_F(AddressedChunks, EveryIbfsEngineReadsTargetsFromChunks) {
  // Undirected (one array for both directions) and directed (out and in).
  for (const char* source : {"kronecker:scale=10,edgefactor=8,seed=4", "wiki-Vote.txt"}) {
    const std::string spec = source;
    const auto g = std::make_shared<const graph::Graph>(spec.find(':') != std::string::npos
                                                            ? graph::generate(spec)
                                                            : graph::loadGraph(test::dataFile(spec)));
    const auto device = std::make_shared<const engine::DeviceGraph>(context(), g, false, kChunkWords);
    ASSERT_GT(device->outTargets().chunkCount(), 10U) << source;
    EXPECT_EQ(device->outTargets().address() & 1U, 1U) << "a chunked array's address is the tagged table";
    const std::vector<graph::Pair> pairs = graph::randomPairs(*g, 70, 3);
    const std::vector<graph::Length> want = reference::pathLengths(*g, pairs);
    for (const char* name : {"coalesced", "workgroups", "coalesced-bottom-up", "tuned", "coalesced+bidir",
                             "coalesced+worklist", "coalesced+cf+sparse+lb"}) {
      engine::Search search(context(), device, pairs, engine::strategyFromSpec(name));
      ASSERT_TRUE(search.run()) << source << " " << name;
      EXPECT_EQ(search.lengths(), want) << source << " " << name;
    }
  }
}

// The status arrays, fresh words and queues a search writes are spread over
// chunks the same way once they exceed one allocation: here the device is
// made to allow 1 MiB per allocation (allocation@1), and 1024 searches on a
// connected graph of 140,000 vertices (every pair searched, whatever filter
// a strategy has) need 17.9 MB per status array and more than 1 MiB of JFQ
// in every layout. Every engine's lengths equal the CPU's.
TEST_F(AddressedChunks, EveryIbfsEngineWritesStatusArraysOverChunks) {
  const auto g = std::make_shared<const graph::Graph>(graph::generate("ba:n=140000,m=2,seed=6"));
  const std::vector<graph::Pair> pairs = graph::randomPairs(*g, 1024, 5);
  const std::vector<graph::Length> want = reference::msbfsPathLengths(*g, pairs);
  ASSERT_EQ(std::count(want.begin(), want.end(), graph::kUnreachable), 0) << "a connected graph";
  gpu::faults::configure("allocation@1");
  const auto device = std::make_shared<const engine::DeviceGraph>(context(), g);
  for (const char* name : {"coalesced", "workgroups", "coalesced-bottom-up", "tuned", "coalesced+bidir",
                           "coalesced+worklist", "coalesced+cf+sparse+lb", "coalesced+scan+lb"}) {
    engine::Search search(context(), device, pairs, engine::strategyFromSpec(name));
    EXPECT_GT(search.statusChunks(), 1U) << name;
    EXPECT_GT(search.queueChunks(), 1U) << name;
    ASSERT_TRUE(search.run()) << name;
    EXPECT_EQ(search.lengths(), want) << name;
  }
}

// The per-vertex arrays are addressed and chunked as well: with 1 MiB per
// allocation, 300,000 vertices need more than one chunk for the CSR offsets,
// the stamps and tracked levels (1.14 MiB each), the touched lists, the
// two-sided queues and the component labels. Every engine's lengths, the
// tracked search's level of every vertex and the device's components
// (read back across chunks) equal the CPU's.
TEST_F(AddressedChunks, PerVertexArraysOverChunks) {
  const auto g = std::make_shared<const graph::Graph>(graph::generate("ba:n=300000,m=2,seed=7"));
  const std::vector<graph::Pair> pairs = graph::randomPairs(*g, 64, 9);
  const std::vector<graph::Length> want = reference::msbfsPathLengths(*g, pairs);
  const std::vector<uint32_t> wantLevels = reference::bfsLevels(*g, pairs[5].source);
  const std::vector<uint32_t> wantBackward = reference::bfsLevels(*g, pairs[5].destination);  // undirected
  gpu::faults::configure("allocation@1");
  const auto device = std::make_shared<const engine::DeviceGraph>(context(), g);
  EXPECT_TRUE(device->outOffsets().chunked());
  for (const char* name : {"coalesced", "workgroups", "coalesced+cf+sparse+lb", "coalesced+worklist",
                           "coalesced+bidir", "tuned"}) {
    engine::SearchOptions options;
    options.trackedPair = 5;
    engine::Search search(context(), device, pairs, engine::strategyFromSpec(name), options);
    EXPECT_GT(search.stampChunks(), 1U) << name;
    EXPECT_GT(search.touchedChunks(), 1U) << name;
    ASSERT_TRUE(search.run()) << name;
    EXPECT_EQ(search.lengths(), want) << name;
    if (!search.trace().twoSided) {
      EXPECT_EQ(search.trackedLevels(), wantLevels) << name;
      continue;
    }
    // From both ends (the tracked levels' second half is in the last
    // chunks): each side's hops where it reached, meeting at the length.
    const std::vector<uint32_t> forward = search.trackedLevels();
    const std::vector<uint32_t> backward = search.trackedBackwardLevels();
    ASSERT_EQ(forward.size(), wantLevels.size()) << name;
    ASSERT_EQ(backward.size(), wantBackward.size()) << name;
    uint32_t least = reference::kUnreached;
    size_t reached = 0;
    for (size_t v = 0; v < forward.size(); ++v) {
      EXPECT_TRUE(forward[v] == reference::kUnreached || forward[v] == wantLevels[v]) << name << " vertex " << v;
      EXPECT_TRUE(backward[v] == reference::kUnreached || backward[v] == wantBackward[v]) << name << " vertex " << v;
      reached += (forward[v] != reference::kUnreached ? 1U : 0U) + (backward[v] != reference::kUnreached ? 1U : 0U);
      if (forward[v] != reference::kUnreached && backward[v] != reference::kUnreached) {
        least = std::min(least, forward[v] + backward[v]);
      }
    }
    EXPECT_EQ(static_cast<graph::Length>(least), want[5]) << name;
    EXPECT_GT(reached, 2U) << name;
  }
  engine::SpanRecorder spans(context(), 4, true);
  const std::vector<graph::VertexId>& labels = device->deviceComponentLabels(spans);
  const std::vector<graph::VertexId>& host = device->componentLabels();
  ASSERT_EQ(labels.size(), host.size());
  std::unordered_map<graph::VertexId, graph::VertexId> deviceToHost;
  std::unordered_map<graph::VertexId, graph::VertexId> hostToDevice;
  for (size_t v = 0; v < labels.size(); ++v) {
    EXPECT_EQ(deviceToHost.try_emplace(labels[v], host[v]).first->second, host[v]) << "vertex " << v;
    EXPECT_EQ(hostToDevice.try_emplace(host[v], labels[v]).first->second, labels[v]) << "vertex " << v;
  }

  // The shortest paths read the same chunked offsets, and the batched
  // engine's tracked distances (8 bytes per vertex) are chunked too.
  const auto weighted = std::make_shared<const graph::Graph>(graph::withRandomWeights(*g, 20, 3));
  const std::vector<graph::Pair> few(pairs.begin(), pairs.begin() + 8);
  std::vector<graph::Pair> fromTracked;
  for (uint32_t v = 0; v < weighted->vertexCount(); ++v) {
    fromTracked.push_back({few[5].source, v});
  }
  const auto weightedDevice = std::make_shared<const engine::DeviceGraph>(context(), weighted);
  const auto weights = std::make_shared<const engine::DeviceWeights>(context(), *weighted);
  engine::SsspOptions options;
  options.algorithm = engine::SsspAlgorithm::Batched;
  options.trackedPair = 5;
  engine::SsspSearch search(context(), weightedDevice, weights, few, options);
  EXPECT_TRUE(search.chunkedArrays());
  ASSERT_TRUE(search.run());
  EXPECT_EQ(search.lengths(), test::dijkstraLengths(*weighted, few));
  EXPECT_EQ(search.trackedDistances(), test::dijkstraLengths(*weighted, fromTracked));
}

TEST_F(AddressedChunks, ShortestPathsReadTargetsAndWeightsFromChunks) {
  auto g = std::make_shared<const graph::Graph>(graph::generate("kronecker:scale=9,edgefactor=8,seed=2"));
  g = std::make_shared<const graph::Graph>(graph::withRandomWeights(*g, 50, 6));
  const auto device = std::make_shared<const engine::DeviceGraph>(context(), g, false, kChunkWords);
  const auto weights = std::make_shared<const engine::DeviceWeights>(context(), *g, kChunkWords);
  ASSERT_GT(weights->weights().chunkCount(), 10U);
  const std::vector<graph::Pair> pairs = graph::randomPairs(*g, 50, 8);
  const std::vector<double> want = test::dijkstraLengths(*g, pairs);
  for (const engine::SsspAlgorithm algorithm : {engine::SsspAlgorithm::NearFar, engine::SsspAlgorithm::Batched,
                                                engine::SsspAlgorithm::DeltaStepping}) {
    engine::SsspOptions options;
    options.algorithm = algorithm;
    engine::SsspSearch search(context(), device, weights, pairs, options);
    ASSERT_TRUE(search.run()) << engine::algorithmName(algorithm);
    EXPECT_EQ(search.lengths(), want) << engine::algorithmName(algorithm);
  }
}

// The shortest paths' per-entry arrays (distances, queues, stamps, bitsets;
// the batched engine's interleaved distances, item lists and marks) are
// addressed and chunked the same way: with 1 MiB per allocation, 64 queries
// on 9,991 vertices need 5.1 MB of distance keys (and Near-Far's and
// Delta-Stepping's queues and stamps over 1 MiB; the bitsets, Bellman-Ford's
// one-word queues and the batched engine's item lists stay one chunk).
// Every algorithm's lengths equal Dijkstra's, and the tracked query's
// distances, read back across chunks, equal Dijkstra's from its source to
// every vertex.
TEST_F(AddressedChunks, ShortestPathsKeepPerEntryArraysOverChunks) {
  const auto g = std::make_shared<const graph::Graph>(graph::withRandomWeights(graph::generate("grid:97x103"), 100, 4));
  const std::vector<graph::Pair> pairs = graph::randomPairs(*g, 64, 12);
  const std::vector<double> want = test::dijkstraLengths(*g, pairs);
  constexpr uint32_t kTracked = 37;
  std::vector<graph::Pair> fromTracked;
  for (uint32_t v = 0; v < g->vertexCount(); ++v) {
    fromTracked.push_back({pairs[kTracked].source, v});
  }
  const std::vector<double> wantTracked = test::dijkstraLengths(*g, fromTracked);
  gpu::faults::configure("allocation@1");
  const auto device = std::make_shared<const engine::DeviceGraph>(context(), g);
  const auto weights = std::make_shared<const engine::DeviceWeights>(context(), *g);
  for (const engine::SsspAlgorithm algorithm : {engine::SsspAlgorithm::NearFar, engine::SsspAlgorithm::Batched,
                                                engine::SsspAlgorithm::DeltaStepping,
                                                engine::SsspAlgorithm::BellmanFord}) {
    const auto name = engine::algorithmName(algorithm);
    engine::SsspOptions options;
    options.algorithm = algorithm;
    options.queriesPerBatch = 64;
    options.trackedPair = kTracked;
    engine::SsspSearch search(context(), device, weights, pairs, options);
    EXPECT_TRUE(search.chunkedArrays()) << name;
    ASSERT_TRUE(search.run()) << name;
    EXPECT_EQ(search.lengths(), want) << name;
    EXPECT_EQ(search.trackedDistances(), wantTracked) << name;
  }
}

// 64-bit keys read back from an array of 16-word chunks, from every offset:
// a key is never split, and the offsets count keys, not words.
TEST_F(AddressedChunks, KeysReadBackAcrossChunks) {
  std::vector<uint32_t> words(200);
  for (uint32_t i = 0; i < words.size(); ++i) {
    words[i] = i * 7U + 1U;
  }
  const engine::AddressedArray array(context(), words, "keys", 16);
  ASSERT_GT(array.chunkCount(), 10U);
  for (uint64_t first = 0; first < 100; first += 7) {
    std::vector<uint64_t> keys(std::min<uint64_t>(13, 100 - first));
    array.download(context(), std::span<uint64_t>(keys), first);
    for (size_t k = 0; k < keys.size(); ++k) {
      const uint64_t low = words[2 * (first + k)];
      const uint64_t high = words[2 * (first + k) + 1];
      EXPECT_EQ(keys[k], low | (high << 32U)) << "key " << first + k;
    }
  }
  std::vector<uint64_t> past(2);
  EXPECT_THROW(array.download(context(), std::span<uint64_t>(past), 99), std::out_of_range);
}

} // namespace
