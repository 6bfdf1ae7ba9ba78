#include "IbfsKernels.h"

#include "Ibfs.h"
#include "ibfs/check_destinations.h"
#include "ibfs/expand_bottom_up_vertex_major.h"
#include "ibfs/expand_top_down_instance_major.h"
#include "ibfs/expand_top_down_vertex_major.h"
#include "ibfs/identify_instance_major.h"
#include "ibfs/identify_vertex_major.h"
#include "ibfs/plan.h"
#include "ibfs/set_sources.h"

namespace frontier::engine {

namespace {
IbfsPipeline make(gpu::Context& context, const char* name, std::span<const uint32_t> spirv,
                  std::span<const gpu::BufferRange> buffers) {
  gpu::PipelineDesc desc;
  desc.name = name;
  desc.spirv = spirv;
  desc.bufferCount = shader::kIbfsBindingCount;
  desc.pushConstantBytes = sizeof(shader::IbfsPush);
  IbfsPipeline out{gpu::ComputePipeline(context, desc), {}};
  out.set = out.pipeline.bind(buffers);
  return out;
}
} // namespace

IbfsKernels::IbfsKernels(gpu::Context& context, std::span<const gpu::BufferRange> buffers)
    : setSources(make(context, "set-sources", k_ibfs_set_sources, buffers)),
      checkDestinations(make(context, "check-destinations", k_ibfs_check_destinations, buffers)),
      identifyVertexMajor(make(context, "identify (vertex-major)", k_ibfs_identify_vertex_major, buffers)),
      identifyInstanceMajor(make(context, "identify (instance-major)", k_ibfs_identify_instance_major, buffers)),
      plan(make(context, "plan", k_ibfs_plan, buffers)),
      expandTopDownVertexMajor(
          make(context, "expand top-down (vertex-major)", k_ibfs_expand_top_down_vertex_major, buffers)),
      expandBottomUpVertexMajor(
          make(context, "expand bottom-up (vertex-major)", k_ibfs_expand_bottom_up_vertex_major, buffers)),
      expandTopDownInstanceMajor(
          make(context, "expand top-down (instance-major)", k_ibfs_expand_top_down_instance_major, buffers)) {}

} // namespace frontier::engine
