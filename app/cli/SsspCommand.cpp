// frontier-cli sssp GRAPH --algorithm auto|resident|batched|near-far|delta-step|bellman-ford
//   [--delta D] [--batch B] [--queries Q] (--pairs random:N [--seed S] | --pairs-file F)
//   [--output OUT.csv] [--trace T.json] [--json R.json] [--iterations-csv I.csv] [--verify] [--step]
//   [--device D] [--random-weights MAX]
// A synonym of `frontier-cli run GRAPH --strategy ALGORITHM+delta=D+B=B+Q=Q`,
// kept so that scripts written for it go on working.

#include <memory>

#include <CLI/CLI.hpp>

#include "CliCommon.h"
#include "Commands.h"
#include "SpecRun.h"
#include "engine/sssp/SsspOptions.h"

namespace frontier::cli {

namespace {

struct Options {
  SpecRunOptions run;
  std::string algorithm = "auto";
  double delta = 0;
  int batch = -1;  // -1: the algorithm's default (batched: adaptive, the others 16)
  uint32_t queries = 0;
};

// The spec the options spell, read back through the grammar of `run
// --strategy` so that both refuse the same values.
run::RunSpec specOf(const Options& o) {
  engine::SsspOptions options;
  options.algorithm = engine::algorithmByName(o.algorithm);
  options.delta = o.delta;
  const uint32_t familyDefault = run::parseRunSpec(engine::algorithmName(options.algorithm)).sssp.iterationsPerSubmit;
  options.iterationsPerSubmit = o.batch < 0 ? familyDefault : static_cast<uint32_t>(o.batch);
  options.queriesPerBatch = o.queries;
  return run::parseRunSpec(run::specOf(options).text);
}

void addSsspCommand(CLI::App& app) {
  auto* command = app.add_subcommand("sssp", "Shortest-path lengths of source/destination pairs on the GPU "
                                             "(weighted graphs; unweighted arcs weigh 1); the same as run "
                                             "--strategy ALGORITHM+delta=D+B=N+Q=N");
  auto options = std::make_shared<Options>();
  addSpecRunOptions(*command, options->run);
  command->add_option("--algorithm", options->algorithm, "auto (default: resident on road-like graphs that fit, batched elsewhere), resident, batched, "
                      "near-far, delta-step, bellman-ford, or pairs (hop counts: each pair from both ends, the "
                      "weights not read)");
  command->add_option("--delta", options->delta, "Bucket width in weight units, positive (default: from the weights)")
      ->check(atLeast(0, true));
  command->add_option("--batch", options->batch,
                      "B: relax iterations per submission, 1..64, 0 = adaptive (default: adaptive for batched, "
                      "16 for the others; resident runs a batch per dispatch)")
      ->check(CLI::Range(0, static_cast<int>(engine::kMaxIterationsPerSubmit)));
  command->add_option("--queries", options->queries,
                      "Q: queries (distinct sources) per batch; 0 or left out: as many as fit, at most 1024 for "
                      "batched and resident, 256 for the others; pairs: workgroups, each answering a pair at a time");
  command->callback([options] { guarded("sssp", [&] { return runSpec(specOf(*options), options->run); }); });
}

const CommandRegistration registration{"sssp", 40, addSsspCommand};

} // namespace

} // namespace frontier::cli
