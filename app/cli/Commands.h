#pragma once
// Each subcommand of frontier-cli lives in its own file and registers itself
// on the app; its callback runs the command and returns the exit status
// through CliCommon's `exitStatus`.

namespace CLI { class App; }

namespace frontier::cli {

void addDevicesCommand(CLI::App& app);
void addSelftestCommand(CLI::App& app);

} // namespace frontier::cli
