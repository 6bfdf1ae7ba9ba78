#pragma once
// A device array of 32-bit words that the shaders read by device address
// (arc targets, arc weights; shaders/include/AddressedArcs.glsl), or of
// 64-bit keys (the shortest paths' distances: two words each). While it
// fits one allocation (maxMemoryAllocationSize) it is one buffer and
// address() is that buffer's address. A larger one (Kronecker 26's 7.8 GiB
// of targets on a device that allows 4 GiB per allocation) is cut into
// chunks of a power-of-two number of words, each a buffer of its own, and a
// small table holds the chunks' addresses: address() is then the table's
// address tagged with bit 0 and the chunk's log2 size in bits 1-5, which the
// shaders' addressedWord() decodes. Storage-buffer bindings are not involved,
// so maxStorageBufferRange does not limit these arrays either.
//
// Arrays the device writes (the iBFS status arrays and queues, the shortest
// paths' per-entry arrays) are made the same way, uninitialised, and filled
// and read back chunk by chunk.
//
// Thread affinity: the context's. Errors: ResourceError without buffer
// device addresses; gpu::VulkanError from the allocations.

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "vk/Buffer.h"
#include "vk/ComputePipeline.h"

namespace frontier::gpu {
class CommandBuffer;
class Context;
} // namespace frontier::gpu

namespace frontier::engine {

class AddressedArray {
public:
  AddressedArray() = default;
  // Uploads `words`. `chunkWords`: 0 = one buffer when the device allows it,
  // else the largest power of two of words per chunk that one allocation
  // holds; a power of two (at least 16) forces chunks of that size (tests).
  AddressedArray(gpu::Context& context, std::span<const uint32_t> words, const std::string& name,
                 uint64_t chunkWords = 0);
  // `words` words the device writes (status arrays, queues), uninitialised.
  AddressedArray(gpu::Context& context, uint64_t words, const std::string& name, uint64_t chunkWords = 0);

  // What the push constants carry: the array's address, or the tagged table's.
  uint64_t address() const noexcept { return m_address; }
  size_t chunkCount() const noexcept { return m_chunks.size(); }
  bool chunked() const noexcept { return m_chunks.size() > 1; }
  // Device bytes of the words (the table's few bytes not included).
  uint64_t bytes() const noexcept { return m_bytes; }

  // Records fills of `words` words from `firstWord` (all of them by default)
  // with `value`, chunk by chunk.
  void fill(gpu::CommandBuffer& commands, uint32_t value, uint64_t firstWord = 0,
            uint64_t words = ~uint64_t{0}) const;
  // Records copies of `words` words from `firstWord` into `dst` at byte 0
  // (a read-back buffer), chunk by chunk.
  void copyTo(gpu::CommandBuffer& commands, const gpu::Buffer& dst, uint64_t firstWord, uint64_t words) const;
  // Copies out.size() words from `firstWord` to the host and waits.
  void download(gpu::Context& context, std::span<uint32_t> out, uint64_t firstWord = 0) const;
  // The same for 64-bit elements (distance keys: words 2i and 2i + 1, which
  // a chunk never splits), from element `firstKey`.
  void download(gpu::Context& context, std::span<uint64_t> out, uint64_t firstKey = 0) const;

  // The words per chunk for an array of `words` on a device that allows
  // `allocationLimit` bytes per allocation (0 = no limit known): 0 when it
  // fits one allocation, else the largest power of two that fits. Pure.
  static uint64_t chunkWordsFor(uint64_t words, uint64_t allocationLimit);

private:
  // Makes the chunks (and their table when there are several).
  void allocate(gpu::Context& context, uint64_t words, const std::string& name, uint64_t chunkWords);
  // Calls f(chunk, offset in the chunk, offset in the range, words) for each
  // chunk the words [first, first + count) touch.
  template <class F> void forRange(uint64_t first, uint64_t count, F&& f) const;
  // Copies `words` words from `firstWord` to `out` and waits; throws past the end.
  void downloadWords(gpu::Context& context, void* out, uint64_t firstWord, uint64_t words) const;

  std::vector<gpu::Buffer> m_chunks;
  gpu::Buffer m_table;
  uint64_t m_address = 0;
  uint64_t m_bytes = 0;
  uint64_t m_chunkWords = 0;  // words per chunk; all of them when there is one
};

// The specialization of a kernel that reads addressed arrays: `chunked` when
// any of them is spread over chunks (shaders/include/AddressedArcs.glsl).
gpu::SpecializationValue chunkedArcsSpecialization(bool chunked);

} // namespace frontier::engine
