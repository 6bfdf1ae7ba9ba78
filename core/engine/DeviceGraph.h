#pragma once
// A graph's CSR and reverse CSR in device buffers, shared (read-only) by every
// search on it. Construction checks every buffer against the device's
// maxStorageBufferRange and memory budget and throws ResourceError naming the
// buffer, its size and the limit.

#include <cstdint>
#include <memory>
#include <mutex>
#include <vector>
#include <string>

#include "graph/Graph.h"
#include "vk/Buffer.h"

namespace frontier::gpu { class Context; }

namespace frontier::engine {

class DeviceGraph {
public:
  DeviceGraph(gpu::Context& context, std::shared_ptr<const graph::Graph> graph);

  const graph::Graph& host() const noexcept { return *m_graph; }
  std::shared_ptr<const graph::Graph> hostShared() const noexcept { return m_graph; }
  uint32_t vertexCount() const noexcept { return m_graph->vertexCount(); }

  // uint32 offsets (V + 1) and targets; in-arcs are the same buffers for
  // undirected graphs.
  const gpu::Buffer& outOffsets() const noexcept { return m_outOffsets; }
  const gpu::Buffer& outTargets() const noexcept { return m_outTargets; }
  const gpu::Buffer& inOffsets() const noexcept { return m_graph->directed() ? m_inOffsets : m_outOffsets; }
  const gpu::Buffer& inTargets() const noexcept { return m_graph->directed() ? m_inTargets : m_outTargets; }

  uint64_t deviceBytes() const noexcept { return m_bytes; }

  // Weakly connected component of every vertex (graph::componentLabels),
  // computed on the host at first use and kept. Thread-safe.
  const std::vector<graph::VertexId>& componentLabels() const;

private:
  std::shared_ptr<const graph::Graph> m_graph;
  gpu::Buffer m_outOffsets;
  gpu::Buffer m_outTargets;
  gpu::Buffer m_inOffsets;
  gpu::Buffer m_inTargets;
  uint64_t m_bytes = 0;
  mutable std::once_flag m_labelsOnce;
  mutable std::vector<graph::VertexId> m_labels;
};

} // namespace frontier::engine
