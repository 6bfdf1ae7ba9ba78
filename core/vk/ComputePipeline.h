#pragma once
// A compute pipeline built from SPIR-V embedded at build time, with its
// descriptor-set layout (storage buffers at bindings 0..bufferCount-1 of set 0),
// push-constant range and specialization constants.

#include <cstdint>
#include <initializer_list>
#include <span>
#include <string>
#include <vector>

#include <vulkan/vulkan_raii.hpp>

#include "Buffer.h"

namespace frontier::gpu {

class Context;

struct SpecializationValue {
  uint32_t id;
  uint32_t value;
};

struct PipelineDesc {
  std::string name;
  std::span<const uint32_t> spirv;
  uint32_t bufferCount = 0;
  uint32_t pushConstantBytes = 0;
  std::vector<SpecializationValue> specialization;
  // 0: the device's default subgroup size. Otherwise the shader is compiled
  // for exactly this size (needs subgroupSizeControl; ignored when the device
  // has a single size equal to it).
  uint32_t requiredSubgroupSize = 0;
  // Every subgroup has gl_SubgroupSize invocations (needs Context::fullSubgroups()
  // and a workgroup size that is a multiple of the largest subgroup size).
  bool requireFullSubgroups = false;
};

// The buffers of one dispatch, bound in binding order.
class DescriptorSet {
public:
  DescriptorSet() = default;
  ::vk::DescriptorSet handle() const noexcept { return *m_set; }

private:
  friend class ComputePipeline;
  ::vk::raii::DescriptorSet m_set{nullptr};
};

class ComputePipeline {
public:
  ComputePipeline() = default;
  ComputePipeline(Context& context, const PipelineDesc& desc);

  const std::string& name() const noexcept { return m_name; }
  uint32_t bufferCount() const noexcept { return m_bufferCount; }
  uint32_t pushConstantBytes() const noexcept { return m_pushBytes; }
  ::vk::Pipeline handle() const noexcept { return *m_pipeline; }
  ::vk::PipelineLayout layout() const noexcept { return *m_layout; }

  // A descriptor set binding `buffers` in order; their count must equal bufferCount().
  DescriptorSet bind(std::initializer_list<BufferRange> buffers) const;
  DescriptorSet bind(std::span<const BufferRange> buffers) const;

private:
  // What the driver says of this pipeline, into the context's reports.
  void recordStatistics(Context& context, const PipelineDesc& desc) const;

  Context* m_context = nullptr;
  std::string m_name;
  uint32_t m_bufferCount = 0;
  uint32_t m_pushBytes = 0;
  ::vk::raii::DescriptorSetLayout m_setLayout{nullptr};
  ::vk::raii::PipelineLayout m_layout{nullptr};
  ::vk::raii::Pipeline m_pipeline{nullptr};
};

} // namespace frontier::gpu
