#pragma once
// The Vulkan instance: loads the loader at run time (frontier-cli needs no
// libvulkan at link time), enables the validation layers and a debug messenger
// when asked, and describes every physical device.
//
// Thread affinity: create and use from one thread. The validation counters are
// safe to read from any thread.

#include <atomic>
#include <deque>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include <vulkan/vulkan_raii.hpp>

#include "DeviceInfo.h"

namespace frontier::gpu {

enum class Validation {
  Auto,  // on in debug builds and when FRONTIER_VALIDATION=1, else off
  On,    // on; a missing validation layer is an error
  Off,
};

// What the debug messenger has seen. Errors fail the tests.
class ValidationLog {
public:
  void record(bool isError, const char* message);
  uint64_t errorCount() const noexcept { return m_errors.load(); }
  uint64_t warningCount() const noexcept { return m_warnings.load(); }
  std::vector<std::string> recentMessages() const;

private:
  std::atomic<uint64_t> m_errors{0};
  std::atomic<uint64_t> m_warnings{0};
  mutable std::mutex m_mutex;
  std::deque<std::string> m_recent;  // the last few, for test failure messages
};

// Process-wide totals over every Instance made so far, destroyed ones
// included; safe to read from any thread. For tests of code that owns its
// context on a thread of its own (the GUI's EngineWorker).
struct ValidationTotals {
  uint64_t instances = 0;          // instances created
  uint64_t validatedInstances = 0; // of those, with the validation layers on
  uint64_t errors = 0;             // errors their debug messengers reported
};

class Instance {
public:
  explicit Instance(Validation validation = Validation::Auto);
  ~Instance();
  Instance(const Instance&) = delete;
  Instance& operator=(const Instance&) = delete;

  const std::vector<DeviceInfo>& devices() const noexcept { return m_devices; }
  const ::vk::raii::PhysicalDevice& physicalDevice(uint32_t index) const;
  const ::vk::raii::Instance& handle() const noexcept { return m_instance; }
  bool validationEnabled() const noexcept { return m_validation; }
  bool debugUtilsEnabled() const noexcept { return m_debugUtils; }
  const ValidationLog& validationLog() const noexcept { return *m_log; }

  // Whether validation should be on for a request (reads FRONTIER_VALIDATION).
  static bool wantsValidation(Validation validation);
  static ValidationTotals processTotals() noexcept;

private:
  std::unique_ptr<::vk::raii::Context> m_context;
  std::unique_ptr<ValidationLog> m_log;  // stable address for the callback
  bool m_validation = false;
  bool m_debugUtils = false;
  ::vk::raii::Instance m_instance{nullptr};
  ::vk::raii::DebugUtilsMessengerEXT m_messenger{nullptr};
  std::vector<::vk::raii::PhysicalDevice> m_physicalDevices;
  std::vector<DeviceInfo> m_devices;
};

// Reads the properties of one physical device (used by Instance; exposed for
// Context to refresh the memory budget).
DeviceInfo describeDevice(const ::vk::raii::PhysicalDevice& device, uint32_t index);

} // namespace frontier::gpu
