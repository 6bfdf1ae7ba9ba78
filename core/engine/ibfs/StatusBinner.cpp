#include "engine/ibfs/StatusBinner.h"

#include <algorithm>
#include <stdexcept>
#include <string>

#include "BinStatus.h"
#include "Ibfs.h"
#include "ibfs/bin_status.h"
#include "vk/CommandBuffer.h"
#include "vk/BindingTable.h"

namespace frontier::engine {

namespace {
gpu::PipelineDesc binDesc(bool chunkedArrays) {
  gpu::PipelineDesc desc;
  desc.name = "bin status words";
  desc.spirv = k_ibfs_bin_status;
  desc.bufferCount = shader::kBinBindingCount;
  desc.pushConstantBytes = sizeof(shader::BinPush);
  desc.specialization = {chunkedArcsSpecialization(chunkedArrays)};
  return desc;
}
} // namespace

StatusBinner::StatusBinner(gpu::Context& context, bool chunkedArrays)
    : m_context(context), m_pipeline(context, binDesc(chunkedArrays)) {}

uint64_t StatusBinner::maxCells() {
  return uint64_t{65535} * 65535;
}

StatusBins StatusBinner::bin(const AddressedArray& current, const AddressedArray& next, uint32_t vertices,
                             uint32_t words, bool vertexMajor, uint32_t searches, uint32_t rows, uint32_t cols) {
  if (rows == 0 || cols == 0 || rows > searches || cols > vertices) {
    throw std::invalid_argument("status bins: " + std::to_string(rows) + " x " + std::to_string(cols) +
                                " cells do not fit " + std::to_string(searches) + " searches x " +
                                std::to_string(vertices) + " vertices");
  }
  const uint64_t cells = uint64_t{rows} * cols;
  if (cells > maxCells()) {
    throw std::invalid_argument("status bins: " + std::to_string(cells) + " cells exceed the limit of " +
                                std::to_string(maxCells()));
  }
  const uint64_t bytes = cells * 2 * 4;
  if (!m_cells.valid() || m_cells.size() < bytes) {
    m_cells = m_context.createBuffer(bytes, gpu::BufferKind::Download, "status bins");
    gpu::BindingTable<shader::kBinBindingCount> buffers;
    buffers.set(shader::kBinBindingCells, m_cells);
    m_set = m_pipeline.bind(buffers.ranges());
  }
  shader::BinPush push{};
  push.vertexCount = vertices;
  push.words = words;
  push.layoutKind = vertexMajor ? shader::kIbfsLayoutVertexMajor : shader::kIbfsLayoutInstanceMajor;
  push.searches = searches;
  push.rows = rows;
  push.cols = cols;
  push.current = current.address();
  push.next = next.address();
  // A workgroup per cell pays off when cells are large; with many small
  // cells the per-workgroup cost dominates (about 15 us each on lavapipe).
  const uint64_t itemsPerCell = (uint64_t{vertices} / cols + 1) * ((uint64_t{searches} / rows + 31) / 32 + 1);
  push.cellPerInvocation = itemsPerCell <= 4096 ? 1 : 0;
  const uint64_t groups =
      push.cellPerInvocation != 0 ? (cells + shader::kBinWorkgroupSize - 1) / shader::kBinWorkgroupSize : cells;
  gpu::CommandBuffer commands = m_context.createCommandBuffer("bin status words");
  commands.begin();
  // On a 2D grid: 65535 groups per dimension at most.
  const auto x = static_cast<uint32_t>(std::min<uint64_t>(groups, 65535));
  const auto y = static_cast<uint32_t>((groups + x - 1) / x);
  commands.dispatch(m_pipeline, m_set, {x, y, 1}, push);
  commands.barrier();
  commands.end();
  m_context.submitAndWait(commands);
  m_cells.invalidate();
  StatusBins out;
  out.searches = searches;
  out.rows = rows;
  out.cols = cols;
  const auto* counts = static_cast<const uint32_t*>(m_cells.mapped());
  out.cells.assign(counts, counts + cells * 2);
  return out;
}

} // namespace frontier::engine
