#pragma once
// Runs the entries of a comparison one after another on the engine's thread
// over one graph and one set of pairs, and checks every run against the CPU
// reference (textbook BFS for iBFS strategies, Dijkstra for shortest-path
// algorithms), computed once per comparison.
//
// Thread affinity: the thread that owns the gpu::Context (EngineWorker's).
// Errors: a failing run is reported in its ComparedRun::error; the others
// still run.

#include <atomic>
#include <cstddef>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "compare/Variant.h"
#include "engine/Search.h"
#include "engine/Trace.h"
#include "graph/Graph.h"
#include "graph/Pairs.h"
#include "reference/Dijkstra.h"

namespace frontier::gpu {
class Context;
}
namespace frontier::engine {
class DeviceGraph;
class DeviceWeights;
} // namespace frontier::engine

namespace frontier::ui {

// One finished (or failed) entry of a comparison.
struct ComparedRun {
  int index = 0;    // position in the comparison
  std::string spec; // Variant::spec
  bool sssp = false;
  engine::RunTrace trace;
  // Per pair: hops (iBFS) or weighted length (SSSP); reference::kNoPath when unreachable.
  std::vector<double> lengths;
  size_t checked = 0;    // pairs compared with the CPU reference
  size_t mismatches = 0; // of those, how many differ
  std::string error;     // non-empty: the run failed and the trace is empty
  bool verified() const noexcept { return error.empty() && checked > 0 && mismatches == 0; }
};

class VariantRunner {
public:
  // `weights` is created on first need and kept (one upload per graph).
  VariantRunner(gpu::Context& context, std::shared_ptr<const graph::Graph> graph,
                std::shared_ptr<const engine::DeviceGraph> deviceGraph,
                std::shared_ptr<const engine::DeviceWeights>& weights, std::vector<graph::Pair> pairs);

  // Runs one entry to the end; `progress` after every submission. nullopt
  // when `cancel` became true.
  std::optional<ComparedRun> run(int index, const Variant& variant,
                                 const std::function<void(const engine::Progress&)>& progress,
                                 const std::atomic<bool>* cancel);

private:
  void check(ComparedRun& result, const std::vector<graph::Length>& hops);
  void check(ComparedRun& result, const std::vector<double>& lengths, bool integerWeights);

  gpu::Context& m_context;
  std::shared_ptr<const graph::Graph> m_graph;
  std::shared_ptr<const engine::DeviceGraph> m_deviceGraph;
  std::shared_ptr<const engine::DeviceWeights>& m_weights;
  std::vector<graph::Pair> m_pairs;
  std::optional<std::vector<graph::Length>> m_bfs;              // CPU BFS, on first need
  std::optional<std::vector<reference::PathLength>> m_dijkstra; // CPU Dijkstra, on first need
};

} // namespace frontier::ui
