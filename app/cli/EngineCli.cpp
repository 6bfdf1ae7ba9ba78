#include "EngineCli.h"

#include <stdexcept>

#include <CLI/CLI.hpp>

#include "CliCommon.h"

namespace frontier::cli {

void addStrategyOptions(CLI::App& command, StrategyChoice& choice) {
  command.add_option("--strategy", choice.name, "What runs: HEAD[+SWITCH...] (default coalesced); " + run::specGrammar());
  command.add_option("--searches-per-batch", choice.searchesPerBatch,
                     "Searches per batch (omega): a multiple of 32 from 32 to 1024")
      ->check(atLeast(1));  // 0 stands for "the preset's" when the option is absent
  command.add_option("--direction", choice.direction, "Direction policy: top-down, jfq, beamer")
      ->check(CLI::IsMember({"top-down", "jfq", "beamer"}));
  command.add_option("--threshold", choice.threshold,
                     "jfq policy: pull when the JFQ holds more than this fraction of V (default 0.83)")
      ->check(atLeast(0, true));
  command.add_option("--alpha", choice.alpha, "beamer policy: alpha (default 14)")
      ->check(atLeast(0, true));
  command.add_option("--beta", choice.beta, "beamer policy: beta (default 24)")
      ->check(atLeast(0, true));
  command.add_option("--levels-per-submit", choice.levelsPerSubmit,
                     "Levels recorded per submission (0 = adaptive; default 1 = read back every level)")
      ->check(atLeast(0));
  command.add_flag("--aggregated-appends", choice.aggregatedAppends,
                   "One JFQ atomic per subgroup instead of one per vertex");
  command.add_flag("--load-balanced", choice.loadBalanced,
                   "Split the arcs of high-degree JFQ vertices over many teams (vertex-major layouts)");
}

run::RunSpec resolveSpec(const StrategyChoice& choice) {
  run::RunSpec spec = run::parseRunSpec(choice.name);
  const bool overridden = choice.searchesPerBatch != 0 || !choice.direction.empty() || choice.threshold != 0 ||
                          choice.alpha != 0 || choice.beta != 0 || choice.levelsPerSubmit >= 0 ||
                          choice.aggregatedAppends || choice.loadBalanced;
  if (spec.engine != run::Engine::Ibfs) {
    if (overridden) {
      throw std::invalid_argument("'" + spec.text +
                                  "' is a shortest-path spec: --searches-per-batch, --direction, --threshold, "
                                  "--alpha, --beta, --levels-per-submit, --aggregated-appends and --load-balanced "
                                  "apply to iBFS strategies only");
    }
    return spec;
  }
  spec.optionsOverridden = overridden;
  engine::Strategy& strategy = spec.strategy;
  engine::EngineOptions& o = strategy.options;
  if (choice.searchesPerBatch != 0) {
    o.searchesPerBatch = choice.searchesPerBatch;
  }
  if (choice.direction == "top-down") {
    o.direction = engine::DirectionPolicy::TopDown;
  } else if (choice.direction == "jfq") {
    o.direction = engine::DirectionPolicy::JfqThreshold;
  } else if (choice.direction == "beamer") {
    o.direction = engine::DirectionPolicy::Beamer;
  }
  if (o.direction != engine::DirectionPolicy::TopDown && o.layout != engine::Layout::VertexMajor) {
    throw std::invalid_argument("strategy '" + strategy.name + "' has no bottom-up expand; use a coalesced strategy");
  }
  if (choice.threshold > 1) {  // the option's check refuses 0 and below
    throw std::invalid_argument("--threshold must be between 0 and 1");
  }
  if (choice.threshold > 0) {
    o.jfqThreshold = choice.threshold;
  }
  if (choice.alpha > 0) {
    o.beamerAlpha = choice.alpha;
  }
  if (choice.beta > 0) {
    o.beamerBeta = choice.beta;
  }
  if (choice.levelsPerSubmit >= 0) {
    o.levelsPerSubmit = static_cast<uint32_t>(choice.levelsPerSubmit);
  }
  o.aggregatedAppends = o.aggregatedAppends || choice.aggregatedAppends;
  o.loadBalancedExpand = o.loadBalancedExpand || choice.loadBalanced;
  return spec;
}

void addPairsOptions(CLI::App& command, PairsChoice& choice) {
  auto* spec = command.add_option("--pairs", choice.spec, "random:N  (N pairs uniform over all vertices)");
  auto* file = command.add_option("--pairs-file", choice.file, "CSV with header source,destination (file ids)");
  spec->excludes(file);
  command.add_option("--seed", choice.seed, "Seed for random pairs (default 1)");
}

std::vector<graph::Pair> resolvePairs(const graph::Graph& graph, const PairsChoice& choice) {
  if (choice.spec.empty() == choice.file.empty()) {
    throw std::invalid_argument("give exactly one of --pairs random:N and --pairs-file F");
  }
  return choice.file.empty() ? graph::parsePairsSpec(graph, choice.spec, choice.seed)
                             : graph::readPairsFile(graph, choice.file);
}

} // namespace frontier::cli
