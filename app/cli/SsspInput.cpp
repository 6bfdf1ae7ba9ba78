#include "SsspInput.h"

#include <cstdio>
#include <filesystem>

#include <CLI/CLI.hpp>

#include "CliCommon.h"

#include "graph/Generators.h"
#include "graph/VertexOrder.h"

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
  // Random weights hash an arc's dense ids: drawn in the file's order and
  // renumbered after, so every vertex order weighs the same arcs alike.
  graph::parseVertexOrder(input.graph.order);  // a bad value before the load
  GraphInput inFileOrder = input.graph;
  inFileOrder.order = "file";
  graph::Graph g = loadInput(inFileOrder);
  if (input.randomWeights > 0) {
    g = graph::withRandomWeights(std::move(g), input.randomWeights, input.weightSeed);
  } else if (!g.weighted()) {
    std::fprintf(stderr, "note: %s has no weights; every arc weighs 1 (use --random-weights MAX for others)\n",
                 path.c_str());
  }
  // `auto` renumbers for hop counts only (the weighted engines were not
  // measured in another order).
  GraphInput order = input.graph;
  if (graph::parseVertexOrder(order.order) == graph::VertexOrder::Auto) {
    order.order = "file";
  }
  return std::make_shared<const graph::Graph>(inVertexOrder(std::move(g), order));
}

} // namespace frontier::cli
