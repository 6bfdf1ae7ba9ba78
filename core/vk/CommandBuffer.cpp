#include "CommandBuffer.h"
#include "InvocationPool.h"

#include "Context.h"

#include <string>

#include "VulkanError.h"

namespace frontier::gpu {

CommandBuffer::~CommandBuffer() {
  if (*m_buffer) {
    m_owner->retire(std::move(m_buffer));
  }
}

CommandBuffer& CommandBuffer::operator=(CommandBuffer&& other) noexcept {
  if (this != &other) {
    if (*m_buffer) {
      m_owner->retire(std::move(m_buffer));
    }
    m_buffer = std::move(other.m_buffer);
    m_owner = other.m_owner;
    m_openPool = other.m_openPool;
    m_openQuery = other.m_openQuery;
    other.m_openPool = nullptr;
  }
  return *this;
}

void CommandBuffer::begin() {
  m_buffer.reset();
  m_openPool = nullptr;
  FRONTIER_VK_CALL(m_buffer.begin({::vk::CommandBufferUsageFlagBits::eOneTimeSubmit}));
}

void CommandBuffer::beginReusable() {
  m_buffer.reset();
  m_openPool = nullptr;
  FRONTIER_VK_CALL(m_buffer.begin(::vk::CommandBufferBeginInfo{}));
}

void CommandBuffer::end() {
  endInvocations();
  FRONTIER_VK_CALL(m_buffer.end());
}

void CommandBuffer::resetInvocations(const InvocationPool& pool, uint32_t first, uint32_t count) {
  m_buffer.resetQueryPool(pool.handle(), first, count);
}

void CommandBuffer::beginInvocations(const InvocationPool& pool, uint32_t query) {
  endInvocations();
  m_buffer.beginQuery(pool.handle(), query, {});
  m_openPool = pool.handle();
  m_openQuery = query;
}

void CommandBuffer::endInvocations() {
  if (m_openPool) {
    m_buffer.endQuery(m_openPool, m_openQuery);
    m_openPool = nullptr;
  }
}

void CommandBuffer::bindAndPush(const ComputePipeline& pipeline, const DescriptorSet& set,
                                std::span<const std::byte> push) {
  m_buffer.bindPipeline(::vk::PipelineBindPoint::eCompute, pipeline.handle());
  if (pipeline.bufferCount() > 0) {
    m_buffer.bindDescriptorSets(::vk::PipelineBindPoint::eCompute, pipeline.layout(), 0, set.handle(), {});
  }
  if (!push.empty()) {
    m_buffer.pushConstants<std::byte>(pipeline.layout(), ::vk::ShaderStageFlagBits::eCompute, 0, push);
  }
}

void CommandBuffer::dispatch(const ComputePipeline& pipeline, const DescriptorSet& set, Groups groups,
                             std::span<const std::byte> push) {
  if (groups.x == 0 || groups.y == 0 || groups.z == 0) {
    return;  // nothing to do; Vulkan allows it but captures read better without
  }
  bindAndPush(pipeline, set, push);
  m_buffer.dispatch(groups.x, groups.y, groups.z);
}

void CommandBuffer::dispatchIndirect(const ComputePipeline& pipeline, const DescriptorSet& set,
                                     const Buffer& args, uint64_t offset, std::span<const std::byte> push) {
  bindAndPush(pipeline, set, push);
  m_buffer.dispatchIndirect(args.handle(), offset);
}

void CommandBuffer::barrier() {
  using Stage = ::vk::PipelineStageFlagBits;
  using Access = ::vk::AccessFlagBits;
  const ::vk::MemoryBarrier memory(Access::eShaderWrite | Access::eTransferWrite,
                                   Access::eShaderRead | Access::eShaderWrite | Access::eTransferRead |
                                       Access::eTransferWrite | Access::eIndirectCommandRead |
                                       Access::eHostRead);
  m_buffer.pipelineBarrier(Stage::eComputeShader | Stage::eTransfer,
                           Stage::eComputeShader | Stage::eTransfer | Stage::eDrawIndirect | Stage::eHost, {},
                           memory, {}, {});
}

void CommandBuffer::fill(const Buffer& buffer, uint32_t value, uint64_t offset, uint64_t size) {
  m_buffer.fillBuffer(buffer.handle(), offset, size, value);
}

void CommandBuffer::copy(const Buffer& src, const Buffer& dst, uint64_t srcOffset, uint64_t dstOffset,
                         uint64_t size) {
  m_buffer.copyBuffer(src.handle(), dst.handle(), ::vk::BufferCopy(srcOffset, dstOffset, size));
}

void CommandBuffer::update(const Buffer& dst, uint64_t offset, std::span<const std::byte> data) {
  m_buffer.updateBuffer<std::byte>(dst.handle(), offset, data);
}

void CommandBuffer::resetTimestamps(const TimestampPool& pool, uint32_t first, uint32_t count) {
  m_buffer.resetQueryPool(pool.handle(), first, count);
}

void CommandBuffer::writeTimestamp(const TimestampPool& pool, uint32_t query) {
  m_buffer.writeTimestamp(::vk::PipelineStageFlagBits::eBottomOfPipe, pool.handle(), query);
}

void CommandBuffer::beginLabel(std::string_view name) {
  if (m_buffer.getDispatcher()->vkCmdBeginDebugUtilsLabelEXT == nullptr) {
    return;
  }
  const std::string text(name);
  m_buffer.beginDebugUtilsLabelEXT(::vk::DebugUtilsLabelEXT(text.c_str()));
}

void CommandBuffer::endLabel() {
  if (m_buffer.getDispatcher()->vkCmdEndDebugUtilsLabelEXT == nullptr) {
    return;
  }
  m_buffer.endDebugUtilsLabelEXT();
}

} // namespace frontier::gpu
