#include "SpirvWorkgroup.h"

#include <unordered_map>
#include <vector>

#include "ComputePipeline.h"

namespace frontier::gpu {

namespace {

// The few opcodes and enumerants of the SPIR-V specification this reader needs.
constexpr uint32_t kMagic = 0x07230203;
constexpr uint32_t kOpExecutionMode = 16;
constexpr uint32_t kOpConstant = 43;
constexpr uint32_t kOpConstantComposite = 44;
constexpr uint32_t kOpSpecConstant = 50;
constexpr uint32_t kOpSpecConstantComposite = 51;
constexpr uint32_t kOpDecorate = 71;
constexpr uint32_t kOpExecutionModeId = 331;
constexpr uint32_t kModeLocalSize = 17;
constexpr uint32_t kModeLocalSizeId = 38;
constexpr uint32_t kDecorationSpecId = 1;
constexpr uint32_t kDecorationBuiltIn = 11;
constexpr uint32_t kBuiltInWorkgroupSize = 25;

} // namespace

std::array<uint32_t, 3> spirvWorkgroupSize(std::span<const uint32_t> spirv,
                                           std::span<const SpecializationValue> specialization) {
  std::array<uint32_t, 3> literal{0, 0, 0};
  std::array<uint32_t, 3> sizeIds{0, 0, 0};
  uint32_t builtinId = 0;
  std::unordered_map<uint32_t, uint32_t> specIds; // constant id -> SpecId
  std::unordered_map<uint32_t, uint32_t> scalars; // constant id -> default value
  std::unordered_map<uint32_t, std::vector<uint32_t>> composites;
  if (spirv.size() < 5 || spirv[0] != kMagic) {
    return {0, 0, 0};
  }
  for (size_t at = 5; at < spirv.size();) {
    const uint32_t words = spirv[at] >> 16;
    const uint32_t opcode = spirv[at] & 0xffff;
    if (words == 0 || at + words > spirv.size()) {
      return {0, 0, 0}; // malformed: unknown rather than half read
    }
    const std::span<const uint32_t> op = spirv.subspan(at, words);
    if (opcode == kOpExecutionMode && words >= 6 && op[2] == kModeLocalSize) {
      literal = {op[3], op[4], op[5]};
    } else if (opcode == kOpExecutionModeId && words >= 6 && op[2] == kModeLocalSizeId) {
      sizeIds = {op[3], op[4], op[5]};
    } else if (opcode == kOpDecorate && words >= 4 && op[2] == kDecorationSpecId) {
      specIds[op[1]] = op[3];
    } else if (opcode == kOpDecorate && words >= 4 && op[2] == kDecorationBuiltIn && op[3] == kBuiltInWorkgroupSize) {
      builtinId = op[1];
    } else if ((opcode == kOpConstant || opcode == kOpSpecConstant) && words >= 4) {
      scalars[op[2]] = op[3];
    } else if ((opcode == kOpConstantComposite || opcode == kOpSpecConstantComposite) && words >= 6) {
      composites[op[2]] = {op[3], op[4], op[5]};
    }
    at += words;
  }
  const auto valueOf = [&](uint32_t id) -> uint32_t {
    if (const auto spec = specIds.find(id); spec != specIds.end()) {
      for (const SpecializationValue& v : specialization) {
        if (v.id == spec->second) {
          return v.value;
        }
      }
    }
    const auto found = scalars.find(id);
    return found == scalars.end() ? 0 : found->second;
  };
  if (const auto builtin = composites.find(builtinId); builtinId != 0 && builtin != composites.end()) {
    return {valueOf(builtin->second[0]), valueOf(builtin->second[1]), valueOf(builtin->second[2])};
  }
  if (sizeIds[0] != 0) {
    return {valueOf(sizeIds[0]), valueOf(sizeIds[1]), valueOf(sizeIds[2])};
  }
  return literal;
}

} // namespace frontier::gpu
