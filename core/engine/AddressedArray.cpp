#include "engine/AddressedArray.h"

#include <algorithm>
#include <bit>
#include <stdexcept>

#include "Common.h"
#include "engine/RequestChecks.h"
#include "vk/CommandBuffer.h"
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
                               uint64_t chunkWords) {
  allocate(context, words.size(), name, chunkWords);
  forRange(0, words.size(), [&](const gpu::Buffer& chunk, uint64_t, uint64_t at, uint64_t count) {
    context.upload(chunk, words.subspan(at, count));
  });
}

AddressedArray::AddressedArray(gpu::Context& context, uint64_t words, const std::string& name, uint64_t chunkWords) {
  allocate(context, words, name, chunkWords);
}

void AddressedArray::allocate(gpu::Context& context, uint64_t words, const std::string& name, uint64_t chunkWords) {
  m_bytes = words * kWord;
  requireBufferDeviceAddress(context, name);
  if (chunkWords == 0) {
    chunkWords = chunkWordsFor(words, context.maxAllocationSize());
  } else if (!std::has_single_bit(chunkWords) || chunkWords < 16 || chunkWords > (uint64_t{1} << 31)) {
    throw std::invalid_argument(name + ": words per chunk must be a power of two from 16 to 2^31, not " +
                                std::to_string(chunkWords));
  }
  if (chunkWords == 0 || words <= chunkWords) {
    m_chunkWords = std::max<uint64_t>(words, 1);
    // An empty array still gets a buffer (Vulkan has none of size 0) and an address.
    m_chunks.push_back(context.createBuffer(std::max(m_bytes, kWord), gpu::BufferKind::Device, name,
                                            gpu::BufferAccess::Address));
    m_address = m_chunks.back().address();
    return;
  }
  m_chunkWords = chunkWords;
  std::vector<uint64_t> addresses;
  for (uint64_t first = 0; first < words; first += chunkWords) {
    m_chunks.push_back(context.createBuffer(std::min(chunkWords, words - first) * kWord, gpu::BufferKind::Device,
                                            name + " (chunk " + std::to_string(addresses.size()) + ")",
                                            gpu::BufferAccess::Address));
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

template <class F> void AddressedArray::forRange(uint64_t first, uint64_t count, F&& f) const {
  const uint64_t total = m_bytes / kWord;
  if (first >= total) {
    return;
  }
  const uint64_t end = first + std::min(count, total - first);
  for (uint64_t at = first; at < end;) {
    const uint64_t chunk = at / m_chunkWords;
    const uint64_t inChunk = at % m_chunkWords;
    const uint64_t n = std::min(m_chunkWords - inChunk, end - at);
    f(m_chunks[chunk], inChunk, at - first, n);
    at += n;
  }
}

void AddressedArray::fill(gpu::CommandBuffer& commands, uint32_t value, uint64_t firstWord, uint64_t words) const {
  forRange(firstWord, words, [&](const gpu::Buffer& chunk, uint64_t inChunk, uint64_t, uint64_t count) {
    commands.fill(chunk, value, inChunk * kWord, count * kWord);
  });
}

void AddressedArray::copyTo(gpu::CommandBuffer& commands, const gpu::Buffer& dst, uint64_t firstWord,
                            uint64_t words) const {
  forRange(firstWord, words, [&](const gpu::Buffer& chunk, uint64_t inChunk, uint64_t at, uint64_t count) {
    commands.copy(chunk, dst, inChunk * kWord, at * kWord, count * kWord);
  });
}

void AddressedArray::download(gpu::Context& context, std::span<uint32_t> out, uint64_t firstWord) const {
  downloadWords(context, out.data(), firstWord, out.size());
}

void AddressedArray::download(gpu::Context& context, std::span<uint64_t> out, uint64_t firstKey) const {
  downloadWords(context, out.data(), 2 * firstKey, 2 * out.size());
}

void AddressedArray::downloadWords(gpu::Context& context, void* out, uint64_t firstWord, uint64_t words) const {
  if (firstWord > m_bytes / kWord || words > m_bytes / kWord - firstWord) {
    throw std::out_of_range("AddressedArray::download: words " + std::to_string(firstWord) + " + " +
                            std::to_string(words) + " past the array's " + std::to_string(m_bytes / kWord));
  }
  auto* bytes = static_cast<unsigned char*>(out);
  forRange(firstWord, words, [&](const gpu::Buffer& chunk, uint64_t inChunk, uint64_t at, uint64_t count) {
    context.download(chunk, bytes + at * kWord, count * kWord, inChunk * kWord);
  });
}

} // namespace frontier::engine
