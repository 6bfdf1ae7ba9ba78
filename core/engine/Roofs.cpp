#include "engine/Roofs.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <stdexcept>

#include <nlohmann/json.hpp>

#include "RoofKernels.h"
#include "roofs/roof_copy.h"
#include "roofs/roof_empty.h"
#include "roofs/roof_gather.h"
#include "vk/CommandBuffer.h"
#include "vk/ComputePipeline.h"
#include "vk/TimestampPool.h"

namespace frontier::engine {

namespace {

constexpr int kTimedRepeats = 5;
constexpr uint32_t kEmptyDispatches = 256;

gpu::ComputePipeline makePipeline(gpu::Context& context, const char* name, std::span<const uint32_t> spirv) {
  gpu::PipelineDesc desc;
  desc.name = name;
  desc.spirv = spirv;
  desc.bufferCount = shader::kRoofsBindingCount;
  desc.pushConstantBytes = sizeof(shader::RoofsPush);
  return gpu::ComputePipeline(context, desc);
}

// The best GPU time (ns) over the timed repeats of what `record` records,
// after one warm-up.
template <class Record>
double bestNs(gpu::Context& context, const char* label, Record record) {
  gpu::TimestampPool timestamps(context, 2, label);
  double best = 0;
  for (int repeat = 0; repeat <= kTimedRepeats; ++repeat) {
    gpu::CommandBuffer commands = context.createCommandBuffer(label);
    commands.begin();
    commands.resetTimestamps(timestamps, 0, 2);
    commands.writeTimestamp(timestamps, 0);
    commands.beginLabel(label);
    record(commands, static_cast<uint32_t>(repeat));
    commands.endLabel();
    commands.writeTimestamp(timestamps, 1);
    commands.end();
    context.submitAndWait(commands);
    const std::vector<uint64_t> ticks = timestamps.read(0, 2);
    const double ns = context.timestampClock().elapsedNs(ticks[0], ticks[1]);
    if (repeat > 0 && (best == 0 || ns < best)) {
      best = ns;
    }
  }
  return std::max(best, 1.0);  // below the clock's resolution: one ns
}

uint64_t floorPowerOfTwo(uint64_t v) {
  uint64_t p = 1;
  while (p * 2 <= v) {
    p *= 2;
  }
  return p;
}

std::string safeName(std::string text) {
  for (char& c : text) {
    const bool keep = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-';
    c = keep ? c : '_';
  }
  return text;
}

} // namespace

DeviceRoofs measureRoofs(gpu::Context& context) {
  const gpu::DeviceInfo& info = context.info();
  if (!info.timestampsSupported) {
    throw std::runtime_error("cannot measure the roofs of " + info.name +
                             ": it has no timestamps on its compute queue");
  }
  // Larger than a GPU's last-level cache (50 MiB on an H100), so both roofs
  // are those of device memory; small on a CPU device, where they are slow.
  uint64_t bytes = info.type == gpu::DeviceType::Cpu ? (uint64_t{16} << 20U) : (uint64_t{256} << 20U);
  bytes = std::min(bytes, info.maxStorageBufferRange);
  if (info.maxMemoryAllocationSize > 0) {
    bytes = std::min(bytes, info.maxMemoryAllocationSize);
  }
  if (const uint64_t budget = context.deviceLocalBudget(); budget > 0) {
    bytes = std::min(bytes, budget / 4);
  }
  bytes = floorPowerOfTwo(std::max<uint64_t>(bytes, 1U << 16U));
  const gpu::Buffer source = context.createBuffer(bytes, gpu::BufferKind::Device, "roofs source");
  const gpu::Buffer target = context.createBuffer(bytes, gpu::BufferKind::Device, "roofs target");
  {
    gpu::CommandBuffer commands = context.createCommandBuffer("roofs fill");
    commands.begin();
    commands.fill(source, 0x01020304U);
    commands.end();
    context.submitAndWait(commands);
  }
  const gpu::ComputePipeline copy = makePipeline(context, "roof copy", k_roofs_roof_copy);
  const gpu::ComputePipeline gather = makePipeline(context, "roof gather", k_roofs_roof_gather);
  const gpu::ComputePipeline empty = makePipeline(context, "roof empty dispatch", k_roofs_roof_empty);
  const gpu::DescriptorSet set = copy.bind({source, target});
  const gpu::DescriptorSet gatherSet = gather.bind({source, target});
  const gpu::DescriptorSet emptySet = empty.bind({source, target});
  const uint32_t groupsMax = std::min<uint32_t>(info.maxWorkgroupCount[0], 65535);

  DeviceRoofs roofs;
  shader::RoofsPush push{};
  push.count = static_cast<uint32_t>(bytes / 16);
  const uint32_t copyGroups = std::min<uint32_t>(groupsMax, (push.count + shader::kRoofsWorkgroupSize - 1) /
                                                                shader::kRoofsWorkgroupSize);
  const double copyNs = bestNs(context, "roof: streaming copy", [&](gpu::CommandBuffer& c, uint32_t) {
    c.dispatch(copy, set, {copyGroups, 1, 1}, push);
  });
  roofs.copyGbps = static_cast<double>(2 * bytes) / copyNs;  // read + written, bytes per ns

  push.count = static_cast<uint32_t>(bytes / 4);
  // One output word per invocation, in the target buffer.
  // 64 M loads on a GPU; a million on a CPU device, where they are slow.
  const uint64_t invocations = info.type == gpu::DeviceType::Cpu ? (uint64_t{1} << 16U) : (uint64_t{1} << 22U);
  push.invocations = static_cast<uint32_t>(std::min<uint64_t>(bytes / 4, invocations));
  const uint32_t gatherGroups = (push.invocations + shader::kRoofsWorkgroupSize - 1) / shader::kRoofsWorkgroupSize;
  const double gatherNs = bestNs(context, "roof: random gather", [&](gpu::CommandBuffer& c, uint32_t repeat) {
    push.seed = repeat * 0x9e3779b9U;
    c.dispatch(gather, gatherSet, {std::min(gatherGroups, groupsMax), 1, 1}, push);
  });
  roofs.gatherGps =
      static_cast<double>(uint64_t{std::min(gatherGroups, groupsMax)} * shader::kRoofsWorkgroupSize *
                          shader::kRoofsGathersPerInvocation) /
      gatherNs;

  // As the engines record their levels: a barrier before each dispatch.
  const double emptyNs = bestNs(context, "roof: empty dispatches", [&](gpu::CommandBuffer& c, uint32_t) {
    for (uint32_t i = 0; i < kEmptyDispatches; ++i) {
      c.dispatch(empty, emptySet, {1, 1, 1}, push);
      c.barrier();
    }
  });
  roofs.dispatchUs = emptyNs / kEmptyDispatches / 1e3;
  return roofs;
}

std::string roofsCacheDir() {
  if (const char* xdg = std::getenv("XDG_CACHE_HOME"); xdg != nullptr && *xdg != '\0') {
    return std::string(xdg) + "/frontier-lab";
  }
  if (const char* home = std::getenv("HOME"); home != nullptr && *home != '\0') {
    return std::string(home) + "/.cache/frontier-lab";
  }
  return {};
}

std::string roofsCacheFile(const gpu::DeviceInfo& device, const std::string& dir) {
  char ids[32];
  std::snprintf(ids, sizeof ids, "%04x-%04x-%08x", device.vendorId, device.deviceId, device.driverVersion);
  return dir + "/roofs-" + safeName(std::string(ids) + "-" + device.pipelineCacheUuid) + ".json";
}

std::optional<DeviceRoofs> loadCachedRoofs(const gpu::DeviceInfo& device, const std::string& dir) {
  if (dir.empty()) {
    return std::nullopt;
  }
  std::ifstream in(roofsCacheFile(device, dir));
  if (!in) {
    return std::nullopt;
  }
  const nlohmann::json j = nlohmann::json::parse(in, nullptr, false);
  if (!j.is_object() || !j.contains("roofs") || !j["roofs"].is_object()) {
    return std::nullopt;
  }
  const nlohmann::json& r = j["roofs"];
  DeviceRoofs roofs;
  roofs.copyGbps = r.value("copy_gbps", 0.0);
  roofs.gatherGps = r.value("gather_gps", 0.0);
  roofs.dispatchUs = r.value("dispatch_us", 0.0);
  if (!roofs.measured()) {
    return std::nullopt;
  }
  return roofs;
}

void storeCachedRoofs(const gpu::DeviceInfo& device, const DeviceRoofs& roofs, const std::string& dir) {
  const std::string file = roofsCacheFile(device, dir);
  std::error_code error;
  std::filesystem::create_directories(dir, error);
  const nlohmann::json j = {{"device", device.name},
                            {"driver", device.driverName + " " + device.driverInfo},
                            {"pipeline_cache_uuid", device.pipelineCacheUuid},
                            {"roofs",
                             {{"copy_gbps", roofs.copyGbps},
                              {"gather_gps", roofs.gatherGps},
                              {"dispatch_us", roofs.dispatchUs}}}};
  // Written beside the target and renamed, so a reader never sees half a file.
  const std::string partial = file + ".partial";
  {
    std::ofstream out(partial, std::ios::trunc);
    out << j.dump(1) << '\n';
    if (!out) {
      throw std::runtime_error("cannot write the roofs cache " + partial);
    }
  }
  std::filesystem::rename(partial, file, error);
  if (error) {
    throw std::runtime_error("cannot write the roofs cache " + file + ": " + error.message());
  }
}

RoofsResult cachedOrMeasuredRoofs(gpu::Context& context, bool remeasure, const std::string& dir) {
  RoofsResult result;
  result.cacheFile = dir.empty() ? std::string() : roofsCacheFile(context.info(), dir);
  if (!remeasure) {
    if (const std::optional<DeviceRoofs> cached = loadCachedRoofs(context.info(), dir)) {
      result.roofs = *cached;
      result.fromCache = true;
      return result;
    }
  }
  result.roofs = measureRoofs(context);
  if (!dir.empty()) {
    try {
      storeCachedRoofs(context.info(), result.roofs, dir);
    } catch (const std::runtime_error& error) {
      result.cacheError = error.what();
    }
  }
  return result;
}

} // namespace frontier::engine
