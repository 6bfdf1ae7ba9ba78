#pragma once
// Shared by the subcommands: the exit status and how errors are printed.

#include <functional>
#include <string>

namespace CLI { class App; }

namespace frontier::cli {

// Status the process exits with once the chosen subcommand has run.
int& exitStatus();

// Runs `body`, turning any exception into "frontier-cli <command>: error: ..."
// on stderr and exit status 1 (2 for bad usage), or 130 once Ctrl-C was
// pressed (CliProgress.h; the handler is installed here).
void guarded(const std::string& command, const std::function<int()>& body);

// Adds `--device` (index or name substring; FRONTIER_DEVICE when absent).
void addDeviceOption(CLI::App& command, std::string& device);

} // namespace frontier::cli
