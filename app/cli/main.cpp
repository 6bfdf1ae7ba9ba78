// frontier-cli: inspect devices and graphs, run and benchmark the engine.

#include <algorithm>
#include <cstdio>
#include <string>
#include <string_view>

#include <CLI/CLI.hpp>

#include "CliCommon.h"
#include "Commands.h"
#include "FrontierVersion.h"

namespace frontier::cli {
std::vector<CommandEntry>& commandRegistry() {
  static std::vector<CommandEntry> registry;
  return registry;
}
} // namespace frontier::cli

int main(int argc, char** argv) {
  CLI::App app{"Frontier Lab command line: GPU multi-source BFS on Vulkan", "frontier-cli"};
  app.require_subcommand(1);
  app.set_version_flag("--version", std::string("frontier-cli ") + frontier::kVersion);
  auto& registry = frontier::cli::commandRegistry();
  std::stable_sort(registry.begin(), registry.end(),
                   [](const auto& a, const auto& b) { return a.order < b.order; });
  for (const auto& entry : registry) {
    entry.add(app);
  }
  // CLI11 reports an unknown command as "A subcommand is required", which
  // does not say what was wrong: name it.
  if (argc > 1 && argv[1][0] != '-' &&
      std::none_of(registry.begin(), registry.end(),
                   [&](const auto& entry) { return std::string_view(entry.name) == argv[1]; })) {
    std::fprintf(stderr, "frontier-cli: unknown command '%s' (frontier-cli --help lists them)\n", argv[1]);
    return 2;
  }
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& error) {
    // CLI11 exits with its own codes (105 to 115 and more) for bad usage;
    // scripts expect 2, as for every other usage error of this tool
    // (CliCommon.h). --help and --version stay 0.
    return app.exit(error) == 0 ? 0 : 2;
  }
  return frontier::cli::exitStatus();
}
