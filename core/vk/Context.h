#pragma once
// A chosen Vulkan device with one compute queue: the owner of every Vulkan
// object the engine uses (through Buffer, ComputePipeline, CommandBuffer,
// TimestampPool). Construction picks the device (see DeviceChoice.h) and
// throws DeviceSelectionError listing why each device was rejected.
//
// Thread affinity: one thread at a time (the engine's worker thread).
// Errors: VulkanError for failing calls; out-of-memory names what to lower.

#include <array>
#include <cstdint>
#include <deque>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

#include <vulkan/vulkan_raii.hpp>

#include "Buffer.h"
#include "DeviceInfo.h"
#include "Instance.h"
#include "Timestamps.h"

namespace frontier::gpu {

class CommandBuffer;

// What the driver says of one compiled pipeline's executables
// (VK_KHR_pipeline_executable_properties): its statistics, name and value
// in the driver's words ("Register Count" = "40", "Spill Count" = "0", ...).
struct PipelineReport {
  std::string pipeline;
  std::string executable;
  std::vector<std::pair<std::string, std::string>> statistics;
  // The workgroup size the pipeline was made with (SpirvWorkgroup.h); zeros when unknown.
  std::array<uint32_t, 3> workgroupSize{0, 0, 0};
};

// Spin: poll the submissions' timeline (vkGetSemaphoreCounterValue,
// yielding), as CUDA's default scheduling spins while a host thread per core
// is free: 2-4 % faster runs than sleeping on four H200. Sleep: leave the
// waiting to vkWaitSemaphores.
enum class FenceWaitMode : uint8_t { Auto, Spin, Sleep };

struct ContextOptions {
  std::string deviceRequest;  // "" = best device; an index or a name substring
  Validation validation = Validation::Auto;
  // Count compute invocations per span (pipeline-statistics queries) where
  // the device has them; off by default, as the queries cost time on some devices.
  bool pipelineStatistics = false;
  // Tie the host's clock to the GPU's (VK_EXT_calibrated_timestamps, the
  // name VK_KHR_calibrated_timestamps keeps offering) where the device can,
  // so that traces place host submissions and read-backs on the GPU
  // timeline; false behaves as a device without it (tests).
  bool calibratedTimestamps = true;
  // How wait() waits for a fence: Auto spins on GPUs and sleeps on CPU
  // devices (lavapipe), whose work runs on the cores a spinning thread
  // would take from it.
  FenceWaitMode fenceWait = FenceWaitMode::Auto;
};

// When the host submitted a command buffer: steady-clock nanoseconds
// (CLOCK_MONOTONIC) before and after vkQueueSubmit.
struct HostSubmitTimes {
  int64_t startNs = 0;
  int64_t endNs = 0;
};

// A submission to wait for, by its number. Without the validation layers
// each submission raises the context's timeline semaphore to its number: a
// fence per submission cost about 0.3 ms to create and as much to destroy
// on the NVIDIA driver (kernel objects), a fifth of a level on Kronecker 22,
// and twice that with four devices at once; the timeline costs nothing per
// submission. With the layers on (the tests) each submission keeps a fence
// of its own: the layers (1.3.239) slowed down with every timeline value
// signalled, a test of many submissions from 3 s to minutes.
struct Submission {
  uint64_t value = 0;
};

class Context {
public:
  explicit Context(const ContextOptions& options = {});
  ~Context();
  Context(const Context&) = delete;
  Context& operator=(const Context&) = delete;

  const DeviceInfo& info() const noexcept { return m_info; }
  const Instance& instance() const noexcept { return *m_instance; }
  TimestampClock timestampClock() const noexcept;
  bool validationEnabled() const noexcept { return m_instance->validationEnabled(); }
  uint64_t validationErrorCount() const noexcept { return m_instance->validationLog().errorCount(); }

  // Current memory budget of the largest device-local heap, in bytes.
  uint64_t deviceLocalBudget() const;
  // Bytes one allocation may hold (maxMemoryAllocationSize, or the injected
  // allocation@M fault); 0 when the device does not say.
  uint64_t maxAllocationSize() const;

