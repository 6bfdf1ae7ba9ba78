#pragma once
// A graph and its copies on the device (CSR, weights), made on first need and
// shared by every run over that graph: one upload per graph, whatever runs.
//
// Thread affinity: the thread that owns the gpu::Context.
// Errors: engine::ResourceError when a copy does not fit the device,
// std::invalid_argument for weights the shortest-path engine cannot take.

#include <cstddef>
#include <memory>
#include <string>

#include "graph/Graph.h"

namespace frontier::gpu {
class Context;
}
namespace frontier::engine {
class DeviceGraph;
class DeviceWeights;
} // namespace frontier::engine

namespace frontier::run {

class DeviceInputs {
public:
  DeviceInputs(gpu::Context& context, std::shared_ptr<const graph::Graph> graph);
  // Adopts copies of `graph` made before (either may be null: made on first need).
  DeviceInputs(gpu::Context& context, std::shared_ptr<const graph::Graph> graph,
               std::shared_ptr<const engine::DeviceGraph> deviceGraph,
               std::shared_ptr<const engine::DeviceWeights> weights);
  ~DeviceInputs();
  DeviceInputs(const DeviceInputs&) = delete;
  DeviceInputs& operator=(const DeviceInputs&) = delete;

  gpu::Context& context() const noexcept { return m_context; }
  const std::shared_ptr<const graph::Graph>& graph() const noexcept { return m_graph; }

  // analyseFirst: see engine::DeviceGraph (the degree shape `tuned` reads,
  // before the upload); it only matters for the first call.
  std::shared_ptr<const engine::DeviceGraph> deviceGraph(bool analyseFirst = false);
  std::shared_ptr<const engine::DeviceWeights> weights();
  // Weight 1 on every arc (hop counts by a shortest-path engine): weights()
  // on an unweighted graph, a copy of its own otherwise.
  std::shared_ptr<const engine::DeviceWeights> unitWeights();
  // The copies made so far (null where none is), to keep for later runs.
  const std::shared_ptr<const engine::DeviceGraph>& madeDeviceGraph() const noexcept { return m_deviceGraph; }
  const std::shared_ptr<const engine::DeviceWeights>& madeWeights() const noexcept { return m_weights; }

private:
  gpu::Context& m_context;
  std::shared_ptr<const graph::Graph> m_graph;
  std::shared_ptr<const engine::DeviceGraph> m_deviceGraph;
  std::shared_ptr<const engine::DeviceWeights> m_weights;
  std::shared_ptr<const engine::DeviceWeights> m_unitWeights;
};

// "[slot] device name": how runs spread over several devices name theirs.
std::string slotName(const DeviceInputs& inputs, size_t slot);

} // namespace frontier::run
