#pragma once
// A device array of 32-bit words that the shaders read by device address
// (arc targets, arc weights; shaders/include/AddressedArcs.glsl). While it
// fits one allocation (maxMemoryAllocationSize) it is one buffer and
// address() is that buffer's address. A larger one (Kronecker 26's 7.8 GiB
// of targets on a device that allows 4 GiB per allocation) is cut into
// chunks of a power-of-two number of words, each a buffer of its own, and a
// small table holds the chunks' addresses: address() is then the table's
// address tagged with bit 0 and the chunk's log2 size in bits 1-5, which the
// shaders' addressedWord() decodes. Storage-buffer bindings are not involved,
// so maxStorageBufferRange does not limit these arrays either.
//
// Thread affinity: the context's. Errors: ResourceError without buffer
// device addresses; gpu::VulkanError from the allocations.

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "vk/Buffer.h"
#include "vk/ComputePipeline.h"

namespace frontier::gpu { class Context; }

namespace frontier::engine {

class AddressedArray {
public:
  AddressedArray() = default;
  // Uploads `words`. `chunkWords`: 0 = one buffer when the device allows it,
  // else the largest power of two of words per chunk that one allocation
  // holds; a power of two (at least 16) forces chunks of that size (tests).
  AddressedArray(gpu::Context& context, std::span<const uint32_t> words, const std::string& name,
                 uint64_t chunkWords = 0);

  // What the push constants carry: the array's address, or the tagged table's.
  uint64_t address() const noexcept { return m_address; }
  size_t chunkCount() const noexcept { return m_chunks.size(); }
  // Device bytes of the words (the table's few bytes not included).
  uint64_t bytes() const noexcept { return m_bytes; }

  // The words per chunk for an array of `words` on a device that allows
  // `allocationLimit` bytes per allocation (0 = no limit known): 0 when it
  // fits one allocation, else the largest power of two that fits. Pure.
  static uint64_t chunkWordsFor(uint64_t words, uint64_t allocationLimit);

private:
  std::vector<gpu::Buffer> m_chunks;
  gpu::Buffer m_table;
  uint64_t m_address = 0;
  uint64_t m_bytes = 0;
};

// The specialization of a kernel that reads addressed arrays: `chunked` when
// any of them is spread over chunks (shaders/include/AddressedArcs.glsl).
gpu::SpecializationValue chunkedArcsSpecialization(bool chunked);

} // namespace frontier::engine
