#pragma once
// A graph's out-arc weights in a device buffer for the shortest-path engine:
// one uint32 per arc, the integer weight when every weight is a whole number
// below 2^32 (exact 64-bit sums on the GPU), else float32 bits (float32 sums).
// An unweighted graph gets weight 1 on every arc, and so does any graph with
// ArcWeights::Unit (hop counts by a shortest-path engine). Shared read-only
// by every SsspSearch on the graph.
//
// Errors: std::invalid_argument for a negative or NaN weight, ResourceError
// when the buffer does not fit the device.

#include <memory>

#include "engine/AddressedArray.h"
#include "engine/sssp/SsspPlan.h"
#include "graph/Graph.h"
#include "vk/Buffer.h"

namespace frontier::gpu { class Context; }

namespace frontier::engine {

enum class ArcWeights : uint8_t {
  AsGiven,  // the graph's weights (1 where it has none)
  Unit,     // 1 on every arc whatever the graph's weights: lengths in hops
};

class DeviceWeights {
public:
  // `chunkWords`: AddressedArray's chunk size (0 = as the device allows).
  DeviceWeights(gpu::Context& context, const graph::Graph& graph, uint64_t chunkWords = 0,
                ArcWeights use = ArcWeights::AsGiven);

  // Read by address (AddressedArray), so larger than one allocation if need be.
  const AddressedArray& weights() const noexcept { return m_weights; }
  const WeightSummary& summary() const noexcept { return m_summary; }
  // Exact integer distances (otherwise float32).
  bool integer() const noexcept { return m_summary.integer; }
  uint64_t deviceBytes() const noexcept { return m_weights.bytes(); }

private:
  WeightSummary m_summary;
  AddressedArray m_weights;
};

} // namespace frontier::engine
