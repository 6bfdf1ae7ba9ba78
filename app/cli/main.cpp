// frontier-cli: inspect devices and graphs, run and benchmark the engine.

#include <algorithm>

#include <CLI/CLI.hpp>

#include "CliCommon.h"
#include "Commands.h"

namespace frontier::cli {
std::vector<CommandEntry>& commandRegistry() {
  static std::vector<CommandEntry> registry;
  return registry;
}
} // namespace frontier::cli

int main(int argc, char** argv) {
  CLI::App app{"Frontier Lab command line: GPU multi-source BFS on Vulkan", "frontier-cli"};
  app.require_subcommand(1);
  app.set_version_flag("--version", "frontier-cli 0.1.0");
  auto& registry = frontier::cli::commandRegistry();
  std::stable_sort(registry.begin(), registry.end(),
                   [](const auto& a, const auto& b) { return a.order < b.order; });
  for (const auto& entry : registry) {
    entry.add(app);
  }
  CLI11_PARSE(app, argc, argv);
  return frontier::cli::exitStatus();
}
