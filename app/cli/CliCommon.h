#pragma once
// Shared by the subcommands: the exit status and how errors are printed.

#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace CLI {
class App;
class Validator;
} // namespace CLI
namespace frontier::gpu {
class Context;
struct ContextOptions;
} // namespace frontier::gpu

namespace frontier::cli {

// Status the process exits with once the chosen subcommand has run.
int& exitStatus();

// Runs `body`, turning any exception into "frontier-cli <command>: error: ..."
// on stderr and exit status 1 (2 for bad usage), or 130 once Ctrl-C was
// pressed (CliProgress.h; the handler is installed here).
void guarded(const std::string& command, const std::function<int()>& body);

// Checks a number option: finite and at least `least` (above it with `strict`), named
// plainly in the error ("must be at least 1, not '0'"); CLI11's own range
// validators spell out a bound of DBL_MAX digit by digit.
CLI::Validator atLeast(double least, bool strict = false);

// Adds `--device` (index or name substring; FRONTIER_DEVICE when absent).
void addDeviceOption(CLI::App& command, std::string& device);

// The devices a command runs on: the one `device` names (or FRONTIER_DEVICE,
// else the best) when `devices` is empty, else every one of that list
// (gpu::chooseDevices: "all" or indices). Each opened with `options`, its
// request replaced.
std::vector<std::unique_ptr<gpu::Context>> openDevices(const std::string& device, const std::string& devices,
                                                      gpu::ContextOptions options);

} // namespace frontier::cli
