#include "report/PipelineText.h"

#include <cmath>

namespace frontier::report {

std::string workgroupText(const std::array<uint32_t, 3>& size) {
  if (size[0] * size[1] * size[2] == 0) {
    return "?";
  }
  std::string text = std::to_string(size[0]);
  // Trailing ones say nothing: 256 rather than 256x1x1.
  const int shown = size[2] > 1 ? 3 : size[1] > 1 ? 2 : 1;
  for (int i = 1; i < shown; ++i) {
    text += 'x';
    text += std::to_string(size[static_cast<size_t>(i)]);
  }
  return text;
}

std::string occupancyText(const engine::PipelineResources& pipeline, bool withWorkgroups) {
  if (!pipeline.occupancy) {
    return pipeline.occupancyNote.empty() ? std::string("not known") : pipeline.occupancyNote;
  }
  std::string text = std::to_string(std::lround(pipeline.occupancy->share * 100));
  text += '%';
  if (withWorkgroups) {
    text += " (";
    text += std::to_string(pipeline.occupancy->residentWorkgroups);
    text += pipeline.occupancy->residentWorkgroups == 1 ? " workgroup)" : " workgroups)";
  }
  return text;
}

std::string pipelineLine(const engine::PipelineResources& p) {
  std::string line;
  const auto add = [&line](const std::string& part) {
    if (!line.empty()) {
      line += ", ";
    }
    line += part;
  };
  if (p.registers) {
    add(std::to_string(*p.registers) + " registers");
  }
  if (p.sharedBytes) {
    add(std::to_string(*p.sharedBytes) + " B shared");
  }
  if (p.localBytes) {
    add(std::to_string(*p.localBytes) + " B local (spills)");
  }
  if (p.spilledRegisters) {
    add(std::to_string(*p.spilledRegisters) + " registers spilled");
  }
  std::string workgroup = "workgroup ";
  workgroup += workgroupText(p.workgroupSize);
  add(workgroup);
  if (p.occupancy) {
    std::string occupancy = "occupancy ";
    occupancy += occupancyText(p, true);
    occupancy += ", limited by ";
    occupancy += engine::occupancyLimitName(p.occupancy->limitedBy);
    add(occupancy);
  } else {
    add(occupancyText(p));
  }
  return line;
}

} // namespace frontier::report
