#include "engine/DeviceGraph.h"

#include <algorithm>
#include <limits>
#include <stdexcept>
#include <vector>

#include "engine/ibfs/Search.h"
#include "engine/MemoryNeeds.h"
#include "engine/RequestChecks.h"
#include "graph/GraphStats.h"
#include "graph/VertexOrder.h"
#include "vk/Context.h"

namespace frontier::engine {

namespace {

// Offsets fit 32 bits on the device: the engine takes fewer than 2^32 arcs.
std::vector<uint32_t> narrowOffsets(const graph::Csr& csr) {
  std::vector<uint32_t> out(csr.offsets.size());
  for (size_t i = 0; i < out.size(); ++i) {
    out[i] = static_cast<uint32_t>(csr.offsets[i]);
  }
  if (out.empty()) {
    out.push_back(0);
  }
  return out;
}

} // namespace

DeviceGraph::DeviceGraph(gpu::Context& context, std::shared_ptr<const graph::Graph> graph, bool analyseFirst,
                         uint64_t targetChunkWords)
    : m_context(context), m_graph(std::move(graph)) {
  const graph::Graph& g = *m_graph;
  if (analyseFirst) {
    (void)degreeShape();
  }
  const uint64_t arcs = g.arcCount();
  if (arcs >= std::numeric_limits<uint32_t>::max()) {
    throw ResourceError("the graph has " + std::to_string(arcs) + " arcs; the engine supports fewer than 2^32");
  }
  const uint64_t offsetBytes = (uint64_t{g.vertexCount()} + 1) * sizeof(uint32_t);
  const uint64_t targetBytes = arcs * sizeof(uint32_t);
  m_bytes = (offsetBytes + targetBytes) * (g.directed() ? 2 : 1);
  checkFits("the graph", m_bytes, context.deviceLocalBudget(), context.info().name,
            "use a smaller graph or a device with more memory");

  auto uploadCsr = [&](const graph::Csr& csr, AddressedArray& offsets, AddressedArray& targets, const char* name) {
    const std::vector<uint32_t> narrow = narrowOffsets(csr);
    offsets = AddressedArray(context, std::span<const uint32_t>(narrow), std::string(name) + " offsets",
                             targetChunkWords);
    targets = AddressedArray(context, std::span<const uint32_t>(csr.targets), std::string(name) + " targets",
                             targetChunkWords);
  };
  uploadCsr(g.out(), m_outOffsets, m_outTargets, "out-arc");
  if (g.directed()) {
    uploadCsr(g.in(), m_inOffsets, m_inTargets, "in-arc");
  }
}

const std::vector<graph::VertexId>& DeviceGraph::componentLabels() const {
  std::call_once(m_labelsOnce, [this] { m_labels = graph::componentLabels(*m_graph); });
  return m_labels;
}

const std::vector<graph::VertexId>& DeviceGraph::deviceComponentLabels(SpanRecorder& spans,
                                                                     ComponentLabelsRun* computed) const {
  const std::lock_guard<std::mutex> lock(m_deviceLabelsMutex);
  if (!m_deviceLabelsReady) {
    ComponentLabelsRun run = computeComponentLabels(m_context, *this, spans);
    m_deviceLabels = std::move(run.labels);
    m_deviceLabelsReady = true;
    if (computed != nullptr) {
      *computed = std::move(run);
    }
  }
  return m_deviceLabels;
}

ComponentCounts DeviceGraph::deviceComponentCounts() const {
  const std::lock_guard<std::mutex> lock(m_deviceLabelsMutex);
  if (!m_deviceLabelsReady) {
    throw std::logic_error("deviceComponentCounts() before deviceComponentLabels()");
  }
  if (!m_deviceCounts) {
    m_deviceCounts = countComponents(m_deviceLabels);
  }
  return *m_deviceCounts;
}

const std::vector<uint32_t>& DeviceGraph::localityRank() const {
  std::call_once(m_rankOnce, [this] {
    const std::vector<graph::VertexId> oldOf = graph::reverseCuthillMcKee(*m_graph);
    m_rank.resize(oldOf.size());
    for (uint32_t i = 0; i < oldOf.size(); ++i) {
      m_rank[oldOf[i]] = i;
    }
  });
  return m_rank;
}

const graph::GraphStats& DeviceGraph::degreeShape() const {
  std::call_once(m_degreesOnce, [this] {
    const graph::Graph& g = *m_graph;
    graph::GraphStats s;
    const graph::VertexId n = g.vertexCount();
    s.vertices = n;
    s.edges = g.edgeCount();
    s.directed = g.directed();
    s.weighted = g.weighted();
    if (n > 0) {
      const graph::Csr& out = g.out();
      for (graph::VertexId v = 0; v < n; ++v) {
        s.degreeMax = std::max<uint64_t>(s.degreeMax, out.degree(v));
      }
      s.degreeMean = static_cast<double>(g.arcCount()) / n;
    }
    m_degrees = s;
  });
  return m_degrees;
}

const graph::GraphStats& DeviceGraph::tuningShape() const {
  std::call_once(m_tuningOnce, [this] {
    graph::GraphStats s = degreeShape();
    const ComponentCounts counts = countComponents(componentLabels());
    s.components = counts.components;
    s.largestComponent = counts.largest;
    m_tuning = s;
  });
  return m_tuning;
}

const graph::GraphStats& DeviceGraph::shape() const {
  std::call_once(m_shapeOnce, [this] { m_shape = graph::computeStats(*m_graph, 1); });
  return m_shape;
}

} // namespace frontier::engine
