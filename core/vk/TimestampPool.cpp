#include "TimestampPool.h"

#include "Context.h"
#include "VulkanError.h"

namespace frontier::gpu {

TimestampPool::TimestampPool(const Context& context, uint32_t count, std::string_view name)
    : m_count(count) {
  const ::vk::QueryPoolCreateInfo info({}, ::vk::QueryType::eTimestamp, count);
  m_pool = FRONTIER_VK_CALL(context.device().createQueryPool(info));
  context.setName(*m_pool, name);
}

std::vector<uint64_t> TimestampPool::read(uint32_t first, uint32_t count) const {
  std::vector<uint64_t> ticks(count);
  if (count == 0) {
    return ticks;
  }
  const auto result = FRONTIER_VK_CALL(m_pool.getResults<uint64_t>(
      first, count, count * sizeof(uint64_t), sizeof(uint64_t),
      ::vk::QueryResultFlagBits::e64 | ::vk::QueryResultFlagBits::eWait));
  ticks = result.second;
  return ticks;
}

} // namespace frontier::gpu
