#pragma once
// A pipeline's resources in words, for the CLI's lines and the window's
// pipelines table, so that both say the same.

#include <array>
#include <cstdint>
#include <string>

#include "engine/PipelineResources.h"

namespace frontier::report {

// "256", "32x8", "4x4x4"; "?" when unknown.
std::string workgroupText(const std::array<uint32_t, 3>& size);
// "75%" or "75% (6 workgroups)"; the occupancy note when there is none.
std::string occupancyText(const engine::PipelineResources& pipeline, bool withWorkgroups = false);
// "40 registers, 3296 B shared, 16 B local (spills), workgroup 256, occupancy 75% (6 workgroups), limited by
// registers": every figure the driver reported.
std::string pipelineLine(const engine::PipelineResources& pipeline);

} // namespace frontier::report
