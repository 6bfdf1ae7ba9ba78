#include "CliCommon.h"

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <stdexcept>

#include <CLI/CLI.hpp>

#include "CliProgress.h"
#include "vk/Context.h"
#include "vk/DeviceChoice.h"
#include "vk/Instance.h"

namespace frontier::cli {

int& exitStatus() {
  static int status = 0;
  return status;
}

namespace {

void fail(const std::string& command, const std::exception& error, int status) {
  // Ctrl-C: whatever a stage threw on its way out (Interrupted, a cancelled
  // load), the status says the command was interrupted.
  if (interrupted()) {
    std::fprintf(stderr, "frontier-cli %s: interrupted; no output file written\n", command.c_str());
    exitStatus() = 130;
    return;
  }
  std::fprintf(stderr, "frontier-cli %s: error: %s\n", command.c_str(), error.what());
  exitStatus() = status;
}

} // namespace

void guarded(const std::string& command, const std::function<int()>& body) {
  installInterruptHandler();
  try {
    exitStatus() = body();
  } catch (const std::invalid_argument& error) {
    fail(command, error, 2);
  } catch (const std::exception& error) {
    fail(command, error, 1);
  }
}

CLI::Validator atLeast(double least, bool strict) {
  const std::string leastText = CLI::detail::to_string(least);
  const std::string bound = (strict ? "above " : "at least ") + leastText;
  return CLI::Validator(
      [least, strict, bound](std::string& text) -> std::string {
        char* end = nullptr;
        const double value = std::strtod(text.c_str(), &end);
        const bool number = !text.empty() && end != nullptr && *end == '\0' && std::isfinite(value);
        if (number && (strict ? value > least : value >= least)) {
          return {};
        }
        return "must be a number " + bound + ", not '" + text + "'";
      },
      (strict ? "NUMBER > " : "NUMBER >= ") + leastText);
}

void addDeviceOption(CLI::App& command, std::string& device) {
  command.add_option("--device", device,
                     "Vulkan device: index or name substring (default: FRONTIER_DEVICE, else the best)");
}

std::vector<std::unique_ptr<gpu::Context>> openDevices(const std::string& device, const std::string& devices,
                                                      gpu::ContextOptions options) {
  std::vector<std::string> requests;
  if (devices.empty()) {
    requests.push_back(gpu::resolveDeviceRequest(device));
  } else {
    const gpu::Instance instance(gpu::Validation::Off);
    for (const uint32_t index : gpu::chooseDevices(instance.devices(), devices)) {
      requests.push_back(std::to_string(index));
    }
  }
  std::vector<std::unique_ptr<gpu::Context>> contexts;
  for (const std::string& request : requests) {
    options.deviceRequest = request;
    contexts.push_back(std::make_unique<gpu::Context>(options));
  }
  return contexts;
}

} // namespace frontier::cli
