#include "DeviceChoice.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cstdlib>
#include <stdexcept>

namespace frontier::gpu {

namespace {

std::string lower(std::string_view text) {
  std::string out(text);
  std::transform(out.begin(), out.end(), out.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return out;
}

std::optional<uint32_t> parseIndex(std::string_view request) {
  uint32_t value = 0;
  const char* end = request.data() + request.size();
  auto [ptr, ec] = std::from_chars(request.data(), end, value);
  if (ec != std::errc() || ptr != end) {
    return std::nullopt;
  }
  return value;
}

// Key for the default order: type first, then memory, then the lower index.
bool preferred(const DeviceInfo& a, const DeviceInfo& b) {
  if (typeScore(a.type) != typeScore(b.type)) {
    return typeScore(a.type) > typeScore(b.type);
  }
  if (a.deviceLocalBytes() != b.deviceLocalBytes()) {
    return a.deviceLocalBytes() > b.deviceLocalBytes();
  }
  return a.index < b.index;
}

} // namespace

int typeScore(DeviceType type) {
  switch (type) {
  case DeviceType::DiscreteGpu: return 4;
  case DeviceType::IntegratedGpu: return 3;
  case DeviceType::VirtualGpu: return 2;
  case DeviceType::Cpu: return 1;
  case DeviceType::Other: break;
  }
  return 0;
}

std::string unsuitableReason(const DeviceInfo& info) {
  constexpr uint32_t kVulkan12 = (1U << 22U) | (2U << 12U);
  if (info.apiVersion < kVulkan12) {
    return "Vulkan " + apiVersionString(info.apiVersion) + " < 1.2";
  }
  if (!info.hasComputeQueue) {
    return "no compute queue";
  }
  if (!info.subgroupsInCompute) {
    return "no subgroup operations in compute shaders";
  }
  for (const char* op : {"basic", "vote", "arithmetic", "ballot", "shuffle"}) {
    if (!info.supportsSubgroupOperation(op)) {
      return std::string("no subgroup '") + op + "' operations";
    }
  }
  if (info.subgroupSize < 4 || info.subgroupSize > 128) {
    return "unsupported subgroup size " + std::to_string(info.subgroupSize);
  }
  return {};
}

DeviceChoice chooseDevice(const std::vector<DeviceInfo>& devices, std::string_view request) {
  DeviceChoice choice;
  std::vector<const DeviceInfo*> candidates;
  const std::optional<uint32_t> wantedIndex = parseIndex(request);
  const std::string wantedName = lower(request);
  for (const DeviceInfo& info : devices) {
    std::string reason = unsuitableReason(info);
    if (reason.empty() && !request.empty()) {
      const bool matches = wantedIndex ? info.index == *wantedIndex
                                       : lower(info.name).find(wantedName) != std::string::npos;
      if (!matches) {
        reason = wantedIndex ? "index " + std::to_string(info.index) + " is not " + std::string(request)
                             : "name does not contain '" + std::string(request) + "'";
      }
    }
    if (reason.empty()) {
      candidates.push_back(&info);
    } else {
      choice.rejected.push_back({info.index, info.name, reason});
    }
  }
  if (candidates.empty()) {
    return choice;
  }
  std::sort(candidates.begin(), candidates.end(),
            [](const DeviceInfo* a, const DeviceInfo* b) { return preferred(*a, *b); });
  choice.index = candidates.front()->index;
  for (size_t i = 1; i < candidates.size(); ++i) {
    choice.rejected.push_back({candidates[i]->index, candidates[i]->name,
                               "device " + std::to_string(candidates.front()->index) + " is preferred"});
  }
  return choice;
}

std::string DeviceChoice::explain(std::string_view request) const {
  std::string text = request.empty() ? std::string("no usable Vulkan device")
                                     : "no Vulkan device matches '" + std::string(request) + "'";
  if (rejected.empty()) {
    return text + ": no Vulkan devices were found (is a Vulkan driver installed?)";
  }
  text += ":";
  for (const DeviceRejection& r : rejected) {
    text += "\n  device " + std::to_string(r.index) + " '" + r.name + "': " + r.reason;
  }
  return text;
}

std::vector<uint32_t> chooseDevices(const std::vector<DeviceInfo>& devices, std::string_view list) {
  std::vector<uint32_t> chosen;
  if (lower(list) == "all") {
    std::string why;
    for (const DeviceInfo& info : devices) {
      const std::string reason = unsuitableReason(info);
      if (reason.empty()) {
        chosen.push_back(info.index);
      } else {
        why += "; device " + std::to_string(info.index) + " '" + info.name + "': " + reason;
      }
    }
    if (chosen.empty()) {
      throw std::invalid_argument("--devices all: no device can run the engine" +
                                  (why.empty() ? std::string(" (no Vulkan device found)") : why));
    }
    return chosen;
  }
  size_t start = 0;
  while (start <= list.size()) {
    const size_t comma = std::min(list.find(',', start), list.size());
    const std::string_view entry = list.substr(start, comma - start);
    const std::optional<uint32_t> index = parseIndex(entry);
    if (!index) {
      throw std::invalid_argument("--devices: '" + std::string(entry) +
                                  "' is not a device index (give all, or indices such as 0,1)");
    }
    const auto found = std::find_if(devices.begin(), devices.end(),
                                    [&](const DeviceInfo& info) { return info.index == *index; });
    if (found == devices.end()) {
      throw std::invalid_argument("--devices: there is no device " + std::string(entry) + " (" +
                                  std::to_string(devices.size()) + " found; frontier-cli devices lists them)");
    }
    const std::string reason = unsuitableReason(*found);
    if (!reason.empty()) {
      throw std::invalid_argument("--devices: device " + std::string(entry) + " '" + found->name +
                                  "' cannot run the engine: " + reason);
    }
    chosen.push_back(*index);
    start = comma + 1;
  }
  return chosen;
}

std::string resolveDeviceRequest(std::string_view commandLineValue) {
  if (!commandLineValue.empty()) {
    return std::string(commandLineValue);
  }
  const char* env = std::getenv("FRONTIER_DEVICE");
  return env != nullptr ? std::string(env) : std::string();
}

} // namespace frontier::gpu
