#pragma once
// The pipelines a run made, as the trace carries them (RunTrace::pipelines):
// the context's reports from the one numbered `firstReport` on (take
// context.pipelineReports().size() before making the run), read and held
// to the device's multiprocessor limits (engine/PipelineResources.h).
//
// Thread affinity: the thread that owns the context.

#include <cstddef>
#include <optional>
#include <vector>

#include "engine/PipelineResources.h"

namespace frontier::gpu {
class Context;
}

namespace frontier::run {

// Empty when the context was made without pipeline statistics; an empty
// list when the device does not report them. A pipeline made twice under
// one name (a run made again) is listed once, as made last.
std::optional<std::vector<engine::PipelineResources>> runPipelines(const gpu::Context& context, size_t firstReport = 0);

} // namespace frontier::run
