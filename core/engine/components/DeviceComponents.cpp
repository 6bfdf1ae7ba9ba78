#include "engine/components/DeviceComponents.h"

#include <algorithm>
#include <chrono>
#include <cstring>
#include <stdexcept>

#include "Components.h"
#include "cc/components.h"
#include "engine/DeviceGraph.h"
#include "engine/FenceWait.h"
#include "vk/CommandBuffer.h"
#include "vk/ComputePipeline.h"

namespace frontier::engine {

ComponentLabelsRun computeComponentLabels(gpu::Context& context, const DeviceGraph& graph, SpanRecorder& spans,
                                          ComponentsOrder order) {
  if (order == ComponentsOrder::Afforest && graph.host().directed()) {
    throw std::invalid_argument("Afforest's order needs an undirected graph (each edge stored both ways)");
  }
  ComponentLabelsRun out;
  const uint32_t V = graph.vertexCount();
  if (V == 0) {
    return out;
  }
  const uint64_t arcs = graph.host().arcCount();
  // The labels, then the giant component's label and the rest pass's arc count (Components.h).
  const uint64_t words = uint64_t{V} + 2;
  const AddressedArray parent(context, words, "component labels");
  gpu::Buffer readback = context.createBuffer(words * 4, gpu::BufferKind::Download, "component labels readback");

  gpu::PipelineDesc desc;
  desc.name = "components";
  desc.spirv = k_cc_components;
  desc.bufferCount = 0;  // every array by address (CcPush)
  desc.pushConstantBytes = sizeof(shader::CcPush);
  desc.specialization = {chunkedArcsSpecialization(graph.chunkedArcs() || parent.chunked())};
  const gpu::ComputePipeline pipeline(context, desc);
  const gpu::DescriptorSet set;

  const uint32_t maxGroups = std::min<uint32_t>(65535, context.info().maxWorkgroupCount[0]);
  const auto groupsFor = [&](uint64_t items) {
    return static_cast<uint32_t>(std::clamp<uint64_t>((items + shader::kCcWorkgroupSize - 1) / shader::kCcWorkgroupSize,
                                                      1, maxGroups));
  };
  shader::CcPush push{};
  push.targets = graph.outTargets().address();
  push.offsets = graph.outOffsets().address();
  push.parent = parent.address();
  push.vertexCount = V;
  push.arcCount = static_cast<uint32_t>(arcs);  // DeviceGraph holds fewer than 2^32 arcs
  push.undirected = graph.host().directed() ? 0U : 1U;

  gpu::CommandBuffer commands = context.createCommandBuffer("components");
  commands.begin();
  commands.beginLabel("components");
  spans.begin(commands);
  const auto pass = [&](uint32_t which, uint32_t groups) {
    push.pass = which;
    push.groups = groups;
    commands.dispatch(pipeline, set, {push.groups, 1, 1}, push);
    commands.barrier();
  };
  pass(shader::kCcPassInit, groupsFor(V));
  const bool afforest = arcs > 0 && (order == ComponentsOrder::ByGraph
                                         ? push.undirected != 0 && arcs >= shader::kCcAfforestArcs
                                         : order == ComponentsOrder::Afforest);
  if (afforest) {
    // Afforest's order (Components.h): sample, find the giant component, the rest.
    pass(shader::kCcPassSample, groupsFor(V));
    pass(shader::kCcPassCompress, groupsFor(V));
    pass(shader::kCcPassGiant, 1);
    pass(shader::kCcPassRest, groupsFor(V));
  } else if (arcs > 0) {
    pass(shader::kCcPassHook, groupsFor((arcs + shader::kCcChunkArcs - 1) / shader::kCcChunkArcs));
  }
  pass(shader::kCcPassCompress, groupsFor(V));
  spans.mark(commands, KernelKind::Components, 0, 0);
  parent.copyTo(commands, readback, 0, words);
  commands.barrier();
  spans.mark(commands, KernelKind::Readback, 0, 0);
  commands.endLabel();
  commands.end();

  const auto start = std::chrono::steady_clock::now();
  waitUnlessCancelled(context, context.submit(commands), nullptr);
  out.wallMs = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  out.spans = spans.resolve(out.submittedNs);
  readback.invalidate();
  const auto* word = static_cast<const uint32_t*>(readback.mapped());
  // Bytes by construction: per pass its sweep over the vertices (offsets,
  // parent words) and per arc united its target and its ends' parent words;
  // the rest pass's arcs are counted on the GPU (parent[V + 1]).
  uint64_t united = arcs;
  uint64_t sweeps = (uint64_t{V} + 1) * 4 + uint64_t{V} * 12;  // offsets; init, compress
  if (afforest) {
    uint64_t sampled = 0;
    const graph::Csr& csr = graph.host().out();
    for (uint32_t v = 0; v < V; ++v) {
      sampled += std::min<uint64_t>(csr.degree(v), shader::kCcSampleArcs);
    }
    united = sampled + word[V + 1];
    sweeps += (uint64_t{V} + 1) * 4 + uint64_t{V} * 12 + shader::kCcGiantSamples * 4;  // rest, compress, vote
  }
  for (KernelSpan& span : out.spans) {
    span.bytesMoved = span.kind == KernelKind::Readback ? words * 8 : sweeps + united * 12;
  }
  out.labels.resize(V);
  std::memcpy(out.labels.data(), readback.mapped(), uint64_t{V} * 4);
  return out;
}

ComponentCounts countComponents(const std::vector<graph::VertexId>& labels) {
  ComponentCounts counts;
  std::vector<uint64_t> size(labels.size(), 0);
  for (const graph::VertexId label : labels) {
    ++size[label];
  }
  for (const uint64_t count : size) {
    if (count > 0) {
      ++counts.components;
    }
    counts.largest = std::max(counts.largest, count);
  }
  return counts;
}

} // namespace frontier::engine
