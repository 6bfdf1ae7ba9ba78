#pragma once
// The scan-built JFQ (engine switch `scan`): identify writes the JFQ entry
// count of the i-th vertex it examines into counts() instead of appending
// with atomics; record() scans the counts into prefix() with a DeviceScan and
// dispatches the scatter kernel, which writes the entries in that order and
// the entry total where the plan and the expand expect it. The JFQ is thus
// deterministic: ascending vertex ids when identify examines every vertex.
//
// Thread affinity: the thread that owns the gpu::Context (like Search).

#include <cstdint>
#include <memory>

#include "engine/scan/DeviceScan.h"
#include "Ibfs.h"
#include "engine/ibfs/IbfsKernels.h"
#include "vk/Buffer.h"

namespace frontier::engine {

class JfqScan {
public:
  // `listCapacity`: the most vertices one identify examines (V). `control`:
  // the search's control block, whose kIbfsControlScanLength word identify
  // sets to the length of the list it examined.
  JfqScan(gpu::Context& context, ScanKind kind, uint32_t listCapacity, const gpu::Buffer& control);

  const gpu::Buffer& counts() const noexcept { return m_counts; }
  const gpu::Buffer& prefix() const noexcept { return m_prefix; }

  // Records the scan of the counts of the list identify examined (its length
  // is read on the device), then the scatter, sized by the identify's
  // indirect arguments in `control`.
  void recordScan(gpu::CommandBuffer& commands) const;
  void recordScatter(gpu::CommandBuffer& commands, const IbfsPipeline& scatter, const gpu::Buffer& control,
                     uint64_t identifyArgsOffset, const shader::IbfsPush& push) const;

private:
  uint32_t m_capacity;
  gpu::Buffer m_counts;
  gpu::Buffer m_prefix;
  std::unique_ptr<DeviceScan> m_scan;
};

} // namespace frontier::engine
