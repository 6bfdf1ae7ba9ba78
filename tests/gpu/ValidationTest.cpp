#include <gtest/gtest.h>

#include "vk/Context.h"
#include "vk/VulkanError.h"

namespace gpu = frontier::gpu;

// The counter the GPU tests rely on must really see validation errors.
TEST(Validation, CountsErrorsReportedByTheLayers) {
  gpu::ContextOptions options;
  options.validation = gpu::Validation::On;
  gpu::Context context(options);
  ASSERT_TRUE(context.validationEnabled());
  EXPECT_EQ(context.validationErrorCount(), 0U);
  // A zero-sized buffer breaks VUID-VkBufferCreateInfo-size-00912.
  VkBufferCreateInfo info{};
  info.sType = VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO;
  info.size = 0;
  info.usage = VK_BUFFER_USAGE_STORAGE_BUFFER_BIT;
  VkBuffer buffer = VK_NULL_HANDLE;
  const auto& device = context.device();
  const VkResult result = device.getDispatcher()->vkCreateBuffer(*device, &info, nullptr, &buffer);
  if (result == VK_SUCCESS && buffer != VK_NULL_HANDLE) {
    device.getDispatcher()->vkDestroyBuffer(*device, buffer, nullptr);
  }
  EXPECT_GE(context.validationErrorCount(), 1U);
  bool named = false;
  for (const std::string& message : context.instance().validationLog().recentMessages()) {
    named = named || message.find("VUID-VkBufferCreateInfo-size") != std::string::npos;
  }
  EXPECT_TRUE(named);
}

TEST(Validation, UnknownDeviceRequestListsEveryDevice) {
  gpu::ContextOptions options;
  options.deviceRequest = "no-such-device-xyz";
  try {
    gpu::Context context(options);
    FAIL() << "expected a DeviceSelectionError";
  } catch (const gpu::DeviceSelectionError& error) {
    const std::string text = error.what();
    EXPECT_NE(text.find("no Vulkan device matches 'no-such-device-xyz'"), std::string::npos) << text;
    EXPECT_NE(text.find("device 0 '"), std::string::npos) << text;
  }
}
