#pragma once
// A run's `pipelines` key (docs/FORMATS.md): what the driver says of each
// pipeline and the occupancy it allows (engine/PipelineResources.h), written
// by jsonReport and read back by traceFromJson.
//
// Errors: pipelinesFromJson throws nlohmann::json exceptions naming the key
// for a malformed entry.

#include <vector>

#include <nlohmann/json.hpp>

#include "engine/PipelineResources.h"

namespace frontier::report {

nlohmann::json pipelinesJson(const std::vector<engine::PipelineResources>& pipelines);
std::vector<engine::PipelineResources> pipelinesFromJson(const nlohmann::json& pipelines);

} // namespace frontier::report
