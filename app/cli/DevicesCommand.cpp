// frontier-cli devices [--json]: every Vulkan device and its properties.

#include <cstdio>
#include <iostream>

#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

#include "CliCommon.h"
#include "Commands.h"
#include "vk/DeviceChoice.h"
#include "vk/Instance.h"

namespace frontier::cli {

namespace {

std::string mib(uint64_t bytes) { return std::to_string(bytes >> 20U) + " MiB"; }

void printDevice(const gpu::DeviceInfo& d, bool chosen) {
  std::printf("%s[%u] %s\n", chosen ? "* " : "  ", d.index, d.name.c_str());
  std::printf("      type %s, Vulkan %s, driver %s %s (%s)\n", gpu::toString(d.type).c_str(),
              gpu::apiVersionString(d.apiVersion).c_str(), d.driverName.c_str(),
              gpu::driverVersionString(d.vendorId, d.driverVersion).c_str(), d.driverInfo.c_str());
  std::string ops;
  for (const std::string& op : d.subgroupOperations) {
    ops += (ops.empty() ? "" : ",") + op;
  }
  std::printf("      subgroup size %u (min %u, max %u), operations %s\n", d.subgroupSize, d.minSubgroupSize,
              d.maxSubgroupSize, ops.c_str());
  std::printf("      max storage buffer %s, max workgroup %u x %u x %u (%u invocations), shared memory %u B\n",
              mib(d.maxStorageBufferRange).c_str(), d.maxWorkgroupSize[0], d.maxWorkgroupSize[1],
              d.maxWorkgroupSize[2], d.maxWorkgroupInvocations, d.maxSharedMemory);
  std::printf("      timestamps %s, period %.3f ns, %u valid bits\n", d.timestampsSupported ? "yes" : "no",
              static_cast<double>(d.timestampPeriod), d.timestampValidBits);
  for (size_t h = 0; h < d.heaps.size(); ++h) {
    const gpu::MemoryHeapInfo& heap = d.heaps[h];
    std::printf("      heap %zu: %s%s, budget %s, used %s\n", h, mib(heap.size).c_str(),
                heap.deviceLocal ? " device-local" : "", mib(heap.budget).c_str(), mib(heap.usage).c_str());
  }
  const std::string reason = gpu::unsuitableReason(d);
  if (!reason.empty()) {
    std::printf("      unsuitable: %s\n", reason.c_str());
  }
}

void addDevicesCommand(CLI::App& app) {
  auto* command = app.add_subcommand("devices", "List the Vulkan devices and their properties");
  auto json = std::make_shared<bool>(false);
  command->add_flag("--json", *json, "Print JSON (snake_case keys)");
  command->callback([json] {
    guarded("devices", [&] {
      const gpu::Instance instance(gpu::Validation::Off);
      const gpu::DeviceChoice choice = gpu::chooseDevice(instance.devices(), gpu::resolveDeviceRequest(""));
      if (*json) {
        nlohmann::json out = {{"devices", instance.devices()}};
        if (choice.index) {
          out["default_device"] = *choice.index;
        }
        std::cout << out.dump(2) << "\n";
        return 0;
      }
      if (instance.devices().empty()) {
        std::printf("no Vulkan devices found\n");
        return 1;
      }
      for (const gpu::DeviceInfo& d : instance.devices()) {
        printDevice(d, choice.index && *choice.index == d.index);
      }
      std::printf("(* = the device used by default)\n");
      return 0;
    });
  });
}

const CommandRegistration registration{"devices", 10, addDevicesCommand};

} // namespace

} // namespace frontier::cli