  // Buffers. Sizes are in bytes; a size of 0 is rounded up to 4. With
  // BufferAccess::Address the shaders may also reach the buffer through its
  // 64-bit address (Buffer::address()), past maxStorageBufferRange; it
  // throws VulkanError on a device without bufferDeviceAddress.
  Buffer createBuffer(uint64_t size, BufferKind kind, std::string_view name,
                      BufferAccess access = BufferAccess::Binding) const;
  // While on, a buffer of this context that is destroyed keeps its memory
  // here, and the next createBuffer of the same size, kind and access takes
  // it instead of allocating (its contents are whatever it held: the
  // engines clear what they read). For many runs made one after another on
  // one graph (the chunks of a several-device run), where allocating each
  // run's arrays anew costs tens of milliseconds on a large graph. Turning
  // it off frees the buffers kept.
  void reuseFreedBuffers(bool on);
  // Copies host data into a buffer through a staging buffer and waits.
  void upload(const Buffer& dst, const void* data, uint64_t bytes, uint64_t dstOffset = 0);
  template <class T> void upload(const Buffer& dst, std::span<const T> data, uint64_t dstOffset = 0) {
    upload(dst, data.data(), data.size_bytes(), dstOffset);
  }
  // Copies a buffer range to host memory through a staging buffer and waits.
  void download(const Buffer& src, void* data, uint64_t bytes, uint64_t srcOffset = 0);
  template <class T> void download(const Buffer& src, std::span<T> data, uint64_t srcOffset = 0) {
    download(src, data.data(), data.size_bytes(), srcOffset);
  }

  // Command buffers from the context's pool, and their submission.
  CommandBuffer createCommandBuffer(std::string_view name) const;
  // Takes a command buffer that is no longer used and frees it once a
  // submission made after it has finished (~CommandBuffer calls this). Why
  // not at once: the validation layers (1.3.239, Debian 12) retire a
  // submission on a thread of their own, which may drop its last reference
  // to the buffer's state after our fence wait returned; that late release
  // erases the buffer's debug-label entry without a lock, and a new buffer
  // that got the same handle in the meantime has its labels freed under it:
  // heap corruption ("malloc_consolidate(): unaligned fastbin chunk"). Once a
  // later submission has finished, that thread is done with the earlier one.
  void retire(::vk::raii::CommandBuffer&& buffer) const;
  // Command buffers retired and not yet freed (for tests).
  size_t retiredCommandBuffers() const noexcept { return m_retired.size(); }
  void submitAndWait(const CommandBuffer& commands);
  // Submits and returns what to wait on (for cancellable waits).
  Submission submit(const CommandBuffer& commands);
  // Waits up to timeoutNs (ContextOptions::fenceWait says how); true when
  // the submission has finished.
  bool wait(Submission submission, uint64_t timeoutNs) const;
  // The host times of the latest submission of `commands` (a command buffer
  // of this context that is not yet retired); none before its first.
  std::optional<HostSubmitTimes> submitTimes(::vk::CommandBuffer commands) const;

  // The host clock tied to the GPU's: a device timestamp and a steady-clock
  // reading taken together, where calibratedTimestamps() (else none).
  // Throws VulkanError when the call fails.
  std::optional<ClockCalibration> calibrate() const;
  bool calibratedTimestamps() const noexcept { return m_calibrated; }
  // wait() polls (ContextOptions::fenceWait).
  // Submissions are waited for on a timeline semaphore (else a fence each).
  bool usesTimeline() const noexcept { return static_cast<bool>(*m_timeline); }
  bool spinsOnFences() const noexcept { return m_spinWait; }
  // Why host times are or are not on the GPU clock, in words for traces:
  // the extension and clock domains used, or what is missing.
  const std::string& calibrationNote() const noexcept { return m_calibrationNote; }

  // Descriptor sets come from pools that grow on demand.
  ::vk::raii::DescriptorSet allocateDescriptorSet(const ::vk::raii::DescriptorSetLayout& layout,
                                                  uint32_t bufferCount);

