#include "engine/scan/PrefixSum.h"

#include <algorithm>
#include <span>
#include <stdexcept>
#include <string>

#include "Scan.h"
#include "scan/scan_downsweep.h"
#include "scan/scan_partials.h"
#include "scan/scan_reduce.h"
#include "vk/BindingTable.h"

namespace frontier::engine {

namespace {
constexpr uint32_t kWorkgroupSize = 256;
constexpr uint32_t kItemsPerThread = 16;

gpu::PipelineDesc scanPipeline(const char* name, std::span<const uint32_t> spirv) {
  gpu::PipelineDesc desc;
  desc.name = name;
  desc.spirv = spirv;
  desc.bufferCount = shader::kScanBindingCount;
  desc.pushConstantBytes = sizeof(shader::ScanPush);
  desc.specialization = {{shader::kScanSpecWorkgroupSize, kWorkgroupSize},
                         {shader::kScanSpecItemsPerThread, kItemsPerThread}};
  return desc;
}
// One of the three passes' descriptor sets: they share the binding layout.
gpu::DescriptorSet bindPass(const gpu::ComputePipeline& pass, const gpu::Buffer& partials, const gpu::Buffer& length) {
  gpu::BindingTable<shader::kScanBindingCount> buffers;
  buffers.set(shader::kScanBindingPartials, partials).set(shader::kScanBindingLength, length);
  return pass.bind(buffers.ranges());
}

} // namespace

uint32_t PrefixSum::tileCount(uint32_t count, uint32_t tileSize) noexcept {
  return (count + tileSize - 1) / tileSize;
}

PrefixSum::PrefixSum(gpu::Context& context, const gpu::Buffer& data, uint32_t capacity)
    : PrefixSum(context, data, data, capacity) {}

PrefixSum::PrefixSum(gpu::Context& context, const gpu::Buffer& input, const gpu::Buffer& output, uint32_t capacity,
                     DeviceLength length)
    : m_capacity(capacity), m_input(scanAddress(input, "input")), m_output(scanAddress(output, "output")),
      m_tileSize(kWorkgroupSize * kItemsPerThread), m_length(length),
      m_partials(context.createBuffer(uint64_t{std::max(1U, tileCount(capacity, m_tileSize))} * sizeof(uint32_t),
                                      gpu::BufferKind::Device, "scan partials")),
      m_unusedLength(context.createBuffer(4, gpu::BufferKind::Device, "scan length (unused)")),
      m_reduce(context, scanPipeline("scan reduce", k_scan_scan_reduce)),
      m_partialsScan(context, scanPipeline("scan partials", k_scan_scan_partials)),
      m_downsweep(context, scanPipeline("scan downsweep", k_scan_scan_downsweep)),
      m_reduceSet(bindPass(m_reduce, m_partials, lengthBuffer())),
      m_partialsSet(bindPass(m_partialsScan, m_partials, lengthBuffer())),
      m_downsweepSet(bindPass(m_downsweep, m_partials, lengthBuffer())) {}

const gpu::Buffer& PrefixSum::lengthBuffer() const {
  return m_length.buffer != nullptr ? *m_length.buffer : m_unusedLength;
}

void PrefixSum::record(gpu::CommandBuffer& commands, uint32_t count) const {
  if (count > m_capacity) {
    throw std::invalid_argument("prefix sum of " + std::to_string(count) + " values exceeds its capacity " +
                                std::to_string(m_capacity));
  }
  if (count == 0) {
    return;
  }
  recordPasses(commands, tileCount(count, m_tileSize), shader::ScanPush{m_input, m_output, count, 0});
}

void PrefixSum::recordDeviceLength(gpu::CommandBuffer& commands) const {
  if (m_length.buffer == nullptr) {
    throw std::logic_error("this prefix sum was built without a device-side length");
  }
  recordPasses(commands, std::max(1U, tileCount(m_capacity, m_tileSize)),
               shader::ScanPush{m_input, m_output, shader::kScanLengthOnDevice, m_length.index});
}

void PrefixSum::recordPasses(gpu::CommandBuffer& commands, uint32_t tiles, const shader::ScanPush& push) const {
  commands.dispatch(m_reduce, m_reduceSet, {tiles, 1, 1}, push);
  commands.barrier();
  commands.dispatch(m_partialsScan, m_partialsSet, {1, 1, 1}, push);
  commands.barrier();
  commands.dispatch(m_downsweep, m_downsweepSet, {tiles, 1, 1}, push);
  commands.barrier();
}

} // namespace frontier::engine
