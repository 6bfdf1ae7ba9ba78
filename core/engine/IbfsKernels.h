#pragma once
// The compute pipelines of the iBFS engine (shaders/ibfs/), each with a
// descriptor set over one search's buffers. Every pipeline shares the binding
// layout and push constants of shaders/include/Ibfs.h.

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
  IbfsKernels(gpu::Context& context, std::span<const gpu::BufferRange> buffers);

  IbfsPipeline setSources;
  IbfsPipeline checkDestinations;
  IbfsPipeline identifyVertexMajor;
  IbfsPipeline identifyInstanceMajor;
  IbfsPipeline plan;
  IbfsPipeline expandTopDownVertexMajor;
  IbfsPipeline expandBottomUpVertexMajor;
  IbfsPipeline expandTopDownInstanceMajor;
};

} // namespace frontier::engine
