#pragma once
// The one error type of core/vk. Every unexpected VkResult becomes a
// VulkanError naming the call that failed; out-of-memory and device-lost can
// be told apart so that callers can say what to lower or that the device is gone.

#include <stdexcept>
#include <string>

#include <vulkan/vulkan_core.h>

namespace vk { class SystemError; }

namespace frontier::gpu {

class VulkanError : public std::runtime_error {
public:
  VulkanError(VkResult result, std::string call, const std::string& detail = {});

  VkResult result() const noexcept { return m_result; }
  const std::string& call() const noexcept { return m_call; }
  bool isOutOfMemory() const noexcept;
  bool isDeviceLost() const noexcept;

private:
  VkResult m_result;
  std::string m_call;
};

// No Vulkan device satisfies the request; the message lists why each was rejected.
class DeviceSelectionError : public std::runtime_error {
public:
  using std::runtime_error::runtime_error;
};

// The Vulkan loader or a required layer or extension is missing.
class VulkanUnavailableError : public std::runtime_error {
public:
  using std::runtime_error::runtime_error;
};

// "ErrorOutOfDeviceMemory" style name of a result, for messages.
std::string resultName(VkResult result);

namespace detail {
[[noreturn]] void throwVulkanError(const ::vk::SystemError& error, const char* call);
}

} // namespace frontier::gpu

// Evaluates a Vulkan-Hpp expression; a vk::SystemError it throws becomes a
// VulkanError carrying the VkResult and the text of the call.
#define FRONTIER_VK_CALL(...)                                                    \
  [&]() -> decltype(auto) {                                                      \
    try {                                                                        \
      return __VA_ARGS__;                                                        \
    } catch (const ::vk::SystemError& frontierVkError) {                         \
      ::frontier::gpu::detail::throwVulkanError(frontierVkError, #__VA_ARGS__);  \
    }                                                                            \
  }()
