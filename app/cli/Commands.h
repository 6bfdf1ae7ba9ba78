#pragma once
// Subcommands of frontier-cli register themselves: each *Command.cpp defines
//   static const frontier::cli::CommandRegistration reg{"name", 10, addNameCommand};
// and main() adds them to the app in order of `order` (the order of --help).

#include <functional>
#include <vector>

namespace CLI { class App; }

namespace frontier::cli {

struct CommandEntry {
  const char* name;
  int order;
  std::function<void(CLI::App&)> add;
};

std::vector<CommandEntry>& commandRegistry();

struct CommandRegistration {
  CommandRegistration(const char* name, int order, std::function<void(CLI::App&)> add) {
    commandRegistry().push_back({name, order, std::move(add)});
  }
};

} // namespace frontier::cli
