#include "CliCommon.h"

#include <cstdio>
#include <exception>
#include <stdexcept>

#include <CLI/CLI.hpp>

namespace frontier::cli {

int& exitStatus() {
  static int status = 0;
  return status;
}

void guarded(const std::string& command, const std::function<int()>& body) {
  try {
    exitStatus() = body();
  } catch (const std::invalid_argument& error) {
    std::fprintf(stderr, "frontier-cli %s: error: %s\n", command.c_str(), error.what());
    exitStatus() = 2;
  } catch (const std::exception& error) {
    std::fprintf(stderr, "frontier-cli %s: error: %s\n", command.c_str(), error.what());
    exitStatus() = 1;
  }
}

void addDeviceOption(CLI::App& command, std::string& device) {
  command.add_option("--device", device,
                     "Vulkan device: index or name substring (default: FRONTIER_DEVICE, else the best)");
}

} // namespace frontier::cli
