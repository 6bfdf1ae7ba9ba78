#pragma once
// Runs shaders/ibfs/bin_status.comp over a search's status buffers and reads
// back only the grid of counts. Owned by one Search; same thread affinity.
// Errors: std::invalid_argument for a grid larger than one dispatch allows,
// gpu::VulkanError for device failures.

#include <cstdint>

#include "engine/ibfs/StatusBins.h"
#include "engine/AddressedArray.h"
#include "vk/ComputePipeline.h"
#include "vk/Context.h"

namespace frontier::engine {

class StatusBinner {
public:
  // `chunkedArrays`: the status arrays may be spread over chunks (AddressedArray).
  StatusBinner(gpu::Context& context, bool chunkedArrays);

  // The most cells one call can produce (one workgroup per cell).
  static uint64_t maxCells();

  // Bins `searches` x `vertices` of the status words in `current` and `next`
  // into rows x cols (each at least 1, at most searches and vertices).
  // Both are read by device address.
  StatusBins bin(const AddressedArray& current, const AddressedArray& next, uint32_t vertices, uint32_t words,
                 bool vertexMajor, uint32_t searches, uint32_t rows, uint32_t cols);

private:
  gpu::Context& m_context;
  gpu::ComputePipeline m_pipeline;
  gpu::Buffer m_cells; // host-visible: the device writes the counts, the host reads them
  // Bound once per cells buffer: descriptor pools only grow.
  gpu::DescriptorSet m_set;
};

} // namespace frontier::engine
