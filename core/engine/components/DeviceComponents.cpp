#include "engine/components/DeviceComponents.h"

#include <algorithm>
#include <chrono>
#include <cstring>

#include "Components.h"
#include "cc/components.h"
#include "engine/DeviceGraph.h"
#include "engine/FenceWait.h"
#include "vk/BindingTable.h"
#include "vk/CommandBuffer.h"
#include "vk/ComputePipeline.h"

namespace frontier::engine {

ComponentLabelsRun computeComponentLabels(gpu::Context& context, const DeviceGraph& graph, SpanRecorder& spans) {
  ComponentLabelsRun out;
  const uint32_t V = graph.vertexCount();
  if (V == 0) {
    return out;
  }
  const uint64_t arcs = graph.host().arcCount();
  gpu::Buffer parent = context.createBuffer(uint64_t{V} * 4, gpu::BufferKind::Device, "component labels");
  gpu::Buffer readback = context.createBuffer(uint64_t{V} * 4, gpu::BufferKind::Download, "component labels readback");

  gpu::PipelineDesc desc;
  desc.name = "components";
  desc.spirv = k_cc_components;
  desc.bufferCount = shader::kCcBindingCount;
  desc.pushConstantBytes = sizeof(shader::CcPush);
  desc.specialization = {chunkedArcsSpecialization(graph.chunkedArcs())};
  const gpu::ComputePipeline pipeline(context, desc);
  gpu::BindingTable<shader::kCcBindingCount> buffers;
  buffers.set(shader::kCcBindingOffsets, graph.outOffsets()).set(shader::kCcBindingParent, parent);
  const gpu::DescriptorSet set = pipeline.bind(buffers.ranges());

  const uint32_t maxGroups = std::min<uint32_t>(65535, context.info().maxWorkgroupCount[0]);
  const auto groupsFor = [&](uint64_t items) {
    return static_cast<uint32_t>(std::clamp<uint64_t>((items + shader::kCcWorkgroupSize - 1) / shader::kCcWorkgroupSize,
                                                      1, maxGroups));
  };
  shader::CcPush push{};
  push.targets = graph.outTargets().address();
  push.vertexCount = V;
  push.arcCount = static_cast<uint32_t>(arcs);  // DeviceGraph holds fewer than 2^32 arcs
  push.undirected = graph.host().directed() ? 0U : 1U;

  gpu::CommandBuffer commands = context.createCommandBuffer("components");
  commands.begin();
  commands.beginLabel("components");
  spans.begin(commands);
  push.pass = shader::kCcPassInit;
  push.groups = groupsFor(V);
  commands.dispatch(pipeline, set, {push.groups, 1, 1}, push);
  commands.barrier();
  if (arcs > 0) {
    push.pass = shader::kCcPassHook;
    push.groups = groupsFor((arcs + shader::kCcChunkArcs - 1) / shader::kCcChunkArcs);
    commands.dispatch(pipeline, set, {push.groups, 1, 1}, push);
    commands.barrier();
  }
  push.pass = shader::kCcPassCompress;
  push.groups = groupsFor(V);
  commands.dispatch(pipeline, set, {push.groups, 1, 1}, push);
  commands.barrier();
  spans.mark(commands, KernelKind::Components, 0, 0);
  commands.copy(parent, readback, 0, 0, uint64_t{V} * 4);
  commands.barrier();
  spans.mark(commands, KernelKind::Readback, 0, 0);
  commands.endLabel();
  commands.end();

  const auto start = std::chrono::steady_clock::now();
  waitUnlessCancelled(context, context.submit(commands), nullptr);
  out.wallMs = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  out.spans = spans.resolve(out.submittedNs);
  for (KernelSpan& span : out.spans) {
    // Offsets read once, parent words read and written per vertex, targets once.
    span.bytesMoved = span.kind == KernelKind::Readback ? uint64_t{V} * 8
                                                          : (uint64_t{V} + 1) * 4 + uint64_t{V} * 12 + arcs * 4;
  }
  readback.invalidate();
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
