#pragma once
// The compute pipelines of the shortest-path engine (shaders/sssp/), each
// with a descriptor set over one SsspSearch's buffers. Every pipeline shares
// the binding layout and push constants of shaders/include/Sssp.h; the relax
// pipeline is specialised for the algorithm, and all for integer or float32
// weights.

#include <optional>
#include <span>

#include "engine/sssp/SsspOptions.h"
#include "vk/ComputePipeline.h"
#include "vk/Context.h"

namespace frontier::engine {

struct SsspPipeline {
  gpu::ComputePipeline pipeline;
  gpu::DescriptorSet set;
};

// One pipeline of either SSSP layout (Sssp.h, SsspBatched.h) with its
// descriptor set over `buffers` (in binding order); `pushBytes` is the size
// of its push-constant struct; `extra`, specialisation values of its own.
SsspPipeline makeSsspPipeline(gpu::Context& context, const char* name, std::span<const uint32_t> spirv,
                              std::span<const gpu::BufferRange> buffers, uint32_t pushBytes, bool realWeights,
                              bool chunkedArcs, uint32_t relaxMode = 0,
                              std::span<const gpu::SpecializationValue> extra = {},
                              bool requireFullSubgroups = false);

class SsspKernels {
public:
  // `buffers` in binding order (kSsspBindingCount entries).
  // `chunkedArcs`: the targets or the weights are spread over chunks (AddressedArray).
  SsspKernels(gpu::Context& context, std::span<const gpu::BufferRange> buffers, SsspAlgorithm algorithm,
              bool realWeights, bool chunkedArcs);

  SsspPipeline init;
  SsspPipeline seed;
  SsspPipeline relax;                 // near bucket (Near-Far), light arcs (Delta-Stepping), all (Bellman-Ford)
  std::optional<SsspPipeline> heavy;  // Delta-Stepping only
  SsspPipeline plan;
  SsspPipeline nextBucket;
  SsspPipeline advance;
  SsspPipeline collect;
  SsspPipeline finish;
};

} // namespace frontier::engine
