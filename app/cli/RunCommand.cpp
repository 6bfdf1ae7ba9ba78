// frontier-cli run GRAPH --strategy SPEC (--pairs random:N --seed S | --pairs-file F)
//   [--output results.csv] [--json report.json] [--trace trace.json] [--verify] [--step]
// Any spec on the GPU (iBFS hop counts or shortest-path lengths), with the trace.

#include <memory>

#include <CLI/CLI.hpp>

#include "CliCommon.h"
#include "Commands.h"
#include "SpecRun.h"

namespace frontier::cli {

namespace {

struct RunOptions {
  StrategyChoice strategy;
  SpecRunOptions run;
};

void addRunCommand(CLI::App& app) {
  auto* command = app.add_subcommand(
      "run", "Path lengths of source/destination pairs on the GPU: hop counts (iBFS strategies) or weighted "
             "lengths (batched, near-far, delta-step, bellman-ford)");
  auto o = std::make_shared<RunOptions>();
  addSpecRunOptions(*command, o->run);
  addStrategyOptions(*command, o->strategy);
  command->callback([o] { guarded("run", [&] { return runSpec(resolveSpec(o->strategy), o->run); }); });
}

const CommandRegistration registration{"run", 30, addRunCommand};

} // namespace

} // namespace frontier::cli
