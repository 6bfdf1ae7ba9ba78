#include "engine/sssp/DeviceWeights.h"

#include <bit>
#include <string>
#include <vector>

#include "engine/RequestChecks.h"
#include "engine/ibfs/Search.h"
#include "vk/Context.h"

namespace frontier::engine {

DeviceWeights::DeviceWeights(gpu::Context& context, const graph::Graph& graph, uint64_t chunkWords, ArcWeights use)
    : m_summary(use == ArcWeights::Unit ? unitWeightSummary(graph.out()) : summarizeWeights(graph.out())) {
  const graph::Csr& out = graph.out();
  std::vector<uint32_t> words(out.arcCount(), 1U);
  if (m_summary.weighted) {
    for (size_t a = 0; a < words.size(); ++a) {
      words[a] = m_summary.integer ? static_cast<uint32_t>(out.weights[a])
                                   : std::bit_cast<uint32_t>(static_cast<float>(out.weights[a]));
    }
  }
  m_weights = AddressedArray(context, std::span<const uint32_t>(words),
                             m_summary.integer ? "arc weights (uint32)" : "arc weights (float32)", chunkWords);
}

} // namespace frontier::engine
