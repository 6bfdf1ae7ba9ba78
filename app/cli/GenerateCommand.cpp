// frontier-cli generate KIND [PARAMS] -o OUT: a synthetic graph to a file.

#include <cstdio>

#include <CLI/CLI.hpp>

#include "CliCommon.h"
#include "CliProgress.h"
#include "Commands.h"
#include "GraphInput.h"
#include "graph/Generators.h"
#include "graph/GraphIO.h"

namespace frontier::cli {

namespace {

void addGenerateCommand(CLI::App& app) {
  auto* command = app.add_subcommand("generate", "Generate a graph (deterministic by seed)");
  command->footer("Kinds:\n" + graph::generatorHelp() +
                  "KIND and PARAMS may be given as one spec (grid:40x40) or two words (grid 40x40).");
  struct Options {
    std::string kind;
    std::string params;
    std::string output;
    std::string to;
    uint32_t weights = 0;
    uint64_t weightSeed = 1;
  };
  auto options = std::make_shared<Options>();
  command->add_option("KIND", options->kind, "Generator kind or a whole spec")->required();
  command->add_option("PARAMS", options->params, "Parameters: key=value,... or positional values");
  command->add_option("-o,--output", options->output, "Output file (.fgraph, .txt, .mtx; .gz compresses text)")
      ->required();
  command->add_option("--to", options->to, "Output format: fgraph, snap, mtx (default: from the extension)");
  command->add_option("--weights", options->weights, "Add integer weights 1..N (0 = unweighted)");
  command->add_option("--weight-seed", options->weightSeed, "Seed of the weights");
  command->callback([options] {
    guarded("generate", [&] {
      const graph::Format format = outputFormat(options->to);
      std::string spec = options->kind;
      if (!options->params.empty()) {
        spec += (spec.find(':') == std::string::npos ? ":" : ",") + options->params;
      }
      graph::Graph graph = generateWithProgress(spec);
      if (options->weights > 0) {
        graph = graph::withRandomWeights(std::move(graph), options->weights, options->weightSeed);
      }
      throwIfInterrupted();
      graph::saveGraph(graph, options->output, format);
      std::printf("%s: %u vertices, %llu edges -> %s\n", graph.name().c_str(), graph.vertexCount(),
                  static_cast<unsigned long long>(graph.edgeCount()), options->output.c_str());
      return 0;
    });
  });
}

const CommandRegistration registration{"generate", 50, addGenerateCommand};

} // namespace

} // namespace frontier::cli
