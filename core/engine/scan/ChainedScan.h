#pragma once
// Device-wide exclusive prefix sum of uint values in ONE dispatch: the
// single-pass chained scan with decoupled look-back and the fallback of
// Smith, Levien and Owens, which needs no forward-progress guarantee between
// workgroups (shaders/scan/ChainedScan.glsl; docs/ENGINE.md explains the
// protocol). Out of place: input is only read.
//
// Status words are 64-bit where the device has 64-bit buffer atomics (results
// modulo 2^32, like PrefixSum), else 32-bit (results exact while the total is
// below 2^30).

#include <cstdint>

#include "engine/scan/DeviceScan.h"
#include "vk/ComputePipeline.h"

namespace frontier::engine {

struct ChainedScanShape {
  uint32_t workgroupSize = 256;
  uint32_t itemsPerThread = 16;
  // Re-reads of a not-ready predecessor before the waiting workgroup reduces
  // that tile itself. Small values take the fallback often (tests).
  uint32_t spinLimit = 64;
  bool forcePacked32 = false;  // use 32-bit status words even with 64-bit atomics
  bool reverseTiles = false;   // testing: tiles in reverse launch order instead of a ticket
  bool countLookbacks = false; // testing: count look-back windows (lookbackCount())
};

class ChainedScan final : public DeviceScan {
public:
  ChainedScan(gpu::Context& context, const gpu::Buffer& input, const gpu::Buffer& output, uint32_t capacity,
              const ChainedScanShape& shape = {}, DeviceLength length = {});

  void record(gpu::CommandBuffer& commands, uint32_t count) const override;
  void recordDeviceLength(gpu::CommandBuffer& commands) const override;
  ScanKind kind() const noexcept override { return ScanKind::Chained; }

  uint32_t tileSize() const noexcept { return m_shape.workgroupSize * m_shape.itemsPerThread; }
  bool packed32() const noexcept { return m_packed32; }
  // Debug counters of the last recorded scan, once it has executed: tiles
  // reduced by a waiting workgroup (fallbacks) and status windows read (0
  // unless the shape asks to count them).
  uint32_t fallbackCount() const;
  uint32_t lookbackCount() const;

private:
  // Clears the status words of `tiles` tiles and the ticket, then dispatches.
  void recordPass(gpu::CommandBuffer& commands, uint32_t tiles, uint32_t count) const;

  gpu::Context* m_context;
  ChainedScanShape m_shape;
  uint32_t m_capacity;
  uint64_t m_input, m_output;  // device addresses (ChainedScanPush)
  DeviceLength m_length;
  bool m_packed32;
  gpu::Buffer m_status;
  gpu::Buffer m_control;
  gpu::Buffer m_unusedLength;  // bound when the length is given by the host
  gpu::ComputePipeline m_pipeline;
  gpu::DescriptorSet m_set;
};

} // namespace frontier::engine
