#include "Context.h"

#include <algorithm>
#include <array>
#include <chrono>
#include <cstring>
#include <thread>

#include "CommandBuffer.h"
#include "DeviceChoice.h"
#include "FaultInjection.h"
#include "VulkanError.h"

namespace frontier::gpu {

namespace {

constexpr uint64_t kStagingChunk = 64ULL << 20U;  // bounds host memory for large transfers
constexpr uint32_t kSetsPerPool = 256;
constexpr uint32_t kBuffersPerPool = kSetsPerPool * 16;

uint32_t chooseQueueFamily(const ::vk::raii::PhysicalDevice& device) {
  const auto families = device.getQueueFamilyProperties();
  int best = -1;
  for (uint32_t i = 0; i < families.size(); ++i) {
    if (!(families[i].queueFlags & ::vk::QueueFlagBits::eCompute)) {
      continue;
    }
    // Prefer a family with timestamps; keep the first such.
    if (best < 0 || (families[static_cast<uint32_t>(best)].timestampValidBits == 0 &&
                     families[i].timestampValidBits > 0)) {
      best = static_cast<int>(i);
    }
  }
  return static_cast<uint32_t>(best);
}

bool hasExtension(const std::vector<::vk::ExtensionProperties>& extensions, const char* name) {
  return std::any_of(extensions.begin(), extensions.end(),
                     [&](const auto& e) { return std::strcmp(e.extensionName, name) == 0; });
}

int64_t steadyNowNs() {
  return std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

// Whether host times can be put on the GPU clock: the extension, and both
// the device's and the host's steady clock among its domains; the note says
// which, or what is missing.
bool canCalibrate(const ::vk::raii::PhysicalDevice& device, const std::vector<::vk::ExtensionProperties>& available,
                  bool asked, std::string& note) {
  if (!asked) {
    note = "not asked for (calibrated timestamps turned off)";
    return false;
  }
  if (!hasExtension(available, VK_EXT_CALIBRATED_TIMESTAMPS_EXTENSION_NAME)) {
    note = "the device has no VK_KHR_calibrated_timestamps or VK_EXT_calibrated_timestamps";
    return false;
  }
  const std::vector<::vk::TimeDomainEXT> domains = device.getCalibrateableTimeDomainsEXT();
  const auto has = [&](::vk::TimeDomainEXT d) { return std::find(domains.begin(), domains.end(), d) != domains.end(); };
  if (!has(::vk::TimeDomainEXT::eDevice) || !has(::vk::TimeDomainEXT::eClockMonotonic)) {
    note = "VK_EXT_calibrated_timestamps cannot read the device clock together with CLOCK_MONOTONIC";
    return false;
  }
  note = "VK_EXT_calibrated_timestamps (device clock with CLOCK_MONOTONIC)";
  return true;
}

} // namespace

Context::Context(const ContextOptions& options)
    : m_instance(std::make_unique<Instance>(options.validation)) {
  const DeviceChoice choice = chooseDevice(m_instance->devices(), options.deviceRequest);
  if (!choice.index) {
    throw DeviceSelectionError(choice.explain(options.deviceRequest));
  }
  m_physical = &m_instance->physicalDevice(*choice.index);
  m_info = m_instance->devices()[*choice.index];
  m_queueFamily = chooseQueueFamily(*m_physical);
  m_spinWait = options.fenceWait == FenceWaitMode::Spin ||
               (options.fenceWait == FenceWaitMode::Auto && m_info.type != DeviceType::Cpu);

  // Enable what the shaders may use and the device offers.
  const auto supported = m_physical->getFeatures2<::vk::PhysicalDeviceFeatures2,
                                                  ::vk::PhysicalDeviceVulkan12Features,
                                                  ::vk::PhysicalDeviceVulkan13Features>();
  const auto& f10 = supported.get<::vk::PhysicalDeviceFeatures2>().features;
  const auto& f12 = supported.get<::vk::PhysicalDeviceVulkan12Features>();
  const auto& f13 = supported.get<::vk::PhysicalDeviceVulkan13Features>();
  const bool vulkan13 = m_info.apiVersion >= VK_API_VERSION_1_3;

  ::vk::StructureChain<::vk::PhysicalDeviceFeatures2, ::vk::PhysicalDeviceVulkan12Features,
                       ::vk::PhysicalDeviceVulkan13Features>
      enabled;
  auto& e10 = enabled.get<::vk::PhysicalDeviceFeatures2>().features;
  e10.shaderInt64 = f10.shaderInt64;
  m_pipelineStatistics = options.pipelineStatistics && f10.pipelineStatisticsQuery == VK_TRUE;
  m_pipelineStatisticsAsked = options.pipelineStatistics;
  e10.pipelineStatisticsQuery = m_pipelineStatistics ? VK_TRUE : VK_FALSE;
  auto& e12 = enabled.get<::vk::PhysicalDeviceVulkan12Features>();
  e12.shaderBufferInt64Atomics = f12.shaderBufferInt64Atomics;
  e12.vulkanMemoryModel = f12.vulkanMemoryModel;
  e12.vulkanMemoryModelDeviceScope = f12.vulkanMemoryModelDeviceScope;
  e12.hostQueryReset = f12.hostQueryReset;
  e12.storageBuffer8BitAccess = f12.storageBuffer8BitAccess;
  e12.shaderInt8 = f12.shaderInt8;
  e12.shaderSubgroupExtendedTypes = f12.shaderSubgroupExtendedTypes;
  e12.bufferDeviceAddress = f12.bufferDeviceAddress;
  const bool timeline = f12.timelineSemaphore == VK_TRUE && !m_instance->validationEnabled();
  e12.timelineSemaphore = timeline ? VK_TRUE : VK_FALSE;
  if (vulkan13) {
    auto& e13 = enabled.get<::vk::PhysicalDeviceVulkan13Features>();
    e13.subgroupSizeControl = f13.subgroupSizeControl;
    e13.computeFullSubgroups = f13.computeFullSubgroups;
    m_subgroupSizeControl = f13.subgroupSizeControl == VK_TRUE;
    m_fullSubgroups = f13.computeFullSubgroups == VK_TRUE;
  } else {
    enabled.unlink<::vk::PhysicalDeviceVulkan13Features>();
  }

  std::vector<const char*> extensions;
  const auto available = m_physical->enumerateDeviceExtensionProperties();
  if (hasExtension(available, VK_EXT_MEMORY_BUDGET_EXTENSION_NAME)) {
    extensions.push_back(VK_EXT_MEMORY_BUDGET_EXTENSION_NAME);
  }

  // Registers, shared memory and spills per pipeline, with the invocation counts.
  ::vk::PhysicalDevicePipelineExecutablePropertiesFeaturesKHR executableInfo(VK_TRUE);
  if (options.pipelineStatistics && hasExtension(available, VK_KHR_PIPELINE_EXECUTABLE_PROPERTIES_EXTENSION_NAME)) {
    const auto offered = m_physical->getFeatures2<::vk::PhysicalDeviceFeatures2,
                                                  ::vk::PhysicalDevicePipelineExecutablePropertiesFeaturesKHR>();
    m_pipelineExecutableInfo =
        offered.get<::vk::PhysicalDevicePipelineExecutablePropertiesFeaturesKHR>().pipelineExecutableInfo == VK_TRUE;
    if (m_pipelineExecutableInfo) {
      extensions.push_back(VK_KHR_PIPELINE_EXECUTABLE_PROPERTIES_EXTENSION_NAME);
    }
  }

  m_calibrated = canCalibrate(*m_physical, available, options.calibratedTimestamps, m_calibrationNote);
  if (m_calibrated) {
    extensions.push_back(VK_EXT_CALIBRATED_TIMESTAMPS_EXTENSION_NAME);
  }

  const float priority = 1.0f;
  const ::vk::DeviceQueueCreateInfo queueInfo({}, m_queueFamily, 1, &priority);
  ::vk::DeviceCreateInfo deviceInfo({}, queueInfo, {}, extensions);
  deviceInfo.pNext = &enabled.get<::vk::PhysicalDeviceFeatures2>();
  if (m_pipelineExecutableInfo) {
    executableInfo.pNext = const_cast<void*>(deviceInfo.pNext);  // the chain is only read
    deviceInfo.pNext = &executableInfo;
  }
  m_device = FRONTIER_VK_CALL(m_physical->createDevice(deviceInfo));
  m_queue = FRONTIER_VK_CALL(m_device.getQueue(m_queueFamily, 0));
  m_commandPool = FRONTIER_VK_CALL(m_device.createCommandPool(
      ::vk::CommandPoolCreateInfo(::vk::CommandPoolCreateFlagBits::eResetCommandBuffer, m_queueFamily)));
  setName(*m_device, "frontier device");
  setName(*m_queue, "frontier compute queue");
  setName(*m_commandPool, "frontier command pool");
  m_pipelineCache = FRONTIER_VK_CALL(m_device.createPipelineCache(::vk::PipelineCacheCreateInfo{}));
  setName(*m_pipelineCache, "frontier pipeline cache");
  if (timeline) {
    const ::vk::StructureChain<::vk::SemaphoreCreateInfo, ::vk::SemaphoreTypeCreateInfo> info(
        {}, ::vk::SemaphoreTypeCreateInfo(::vk::SemaphoreType::eTimeline, 0));
    m_timeline = FRONTIER_VK_CALL(m_device.createSemaphore(info.get<::vk::SemaphoreCreateInfo>()));
    setName(*m_timeline, "frontier submissions timeline");
  }
}

Context::~Context() {
  if (static_cast<bool>(*m_device)) {
    try {
      // An empty submission waited for: every earlier one is retired by
      // then, also by the validation layers' thread (see retire()).
      const ::vk::raii::Fence fence = m_device.createFence({});
      m_queue.submit(::vk::SubmitInfo(), *fence);
      (void)m_device.waitForFences(*fence, VK_TRUE, UINT64_MAX);
    } catch (const ::vk::SystemError&) {
      // A lost device: nothing runs any more; free what is left.
    }
    m_retired.clear();
    try {
      m_device.waitIdle();
    } catch (const ::vk::SystemError&) {
    }
  }
}

TimestampClock Context::timestampClock() const noexcept {
  const auto families = m_physical->getQueueFamilyProperties();
  return TimestampClock{m_info.timestampPeriod, families[m_queueFamily].timestampValidBits};
}

uint64_t Context::deviceLocalBudget() const {
  if (const uint64_t injected = faults::budgetOverride(); injected > 0) {
    return injected;
  }
  return describeDevice(*m_physical, m_info.index).deviceLocalBudget();
}

uint64_t Context::maxAllocationSize() const {
  if (const uint64_t injected = faults::allocationLimitOverride(); injected > 0) {
    return injected;
  }
  return m_info.maxMemoryAllocationSize;
}

void Context::setObjectName(::vk::ObjectType type, uint64_t handle, std::string_view name) const {
  if (!m_instance->debugUtilsEnabled() || handle == 0) {
    return;
  }
  const std::string text(name);
  const ::vk::DebugUtilsObjectNameInfoEXT info(type, handle, text.c_str());
  FRONTIER_VK_CALL(m_device.setDebugUtilsObjectNameEXT(info));
}

void Context::reuseFreedBuffers(bool on) {
  m_reuseBuffers = on;
  if (!on) {
    m_spareBuffers.clear();
  }
}

void Context::recycle(Buffer&& buffer) const noexcept {
  try {
    m_spareBuffers.push_back(std::move(buffer));
  } catch (...) {
    // No room to keep it: it is freed (the moved-from buffer goes with the exception).
  }
}

Buffer Context::createBuffer(uint64_t size, BufferKind kind, std::string_view name, BufferAccess access) const {
  if (m_reuseBuffers) {
    const uint64_t wanted = std::max<uint64_t>(size, 4);
    const bool addressed = access == BufferAccess::Address;
    for (auto it = m_spareBuffers.begin(); it != m_spareBuffers.end(); ++it) {
      if (it->m_size == wanted && it->m_kind == kind && (it->m_address != 0) == addressed) {
        Buffer reused = std::move(*it);
        m_spareBuffers.erase(it);
        reused.m_name = name;
        reused.m_recycler = this;
        setName(*reused.m_buffer, name);
        setName(*reused.m_memory, name);
        return reused;
      }
    }
  }
  Buffer buffer;
  buffer.m_size = std::max<uint64_t>(size, 4);
  buffer.m_kind = kind;
  buffer.m_name = name;
  using Usage = ::vk::BufferUsageFlagBits;
  const bool addressed = access == BufferAccess::Address;
  if (addressed && !m_info.bufferDeviceAddress) {
    throw VulkanError(VK_ERROR_FEATURE_NOT_PRESENT, "Context::createBuffer",
                      "buffer '" + buffer.m_name + "' needs buffer device addresses, which " + m_info.name + " lacks");
  }
  ::vk::BufferUsageFlags usage =
      Usage::eStorageBuffer | Usage::eTransferSrc | Usage::eTransferDst | Usage::eIndirectBuffer;
  if (addressed) {
    usage |= Usage::eShaderDeviceAddress;
  }
  const ::vk::BufferCreateInfo info({}, buffer.m_size, usage);
  buffer.m_buffer = FRONTIER_VK_CALL(m_device.createBuffer(info));
  const auto requirements = buffer.m_buffer.getMemoryRequirements();

  using Mem = ::vk::MemoryPropertyFlagBits;
  VkMemoryPropertyFlags required = 0;
  VkMemoryPropertyFlags preferred = 0;
  switch (kind) {
  case BufferKind::Device: required = VkMemoryPropertyFlags(Mem::eDeviceLocal); break;
  case BufferKind::Upload:
    required = VkMemoryPropertyFlags(Mem::eHostVisible | Mem::eHostCoherent);
    preferred = required;
    break;
  case BufferKind::Download:
    required = VkMemoryPropertyFlags(Mem::eHostVisible);
    preferred = VkMemoryPropertyFlags(Mem::eHostVisible | Mem::eHostCached | Mem::eHostCoherent);
    break;
  }
  const VkPhysicalDeviceMemoryProperties memory = m_physical->getMemoryProperties();
  int type = chooseMemoryType(memory, requirements.memoryTypeBits, required, preferred | required);
  if (type < 0 && kind == BufferKind::Device) {
    type = chooseMemoryType(memory, requirements.memoryTypeBits, 0, 0);
  }
  if (type < 0) {
    throw VulkanError(VK_ERROR_FEATURE_NOT_PRESENT, "Context::createBuffer",
                      "no memory type for buffer '" + buffer.m_name + "'");
  }
  faults::beforeAllocation(buffer.m_name, buffer.m_size);
  try {
    const ::vk::MemoryAllocateFlagsInfo flags(::vk::MemoryAllocateFlagBits::eDeviceAddress);
    ::vk::MemoryAllocateInfo allocation(requirements.size, static_cast<uint32_t>(type));
    allocation.pNext = addressed ? &flags : nullptr;
    buffer.m_memory = m_device.allocateMemory(allocation);
  } catch (const ::vk::SystemError& error) {
    throw VulkanError(static_cast<VkResult>(error.code().value()), "vkAllocateMemory",
                      "buffer '" + buffer.m_name + "' of " + std::to_string(buffer.m_size) + " bytes");
  }
  buffer.m_buffer.bindMemory(*buffer.m_memory, 0);
  if (addressed) {
    buffer.m_address = m_device.getBufferAddress(::vk::BufferDeviceAddressInfo(*buffer.m_buffer));
  }
  const VkMemoryPropertyFlags flags = memory.memoryTypes[type].propertyFlags;
  buffer.m_coherent = (flags & VK_MEMORY_PROPERTY_HOST_COHERENT_BIT) != 0;
  if (kind != BufferKind::Device) {
    buffer.m_mapped = FRONTIER_VK_CALL(buffer.m_memory.mapMemory(0, VK_WHOLE_SIZE));
  }
  setName(*buffer.m_buffer, name);
  setName(*buffer.m_memory, name);
  buffer.m_recycler = m_reuseBuffers ? this : nullptr;  // only once it is whole
  return buffer;
}

void Context::transfer(const Buffer& staging, const Buffer& device, uint64_t bytes, uint64_t deviceOffset,
                       bool toDevice) {
  CommandBuffer commands = createCommandBuffer(toDevice ? "upload" : "download");
  commands.begin();
  if (toDevice) {
    commands.copy(staging, device, 0, deviceOffset, bytes);
  } else {
    commands.copy(device, staging, deviceOffset, 0, bytes);
  }
  commands.barrier();
  commands.end();
  submitAndWait(commands);
}

void Context::upload(const Buffer& dst, const void* data, uint64_t bytes, uint64_t dstOffset) {
  if (bytes == 0) {
    return;
  }
  const Buffer staging = createBuffer(std::min(bytes, kStagingChunk), BufferKind::Upload, "staging upload");
  const auto* source = static_cast<const std::byte*>(data);
  for (uint64_t done = 0; done < bytes;) {
    const uint64_t chunk = std::min(bytes - done, kStagingChunk);
    std::memcpy(staging.mapped(), source + done, chunk);
    staging.flush();
    transfer(staging, dst, chunk, dstOffset + done, true);
    done += chunk;
  }
}

void Context::download(const Buffer& src, void* data, uint64_t bytes, uint64_t srcOffset) {
  if (bytes == 0) {
    return;
  }
  const Buffer staging = createBuffer(std::min(bytes, kStagingChunk), BufferKind::Download, "staging download");
  auto* target = static_cast<std::byte*>(data);
  for (uint64_t done = 0; done < bytes;) {
    const uint64_t chunk = std::min(bytes - done, kStagingChunk);
    transfer(staging, src, chunk, srcOffset + done, false);
    staging.invalidate();
    std::memcpy(target + done, staging.mapped(), chunk);
    done += chunk;
  }
}

CommandBuffer Context::createCommandBuffer(std::string_view name) const {
  const ::vk::CommandBufferAllocateInfo info(*m_commandPool, ::vk::CommandBufferLevel::ePrimary, 1);
  auto buffers = FRONTIER_VK_CALL(m_device.allocateCommandBuffers(info));
  setName(*buffers.front(), name);
  return CommandBuffer(std::move(buffers.front()), *this);
}

void Context::retire(::vk::raii::CommandBuffer&& buffer) const {
  m_retired.push_back({std::move(buffer), m_submissions});
}

void Context::releaseRetired(uint64_t finishedSubmission) const {
  std::erase_if(m_retired, [&](const Retired& r) {
    if (r.afterSubmissions >= finishedSubmission) {
      return false;
    }
    // Freed now: its handle may come back for another buffer. Not at
    // retire(), as its spans are read after it (SpanRecorder::resolve).
    m_submitTimes.erase(static_cast<VkCommandBuffer>(*r.buffer));
    return true;
  });
}

Submission Context::submit(const CommandBuffer& commands) {
  faults::beforeSubmit();
  const Submission submission{m_submissions + 1};
  const ::vk::CommandBuffer handle = commands.handle();
  const ::vk::TimelineSemaphoreSubmitInfo values({}, submission.value);
  ::vk::SubmitInfo info({}, {}, handle);
  ::vk::Fence fence;
  if (usesTimeline()) {
    info.setSignalSemaphores(*m_timeline).setPNext(&values);
  } else {
    fence = *m_fences.emplace(submission.value, FRONTIER_VK_CALL(m_device.createFence({}))).first->second;
  }
  const int64_t startNs = steadyNowNs();
  try {
    FRONTIER_VK_CALL(m_queue.submit(info, fence));
  } catch (...) {
    m_fences.erase(submission.value);
    throw;
  }
  m_submitTimes[static_cast<VkCommandBuffer>(handle)] = {startNs, steadyNowNs()};
  m_submissions = submission.value;  // only once submitted: a failed submit raises nothing
  return submission;
}

std::optional<HostSubmitTimes> Context::submitTimes(::vk::CommandBuffer commands) const {
  const auto found = m_submitTimes.find(static_cast<VkCommandBuffer>(commands));
  if (found == m_submitTimes.end()) {
    return std::nullopt;
  }
  return found->second;
}

std::optional<ClockCalibration> Context::calibrate() const {
  if (!m_calibrated) {
    return std::nullopt;
  }
  const std::array<::vk::CalibratedTimestampInfoEXT, 2> infos = {
      ::vk::CalibratedTimestampInfoEXT(::vk::TimeDomainEXT::eDevice),
      ::vk::CalibratedTimestampInfoEXT(::vk::TimeDomainEXT::eClockMonotonic)};
  const auto [values, deviation] = FRONTIER_VK_CALL(m_device.getCalibratedTimestampsEXT(infos));
  return ClockCalibration{values[0], static_cast<int64_t>(values[1]), deviation};
}

namespace {

// Polls `done` (yielding between polls) until it is true or the timeout has
// passed; whether it became true.
template <class Done> bool spinUntil(uint64_t timeoutNs, Done done) {
  const auto deadline =
      std::chrono::steady_clock::now() + std::chrono::nanoseconds(std::min<uint64_t>(timeoutNs, uint64_t{1} << 62U));
  for (;;) {
    if (done()) {
      return true;
    }
    if (std::chrono::steady_clock::now() >= deadline) {
      return false;
    }
    std::this_thread::yield();
  }
}

} // namespace

bool Context::wait(Submission submission, uint64_t timeoutNs) const {
  if (!usesTimeline()) {
    return waitForFence(submission, timeoutNs);
  }
  bool finished = false;
  if (m_spinWait) {
    // The counter's read throws on a lost device, as the sleeping wait does.
    finished = spinUntil(timeoutNs, [&] { return FRONTIER_VK_CALL(m_timeline.getCounterValue()) >= submission.value; });
  } else {
    finished = FRONTIER_VK_CALL(m_device.waitSemaphores(
                   ::vk::SemaphoreWaitInfo({}, *m_timeline, submission.value), timeoutNs)) == ::vk::Result::eSuccess;
  }
  if (finished) {
    releaseRetired(submission.value);
  }
  return finished;
}

bool Context::waitForFence(Submission submission, uint64_t timeoutNs) const {
  const auto found = m_fences.find(submission.value);
  if (found == m_fences.end()) {
    return true;  // waited for before
  }
  const ::vk::raii::Fence& fence = found->second;
  bool finished = false;
  if (m_spinWait) {
    finished = spinUntil(timeoutNs, [&] { return FRONTIER_VK_CALL(fence.getStatus()) == ::vk::Result::eSuccess; });
  } else {
    finished = FRONTIER_VK_CALL(m_device.waitForFences(*fence, VK_TRUE, timeoutNs)) == ::vk::Result::eSuccess;
  }
  if (finished) {
    m_fences.erase(found);
    releaseRetired(submission.value);
  }
  return finished;
}

void Context::submitAndWait(const CommandBuffer& commands) {
  const Submission submission = submit(commands);
  while (!wait(submission, UINT64_MAX)) {
  }
}

::vk::raii::DescriptorSet Context::allocateDescriptorSet(const ::vk::raii::DescriptorSetLayout& layout,
                                                         uint32_t bufferCount) {
  // Pools are counted rather than probed: a failed allocation would be
  // reported by the validation layers.
  if (m_descriptorPools.empty() || m_setsInPool + 1 > kSetsPerPool ||
      m_buffersInPool + bufferCount > kBuffersPerPool) {
    const ::vk::DescriptorPoolSize size(::vk::DescriptorType::eStorageBuffer, kBuffersPerPool);
    m_descriptorPools.push_back(FRONTIER_VK_CALL(m_device.createDescriptorPool(::vk::DescriptorPoolCreateInfo(
        ::vk::DescriptorPoolCreateFlagBits::eFreeDescriptorSet, kSetsPerPool, size))));
    setName(*m_descriptorPools.back(), "frontier descriptor pool");
    m_setsInPool = 0;
    m_buffersInPool = 0;
  }
  m_setsInPool += 1;
  m_buffersInPool += bufferCount;
  const ::vk::DescriptorSetAllocateInfo info(*m_descriptorPools.back(), *layout);
  return std::move(FRONTIER_VK_CALL(m_device.allocateDescriptorSets(info)).front());
}

} // namespace frontier::gpu
