#include "engine/sssp/SsspKernels.h"

#include "Sssp.h"
#include "engine/AddressedArray.h"
#include "sssp/advance.h"
#include "sssp/collect.h"
#include "sssp/finish.h"
#include "sssp/init.h"
#include "sssp/next_bucket.h"
#include "sssp/plan.h"
#include "sssp/relax.h"
#include "sssp/seed.h"

namespace frontier::engine {

namespace {

struct Shape {
  bool realWeights;
  bool chunkedArcs;
  uint32_t relaxMode;
};

SsspPipeline make(gpu::Context& context, const char* name, std::span<const uint32_t> spirv,
                  std::span<const gpu::BufferRange> buffers, Shape shape) {
  return makeSsspPipeline(context, name, spirv, buffers, sizeof(shader::SsspPush), shape.realWeights,
                          shape.chunkedArcs, shape.relaxMode);
}

uint32_t relaxMode(SsspAlgorithm algorithm) {
  switch (algorithm) {
  case SsspAlgorithm::NearFar: return shader::kSsspRelaxNearFar;
  case SsspAlgorithm::DeltaStepping: return shader::kSsspRelaxLight;
  case SsspAlgorithm::BellmanFord: return shader::kSsspRelaxAll;
  case SsspAlgorithm::Batched:   // its own kernels (BatchedSssp)
  case SsspAlgorithm::Resident:   // its own kernel (ResidentSssp)
  case SsspAlgorithm::Pairs:      // its own kernel (PairHops)
  case SsspAlgorithm::Automatic: break;  // resolved before any kernel is made
  }
  return shader::kSsspRelaxNearFar;
}

} // namespace

SsspPipeline makeSsspPipeline(gpu::Context& context, const char* name, std::span<const uint32_t> spirv,
                              std::span<const gpu::BufferRange> buffers, uint32_t pushBytes, bool realWeights,
                              bool chunkedArcs, uint32_t relaxMode,
                              std::span<const gpu::SpecializationValue> extra, bool requireFullSubgroups) {
  gpu::PipelineDesc desc;
  desc.name = name;
  desc.spirv = spirv;
  desc.bufferCount = static_cast<uint32_t>(buffers.size());
  desc.pushConstantBytes = pushBytes;
  desc.specialization = {{shader::kSsspSpecRealWeights, realWeights ? 1U : 0U},
                         {shader::kSsspSpecRelaxMode, relaxMode},
                         chunkedArcsSpecialization(chunkedArcs)};
  desc.specialization.insert(desc.specialization.end(), extra.begin(), extra.end());
  desc.requireFullSubgroups = requireFullSubgroups;
  SsspPipeline out{gpu::ComputePipeline(context, desc), {}};
  out.set = out.pipeline.bind(buffers);
  return out;
}

SsspKernels::SsspKernels(gpu::Context& context, std::span<const gpu::BufferRange> buffers, SsspAlgorithm algorithm,
                         bool realWeights, bool chunkedArcs)
    : init(make(context, "sssp init", k_sssp_init, buffers, {realWeights, chunkedArcs, 0})),
      seed(make(context, "sssp seed", k_sssp_seed, buffers, {realWeights, chunkedArcs, 0})),
      relax(make(context, "sssp relax", k_sssp_relax, buffers, {realWeights, chunkedArcs, relaxMode(algorithm)})),
      plan(make(context, "sssp plan", k_sssp_plan, buffers, {realWeights, chunkedArcs, 0})),
      nextBucket(make(context, "sssp next bucket", k_sssp_next_bucket, buffers, {realWeights, chunkedArcs, 0})),
      advance(make(context, "sssp advance", k_sssp_advance, buffers, {realWeights, chunkedArcs, 0})),
      collect(make(context, "sssp collect", k_sssp_collect, buffers, {realWeights, chunkedArcs, 0})),
      finish(make(context, "sssp finish", k_sssp_finish, buffers, {realWeights, chunkedArcs, 0})) {
  if (algorithm == SsspAlgorithm::DeltaStepping) {
    heavy = make(context, "sssp relax heavy", k_sssp_relax, buffers, {realWeights, chunkedArcs, shader::kSsspRelaxHeavy});
  }
}

} // namespace frontier::engine
