#include "VulkanError.h"

#include <vulkan/vulkan.hpp>

// Storage for Vulkan-Hpp's default dynamic dispatcher (one per program).
VULKAN_HPP_DEFAULT_DISPATCH_LOADER_DYNAMIC_STORAGE

namespace frontier::gpu {

namespace {
std::string describe(VkResult result, const std::string& call, const std::string& detail) {
  std::string text = call + " failed: " + resultName(result);
  if (result == VK_ERROR_OUT_OF_DEVICE_MEMORY || result == VK_ERROR_OUT_OF_HOST_MEMORY) {
    text += " (out of memory: use a smaller graph or fewer searches per batch)";
  } else if (result == VK_ERROR_DEVICE_LOST) {
    text += " (the device was lost: a kernel crashed or ran too long)";
  }
  if (!detail.empty()) {
    text += ": " + detail;
  }
  return text;
}
} // namespace

VulkanError::VulkanError(VkResult result, std::string call, const std::string& detail)
    : std::runtime_error(describe(result, call, detail)), m_result(result), m_call(std::move(call)) {}

bool VulkanError::isOutOfMemory() const noexcept {
  return m_result == VK_ERROR_OUT_OF_DEVICE_MEMORY || m_result == VK_ERROR_OUT_OF_HOST_MEMORY;
}

bool VulkanError::isDeviceLost() const noexcept { return m_result == VK_ERROR_DEVICE_LOST; }

std::string resultName(VkResult result) { return ::vk::to_string(static_cast<::vk::Result>(result)); }

namespace detail {
void throwVulkanError(const ::vk::SystemError& error, const char* call) {
  throw VulkanError(static_cast<VkResult>(error.code().value()), call);
}
} // namespace detail

} // namespace frontier::gpu
