#include "engine/ibfs/JfqScan.h"

#include <algorithm>

#include "vk/CommandBuffer.h"

namespace frontier::engine {

JfqScan::JfqScan(gpu::Context& context, ScanKind kind, uint32_t listCapacity, const gpu::Buffer& control)
    : m_capacity(std::max(1U, listCapacity)),
      // The iBFS kernels (IbfsArrays) and the scan (ScanPush) reach both by address.
      m_counts(context.createBuffer(uint64_t{m_capacity} * 4, gpu::BufferKind::Device, "JFQ entry counts",
                                    gpu::BufferAccess::Address)),
      m_prefix(context.createBuffer(uint64_t{m_capacity} * 4, gpu::BufferKind::Device, "JFQ entry offsets",
                                    gpu::BufferAccess::Address)),
      m_scan(makeDeviceScan(context, kind, m_counts, m_prefix, m_capacity,
                            DeviceLength{&control, shader::kIbfsControlScanLength})) {}

void JfqScan::recordScan(gpu::CommandBuffer& commands) const { m_scan->recordDeviceLength(commands); }

void JfqScan::recordScatter(gpu::CommandBuffer& commands, const IbfsPipeline& scatter, const gpu::Buffer& control,
                            uint64_t identifyArgsOffset, const shader::IbfsPush& push) const {
  commands.dispatchIndirect(scatter.pipeline, scatter.set, control, identifyArgsOffset, push);
  commands.barrier();
}

} // namespace frontier::engine
