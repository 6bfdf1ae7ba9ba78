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

// The devices a `--devices` list names: "all" (every device that can run
// the engine, in index order) or indices separated by commas ("0,1"). An
// index may repeat: "0,0" opens device 0 twice, as two logical devices (how
// the several-device path is tested on one GPU or on lavapipe).
// std::invalid_argument naming the bad entry, or listing why no device can
// run the engine.
std::vector<uint32_t> chooseDevices(const std::vector<DeviceInfo>& devices, std::string_view list);

// The request to use: the command-line value when given, else FRONTIER_DEVICE.
std::string resolveDeviceRequest(std::string_view commandLineValue);

} // namespace frontier::gpu
