#include "engine/scan/ChainedScan.h"

#include <algorithm>
#include <stdexcept>
#include <string>

#include "Scan.h"
#include "scan/chained_scan.h"
#include "scan/chained_scan_packed32.h"
#include "vk/BindingTable.h"

namespace frontier::engine {

namespace {

uint32_t tiles(uint32_t count, uint32_t tileSize) { return (count + tileSize - 1) / tileSize; }

gpu::PipelineDesc chainedPipeline(const ChainedScanShape& shape, bool packed32) {
  gpu::PipelineDesc desc;
  desc.name = packed32 ? "chained scan (32-bit status)" : "chained scan";
  desc.spirv = packed32 ? std::span<const uint32_t>(k_scan_chained_scan_packed32)
                        : std::span<const uint32_t>(k_scan_chained_scan);
  desc.bufferCount = shader::kChainedBindingCount;
  desc.pushConstantBytes = sizeof(shader::ChainedScanPush);
  desc.specialization = {{shader::kScanSpecWorkgroupSize, shape.workgroupSize},
                         {shader::kScanSpecItemsPerThread, shape.itemsPerThread}};
  return desc;
}

// Checked before any Vulkan object is made.
const ChainedScanShape& checkedShape(const gpu::Context& context, const gpu::Buffer& input,
                                     const gpu::Buffer& output, const ChainedScanShape& shape) {
  if (&input == &output) {
    throw std::invalid_argument("the chained scan cannot scan in place: a waiting workgroup may read a "
                                "predecessor's input while that tile writes its output");
  }
  // The workgroup scan of ScanCommon.glsl keeps one total per subgroup (at
  // most 128) and loses the total of a partial subgroup; the look-back
  // window needs kChainedWindow invocations.
  const uint32_t subgroup = std::max(context.info().maxSubgroupSize, context.info().subgroupSize);
  if (shape.workgroupSize < shader::kChainedWindow || shape.workgroupSize > 1024 || shape.itemsPerThread == 0 ||
      (subgroup > 0 && shape.workgroupSize % subgroup != 0)) {
    throw std::invalid_argument("chained scan: the workgroup size must be 32..1024 and a multiple of the largest "
                                "subgroup size, with at least one item per invocation");
  }
  return shape;
}

gpu::DescriptorSet bindScan(const gpu::ComputePipeline& pipeline, const gpu::Buffer& status, const gpu::Buffer& control,
                            const gpu::Buffer& length) {
  gpu::BindingTable<shader::kChainedBindingCount> buffers;
  buffers.set(shader::kChainedBindingStatus, status)
      .set(shader::kChainedBindingControl, control)
      .set(shader::kChainedBindingLength, length);
  return pipeline.bind(buffers.ranges());
}

} // namespace

ChainedScan::ChainedScan(gpu::Context& context, const gpu::Buffer& input, const gpu::Buffer& output,
                         uint32_t capacity, const ChainedScanShape& shape, DeviceLength length)
    : m_context(&context), m_shape(checkedShape(context, input, output, shape)), m_capacity(capacity),
      m_input(scanAddress(input, "input")), m_output(scanAddress(output, "output")), m_length(length),
      m_packed32(shape.forcePacked32 || !context.info().bufferInt64Atomics || !context.info().shaderInt64),
      m_status(context.createBuffer(uint64_t{std::max(1U, tiles(capacity, tileSize()))} * (m_packed32 ? 4U : 8U),
                                    gpu::BufferKind::Device, "chained scan tile status")),
      m_control(context.createBuffer(shader::kChainedControlWords * 4U, gpu::BufferKind::Device,
                                     "chained scan ticket and counters")),
      m_unusedLength(context.createBuffer(4, gpu::BufferKind::Device, "chained scan length (unused)")),
      m_pipeline(context, chainedPipeline(shape, m_packed32)),
      m_set(bindScan(m_pipeline, m_status, m_control, length.buffer != nullptr ? *length.buffer : m_unusedLength)) {
  if (tiles(capacity, tileSize()) > context.info().maxWorkgroupCount[0]) {
    throw std::invalid_argument("chained scan: " + std::to_string(capacity) + " values need more workgroups than " +
                                context.info().name + " can dispatch");
  }
}

void ChainedScan::record(gpu::CommandBuffer& commands, uint32_t count) const {
  if (count > m_capacity) {
    throw std::invalid_argument("chained scan of " + std::to_string(count) + " values exceeds its capacity " +
                                std::to_string(m_capacity));
  }
  recordPass(commands, tiles(count, tileSize()), count);
}

void ChainedScan::recordDeviceLength(gpu::CommandBuffer& commands) const {
  if (m_length.buffer == nullptr) {
    throw std::logic_error("this chained scan was built without a device-side length");
  }
  recordPass(commands, tiles(m_capacity, tileSize()), shader::kScanLengthOnDevice);
}

void ChainedScan::recordPass(gpu::CommandBuffer& commands, uint32_t tileCount, uint32_t count) const {
  // Status words start NOT READY (zero) and the ticket at tile 0 on every scan.
  commands.fill(m_status, 0, 0, uint64_t{std::max(1U, tileCount)} * (m_packed32 ? 4U : 8U));
  commands.fill(m_control, 0);
  commands.barrier();
  if (tileCount == 0) {
    return;
  }
  const shader::ChainedScanPush push{m_input, m_output, count, m_length.index, m_shape.spinLimit,
                                     (m_shape.reverseTiles ? shader::kChainedFlagReverseTiles : 0U) |
                                         (m_shape.countLookbacks ? shader::kChainedFlagCountLookbacks : 0U)};
  commands.dispatch(m_pipeline, m_set, {tileCount, 1, 1}, push);
  commands.barrier();
}

uint32_t ChainedScan::fallbackCount() const {
  uint32_t value = 0;
  m_context->download(m_control, std::span<uint32_t>(&value, 1), shader::kChainedControlFallbacks * 4U);
  return value;
}

uint32_t ChainedScan::lookbackCount() const {
  uint32_t value = 0;
  m_context->download(m_control, std::span<uint32_t>(&value, 1), shader::kChainedControlLookbacks * 4U);
  return value;
}

} // namespace frontier::engine
