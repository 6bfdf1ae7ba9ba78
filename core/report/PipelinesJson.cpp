#include "report/PipelinesJson.h"

#include <stdexcept>
#include <string>

namespace frontier::report {

namespace {

using nlohmann::json;

json optionalNumber(const std::optional<uint64_t>& value) {
  return value ? json(*value) : json(nullptr);
}

std::optional<uint64_t> numberOrEmpty(const json& object, const char* key) {
  const auto found = object.find(key);
  return found == object.end() || found->is_null() ? std::nullopt : std::optional<uint64_t>(found->get<uint64_t>());
}

} // namespace

json pipelinesJson(const std::vector<engine::PipelineResources>& pipelines) {
  json list = json::array();
  for (const engine::PipelineResources& p : pipelines) {
    json statistics = json::object();
    for (const auto& [name, value] : p.statistics) {
      statistics[name] = value;
    }
    json entry = {
        {"name", p.name},
        {"executable", p.executable},
        {"registers", optionalNumber(p.registers)},
        {"shared_bytes", optionalNumber(p.sharedBytes)},
        {"local_bytes", optionalNumber(p.localBytes)},
        {"spilled_registers", optionalNumber(p.spilledRegisters)},
        {"workgroup_size", p.workgroupSize},
        {"occupancy", p.occupancy ? json(p.occupancy->share) : json(nullptr)},
        {"resident_workgroups", p.occupancy ? json(p.occupancy->residentWorkgroups) : json(nullptr)},
        {"limited_by", p.occupancy ? json(engine::occupancyLimitName(p.occupancy->limitedBy)) : json(nullptr)},
        {"statistics", statistics}};
    if (!p.occupancyNote.empty()) {
      entry["occupancy_note"] = p.occupancyNote;
    }
    list.push_back(std::move(entry));
  }
  return list;
}

std::vector<engine::PipelineResources> pipelinesFromJson(const json& pipelines) {
  std::vector<engine::PipelineResources> out;
  for (const json& entry : pipelines) {
    engine::PipelineResources p;
    p.name = entry.at("name").get<std::string>();
    p.executable = entry.value("executable", std::string());
    p.registers = numberOrEmpty(entry, "registers");
    p.sharedBytes = numberOrEmpty(entry, "shared_bytes");
    p.localBytes = numberOrEmpty(entry, "local_bytes");
    p.spilledRegisters = numberOrEmpty(entry, "spilled_registers");
    if (const auto size = entry.find("workgroup_size"); size != entry.end() && !size->is_null()) {
      p.workgroupSize = size->get<std::array<uint32_t, 3>>();
    }
    if (const auto share = entry.find("occupancy"); share != entry.end() && !share->is_null()) {
      engine::Occupancy o;
      o.share = share->get<double>();
      o.residentWorkgroups = entry.value("resident_workgroups", 0U);
      const std::string limit = entry.value("limited_by", std::string());
      const auto named = engine::occupancyLimitNamed(limit);
      if (!named) {
        std::string message = "unknown limited_by '";
        message += limit;
        message += "' of pipeline '";
        message += p.name;
        message += "'";
        throw std::runtime_error(message);
      }
      o.limitedBy = *named;
      p.occupancy = o;
    }
    p.occupancyNote = entry.value("occupancy_note", std::string());
    if (const auto statistics = entry.find("statistics"); statistics != entry.end()) {
      for (const auto& [name, value] : statistics->items()) {
        p.statistics.emplace_back(name, value.is_string() ? value.get<std::string>() : value.dump());
      }
    }
    out.push_back(std::move(p));
  }
  return out;
}

} // namespace frontier::report
