#include "ComputePipeline.h"

#include <stdexcept>

#include "Context.h"
#include "SpirvWorkgroup.h"
#include "VulkanError.h"

namespace frontier::gpu {

ComputePipeline::ComputePipeline(Context& context, const PipelineDesc& desc)
    : m_context(&context), m_name(desc.name), m_bufferCount(desc.bufferCount),
      m_pushBytes(desc.pushConstantBytes) {
  const auto& device = context.device();
  if (desc.pushConstantBytes > context.info().maxPushConstants) {
    throw std::invalid_argument(desc.name + ": push constants exceed the device limit");
  }
  std::vector<::vk::DescriptorSetLayoutBinding> bindings;
  for (uint32_t i = 0; i < desc.bufferCount; ++i) {
    bindings.emplace_back(i, ::vk::DescriptorType::eStorageBuffer, 1, ::vk::ShaderStageFlagBits::eCompute);
  }
  m_setLayout = FRONTIER_VK_CALL(device.createDescriptorSetLayout({{}, bindings}));
  context.setName(*m_setLayout, desc.name);

  const ::vk::PushConstantRange push(::vk::ShaderStageFlagBits::eCompute, 0, desc.pushConstantBytes);
  ::vk::PipelineLayoutCreateInfo layoutInfo({}, *m_setLayout);
  if (desc.pushConstantBytes > 0) {
    layoutInfo.setPushConstantRanges(push);
  }
  m_layout = FRONTIER_VK_CALL(device.createPipelineLayout(layoutInfo));
  context.setName(*m_layout, desc.name);

  const ::vk::raii::ShaderModule module =
      FRONTIER_VK_CALL(device.createShaderModule({{}, desc.spirv.size_bytes(), desc.spirv.data()}));
  context.setName(*module, desc.name);

  std::vector<::vk::SpecializationMapEntry> entries;
  std::vector<uint32_t> values;
  for (const SpecializationValue& v : desc.specialization) {
    entries.emplace_back(v.id, static_cast<uint32_t>(values.size() * sizeof(uint32_t)), sizeof(uint32_t));
    values.push_back(v.value);
  }
  const ::vk::SpecializationInfo specialization(entries, ::vk::ArrayProxyNoTemporaries<const uint32_t>(values));
  ::vk::PipelineShaderStageCreateInfo stage({}, ::vk::ShaderStageFlagBits::eCompute, *module, "main",
                                            entries.empty() ? nullptr : &specialization);
  ::vk::PipelineShaderStageRequiredSubgroupSizeCreateInfo requiredSize(desc.requiredSubgroupSize);
  const DeviceInfo& info = context.info();
  const bool fixedByDevice = info.minSubgroupSize == info.maxSubgroupSize;
  if (desc.requiredSubgroupSize != 0 && !(fixedByDevice && info.subgroupSize == desc.requiredSubgroupSize)) {
    if (!context.subgroupSizeControl() || desc.requiredSubgroupSize < info.minSubgroupSize ||
        desc.requiredSubgroupSize > info.maxSubgroupSize) {
      throw std::invalid_argument(desc.name + ": subgroup size " + std::to_string(desc.requiredSubgroupSize) +
                                  " is not available on " + info.name);
    }
    stage.pNext = &requiredSize;
  }
  if (desc.requireFullSubgroups) {
    if (!context.fullSubgroups()) {
      throw std::invalid_argument(desc.name + ": full subgroups are not available on " + info.name);
    }
    stage.flags |= ::vk::PipelineShaderStageCreateFlagBits::eRequireFullSubgroups;
  }
  const ::vk::PipelineCreateFlags flags =
      context.pipelineExecutableInfo() ? ::vk::PipelineCreateFlagBits::eCaptureStatisticsKHR : ::vk::PipelineCreateFlags{};
  m_pipeline = FRONTIER_VK_CALL(device.createComputePipeline(context.pipelineCache(), {flags, stage, *m_layout}));
  context.setName(*m_pipeline, desc.name);
  if (context.pipelineExecutableInfo()) {
    recordStatistics(context, desc);
  }
}

void ComputePipeline::recordStatistics(Context& context, const PipelineDesc& desc) const {
  const ::vk::raii::Device& device = context.device();
  const auto executables = FRONTIER_VK_CALL(device.getPipelineExecutablePropertiesKHR({*m_pipeline}));
  for (uint32_t i = 0; i < executables.size(); ++i) {
    PipelineReport report;
    report.pipeline = desc.name;
    report.workgroupSize = spirvWorkgroupSize(desc.spirv, desc.specialization);
    report.executable = executables[i].name.data();
    const auto statistics = FRONTIER_VK_CALL(device.getPipelineExecutableStatisticsKHR({*m_pipeline, i}));
    for (const ::vk::PipelineExecutableStatisticKHR& s : statistics) {
      std::string value;
      switch (s.format) {
      case ::vk::PipelineExecutableStatisticFormatKHR::eBool32: value = s.value.b32 ? "yes" : "no"; break;
      case ::vk::PipelineExecutableStatisticFormatKHR::eInt64: value = std::to_string(s.value.i64); break;
      case ::vk::PipelineExecutableStatisticFormatKHR::eUint64: value = std::to_string(s.value.u64); break;
      case ::vk::PipelineExecutableStatisticFormatKHR::eFloat64: value = std::to_string(s.value.f64); break;
      }
      report.statistics.emplace_back(s.name.data(), value);
    }
    context.addPipelineReport(std::move(report));
  }
}

DescriptorSet ComputePipeline::bind(std::initializer_list<BufferRange> buffers) const {
  return bind(std::span<const BufferRange>(buffers.begin(), buffers.size()));
}

DescriptorSet ComputePipeline::bind(std::span<const BufferRange> buffers) const {
  if (buffers.size() != m_bufferCount) {
    throw std::invalid_argument(m_name + ": expected " + std::to_string(m_bufferCount) + " buffers, got " +
                                std::to_string(buffers.size()));
  }
  DescriptorSet set;
  set.m_set = m_context->allocateDescriptorSet(m_setLayout, m_bufferCount);
  m_context->setName(*set.m_set, m_name);
  std::vector<::vk::DescriptorBufferInfo> infos;
  infos.reserve(buffers.size());
  for (const BufferRange& range : buffers) {
    infos.emplace_back(range.buffer->handle(), range.offset, range.size);
  }
  std::vector<::vk::WriteDescriptorSet> writes;
  for (uint32_t i = 0; i < infos.size(); ++i) {
    writes.emplace_back(*set.m_set, i, 0, ::vk::DescriptorType::eStorageBuffer, nullptr, infos[i]);
  }
  m_context->device().updateDescriptorSets(writes, {});
  return set;
}

} // namespace frontier::gpu
