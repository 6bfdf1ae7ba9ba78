#pragma once
// A graph's CSR and reverse CSR in device buffers, shared (read-only) by every
// search on it. Offsets and arc targets are read by device address
// (AddressedArray), so they may be larger than one binding and than one
// allocation. Construction checks the whole against the memory budget and
// throws ResourceError naming the sizes and the limit.

#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <vector>
#include <string>

#include "graph/Graph.h"
#include "engine/AddressedArray.h"
#include "engine/components/DeviceComponents.h"
#include "engine/SpanRecorder.h"
#include "graph/GraphStats.h"
#include "vk/Buffer.h"

namespace frontier::gpu { class Context; }

namespace frontier::engine {

class DeviceGraph {
public:
  // analyseFirst: compute degreeShape() on the host before the upload rather
  // than at first use. Searches that need it (`tuned`) then start right after
  // the upload: host work between the upload and the first submission lets
  // the GPU drop its clocks, and a single run then measured several times
  // slower than the same run warm. (The component labels the filter needs
  // are computed on the device: deviceComponentLabels.)
  // `targetChunkWords`: AddressedArray's chunk size for the offsets and the
  // targets (0 = as the device allows; tests force small chunks).
  DeviceGraph(gpu::Context& context, std::shared_ptr<const graph::Graph> graph, bool analyseFirst = false,
              uint64_t targetChunkWords = 0);

  const graph::Graph& host() const noexcept { return *m_graph; }
  std::shared_ptr<const graph::Graph> hostShared() const noexcept { return m_graph; }
  uint32_t vertexCount() const noexcept { return m_graph->vertexCount(); }

  // uint32 offsets (V + 1) and targets, both addressed; in-arcs are the same
  // arrays for undirected graphs.
  const AddressedArray& outOffsets() const noexcept { return m_outOffsets; }
  const AddressedArray& outTargets() const noexcept { return m_outTargets; }
  const AddressedArray& inOffsets() const noexcept { return m_graph->directed() ? m_inOffsets : m_outOffsets; }
  const AddressedArray& inTargets() const noexcept { return m_graph->directed() ? m_inTargets : m_outTargets; }

  uint64_t deviceBytes() const noexcept { return m_bytes; }
  // Some offsets or target array is spread over chunks: kernels need
  // chunkedArcsSpecialization(true).
  bool chunkedArcs() const noexcept {
    return outTargets().chunked() || inTargets().chunked() || outOffsets().chunked() || inOffsets().chunked();
  }

  // Weakly connected component of every vertex (graph::componentLabels),
  // computed on the host at first use and kept: the reference the device
  // labels are tested against. Thread-safe.
  const std::vector<graph::VertexId>& componentLabels() const;
  // The same partition computed on the device (engine/components: the label
  // is the smallest vertex id of the component) at first use, recorded with
  // `spans` (the asking run's recorder), and kept. When this call computed
  // them, `computed` (if given) receives the labels' spans and times so that
  // the run counts them in its GPU time; later calls leave it untouched.
  // Thread-safe.
  const std::vector<graph::VertexId>& deviceComponentLabels(SpanRecorder& spans,
                                                            ComponentLabelsRun* computed = nullptr) const;
  // The number of components and the size of the largest, counted once from
  // the device labels (O(V): kept, so that each run of `tuned` does not count
  // them again). After deviceComponentLabels(). Thread-safe.
  ComponentCounts deviceComponentCounts() const;
  // Degree statistics, components and a diameter estimate (graph::computeStats),
  // computed on the host at first use and kept. Thread-safe.
  const graph::GraphStats& shape() const;
  // vertices, edges, directed, weighted, degreeMean and degreeMax: O(V), no
  // components (0). Thread-safe, kept.
  const graph::GraphStats& degreeShape() const;
  // What the `tuned` preset reads, without shape()'s diameter sweeps and
  // degree ranking: degreeShape() plus components and largestComponent from
  // the host's componentLabels(). The engine itself counts the device labels
  // instead (engine/ibfs/Search); this is their reference. Thread-safe, kept.
  const graph::GraphStats& tuningShape() const;
  // Each vertex's place in the reverse Cuthill-McKee order of the graph
  // (graph::reverseCuthillMcKee: neighbours get close places), computed on
  // the host at first use and kept, so that repeated runs do not pay for it
  // (the batched shortest paths order their queries by it). Thread-safe.
  const std::vector<uint32_t>& localityRank() const;

private:
  gpu::Context& m_context;
  std::shared_ptr<const graph::Graph> m_graph;
  AddressedArray m_outOffsets;
  AddressedArray m_outTargets;
  AddressedArray m_inOffsets;
  AddressedArray m_inTargets;
  uint64_t m_bytes = 0;
  mutable std::once_flag m_labelsOnce;
  mutable std::vector<graph::VertexId> m_labels;
  mutable std::mutex m_deviceLabelsMutex;
  mutable bool m_deviceLabelsReady = false;
  mutable std::vector<graph::VertexId> m_deviceLabels;
  mutable std::optional<ComponentCounts> m_deviceCounts;
  mutable std::once_flag m_degreesOnce;
  mutable graph::GraphStats m_degrees;
  mutable std::once_flag m_shapeOnce;
  mutable graph::GraphStats m_shape;
  mutable std::once_flag m_rankOnce;
  mutable std::vector<uint32_t> m_rank;
  mutable std::once_flag m_tuningOnce;
  mutable graph::GraphStats m_tuning;
};

} // namespace frontier::engine
