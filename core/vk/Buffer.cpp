#include "Buffer.h"

#include "Context.h"
#include "VulkanError.h"

namespace frontier::gpu {

Buffer::~Buffer() {
  release();
}

Buffer& Buffer::operator=(Buffer&& other) noexcept {
  if (this != &other) {
    release();
    m_memory = std::move(other.m_memory);
    m_buffer = std::move(other.m_buffer);
    m_size = other.m_size;
    m_address = other.m_address;
    m_kind = other.m_kind;
    m_name = std::move(other.m_name);
    m_mapped = other.m_mapped;
    m_coherent = other.m_coherent;
    m_recycler = other.m_recycler;
    other.m_recycler = nullptr;
  }
  return *this;
}

void Buffer::release() noexcept {
  if (m_recycler != nullptr && valid()) {
    const Context* context = m_recycler;
    m_recycler = nullptr;
    context->recycle(std::move(*this));
  }
}

void Buffer::invalidate() const {
  if (m_mapped != nullptr && !m_coherent) {
    const ::vk::MappedMemoryRange range(*m_memory, 0, VK_WHOLE_SIZE);
    FRONTIER_VK_CALL(m_memory.getDevice().invalidateMappedMemoryRanges(range));
  }
}

void Buffer::flush() const {
  if (m_mapped != nullptr && !m_coherent) {
    const ::vk::MappedMemoryRange range(*m_memory, 0, VK_WHOLE_SIZE);
    FRONTIER_VK_CALL(m_memory.getDevice().flushMappedMemoryRanges(range));
  }
}

int chooseMemoryType(const VkPhysicalDeviceMemoryProperties& properties, uint32_t typeBits,
                     VkMemoryPropertyFlags required, VkMemoryPropertyFlags preferred) {
  int fallback = -1;
  for (uint32_t i = 0; i < properties.memoryTypeCount; ++i) {
    if ((typeBits & (1U << i)) == 0) {
      continue;
    }
    const VkMemoryPropertyFlags flags = properties.memoryTypes[i].propertyFlags;
    if ((flags & required) != required) {
      continue;
    }
    if ((flags & preferred) == preferred) {
      return static_cast<int>(i);
    }
    if (fallback < 0) {
      fallback = static_cast<int>(i);
    }
  }
  return fallback;
}

} // namespace frontier::gpu