  // Names an object for debuggers and captures (no-op without VK_EXT_debug_utils).
  template <class Handle> void setName(Handle handle, std::string_view name) const {
    setObjectName(Handle::objectType, reinterpret_cast<uint64_t>(static_cast<typename Handle::CType>(handle)), name);
  }
  void setObjectName(::vk::ObjectType type, uint64_t handle, std::string_view name) const;

  // For core/vk only.
  const ::vk::raii::Device& device() const noexcept { return m_device; }
  const ::vk::raii::PhysicalDevice& physicalDevice() const noexcept { return *m_physical; }
  uint32_t queueFamily() const noexcept { return m_queueFamily; }
  bool subgroupSizeControl() const noexcept { return m_subgroupSizeControl; }
  // Every pipeline of this context is made through one cache: a run made
  // again (each Step's new search in the window, each chunk of a
  // several-device run) gets its pipelines without compiling them again.
  const ::vk::raii::PipelineCache& pipelineCache() const noexcept { return m_pipelineCache; }
  // Pipelines may require full subgroups (Vulkan 1.3 computeFullSubgroups).
  bool fullSubgroups() const noexcept { return m_fullSubgroups; }
  // Pipeline-statistics queries were asked for and the device has them.
  bool pipelineStatistics() const noexcept { return m_pipelineStatistics; }
  // ContextOptions::pipelineStatistics as asked, whatever the device has.
  bool pipelineStatisticsAsked() const noexcept { return m_pipelineStatisticsAsked; }
  // With pipelineStatistics asked for, on a device with
  // VK_KHR_pipeline_executable_properties: every pipeline made records what
  // the driver says of it (registers, shared memory, spills), in order.
  bool pipelineExecutableInfo() const noexcept { return m_pipelineExecutableInfo; }
  const std::vector<PipelineReport>& pipelineReports() const noexcept { return m_pipelineReports; }
  void addPipelineReport(PipelineReport report) { m_pipelineReports.push_back(std::move(report)); }

private:
  friend class Buffer;
  void recycle(Buffer&& buffer) const noexcept;  // Buffer::release
  void transfer(const Buffer& staging, const Buffer& device, uint64_t bytes, uint64_t deviceOffset,
                bool toDevice);

  std::unique_ptr<Instance> m_instance;
  const ::vk::raii::PhysicalDevice* m_physical = nullptr;
  DeviceInfo m_info;
  uint32_t m_queueFamily = 0;
  bool m_subgroupSizeControl = false;
  bool m_fullSubgroups = false;
  bool m_pipelineStatistics = false;
  bool m_pipelineStatisticsAsked = false;
  bool m_pipelineExecutableInfo = false;
  bool m_calibrated = false;
  bool m_spinWait = false;
  std::string m_calibrationNote;
  mutable std::unordered_map<VkCommandBuffer, HostSubmitTimes> m_submitTimes;  // by retire() too
  std::vector<PipelineReport> m_pipelineReports;
  ::vk::raii::Device m_device{nullptr};
  ::vk::raii::Queue m_queue{nullptr};
  ::vk::raii::CommandPool m_commandPool{nullptr};
  ::vk::raii::PipelineCache m_pipelineCache{nullptr};
  bool m_reuseBuffers = false;
  mutable std::vector<Buffer> m_spareBuffers;  // after m_device: freed before it
  std::deque<::vk::raii::DescriptorPool> m_descriptorPools;
  // Command buffers waiting to be freed (retire()), each with the number of
  // submissions made when it was retired.
  struct Retired {
    ::vk::raii::CommandBuffer buffer;
    uint64_t afterSubmissions;
  };
  mutable std::vector<Retired> m_retired;
  uint64_t m_submissions = 0;
  ::vk::raii::Semaphore m_timeline{nullptr};  // raised to each submission's number (Submission); null with the layers on
  mutable std::unordered_map<uint64_t, ::vk::raii::Fence> m_fences;  // with the layers on: per submission not yet waited for
  void releaseRetired(uint64_t finishedSubmission) const;
  bool waitForFence(Submission submission, uint64_t timeoutNs) const;  // wait() with the layers on
  uint32_t m_setsInPool = 0;
  uint32_t m_buffersInPool = 0;
};

} // namespace frontier::gpu
