#include "Buffer.h"

#include "VulkanError.h"

namespace frontier::gpu {

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
