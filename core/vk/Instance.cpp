#include "Instance.h"

#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "VulkanError.h"

namespace frontier::gpu {

namespace {

constexpr size_t kRecentMessages = 32;
constexpr const char* kValidationLayer = "VK_LAYER_KHRONOS_validation";

// Instance::processTotals().
std::atomic<uint64_t> g_instances{0};
std::atomic<uint64_t> g_validatedInstances{0};
std::atomic<uint64_t> g_errors{0};

VKAPI_ATTR VkBool32 VKAPI_CALL onDebugMessage(VkDebugUtilsMessageSeverityFlagBitsEXT severity,
                                              VkDebugUtilsMessageTypeFlagsEXT /*types*/,
                                              const VkDebugUtilsMessengerCallbackDataEXT* data,
                                              void* user) {
  const bool isError = (severity & VK_DEBUG_UTILS_MESSAGE_SEVERITY_ERROR_BIT_EXT) != 0;
  const char* message = data != nullptr && data->pMessage != nullptr ? data->pMessage : "(no message)";
  static_cast<ValidationLog*>(user)->record(isError, message);
  std::fprintf(stderr, "[vulkan %s] %s\n", isError ? "error" : "warning", message);
  return VK_FALSE;
}

bool hasLayer(const ::vk::raii::Context& context, const char* name) {
  for (const auto& layer : context.enumerateInstanceLayerProperties()) {
    if (std::strcmp(layer.layerName, name) == 0) {
      return true;
    }
  }
  return false;
}

bool hasInstanceExtension(const ::vk::raii::Context& context, const char* name) {
  for (const auto& ext : context.enumerateInstanceExtensionProperties()) {
    if (std::strcmp(ext.extensionName, name) == 0) {
      return true;
    }
  }
  return false;
}

DeviceType toDeviceType(::vk::PhysicalDeviceType type) {
  switch (type) {
  case ::vk::PhysicalDeviceType::eIntegratedGpu: return DeviceType::IntegratedGpu;
  case ::vk::PhysicalDeviceType::eDiscreteGpu: return DeviceType::DiscreteGpu;
  case ::vk::PhysicalDeviceType::eVirtualGpu: return DeviceType::VirtualGpu;
  case ::vk::PhysicalDeviceType::eCpu: return DeviceType::Cpu;
  default: return DeviceType::Other;
  }
}

std::vector<std::string> subgroupOperationNames(::vk::SubgroupFeatureFlags flags) {
  const std::pair<::vk::SubgroupFeatureFlagBits, const char*> names[] = {
      {::vk::SubgroupFeatureFlagBits::eBasic, "basic"},
      {::vk::SubgroupFeatureFlagBits::eVote, "vote"},
      {::vk::SubgroupFeatureFlagBits::eArithmetic, "arithmetic"},
      {::vk::SubgroupFeatureFlagBits::eBallot, "ballot"},
      {::vk::SubgroupFeatureFlagBits::eShuffle, "shuffle"},
      {::vk::SubgroupFeatureFlagBits::eShuffleRelative, "shuffle_relative"},
      {::vk::SubgroupFeatureFlagBits::eClustered, "clustered"},
      {::vk::SubgroupFeatureFlagBits::eQuad, "quad"},
  };
  std::vector<std::string> out;
  for (const auto& [bit, name] : names) {
    if (flags & bit) {
      out.emplace_back(name);
    }
  }
  return out;
}

bool hasDeviceExtension(const std::vector<::vk::ExtensionProperties>& extensions, const char* name) {
  for (const auto& ext : extensions) {
    if (std::strcmp(ext.extensionName, name) == 0) {
      return true;
    }
  }
  return false;
}

} // namespace

void ValidationLog::record(bool isError, const char* message) {
  (isError ? m_errors : m_warnings).fetch_add(1);
  if (isError) {
    g_errors.fetch_add(1);
  }
  std::lock_guard lock(m_mutex);
  m_recent.emplace_back(message);
  if (m_recent.size() > kRecentMessages) {
    m_recent.pop_front();
  }
}

std::vector<std::string> ValidationLog::recentMessages() const {
  std::lock_guard lock(m_mutex);
  return {m_recent.begin(), m_recent.end()};
}

bool Instance::wantsValidation(Validation validation) {
  if (validation != Validation::Auto) {
    return validation == Validation::On;
  }
  if (const char* env = std::getenv("FRONTIER_VALIDATION")) {
    return std::strcmp(env, "0") != 0 && env[0] != '\0';
  }
#ifdef NDEBUG
  return false;
#else
  return true;
#endif
}

ValidationTotals Instance::processTotals() noexcept {
  return {g_instances.load(), g_validatedInstances.load(), g_errors.load()};
}

Instance::Instance(Validation validation) : m_log(std::make_unique<ValidationLog>()) {
  try {
    m_context = std::make_unique<::vk::raii::Context>();
  } catch (const std::runtime_error& error) {
    throw VulkanUnavailableError(std::string("cannot load the Vulkan loader (libvulkan.so.1): ") +
                                 error.what() + "; install libvulkan1 and a Vulkan driver");
  }
  m_validation = wantsValidation(validation);
  if (m_validation && !hasLayer(*m_context, kValidationLayer)) {
    if (validation == Validation::On) {
      throw VulkanUnavailableError(std::string(kValidationLayer) +
                                   " is not installed (Debian: vulkan-validationlayers)");
    }
    std::fprintf(stderr, "warning: %s not installed; running without validation\n", kValidationLayer);
    m_validation = false;
  }
  m_debugUtils = hasInstanceExtension(*m_context, VK_EXT_DEBUG_UTILS_EXTENSION_NAME);

  std::vector<const char*> layers;
  std::vector<const char*> extensions;
  if (m_validation) {
    layers.push_back(kValidationLayer);
  }
  if (m_debugUtils) {
    extensions.push_back(VK_EXT_DEBUG_UTILS_EXTENSION_NAME);
  }
  const uint32_t loaderVersion = m_context->enumerateInstanceVersion();
  ::vk::ApplicationInfo app("Frontier Lab", VK_MAKE_API_VERSION(0, 0, 1, 0), "frontier",
                            VK_MAKE_API_VERSION(0, 0, 1, 0),
                            loaderVersion >= VK_API_VERSION_1_3 ? VK_API_VERSION_1_3 : VK_API_VERSION_1_2);
  ::vk::InstanceCreateInfo info({}, &app, layers, extensions);

  using Severity = ::vk::DebugUtilsMessageSeverityFlagBitsEXT;
  using Type = ::vk::DebugUtilsMessageTypeFlagBitsEXT;
  ::vk::DebugUtilsMessengerCreateInfoEXT messengerInfo(
      {}, Severity::eWarning | Severity::eError,
      Type::eGeneral | Type::eValidation | Type::ePerformance, &onDebugMessage, m_log.get());
  if (m_validation) {
    info.pNext = &messengerInfo;  // also catches errors in vkCreateInstance itself
  }
  m_instance = FRONTIER_VK_CALL(::vk::raii::Instance(*m_context, info));
  if (m_validation) {
    m_messenger = FRONTIER_VK_CALL(m_instance.createDebugUtilsMessengerEXT(messengerInfo));
  }
  g_instances.fetch_add(1);
  if (m_validation) {
    g_validatedInstances.fetch_add(1);
  }
  m_physicalDevices = FRONTIER_VK_CALL(m_instance.enumeratePhysicalDevices());
  for (uint32_t i = 0; i < m_physicalDevices.size(); ++i) {
    m_devices.push_back(describeDevice(m_physicalDevices[i], i));
  }
}

Instance::~Instance() = default;

const ::vk::raii::PhysicalDevice& Instance::physicalDevice(uint32_t index) const {
  return m_physicalDevices.at(index);
}

DeviceInfo describeDevice(const ::vk::raii::PhysicalDevice& device, uint32_t index) {
  DeviceInfo info;
  info.index = index;
  const auto extensions = device.enumerateDeviceExtensionProperties();
  const auto basic = device.getProperties();
  const bool vulkan12 = basic.apiVersion >= VK_API_VERSION_1_2;

  const auto chain = device.getProperties2<::vk::PhysicalDeviceProperties2,
                                           ::vk::PhysicalDeviceSubgroupProperties,
                                           ::vk::PhysicalDeviceDriverProperties>();
  const auto& props = chain.get<::vk::PhysicalDeviceProperties2>().properties;
  const auto& subgroup = chain.get<::vk::PhysicalDeviceSubgroupProperties>();
  const auto& driver = chain.get<::vk::PhysicalDeviceDriverProperties>();
  info.name = props.deviceName.data();
  info.type = toDeviceType(props.deviceType);
  info.vendorId = props.vendorID;
  info.deviceId = props.deviceID;
  info.apiVersion = props.apiVersion;
  info.driverVersion = props.driverVersion;
  info.driverName = driver.driverName.data();
  info.driverInfo = driver.driverInfo.data();
  for (const uint8_t byte : props.pipelineCacheUUID) {
    static constexpr char kHex[] = "0123456789abcdef";
    info.pipelineCacheUuid += kHex[byte >> 4U];
    info.pipelineCacheUuid += kHex[byte & 15U];
  }
  info.subgroupSize = subgroup.subgroupSize;
  info.minSubgroupSize = subgroup.subgroupSize;
  info.maxSubgroupSize = subgroup.subgroupSize;
  info.subgroupOperations = subgroupOperationNames(subgroup.supportedOperations);
  info.subgroupsInCompute = static_cast<bool>(subgroup.supportedStages & ::vk::ShaderStageFlagBits::eCompute);
  if (basic.apiVersion >= VK_API_VERSION_1_3) {
    const auto sizes = device.getProperties2<::vk::PhysicalDeviceProperties2,
                                             ::vk::PhysicalDeviceSubgroupSizeControlProperties>();
    info.minSubgroupSize = sizes.get<::vk::PhysicalDeviceSubgroupSizeControlProperties>().minSubgroupSize;
    info.maxSubgroupSize = sizes.get<::vk::PhysicalDeviceSubgroupSizeControlProperties>().maxSubgroupSize;
  }

  const auto& limits = props.limits;
  info.maxStorageBufferRange = limits.maxStorageBufferRange;
  for (size_t i = 0; i < 3; ++i) {
    info.maxWorkgroupSize[i] = limits.maxComputeWorkGroupSize[i];
    info.maxWorkgroupCount[i] = limits.maxComputeWorkGroupCount[i];
  }
  info.maxWorkgroupInvocations = limits.maxComputeWorkGroupInvocations;
  info.maxSharedMemory = limits.maxComputeSharedMemorySize;
  info.maxPushConstants = limits.maxPushConstantsSize;
  info.timestampPeriod = limits.timestampPeriod;

  for (const auto& family : device.getQueueFamilyProperties()) {
    if (family.queueFlags & ::vk::QueueFlagBits::eCompute) {
      if (!info.hasComputeQueue || family.timestampValidBits > info.timestampValidBits) {
        info.timestampValidBits = family.timestampValidBits;
      }
      info.hasComputeQueue = true;
    }
  }
  info.timestampsSupported = info.timestampValidBits > 0 && limits.timestampPeriod > 0.0f;

  const auto features = device.getFeatures();
  info.shaderInt64 = features.shaderInt64 == VK_TRUE;
  if (vulkan12) {
    const auto f12 = device.getFeatures2<::vk::PhysicalDeviceFeatures2, ::vk::PhysicalDeviceVulkan12Features>();
    info.bufferInt64Atomics = f12.get<::vk::PhysicalDeviceVulkan12Features>().shaderBufferInt64Atomics == VK_TRUE;
    info.bufferDeviceAddress = f12.get<::vk::PhysicalDeviceVulkan12Features>().bufferDeviceAddress == VK_TRUE;
    const auto p11 = device.getProperties2<::vk::PhysicalDeviceProperties2, ::vk::PhysicalDeviceMaintenance3Properties>();
    info.maxMemoryAllocationSize = p11.get<::vk::PhysicalDeviceMaintenance3Properties>().maxMemoryAllocationSize;
  }

  info.memoryBudgetSupported = hasDeviceExtension(extensions, VK_EXT_MEMORY_BUDGET_EXTENSION_NAME);
  ::vk::PhysicalDeviceMemoryProperties memory;
  ::vk::PhysicalDeviceMemoryBudgetPropertiesEXT budget;
  if (info.memoryBudgetSupported) {
    const auto mem = device.getMemoryProperties2<::vk::PhysicalDeviceMemoryProperties2,
                                                 ::vk::PhysicalDeviceMemoryBudgetPropertiesEXT>();
    memory = mem.get<::vk::PhysicalDeviceMemoryProperties2>().memoryProperties;
    budget = mem.get<::vk::PhysicalDeviceMemoryBudgetPropertiesEXT>();
  } else {
    memory = device.getMemoryProperties();
  }
  for (uint32_t h = 0; h < memory.memoryHeapCount; ++h) {
    MemoryHeapInfo heap;
    heap.size = memory.memoryHeaps[h].size;
    heap.deviceLocal = static_cast<bool>(memory.memoryHeaps[h].flags & ::vk::MemoryHeapFlagBits::eDeviceLocal);
    heap.budget = info.memoryBudgetSupported ? budget.heapBudget[h] : heap.size;
    heap.usage = info.memoryBudgetSupported ? budget.heapUsage[h] : 0;
    info.heaps.push_back(heap);
  }
  return info;
}

} // namespace frontier::gpu
