#pragma once
// The workgroup size a compute shader's SPIR-V declares, with the
// specialization values a pipeline is made with applied: the LocalSize
// execution mode (literal sizes), LocalSizeId (sizes from constants), or a
// constant decorated BuiltIn WorkgroupSize (local_size_x_id, which overrides
// the execution mode as the SPIR-V specification says). Pure, no device.

#include <array>
#include <cstdint>
#include <span>

namespace frontier::gpu {

struct SpecializationValue;

// {x, y, z}; all zero when the module declares no size this reader knows
// (it is then reported as unknown, never guessed).
std::array<uint32_t, 3> spirvWorkgroupSize(std::span<const uint32_t> spirv,
                                           std::span<const SpecializationValue> specialization);

} // namespace frontier::gpu
