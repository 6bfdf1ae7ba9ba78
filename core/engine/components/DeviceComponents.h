#pragma once
// Weakly connected component labels computed on the device (the union-find
// kernel of shaders/cc/components.comp, Components.h): the label of a vertex
// is the smallest vertex id of its component. graph::componentLabels is the
// host reference; the two agree as partitions (their label values differ).
//
// Used by the component filter (engine/ibfs/Search): the first run of a
// device graph that needs the labels records them with its own span
// recorder, so the `components` kernel is part of that run's GPU time, and
// DeviceGraph keeps them for later runs.

#include <cstdint>
#include <vector>

#include "engine/SpanRecorder.h"
#include "engine/Trace.h"
#include "graph/Graph.h"
#include "vk/Buffer.h"
#include "vk/Context.h"

namespace frontier::engine {

class DeviceGraph;

struct ComponentLabelsRun {
  std::vector<graph::VertexId> labels;
  std::vector<KernelSpan> spans;  // the components kernel and the labels' read-back (empty without timestamps)
  double submittedNs = 0;         // the submission's GPU extent
  double wallMs = 0;              // host wall clock around submit and wait
};

// Which order of passes (Components.h): by the graph (Afforest's for
// undirected graphs of at least kCcAfforestArcs arcs), or one forced (tests).
enum class ComponentsOrder : uint8_t { ByGraph, HookEveryArc, Afforest };

// Records, submits and waits for the passes over `graph` (its out-arcs)
// and reads the labels back. `spans` is begun for this submission; its spans
// are labelled batch 0, level 0. Afforest's order needs an undirected graph
// (std::invalid_argument otherwise).
ComponentLabelsRun computeComponentLabels(gpu::Context& context, const DeviceGraph& graph, SpanRecorder& spans,
                                          ComponentsOrder order = ComponentsOrder::ByGraph);

// Number of components and the size of the largest, from labels that are
// vertex ids (host or device labels).
struct ComponentCounts {
  uint64_t components = 0;
  uint64_t largest = 0;
};
ComponentCounts countComponents(const std::vector<graph::VertexId>& labels);

} // namespace frontier::engine
