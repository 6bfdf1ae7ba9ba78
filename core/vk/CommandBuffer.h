#pragma once
// Records compute work into one command buffer: dispatches (direct and
// indirect) with push constants, barriers, fills, copies and timestamps.
// The engine records into a CommandBuffer it is given (so every step can be
// timed) and the Context submits it.

#include <cstddef>
#include <cstdint>
#include <span>
#include <string_view>

#include <vulkan/vulkan_raii.hpp>

#include "Buffer.h"
#include "ComputePipeline.h"
#include "TimestampPool.h"

namespace frontier::gpu {

struct Groups {
  uint32_t x = 1;
  uint32_t y = 1;
  uint32_t z = 1;
};

// The bytes of a push-constant struct, as a dynamic-extent span.
template <class T> std::span<const std::byte> bytesOf(const T& value) {
  return {reinterpret_cast<const std::byte*>(&value), sizeof(T)};
}

class Context;
class InvocationPool;

class CommandBuffer {
public:
  // `owner` frees the buffer once it is safe (see Context::retire); made by
  // Context::createCommandBuffer only.
  CommandBuffer(::vk::raii::CommandBuffer buffer, const Context& owner) : m_buffer(std::move(buffer)), m_owner(&owner) {}
  CommandBuffer(CommandBuffer&& other) noexcept = default;
  CommandBuffer& operator=(CommandBuffer&& other) noexcept;
  CommandBuffer(const CommandBuffer&) = delete;
  CommandBuffer& operator=(const CommandBuffer&) = delete;
  ~CommandBuffer();

  ::vk::CommandBuffer handle() const noexcept { return *m_buffer; }

  void begin();  // resets and begins (one-time submit)
  // Resets and begins a command buffer that is recorded once and submitted
  // many times (each submission waited for before the next one).
  void beginReusable();
  void end();

  void dispatch(const ComputePipeline& pipeline, const DescriptorSet& set, Groups groups,
                std::span<const std::byte> push = {});
  template <class Push>
  void dispatch(const ComputePipeline& pipeline, const DescriptorSet& set, Groups groups, const Push& push) {
    static_assert(sizeof(Push) <= 128, "push constants exceed 128 bytes");
    dispatch(pipeline, set, groups, bytesOf(push));
  }
  // Group counts read from `args` at `offset` (three uints) when the command runs.
  void dispatchIndirect(const ComputePipeline& pipeline, const DescriptorSet& set, const Buffer& args,
                        uint64_t offset, std::span<const std::byte> push = {});
  template <class Push>
  void dispatchIndirect(const ComputePipeline& pipeline, const DescriptorSet& set, const Buffer& args,
                        uint64_t offset, const Push& push) {
    static_assert(sizeof(Push) <= 128, "push constants exceed 128 bytes");
    dispatchIndirect(pipeline, set, args, offset, bytesOf(push));
  }

  // Everything written before (shaders, transfers) is visible to everything
  // after (shaders, transfers, indirect arguments, host reads).
  void barrier();

  void fill(const Buffer& buffer, uint32_t value, uint64_t offset = 0, uint64_t size = VK_WHOLE_SIZE);
  void copy(const Buffer& src, const Buffer& dst, uint64_t srcOffset, uint64_t dstOffset, uint64_t size);
  // Small inline writes (at most 65536 bytes, a multiple of 4).
  void update(const Buffer& dst, uint64_t offset, std::span<const std::byte> data);

  void resetTimestamps(const TimestampPool& pool, uint32_t first, uint32_t count);
  // Records the time when all earlier commands have finished.
  void writeTimestamp(const TimestampPool& pool, uint32_t query);
  // Invocation counting (InvocationPool): reset, then begin query i; the
  // query begun last is ended by the next beginInvocations() or by end().
  void resetInvocations(const InvocationPool& pool, uint32_t first, uint32_t count);
  void beginInvocations(const InvocationPool& pool, uint32_t query);

  // Labels for captures (RenderDoc, Nsight); no-ops without debug utils.
  void beginLabel(std::string_view name);
  void endLabel();

private:
  void bindAndPush(const ComputePipeline& pipeline, const DescriptorSet& set, std::span<const std::byte> push);

  void endInvocations();

  ::vk::raii::CommandBuffer m_buffer;
  const Context* m_owner;
  ::vk::QueryPool m_openPool;  // the invocation query in progress, if any
  uint32_t m_openQuery = 0;
};

} // namespace frontier::gpu
