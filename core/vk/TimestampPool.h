#pragma once
// A pool of GPU timestamp queries. Raw ticks are kept; TimestampClock (from
// Context::timestampClock) converts them, in one place.

#include <cstdint>
#include <string_view>
#include <vector>

#include <vulkan/vulkan_raii.hpp>

namespace frontier::gpu {

class Context;

class TimestampPool {
public:
  TimestampPool() = default;
  TimestampPool(const Context& context, uint32_t count, std::string_view name);

  uint32_t capacity() const noexcept { return m_count; }
  ::vk::QueryPool handle() const noexcept { return *m_pool; }
  bool valid() const noexcept { return static_cast<bool>(*m_pool); }

  // Raw ticks of queries [first, first + count); waits until they are available.
  std::vector<uint64_t> read(uint32_t first, uint32_t count) const;

private:
  ::vk::raii::QueryPool m_pool{nullptr};
  uint32_t m_count = 0;
};

} // namespace frontier::gpu
