#pragma once
// The buffers of one descriptor set, each put at its named binding (the
// constants of shaders/include: kIbfsBindingStats, kSsspBindingWeights, ...),
// so that the order of a list never decides which buffer a shader sees.
// ranges() lists them in binding order for ComputePipeline::bind and throws
// std::logic_error naming the first binding left unset.

#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <vector>

#include "Buffer.h"

namespace frontier::gpu {

template <uint32_t Count> class BindingTable {
public:
  BindingTable& set(uint32_t binding, const BufferRange& range) {
    if (binding >= Count) {
      throw std::logic_error("binding " + std::to_string(binding) + " is past the layout's " +
                             std::to_string(Count));
    }
    m_ranges[binding] = range;
    return *this;
  }

  std::span<const BufferRange> ranges() {
    m_list.clear();
    for (uint32_t binding = 0; binding < Count; ++binding) {
      if (!m_ranges[binding]) {
        throw std::logic_error("binding " + std::to_string(binding) + " has no buffer");
      }
      m_list.push_back(*m_ranges[binding]);
    }
    return m_list;
  }

private:
  std::array<std::optional<BufferRange>, Count> m_ranges;
  std::vector<BufferRange> m_list;
};

} // namespace frontier::gpu
