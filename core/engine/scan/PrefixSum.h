#pragma once
// Device-wide exclusive prefix sum of uint values (modulo 2^32), the portable
// reduce-then-scan: reduce each tile, scan the tile sums in one workgroup,
// scan each tile from its prefix into the output. Three dispatches, no
// inter-workgroup communication, so it needs no forward-progress guarantee.
// In place or out of place.

#include <cstdint>

#include "engine/scan/DeviceScan.h"
#include "Scan.h"
#include "vk/Buffer.h"
#include "vk/CommandBuffer.h"
#include "vk/ComputePipeline.h"
#include "vk/Context.h"

namespace frontier::engine {

class PrefixSum final : public DeviceScan {
public:
  // `data` is scanned in place, up to `capacity` values.
  PrefixSum(gpu::Context& context, const gpu::Buffer& data, uint32_t capacity);
  // From `input` into `output` (which may be the same buffer).
  PrefixSum(gpu::Context& context, const gpu::Buffer& input, const gpu::Buffer& output, uint32_t capacity,
            DeviceLength length = {});

  // Records the scan of the first `count` values (count <= capacity),
  // followed by a barrier.
  void record(gpu::CommandBuffer& commands, uint32_t count) const override;
  void recordDeviceLength(gpu::CommandBuffer& commands) const override;
  ScanKind kind() const noexcept override { return ScanKind::ReduceThenScan; }

  uint32_t tileSize() const noexcept { return m_tileSize; }
  static uint32_t tileCount(uint32_t count, uint32_t tileSize) noexcept;

private:
  void recordPasses(gpu::CommandBuffer& commands, uint32_t tiles, const shader::ScanPush& push) const;
  const gpu::Buffer& lengthBuffer() const;

  uint32_t m_capacity;
  uint64_t m_input, m_output;  // device addresses (ScanPush)
  uint32_t m_tileSize;
  DeviceLength m_length;
  gpu::Buffer m_partials;
  gpu::Buffer m_unusedLength;  // bound when the length is given by the host
  gpu::ComputePipeline m_reduce;
  gpu::ComputePipeline m_partialsScan;
  gpu::ComputePipeline m_downsweep;
  gpu::DescriptorSet m_reduceSet;
  gpu::DescriptorSet m_partialsSet;
  gpu::DescriptorSet m_downsweepSet;
};

} // namespace frontier::engine
