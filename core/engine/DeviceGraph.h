#pragma once
// A graph's CSR and reverse CSR in device buffers, shared (read-only) by every
// search on it. The offsets are bound as storage buffers; the arc targets are
// read by device address (Buffer::address()), so they may be larger than one
// binding. Construction checks the offsets against maxStorageBufferRange, the
// targets against maxMemoryAllocationSize and the whole against the memory
// budget, and throws ResourceError naming the buffer, its size and the limit.

#include <cstdint>
#include <memory>
#include <mutex>
#include <vector>
#include <string>

#include "graph/Graph.h"
#include "graph/GraphStats.h"
#include "vk/Buffer.h"

namespace frontier::gpu { class Context; }

namespace frontier::engine {

class DeviceGraph {
public:
  // analyseFirst: compute componentLabels() and tuningShape() on the host
  // before the upload rather than at first use. Searches that need them
  // (`tuned`, the component filter) then start right after the upload: host
  // work of seconds (Kronecker scale 22) between the upload and the first
  // submission lets the GPU drop its clocks, and a single run then measured
  // several times slower than the same run warm.
  DeviceGraph(gpu::Context& context, std::shared_ptr<const graph::Graph> graph, bool analyseFirst = false);

  const graph::Graph& host() const noexcept { return *m_graph; }
  std::shared_ptr<const graph::Graph> hostShared() const noexcept { return m_graph; }
  uint32_t vertexCount() const noexcept { return m_graph->vertexCount(); }

  // uint32 offsets (V + 1) and targets (addressed); in-arcs are the same
  // buffers for undirected graphs.
  const gpu::Buffer& outOffsets() const noexcept { return m_outOffsets; }
  const gpu::Buffer& outTargets() const noexcept { return m_outTargets; }
  const gpu::Buffer& inOffsets() const noexcept { return m_graph->directed() ? m_inOffsets : m_outOffsets; }
  const gpu::Buffer& inTargets() const noexcept { return m_graph->directed() ? m_inTargets : m_outTargets; }

  uint64_t deviceBytes() const noexcept { return m_bytes; }

  // Weakly connected component of every vertex (graph::componentLabels),
  // computed on the host at first use and kept. Thread-safe.
  const std::vector<graph::VertexId>& componentLabels() const;
  // Degree statistics, components and a diameter estimate (graph::computeStats),
  // computed on the host at first use and kept. Thread-safe.
  const graph::GraphStats& shape() const;
  // What the `tuned` preset reads, without shape()'s diameter sweeps and
  // degree ranking: vertices, edges, directed, degreeMean, degreeMax,
  // components and largestComponent (from componentLabels(), so the labels
  // are computed once for both). Thread-safe, kept.
  const graph::GraphStats& tuningShape() const;

private:
  std::shared_ptr<const graph::Graph> m_graph;
  gpu::Buffer m_outOffsets;
  gpu::Buffer m_outTargets;
  gpu::Buffer m_inOffsets;
  gpu::Buffer m_inTargets;
  uint64_t m_bytes = 0;
  mutable std::once_flag m_labelsOnce;
  mutable std::vector<graph::VertexId> m_labels;
  mutable std::once_flag m_shapeOnce;
  mutable graph::GraphStats m_shape;
  mutable std::once_flag m_tuningOnce;
  mutable graph::GraphStats m_tuning;
};

} // namespace frontier::engine
