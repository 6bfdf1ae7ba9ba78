#include "PrefixSum.h"

#include <span>

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

PrefixSum::PrefixSum(gpu::Context& context, const gpu::Buffer& data, uint32_t capacity)
    : m_capacity(capacity), m_tileSize(kWorkgroupSize * kItemsPerThread),
      m_partials(context.createBuffer(uint64_t{tileCount(capacity, m_tileSize)} * sizeof(uint32_t),
                                      gpu::BufferKind::Device, "scan partials")),
      m_reduce(context, scanPipeline("scan reduce", k_scan_scan_reduce, 2)),
      m_partialsScan(context, scanPipeline("scan partials", k_scan_scan_partials, 2)),
      m_downsweep(context, scanPipeline("scan downsweep", k_scan_scan_downsweep, 2)),
      m_reduceSet(m_reduce.bind({data, m_partials})), m_partialsSet(m_partialsScan.bind({data, m_partials})),
      m_downsweepSet(m_downsweep.bind({data, m_partials})) {}

void PrefixSum::record(gpu::CommandBuffer& commands, uint32_t count) const {
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
