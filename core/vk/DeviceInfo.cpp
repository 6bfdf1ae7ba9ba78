#include "DeviceInfo.h"

#include <algorithm>

#include <nlohmann/json.hpp>

namespace frontier::gpu {

bool DeviceInfo::supportsSubgroupOperation(const std::string& op) const {
  return std::find(subgroupOperations.begin(), subgroupOperations.end(), op) != subgroupOperations.end();
}

uint64_t DeviceInfo::deviceLocalBytes() const {
  uint64_t best = 0;
  for (const MemoryHeapInfo& heap : heaps) {
    if (heap.deviceLocal) {
      best = std::max(best, heap.size);
    }
  }
  return best;
}

uint64_t DeviceInfo::deviceLocalBudget() const {
  uint64_t best = 0;
  for (const MemoryHeapInfo& heap : heaps) {
    if (heap.deviceLocal) {
      best = std::max(best, heap.budget);
    }
  }
  return best;
}

std::string toString(DeviceType type) {
  switch (type) {
  case DeviceType::IntegratedGpu: return "integrated-gpu";
  case DeviceType::DiscreteGpu: return "discrete-gpu";
  case DeviceType::VirtualGpu: return "virtual-gpu";
  case DeviceType::Cpu: return "cpu";
  case DeviceType::Other: break;
  }
  return "other";
}

std::string apiVersionString(uint32_t version) {
  return std::to_string(version >> 22U) + "." + std::to_string((version >> 12U) & 0x3ffU) + "." +
         std::to_string(version & 0xfffU);
}

std::string driverVersionString(uint32_t vendorId, uint32_t version) {
  constexpr uint32_t kNvidia = 0x10de;
  if (vendorId == kNvidia) {
    return std::to_string(version >> 22U) + "." + std::to_string((version >> 14U) & 0xffU) + "." +
           std::to_string((version >> 6U) & 0xffU) + "." + std::to_string(version & 0x3fU);
  }
  return apiVersionString(version);
}

void to_json(nlohmann::json& json, const DeviceInfo& info) {
  nlohmann::json heaps = nlohmann::json::array();
  for (const MemoryHeapInfo& heap : info.heaps) {
    heaps.push_back({{"size", heap.size},
                     {"budget", heap.budget},
                     {"usage", heap.usage},
                     {"device_local", heap.deviceLocal}});
  }
  json = {
      {"index", info.index},
      {"name", info.name},
      {"type", toString(info.type)},
      {"vendor_id", info.vendorId},
      {"device_id", info.deviceId},
      {"api_version", apiVersionString(info.apiVersion)},
      {"driver_version", driverVersionString(info.vendorId, info.driverVersion)},
      {"driver_name", info.driverName},
      {"driver_info", info.driverInfo},
      {"subgroup_size", info.subgroupSize},
      {"min_subgroup_size", info.minSubgroupSize},
      {"max_subgroup_size", info.maxSubgroupSize},
      {"subgroup_operations", info.subgroupOperations},
      {"subgroups_in_compute", info.subgroupsInCompute},
      {"max_storage_buffer_range", info.maxStorageBufferRange},
      {"max_memory_allocation_size", info.maxMemoryAllocationSize},
      {"buffer_device_address", info.bufferDeviceAddress},
      {"max_workgroup_size",
       {info.maxWorkgroupSize[0], info.maxWorkgroupSize[1], info.maxWorkgroupSize[2]}},
      {"max_workgroup_invocations", info.maxWorkgroupInvocations},
      {"max_workgroup_count",
       {info.maxWorkgroupCount[0], info.maxWorkgroupCount[1], info.maxWorkgroupCount[2]}},
      {"max_shared_memory", info.maxSharedMemory},
      {"max_push_constants", info.maxPushConstants},
      {"timestamps_supported", info.timestampsSupported},
      {"timestamp_period_ns", info.timestampPeriod},
      {"timestamp_valid_bits", info.timestampValidBits},
      {"memory_budget_supported", info.memoryBudgetSupported},
      {"memory_heaps", heaps},
      {"compute_queue", info.hasComputeQueue},
      {"shader_int64", info.shaderInt64},
      {"buffer_int64_atomics", info.bufferInt64Atomics},
  };
}

} // namespace frontier::gpu
