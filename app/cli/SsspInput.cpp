#include "SsspInput.h"

#include <cstdio>
#include <filesystem>

#include <CLI/CLI.hpp>

#include "CliCommon.h"

#include "graph/Generators.h"

namespace frontier::cli {

void addWeightedInput(CLI::App& command, WeightedInput& input) {
  addGraphInput(command, input.graph);
  command.add_option("--random-weights", input.randomWeights,
                     "Replace the weights by random integers 1..MAX (for unweighted or generated graphs)")
      ->check(atLeast(1));
  command.add_option("--weight-seed", input.weightSeed, "Seed of --random-weights (default 1)");
}

std::shared_ptr<const graph::Graph> loadWeighted(const WeightedInput& input) {
  const std::string& path = input.graph.path;
  graph::Graph g = loadInput(input.graph);
  if (input.randomWeights > 0) {
    g = graph::withRandomWeights(std::move(g), input.randomWeights, input.weightSeed);
  } else if (!g.weighted()) {
    std::fprintf(stderr, "note: %s has no weights; every arc weighs 1 (use --random-weights MAX for others)\n",
                 path.c_str());
  }
  return std::make_shared<const graph::Graph>(std::move(g));
}

} // namespace frontier::cli
