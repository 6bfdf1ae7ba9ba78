#pragma once
// The compute pipelines of the iBFS engine (shaders/ibfs/), each with a
// descriptor set over one search's buffers. Every pipeline shares the binding
// layout and push constants of shaders/include/Ibfs.h.

#include <optional>
#include <span>

#include "vk/ComputePipeline.h"
#include "vk/Context.h"

namespace frontier::engine {

struct IbfsPipeline {
  gpu::ComputePipeline pipeline;
  gpu::DescriptorSet set;
};

class IbfsKernels {
public:
  // `buffers` in binding order (kIbfsBindingCount entries).
  // `chunkedArcs`: the graph's targets are spread over chunks (DeviceGraph::chunkedArcs).
  IbfsKernels(gpu::Context& context, std::span<const gpu::BufferRange> buffers, bool chunkedArcs);

  IbfsPipeline setSources;
  IbfsPipeline checkDestinations;
  IbfsPipeline identifyVertexMajor;
  IbfsPipeline identifyInstanceMajor;
  IbfsPipeline plan;
  IbfsPipeline expandTopDownEntries;  // vertex-major, over (vertex, first arc) entries
  IbfsPipeline expandBottomUpVertexMajor;
  IbfsPipeline expandTopDownInstanceMajor;
  IbfsPipeline scatterJfq;  // scan-built JFQ: writes the entries at their scanned offsets
  IbfsPipeline identifyWords;  // `worklist`: over status words (WordLists.glsl)
  IbfsPipeline expandWords;
  // Teams inside subgroups; only where the device guarantees full subgroups.
  std::optional<IbfsPipeline> identifyVertexMajorSubgroup;
  std::optional<IbfsPipeline> expandBottomUpVertexMajorSubgroup;
};

} // namespace frontier::engine
