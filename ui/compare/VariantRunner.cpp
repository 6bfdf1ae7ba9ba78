#include "compare/VariantRunner.h"

#include <exception>

#include "engine/DeviceGraph.h"
#include "engine/DeviceWeights.h"
#include "engine/SsspSearch.h"
#include "reference/Bfs.h"

namespace frontier::ui {

VariantRunner::VariantRunner(gpu::Context& context, std::shared_ptr<const graph::Graph> graph,
                             std::shared_ptr<const engine::DeviceGraph> deviceGraph,
                             std::shared_ptr<const engine::DeviceWeights>& weights, std::vector<graph::Pair> pairs)
    : m_context(context), m_graph(std::move(graph)), m_deviceGraph(std::move(deviceGraph)), m_weights(weights),
      m_pairs(std::move(pairs)) {}

std::optional<ComparedRun> VariantRunner::run(int index, const Variant& variant,
                                              const std::function<void(const engine::Progress&)>& progress,
                                              const std::atomic<bool>* cancel) {
  ComparedRun result;
  result.index = index;
  result.spec = variant.spec;
  result.sssp = variant.sssp;
  try {
    if (variant.sssp) {
      if (!m_weights) {
        m_weights = std::make_shared<const engine::DeviceWeights>(m_context, *m_graph);
      }
      engine::SsspSearch search(m_context, m_deviceGraph, m_weights, m_pairs, variant.ssspOptions);
      if (!search.run(progress, cancel)) {
        return std::nullopt;
      }
      result.trace = search.trace();
      result.lengths = search.lengths();
      check(result, result.lengths, search.integerWeights());
    } else {
      engine::Search search(m_context, m_deviceGraph, m_pairs, variant.strategy);
      if (!search.run(progress, cancel)) {
        return std::nullopt;
      }
      result.trace = search.trace();
      const std::vector<graph::Length> hops = search.lengths();
      for (const graph::Length length : hops) {
        result.lengths.push_back(length == graph::kUnreachable ? reference::kNoPath : static_cast<double>(length));
      }
      check(result, hops);
    }
    // The spec names the process in traces and the column in tables, so that
    // two variants of one preset stay apart.
    result.trace.strategy = variant.spec;
  } catch (const std::exception& error) {
    result.error = error.what();
    result.trace = {};
  }
  return result;
}

void VariantRunner::check(ComparedRun& result, const std::vector<graph::Length>& hops) {
  if (!m_bfs) {
    m_bfs = reference::pathLengths(*m_graph, m_pairs);
  }
  result.checked = hops.size();
  for (size_t i = 0; i < hops.size(); ++i) {
    result.mismatches += hops[i] != (*m_bfs)[i] ? 1U : 0U;
  }
}

void VariantRunner::check(ComparedRun& result, const std::vector<double>& lengths, bool integerWeights) {
  if (!m_dijkstra) {
    m_dijkstra = reference::shortestPaths(*m_graph, m_pairs);
  }
  result.checked = lengths.size();
  for (size_t i = 0; i < lengths.size(); ++i) {
    result.mismatches += reference::agrees((*m_dijkstra)[i], lengths[i], integerWeights) ? 0U : 1U;
  }
}

} // namespace frontier::ui
