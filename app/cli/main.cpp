// frontier-cli: inspect devices and graphs, run and benchmark the engine.

#include <CLI/CLI.hpp>

#include "CliCommon.h"
#include "Commands.h"

int main(int argc, char** argv) {
  CLI::App app{"Frontier Lab command line: GPU multi-source BFS on Vulkan", "frontier-cli"};
  app.require_subcommand(1);
  app.set_version_flag("--version", "frontier-cli 0.1.0");
  frontier::cli::addDevicesCommand(app);
  frontier::cli::addSelftestCommand(app);
  CLI11_PARSE(app, argc, argv);
  return frontier::cli::exitStatus();
}
