#pragma once
// Which device to run on. Pure functions over DeviceInfo, unit-tested without
// a GPU. Default order: discrete > integrated > virtual > CPU; a request by
// index ("1") or by name substring ("nvidia", case-insensitive) overrides it.

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "DeviceInfo.h"

namespace frontier::gpu {

struct DeviceRejection {
  uint32_t index = 0;
  std::string name;
  std::string reason;
};

struct DeviceChoice {
  std::optional<uint32_t> index;         // chosen device, if any
  std::vector<DeviceRejection> rejected; // every device not chosen, and why

  // "no Vulkan device matches 'x': device 0 'llvmpipe': ...; device 1 ..."
  std::string explain(std::string_view request) const;
};

// Why a device cannot run the engine at all (empty when it can).
std::string unsuitableReason(const DeviceInfo& info);

// Preference of a device type when nothing is requested; higher is better.
int typeScore(DeviceType type);

// Chooses among `devices` following `request` (empty = best by type, then by
// device-local memory, then lowest index).
DeviceChoice chooseDevice(const std::vector<DeviceInfo>& devices, std::string_view request);

// The request to use: the command-line value when given, else FRONTIER_DEVICE.
std::string resolveDeviceRequest(std::string_view commandLineValue);

} // namespace frontier::gpu
