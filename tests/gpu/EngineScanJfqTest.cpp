// The scan-built JFQ: level by level it holds exactly the vertices of the
// atomic-append JFQ, in ascending vertex order (one entry per vertex, or
// ceil(deg / C) consecutive entries with the load-balanced expand), and the
// lengths equal the CPU reference. Combinations that cannot work are refused.

#include "GpuTest.h"

#include <algorithm>
#include <map>

#include "engine/DeviceGraph.h"
#include "engine/ibfs/Search.h"
#include "graph/Generators.h"
#include "graph/Pairs.h"
#include "reference/Bfs.h"

namespace {

using namespace frontier;
using frontier::test::GpuTest;

class EngineScanJfq : public GpuTest {};

// Steps a scan-built search and an atomic-append search side by side.
void compareLevels(gpu::Context& context, const std::shared_ptr<const graph::Graph>& g, const std::string& scanSpec,
                   const std::string& atomicSpec, bool expectOrdered) {
  const auto deviceGraph = std::make_shared<engine::DeviceGraph>(context, g);
  const std::vector<graph::Pair> pairs = graph::randomPairs(*g, 150, 11);
  const engine::Strategy scanStrategy = engine::strategyFromSpec(scanSpec);
  engine::Search scanned(context, deviceGraph, pairs, scanStrategy);
  engine::Search appended(context, deviceGraph, pairs, engine::strategyFromSpec(atomicSpec));
  const bool balanced = scanStrategy.options.loadBalancedExpand;
  uint32_t levels = 0;
  while (!scanned.finished()) {
    ASSERT_FALSE(appended.finished()) << scanSpec << " level " << levels;
    const engine::IterationStats a = scanned.step();
    const engine::IterationStats b = appended.step();
    ASSERT_EQ(a.jfqLength, b.jfqLength) << scanSpec << " level " << levels;
    const std::vector<graph::VertexId> vertices = scanned.lastJfq();
    ASSERT_EQ(vertices, appended.lastJfq()) << scanSpec << " level " << levels;
    const std::vector<graph::VertexId> entries = scanned.lastJfqEntries();
    if (expectOrdered) {
      ASSERT_TRUE(std::is_sorted(entries.begin(), entries.end())) << scanSpec << " level " << levels;
    }
    // Each JFQ vertex has its entries: one, or one per chunk of 128 arcs.
    std::map<graph::VertexId, uint32_t> perVertex;
    for (const graph::VertexId v : entries) {
      ++perVertex[v];
    }
    ASSERT_EQ(perVertex.size(), vertices.size()) << scanSpec << " level " << levels;
    for (const auto& [v, n] : perVertex) {
      const uint32_t degree = static_cast<uint32_t>(g->out().degree(v));
      ASSERT_EQ(n, balanced ? std::max(1U, (degree + 127) / 128) : 1U) << "vertex " << v;
    }
    ++levels;
  }
  EXPECT_TRUE(appended.finished());
  // The queue really came from the scan and the scatter, not from appends.
  if (context.info().timestampsSupported) {
    const auto has = [&](const engine::Search& search, engine::KernelKind kind) {
      const auto& spans = search.trace().kernels;
      return std::any_of(spans.begin(), spans.end(), [&](const engine::KernelSpan& s) { return s.kind == kind; });
    };
    EXPECT_TRUE(has(scanned, engine::KernelKind::Scan) && has(scanned, engine::KernelKind::Compact)) << scanSpec;
    EXPECT_FALSE(has(appended, engine::KernelKind::Scan)) << atomicSpec;
  }
  EXPECT_GT(levels, 2U);
  EXPECT_EQ(scanned.lengths(), reference::pathLengths(*g, pairs)) << scanSpec;
}

TEST_F(EngineScanJfq, OrderedAndEqualToTheAtomicJfq) {
  const auto kronecker =
      std::make_shared<const graph::Graph>(graph::generate("kronecker:scale=11,edgefactor=16,seed=4"));
  const auto grid = std::make_shared<const graph::Graph>(graph::generate("grid:30x30"));
  compareLevels(context(), kronecker, "coalesced+scan", "coalesced", true);
  compareLevels(context(), kronecker, "coalesced+scan-rts+lb", "coalesced+lb", true);
  compareLevels(context(), grid, "coalesced-bottom-up+scan+jfq=0.05", "coalesced-bottom-up+jfq=0.05", true);
  // Sparse identify: the JFQ follows the touched list, so only its content is compared.
  compareLevels(context(), grid, "coalesced+scan+sparse+lb", "coalesced+sparse+lb", false);
}

TEST_F(EngineScanJfq, ScanBuiltJfqIsDeterministic) {
  const auto g = std::make_shared<const graph::Graph>(graph::generate("kronecker:scale=10,edgefactor=16,seed=8"));
  const auto deviceGraph = std::make_shared<engine::DeviceGraph>(context(), g);
  const std::vector<graph::Pair> pairs = graph::randomPairs(*g, 64, 3);
  const engine::Strategy strategy = engine::strategyFromSpec("coalesced+scan+lb");
  engine::Search first(context(), deviceGraph, pairs, strategy);
  engine::Search second(context(), deviceGraph, pairs, strategy);
  while (!first.finished()) {
    first.step();
    second.step();
    ASSERT_EQ(first.lastJfqEntries(), second.lastJfqEntries());
  }
}

TEST_F(EngineScanJfq, InstanceMajorLayoutIsRefused) {
  try {
    (void)engine::strategyFromSpec("workgroups+scan");
    FAIL() << "workgroups+scan was accepted";
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("vertex-major"), std::string::npos) << e.what();
  }
  // Options set directly are checked when the search is built.
  const auto g = std::make_shared<const graph::Graph>(graph::generate("grid:5x5"));
  const auto deviceGraph = std::make_shared<engine::DeviceGraph>(context(), g);
  engine::Strategy strategy = engine::strategyByName("workgroups");
  strategy.options.scanBuiltJfq = true;
  EXPECT_THROW(engine::Search(context(), deviceGraph, graph::randomPairs(*g, 4, 1), strategy), std::invalid_argument);
}

} // namespace
