#include "run/RunPipelines.h"

#include <algorithm>

#include "vk/Context.h"

namespace frontier::run {

std::optional<std::vector<engine::PipelineResources>> runPipelines(const gpu::Context& context, size_t firstReport) {
  if (!context.pipelineStatisticsAsked()) {
    return std::nullopt;
  }
  const auto limits = engine::multiprocessorLimits(context.info().vendorId, context.info().name);
  std::vector<engine::PipelineResources> out;
  const std::vector<gpu::PipelineReport>& reports = context.pipelineReports();
  for (size_t i = std::min(firstReport, reports.size()); i < reports.size(); ++i) {
    const gpu::PipelineReport& r = reports[i];
    engine::PipelineResources p = engine::withOccupancy(
        engine::parsePipelineStatistics(r.pipeline, r.executable, r.statistics, r.workgroupSize), limits);
    const auto same = std::find_if(out.begin(), out.end(), [&](const engine::PipelineResources& q) {
      return q.name == p.name && q.executable == p.executable;
    });
    if (same != out.end()) {
      *same = std::move(p);
    } else {
      out.push_back(std::move(p));
    }
  }
  return out;
}

} // namespace frontier::run
