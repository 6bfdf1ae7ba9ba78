#pragma once
// Engine options shared by the subcommands that run the engines (run, sssp,
// bench): the strategy spec and the iBFS switches that override it, and the
// pairs to search.

#include <string>

#include "engine/ibfs/Strategy.h"
#include "graph/Graph.h"
#include "graph/Pairs.h"
#include "run/RunSpec.h"

namespace CLI { class App; }

namespace frontier::cli {

struct StrategyChoice {
  std::string name = "coalesced";
  uint32_t searchesPerBatch = 0;  // 0 = the preset's
  std::string direction;          // "", "top-down", "jfq", "beamer"
  double threshold = 0;           // 0 = the preset's
  double alpha = 0;
  double beta = 0;
  int levelsPerSubmit = -1;       // -1 = the preset's, 0 = adaptive
  bool aggregatedAppends = false;  // switches only turn on what the preset leaves off
  bool loadBalanced = false;
};

void addStrategyOptions(CLI::App& command, StrategyChoice& choice);
// The spec (run::parseRunSpec) with the overrides applied; an override of an
// iBFS switch on a shortest-path spec is refused. std::invalid_argument for
// bad values.
run::RunSpec resolveSpec(const StrategyChoice& choice);

struct PairsChoice {
  std::string spec;  // "random:N"
  std::string file;
  uint64_t seed = 1;
};

void addPairsOptions(CLI::App& command, PairsChoice& choice);
std::vector<graph::Pair> resolvePairs(const graph::Graph& graph, const PairsChoice& choice);

} // namespace frontier::cli
