#include "engine/AddressedArray.h"

#include <algorithm>
#include <bit>
#include <stdexcept>

#include "Common.h"
#include "engine/RequestChecks.h"
#include "vk/Context.h"

namespace frontier::engine {

namespace {
constexpr uint64_t kWord = sizeof(uint32_t);
constexpr uint64_t kTableAlignment = 64;  // bits 0-5 of the table's address carry the tag
} // namespace

gpu::SpecializationValue chunkedArcsSpecialization(bool chunked) {
  return {shader::kSpecChunkedArcs, chunked ? 1U : 0U};
}

uint64_t AddressedArray::chunkWordsFor(uint64_t words, uint64_t allocationLimit) {
  if (allocationLimit == 0 || words * kWord <= allocationLimit) {
    return 0;
  }
  // Word indices are 32-bit: a chunk of at most 2^31 words keeps the shift
  // within the tag's five bits.
  return std::min<uint64_t>(std::bit_floor(allocationLimit / kWord), uint64_t{1} << 31);
}

AddressedArray::AddressedArray(gpu::Context& context, std::span<const uint32_t> words, const std::string& name,
                               uint64_t chunkWords)
    : m_bytes(words.size() * kWord) {
  requireBufferDeviceAddress(context, name);
  if (chunkWords == 0) {
    chunkWords = chunkWordsFor(words.size(), context.info().maxMemoryAllocationSize);
  } else if (!std::has_single_bit(chunkWords) || chunkWords < 16 || chunkWords > (uint64_t{1} << 31)) {
    throw std::invalid_argument(name + ": words per chunk must be a power of two from 16 to 2^31, not " +
                                std::to_string(chunkWords));
  }
  if (chunkWords == 0 || words.size() <= chunkWords) {
    m_chunks.push_back(context.createBuffer(m_bytes, gpu::BufferKind::Device, name, gpu::BufferAccess::Address));
    context.upload(m_chunks.back(), words);
    m_address = m_chunks.back().address();
    return;
  }
  std::vector<uint64_t> addresses;
  for (uint64_t first = 0; first < words.size(); first += chunkWords) {
    const std::span<const uint32_t> part = words.subspan(first, std::min<uint64_t>(chunkWords, words.size() - first));
    m_chunks.push_back(context.createBuffer(part.size_bytes(), gpu::BufferKind::Device,
                                            name + " (chunk " + std::to_string(addresses.size()) + ")",
                                            gpu::BufferAccess::Address));
    context.upload(m_chunks.back(), part);
    addresses.push_back(m_chunks.back().address());
  }
  // The table starts at the first 64-byte boundary of its buffer, whatever
  // the buffer's own alignment.
  m_table = context.createBuffer(addresses.size() * sizeof(uint64_t) + kTableAlignment, gpu::BufferKind::Device,
                                 name + " (chunk addresses)", gpu::BufferAccess::Address);
  const uint64_t table = (m_table.address() + kTableAlignment - 1) / kTableAlignment * kTableAlignment;
  context.upload(m_table, std::span<const uint64_t>(addresses), table - m_table.address());
  m_address = table | 1U | (uint64_t{static_cast<uint32_t>(std::countr_zero(chunkWords))} << 1U);
}

} // namespace frontier::engine
