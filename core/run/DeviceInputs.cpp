#include "run/DeviceInputs.h"

#include "engine/DeviceGraph.h"
#include "engine/sssp/DeviceWeights.h"
#include "vk/Context.h"

namespace frontier::run {

DeviceInputs::DeviceInputs(gpu::Context& context, std::shared_ptr<const graph::Graph> graph)
    : m_context(context), m_graph(std::move(graph)) {}

DeviceInputs::DeviceInputs(gpu::Context& context, std::shared_ptr<const graph::Graph> graph,
                           std::shared_ptr<const engine::DeviceGraph> deviceGraph,
                           std::shared_ptr<const engine::DeviceWeights> weights)
    : m_context(context), m_graph(std::move(graph)), m_deviceGraph(std::move(deviceGraph)),
      m_weights(std::move(weights)) {}

DeviceInputs::~DeviceInputs() = default;

std::shared_ptr<const engine::DeviceGraph> DeviceInputs::deviceGraph(bool analyseFirst) {
  if (!m_deviceGraph) {
    m_deviceGraph = std::make_shared<const engine::DeviceGraph>(m_context, m_graph, analyseFirst);
  }
  return m_deviceGraph;
}

std::shared_ptr<const engine::DeviceWeights> DeviceInputs::weights() {
  if (!m_weights) {
    m_weights = std::make_shared<const engine::DeviceWeights>(m_context, *m_graph);
  }
  return m_weights;
}

std::shared_ptr<const engine::DeviceWeights> DeviceInputs::unitWeights() {
  if (!m_graph->out().weighted()) {
    return weights();  // the graph's own: 1 on every arc
  }
  if (!m_unitWeights) {
    m_unitWeights = std::make_shared<const engine::DeviceWeights>(m_context, *m_graph, 0, engine::ArcWeights::Unit);
  }
  return m_unitWeights;
}

std::string slotName(const DeviceInputs& inputs, size_t slot) {
  // Appended piece by piece: GCC 12 reports a false overflow for "[" + std::to_string(...).
  std::string text = "[";
  text += std::to_string(slot);
  text += "] ";
  text += inputs.context().info().name;
  return text;
}

} // namespace frontier::run
