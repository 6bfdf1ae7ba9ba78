#pragma once
// Shared by `frontier-cli run` (sssp) and `sssp-bench`: a weighted graph from a
// file or a generator spec (optionally with random integer weights). Pairs
// come from EngineCli.h.

#include <memory>
#include <string>

#include "GraphInput.h"
#include "graph/Graph.h"

namespace CLI { class App; }

namespace frontier::cli {

struct WeightedInput {
  GraphInput graph;
  uint32_t randomWeights = 0;  // > 0: replace the weights by random integers 1..randomWeights
  uint64_t weightSeed = 1;
};

// GRAPH (a file, or a generator spec such as grid:100x100 when no such file
// exists), the graph options, --random-weights and --weight-seed.
void addWeightedInput(CLI::App& command, WeightedInput& input);

// Loads or generates the graph; prints a note to stderr when it has no
// weights (every arc then weighs 1).
std::shared_ptr<const graph::Graph> loadWeighted(const WeightedInput& input);


} // namespace frontier::cli
