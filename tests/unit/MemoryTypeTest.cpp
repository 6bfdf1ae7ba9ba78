#include <gtest/gtest.h>

#include "vk/Buffer.h"

using frontier::gpu::chooseMemoryType;

namespace {
VkPhysicalDeviceMemoryProperties typicalDiscreteGpu() {
  VkPhysicalDeviceMemoryProperties p{};
  p.memoryTypeCount = 4;
  p.memoryTypes[0].propertyFlags = VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT;
  p.memoryTypes[1].propertyFlags = VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT | VK_MEMORY_PROPERTY_HOST_COHERENT_BIT;
  p.memoryTypes[2].propertyFlags =
      VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT | VK_MEMORY_PROPERTY_HOST_COHERENT_BIT | VK_MEMORY_PROPERTY_HOST_CACHED_BIT;
  p.memoryTypes[3].propertyFlags = VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT | VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT |
                                   VK_MEMORY_PROPERTY_HOST_COHERENT_BIT;
  return p;
}
} // namespace

TEST(MemoryType, PicksRequiredAndPrefersPreferred) {
  const auto p = typicalDiscreteGpu();
  EXPECT_EQ(chooseMemoryType(p, 0xF, VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT, 0), 0);
  EXPECT_EQ(chooseMemoryType(p, 0xF, VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT,
                             VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT | VK_MEMORY_PROPERTY_HOST_CACHED_BIT),
            2);
}

TEST(MemoryType, RespectsTheBufferTypeBits) {
  const auto p = typicalDiscreteGpu();
  // Type 0 not allowed for this buffer: device-local falls to type 3.
  EXPECT_EQ(chooseMemoryType(p, 0b1110, VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT, 0), 3);
  // Preferred cached type not allowed: falls back to a required-only match.
  EXPECT_EQ(chooseMemoryType(p, 0b0010, VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT, VK_MEMORY_PROPERTY_HOST_CACHED_BIT), 1);
  EXPECT_EQ(chooseMemoryType(p, 0b0001, VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT, 0), -1);
}
