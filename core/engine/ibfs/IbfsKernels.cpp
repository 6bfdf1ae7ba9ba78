#include "engine/ibfs/IbfsKernels.h"

#include "Ibfs.h"
#include "engine/AddressedArray.h"
#include "ibfs/check_destinations.h"
#include "ibfs/expand_bottom_up_vertex_major.h"
#include "ibfs/expand_top_down_instance_major.h"
#include "ibfs/expand_top_down_entries.h"
#include "ibfs/expand_words.h"
#include "ibfs/identify_words.h"
#include "ibfs/expand_bottom_up_vertex_major_subgroup.h"
#include "ibfs/identify_vertex_major_subgroup.h"
#include "ibfs/identify_instance_major.h"
#include "ibfs/identify_vertex_major.h"
#include "ibfs/plan.h"
#include "ibfs/scatter_jfq.h"
#include "ibfs/set_sources.h"

namespace frontier::engine {

namespace {
IbfsPipeline make(gpu::Context& context, const char* name, std::span<const uint32_t> spirv,
                  std::span<const gpu::BufferRange> buffers, bool chunkedArcs, bool fullSubgroups = false) {
  gpu::PipelineDesc desc;
  desc.name = name;
  desc.spirv = spirv;
  desc.bufferCount = shader::kIbfsBindingCount;
  desc.pushConstantBytes = sizeof(shader::IbfsPush);
  desc.requireFullSubgroups = fullSubgroups;
  desc.specialization = {chunkedArcsSpecialization(chunkedArcs)};
  IbfsPipeline out{gpu::ComputePipeline(context, desc), {}};
  out.set = out.pipeline.bind(buffers);
  return out;
}
} // namespace

IbfsKernels::IbfsKernels(gpu::Context& context, std::span<const gpu::BufferRange> buffers, bool chunkedArcs)
    : setSources(make(context, "set-sources", k_ibfs_set_sources, buffers, chunkedArcs)),
      checkDestinations(make(context, "check-destinations", k_ibfs_check_destinations, buffers, chunkedArcs)),
      identifyVertexMajor(make(context, "identify (vertex-major)", k_ibfs_identify_vertex_major, buffers, chunkedArcs)),
      identifyInstanceMajor(make(context, "identify (instance-major)", k_ibfs_identify_instance_major, buffers, chunkedArcs)),
      plan(make(context, "plan", k_ibfs_plan, buffers, chunkedArcs)),
      expandTopDownEntries(make(context, "expand top-down (entries)", k_ibfs_expand_top_down_entries, buffers, chunkedArcs)),
      expandBottomUpVertexMajor(
          make(context, "expand bottom-up (vertex-major)", k_ibfs_expand_bottom_up_vertex_major, buffers, chunkedArcs)),
      expandTopDownInstanceMajor(
          make(context, "expand top-down (instance-major)", k_ibfs_expand_top_down_instance_major, buffers, chunkedArcs)),
      scatterJfq(make(context, "scatter JFQ (scan-built)", k_ibfs_scatter_jfq, buffers, chunkedArcs)),
      identifyWords(make(context, "identify (status words)", k_ibfs_identify_words, buffers, chunkedArcs)),
      expandWords(make(context, "expand top-down (status words)", k_ibfs_expand_words, buffers, chunkedArcs)) {
  // The subgroup kernels need 256 to be a multiple of the largest subgroup size.
  if (context.fullSubgroups() && shader::kIbfsWorkgroupSize % context.info().maxSubgroupSize == 0) {
    identifyVertexMajorSubgroup =
        make(context, "identify (vertex-major, subgroup teams)", k_ibfs_identify_vertex_major_subgroup, buffers, chunkedArcs, true);
    expandBottomUpVertexMajorSubgroup = make(context, "expand bottom-up (vertex-major, subgroup teams)",
                                             k_ibfs_expand_bottom_up_vertex_major_subgroup, buffers, chunkedArcs, true);
  }
}

} // namespace frontier::engine
