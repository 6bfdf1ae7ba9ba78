#pragma once
// Plain description of one Vulkan physical device: everything `frontier-cli
// devices` prints and device choice needs. No Vulkan types, so the GUI and
// unit tests can use it without a device.

#include <cstdint>
#include <string>
#include <vector>

#include <nlohmann/json_fwd.hpp>

namespace frontier::gpu {

enum class DeviceType { Other, IntegratedGpu, DiscreteGpu, VirtualGpu, Cpu };

struct MemoryHeapInfo {
  uint64_t size = 0;          // bytes
  uint64_t budget = 0;        // bytes usable by this process (VK_EXT_memory_budget), else size
  uint64_t usage = 0;         // bytes in use by this process, 0 when unknown
  bool deviceLocal = false;
};

struct DeviceInfo {
  uint32_t index = 0;  // position in vkEnumeratePhysicalDevices
  std::string name;
  DeviceType type = DeviceType::Other;
  uint32_t vendorId = 0;
  uint32_t deviceId = 0;
  uint32_t apiVersion = 0;      // VK_MAKE_API_VERSION encoding
  uint32_t driverVersion = 0;   // vendor-specific encoding
  std::string driverName;       // e.g. "llvmpipe", "NVIDIA"
  std::string driverInfo;       // e.g. "Mesa 22.3.6 (LLVM 15.0.6)"
  // VkPhysicalDeviceProperties::pipelineCacheUUID in hex: changes with the
  // device and its driver build (the key of per-device caches).
  std::string pipelineCacheUuid;
  uint32_t subgroupSize = 0;
  uint32_t minSubgroupSize = 0;
  uint32_t maxSubgroupSize = 0;
  std::vector<std::string> subgroupOperations;  // "basic", "vote", "arithmetic", ...
  bool subgroupsInCompute = false;
  uint64_t maxStorageBufferRange = 0;  // bytes
  uint64_t maxMemoryAllocationSize = 0;  // bytes of one allocation (Vulkan 1.1), 0 = unknown
  uint32_t maxWorkgroupSize[3] = {0, 0, 0};
  uint32_t maxWorkgroupInvocations = 0;
  uint32_t maxWorkgroupCount[3] = {0, 0, 0};
  uint32_t maxSharedMemory = 0;  // bytes
  uint32_t maxPushConstants = 0; // bytes
  bool timestampsSupported = false;   // on the compute queue
  float timestampPeriod = 0.0f;       // nanoseconds per tick
  uint32_t timestampValidBits = 0;
  bool memoryBudgetSupported = false;
  std::vector<MemoryHeapInfo> heaps;
  bool hasComputeQueue = false;
  bool shaderInt64 = false;
  bool bufferInt64Atomics = false;
  bool bufferDeviceAddress = false;  // Vulkan 1.2: 64-bit buffer addresses in shaders

  bool supportsSubgroupOperation(const std::string& op) const;
  // Largest device-local heap in bytes (what the search's buffers compete for).
  uint64_t deviceLocalBytes() const;
  uint64_t deviceLocalBudget() const;
};

std::string toString(DeviceType type);
// "1.3.230" from a VK_MAKE_API_VERSION value.
std::string apiVersionString(uint32_t version);
// Driver version in the vendor's own convention (NVIDIA packs 10.8.8.6 bits).
std::string driverVersionString(uint32_t vendorId, uint32_t version);

// JSON with snake_case keys (`subgroup_size`, `max_storage_buffer_range`, ...).
void to_json(nlohmann::json& json, const DeviceInfo& info);

} // namespace frontier::gpu
