#pragma once
// A pipeline-statistics query pool that counts compute-shader invocations:
// one query per span of recorded commands (engine::SpanRecorder). Needs the
// pipelineStatisticsQuery feature, which the context enables only when
// ContextOptions::pipelineStatistics asks for it (the queries are not free
// on every device, so ordinary runs go without).

#include <cstdint>
#include <string_view>
#include <vector>

#include <vulkan/vulkan_raii.hpp>

namespace frontier::gpu {

class Context;

class InvocationPool {
public:
  InvocationPool() = default;
  InvocationPool(const Context& context, uint32_t count, std::string_view name);

  uint32_t capacity() const noexcept { return m_count; }
  ::vk::QueryPool handle() const noexcept { return *m_pool; }
  bool valid() const noexcept { return static_cast<bool>(*m_pool); }

  // Invocations counted by queries [first, first + count); waits until they are available.
  std::vector<uint64_t> read(uint32_t first, uint32_t count) const;

private:
  uint32_t m_count = 0;
  ::vk::raii::QueryPool m_pool{nullptr};
};

} // namespace frontier::gpu
