#include "InvocationPool.h"

#include "Context.h"
#include "VulkanError.h"

namespace frontier::gpu {

InvocationPool::InvocationPool(const Context& context, uint32_t count, std::string_view name) : m_count(count) {
  const ::vk::QueryPoolCreateInfo info({}, ::vk::QueryType::ePipelineStatistics, count,
                                       ::vk::QueryPipelineStatisticFlagBits::eComputeShaderInvocations);
  m_pool = FRONTIER_VK_CALL(context.device().createQueryPool(info));
  context.setName(*m_pool, name);
}

std::vector<uint64_t> InvocationPool::read(uint32_t first, uint32_t count) const {
  if (count == 0) {
    return {};
  }
  const auto result = FRONTIER_VK_CALL(m_pool.getResults<uint64_t>(
      first, count, count * sizeof(uint64_t), sizeof(uint64_t),
      ::vk::QueryResultFlagBits::e64 | ::vk::QueryResultFlagBits::eWait));
  return result.second;
}

} // namespace frontier::gpu
