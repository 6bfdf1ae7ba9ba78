// Component labels on the device (engine/components): the partition must be
// the host reference's (graph::componentLabels, union-find on the CPU) on
// every data graph, generated graphs and directed graphs, where components
// are weak; each label is the smallest vertex of its component; the README's
// largest weak components where it gives them. The component filter's
// searches must keep the CPU BFS lengths, and the labels' kernel must be
// counted once, in the run that computed them.

#include "GpuTest.h"

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <functional>
#include <map>
#include <numeric>

#include "TestData.h"
#include "engine/DeviceGraph.h"
#include "engine/components/DeviceComponents.h"
#include "engine/ibfs/Search.h"
#include "engine/ibfs/Strategy.h"
#include "graph/GraphBuilder.h"
#include "graph/GraphIO.h"
#include "graph/Generators.h"
#include "graph/GraphStats.h"
#include "graph/Pairs.h"
#include "reference/Bfs.h"

namespace {

using namespace frontier;
using frontier::test::GpuTest;

struct ComponentsCase {
  std::string name;
  std::function<graph::Graph()> make;
  uint64_t largest = 0;  // from ../shared/data/README.md; 0 = not given there
  std::string file;      // the data file it reads, if any (skipped when missing)
};

void PrintTo(const ComponentsCase& c, std::ostream* out) { *out << c.name; }

graph::Graph load(const std::string& file, graph::Direction direction = graph::Direction::FromFormat) {
  graph::LoadOptions options;
  options.direction = direction;
  return graph::loadGraph(test::dataFile(file), options);
}

// Arcs in one direction only: the weak components join 0-1-2 through 1's
// in-arcs and 3-4 through 4 -> 3; 5 is isolated; 6 -> 6 a self-loop alone.
graph::Graph directedChains() {
  graph::GraphBuilder builder({.directed = true});
  builder.declareVertices(7);
  builder.addEdge(0, 1);
  builder.addEdge(2, 1);
  builder.addEdge(4, 3);
  builder.addEdge(6, 6);
  return builder.build();
}

std::vector<ComponentsCase> cases() {
  return {
      {"karate", [] { return load("karate.txt"); }, 0, "karate.txt"},
      {"lesmis", [] { return load("lesmis.graph"); }, 0, "lesmis.graph"},
      {"ldbc", [] { return load("ldbc-snb-sf0.1"); }, 0, "ldbc-snb-sf0.1"},
      {"facebook", [] { return load("facebook_combined.txt"); }, 0, "facebook_combined.txt"},
      {"wikivote_directed", [] { return load("wiki-Vote.txt", graph::Direction::Directed); }, 7066, "wiki-Vote.txt"},
      {"elt4", [] { return load("4elt.graph"); }, 0, "4elt.graph"},
      {"amsterdam_directed", [] { return load("amsterdam-roads.gr"); }, 58600, "amsterdam-roads.gr"},
      {"luxembourg", [] { return load("luxembourg_osm.mtx"); }, 0, "luxembourg_osm.mtx"},
      {"cnr2000_directed", [] { return load("cnr-2000.txt.gz", graph::Direction::Directed); }, 0, "cnr-2000.txt.gz"},
      {"kronecker", [] { return graph::generate("kronecker:scale=14,edgefactor=16,seed=7"); }, 0, ""},
      {"grid", [] { return graph::generate("grid:120x90"); }, 0, ""},
      {"star", [] { return graph::generate("star:5000"); }, 0, ""},  // one hub's arcs over many chunks
      {"erdos_renyi_isolated", [] { return graph::generate("erdos-renyi:n=6000,m=2500,seed=11"); }, 0, ""},
      // Undirected graphs take Afforest's order (Components.h): after two
      // arcs per vertex the giant component is still in pieces here
      // (mean degree 6), and the rest pass must join them.
      {"erdos_renyi_degree_six", [] { return graph::generate("erdos-renyi:n=3000,m=9000,seed=5"); }, 0, ""},
      {"kronecker_sparse", [] { return graph::generate("kronecker:scale=12,edgefactor=2,seed=9"); }, 0, ""},
      {"directed_chains", directedChains, 0, ""},
  };
}

// Same partition: the labels map one-to-one onto each other.
void expectSamePartition(const std::vector<graph::VertexId>& device, const std::vector<graph::VertexId>& host) {
  ASSERT_EQ(device.size(), host.size());
  std::map<graph::VertexId, graph::VertexId> toHost;
  std::map<graph::VertexId, graph::VertexId> toDevice;
  size_t wrong = 0;
  for (size_t v = 0; v < device.size(); ++v) {
    const auto [a, newA] = toHost.emplace(device[v], host[v]);
    const auto [b, newB] = toDevice.emplace(host[v], device[v]);
    if (a->second != host[v] || b->second != device[v]) {
      if (++wrong <= 5) {
        ADD_FAILURE() << "vertex " << v << ": device label " << device[v] << ", host label " << host[v];
      }
    }
  }
  EXPECT_EQ(wrong, 0U);
}

class Components : public GpuTest, public ::testing::WithParamInterface<ComponentsCase> {};

TEST_P(Components, SamePartitionAsTheHostSmallestVertexLabels) {
  const std::string& file = GetParam().file;
  if (!file.empty() && !std::filesystem::exists(test::dataFile(file))) {
    GTEST_SKIP() << file << " not found in " << test::dataDir();
  }
  const auto g = std::make_shared<const graph::Graph>(GetParam().make());
  const auto device = std::make_shared<engine::DeviceGraph>(context(), g);
  engine::SpanRecorder spans(context(), 4, true);
  engine::ComponentLabelsRun computed;
  const std::vector<graph::VertexId>& labels = device->deviceComponentLabels(spans, &computed);
  expectSamePartition(labels, graph::componentLabels(*g));
  // The label is the smallest vertex of the component: no smaller vertex
  // carries it, and it labels itself.
  for (graph::VertexId v = 0; v < labels.size(); ++v) {
    ASSERT_LE(labels[v], v) << "vertex " << v;
    ASSERT_EQ(labels[labels[v]], labels[v]) << "vertex " << v;
  }
  const engine::ComponentCounts counts = engine::countComponents(labels);
  if (GetParam().largest > 0) {
    EXPECT_EQ(counts.largest, GetParam().largest);
  }
  const bool timed = std::any_of(computed.spans.begin(), computed.spans.end(), [](const engine::KernelSpan& s) {
    return s.kind == engine::KernelKind::Components;
  });
  EXPECT_EQ(timed, !computed.spans.empty());
  // Both orders of passes on undirected graphs, whatever their size picks.
  if (!g->directed()) {
    for (const engine::ComponentsOrder order : {engine::ComponentsOrder::HookEveryArc, engine::ComponentsOrder::Afforest}) {
      engine::SpanRecorder orderSpans(context(), 4, true);
      const engine::ComponentLabelsRun forced = engine::computeComponentLabels(context(), *device, orderSpans, order);
      expectSamePartition(forced.labels, graph::componentLabels(*g));
      EXPECT_EQ(forced.labels, labels) << "the label is the smallest vertex, whatever the order";
    }
  }
  // Kept: a second call computes nothing and gives the same labels.
  engine::ComponentLabelsRun again;
  EXPECT_EQ(&device->deviceComponentLabels(spans, &again), &labels);
  EXPECT_TRUE(again.spans.empty());
}

INSTANTIATE_TEST_SUITE_P(Graphs, Components, ::testing::ValuesIn(cases()),
                         [](const auto& param) { return param.param.name; });

// The filter answers pairs across components without a search and keeps
// every length; the first run of a device graph computes the labels and
// counts their kernel (in gpuMs and in its first iteration), a second run
// of the same device graph reuses them.
class ComponentFilter : public GpuTest {};

TEST_F(ComponentFilter, LengthsEqualTheCpuBfsAndTheKernelCountsOnce) {
  std::vector<std::pair<std::string, std::shared_ptr<const graph::Graph>>> graphs = {
      {"erdos-renyi", std::make_shared<const graph::Graph>(graph::generate("erdos-renyi:n=4000,m=2600,seed=3"))},
      {"directed", std::make_shared<const graph::Graph>(directedChains())},
  };
  if (std::filesystem::exists(test::dataFile("wiki-Vote.txt"))) {  // a missing data file leaves it out
    graphs.emplace_back("wiki-Vote",
                        std::make_shared<const graph::Graph>(load("wiki-Vote.txt", graph::Direction::Directed)));
  }
  for (const auto& [name, g] : graphs) {
    for (const char* spec : {"coalesced+cf", "tuned", "coalesced+cf+bidir"}) {
      const auto device = std::make_shared<engine::DeviceGraph>(context(), g);
      const std::vector<graph::Pair> pairs = graph::randomPairs(*g, 1025, 17);
      const std::vector<graph::Length> expected = reference::pathLengths(*g, pairs);
      const size_t unreachable = static_cast<size_t>(std::count(expected.begin(), expected.end(), graph::kUnreachable));
      for (int run = 0; run < 2; ++run) {
        engine::Search search(context(), device, pairs, engine::strategyFromSpec(spec));
        ASSERT_TRUE(search.run());
        EXPECT_EQ(search.lengths(), expected) << name << " " << spec << " run " << run;
        const engine::RunTrace& t = search.trace();
        const auto kernels = static_cast<size_t>(
            std::count_if(t.kernels.begin(), t.kernels.end(),
                          [](const engine::KernelSpan& s) { return s.kind == engine::KernelKind::Components; }));
        EXPECT_EQ(kernels, run == 0 ? 1U : 0U) << name << " " << spec << " run " << run;
        EXPECT_LE(t.skippedPairs, unreachable) << name << " " << spec;
        if (name != "wiki-Vote") {  // its unreachable pairs mostly share the large weak component
          EXPECT_GT(t.skippedPairs, 0U) << name << " " << spec;
        }
        const double iterationsNs = std::accumulate(t.iterations.begin(), t.iterations.end(), 0.0,
                                                    [](double sum, const auto& it) { return sum + it.gpuNs; });
        // (The two-sided search's iterations leave out some of its spans with
        // or without the filter: checked for the one-way runs.)
        if (!t.iterations.empty() && std::string(spec).find("bidir") == std::string::npos) {
          EXPECT_NEAR(iterationsNs / 1e6, t.totals.gpuMs, 1e-6 * std::max(1.0, t.totals.gpuMs)) << name << " " << spec;
        }
      }
    }
  }
}

} // namespace
