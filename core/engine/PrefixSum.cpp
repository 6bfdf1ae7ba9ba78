#include "PrefixSum.h"

#include <span>
#include <stdexcept>
#include <string>

#include "ChainedScan.h"

#include "Scan.h"
#include "scan/scan_downsweep.h"
#include "scan/scan_partials.h"
#include "scan/scan_reduce.h"

namespace frontier::engine {

namespace {
constexpr uint32_t kWorkgroupSize = 256;
constexpr uint32_t kItemsPerThread = 16;

gpu::PipelineDesc scanPipeline(const char* name, std::span<const uint32_t> spirv, uint32_t buffers) {
  gpu::PipelineDesc desc;
  desc.name = name;
  desc.spirv = spirv;
  desc.bufferCount = buffers;
  desc.pushConstantBytes = sizeof(shader::ScanPush);
  desc.specialization = {{shader::kScanSpecWorkgroupSize, kWorkgroupSize},
                         {shader::kScanSpecItemsPerThread, kItemsPerThread}};
  return desc;
}
} // namespace

uint32_t PrefixSum::tileCount(uint32_t count, uint32_t tileSize) noexcept {
  return (count + tileSize - 1) / tileSize;
}

std::string_view scanKindName(ScanKind kind) {
  return kind == ScanKind::Chained ? "chained" : "reduce-then-scan";
}

std::unique_ptr<DeviceScan> makeDeviceScan(gpu::Context& context, ScanKind kind, const gpu::Buffer& input,
                                           const gpu::Buffer& output, uint32_t capacity) {
  if (kind == ScanKind::Chained) {
    return std::make_unique<ChainedScan>(context, input, output, capacity);
  }
  if (&input == &output) {
    return std::make_unique<PrefixSum>(context, output, capacity);
  }
  return std::make_unique<PrefixSum>(context, input, output, capacity);
}

PrefixSum::PrefixSum(gpu::Context& context, const gpu::Buffer& input, const gpu::Buffer& data, uint32_t capacity)
    : PrefixSum(context, data, capacity) {
  m_input = &input;
}

PrefixSum::PrefixSum(gpu::Context& context, const gpu::Buffer& data, uint32_t capacity)
    : m_data(&data), m_capacity(capacity), m_tileSize(kWorkgroupSize * kItemsPerThread),
      m_partials(context.createBuffer(uint64_t{tileCount(capacity, m_tileSize)} * sizeof(uint32_t),
                                      gpu::BufferKind::Device, "scan partials")),
      m_reduce(context, scanPipeline("scan reduce", k_scan_scan_reduce, 2)),
      m_partialsScan(context, scanPipeline("scan partials", k_scan_scan_partials, 2)),
      m_downsweep(context, scanPipeline("scan downsweep", k_scan_scan_downsweep, 2)),
      m_reduceSet(m_reduce.bind({data, m_partials})), m_partialsSet(m_partialsScan.bind({data, m_partials})),
      m_downsweepSet(m_downsweep.bind({data, m_partials})) {}

void PrefixSum::record(gpu::CommandBuffer& commands, uint32_t count) const {
  if (count > m_capacity) {
    throw std::invalid_argument("prefix sum of " + std::to_string(count) + " values exceeds its capacity " +
                                std::to_string(m_capacity));
  }
  if (count == 0) {
    return;
  }
  if (m_input != nullptr) {
    commands.copy(*m_input, *m_data, 0, 0, uint64_t{count} * sizeof(uint32_t));
    commands.barrier();
  }
  const uint32_t tiles = tileCount(count, m_tileSize);
  const shader::ScanPush push{count, tiles};
  commands.dispatch(m_reduce, m_reduceSet, {tiles, 1, 1}, push);
  commands.barrier();
  commands.dispatch(m_partialsScan, m_partialsSet, {1, 1, 1}, push);
  commands.barrier();
  commands.dispatch(m_downsweep, m_downsweepSet, {tiles, 1, 1}, push);
  commands.barrier();
}

} // namespace frontier::engine
