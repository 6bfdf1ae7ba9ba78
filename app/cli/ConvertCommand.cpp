// frontier-cli convert IN OUT: read any format, write fgraph, SNAP or Matrix
// Market (chosen by OUT's extension or --to).

#include <cstdio>
#include <filesystem>
#include <stdexcept>

#include <CLI/CLI.hpp>

#include "CliCommon.h"
#include "CliProgress.h"
#include "Commands.h"
#include "GraphInput.h"
#include "graph/VertexOrder.h"

namespace frontier::cli {

namespace {

void addConvertCommand(CLI::App& app) {
  auto* command = app.add_subcommand("convert", "Convert a graph to .fgraph (binary cache), SNAP or Matrix Market");
  struct Options {
    GraphInput input;
    std::string output;
    std::string to;
    bool relabel = false;
  };
  auto options = std::make_shared<Options>();
  addGraphInput(*command, options->input, "IN");
  command->add_option("OUT", options->output, "Output file (.fgraph, .txt/.el, .mtx; add .gz to compress text)")
      ->required();
  command->add_option("--to", options->to, "Output format: fgraph, snap, mtx (default: from OUT's extension)");
  command->add_flag("--relabel-by-degree", options->relabel, "Number vertices by decreasing degree");
  command->callback([options] {
    guarded("convert", [&] {
      graph::LoadOptions load = loadOptions(options->input);
      load.relabelByDegree = options->relabel;
      // A bad value before the load, not after it.
      if (graph::parseVertexOrder(options->input.order) != graph::VertexOrder::File && options->relabel) {
        throw std::invalid_argument("--relabel-by-degree and --vertex-order " + options->input.order +
                                    " exclude each other");
      }
      const graph::Format format = outputFormat(options->to);
      ProgressLine progress("loading " + std::filesystem::path(options->input.path).filename().string());
      load.progress = progress.loadCallback();
      graph::Graph loaded = graph::loadGraph(options->input.path, load);
      progress.finish();
      // Stored in the order asked for: the .fgraph keeps it (and the file
      // ids), so later runs need not compute it again.
      const graph::Graph graph = inVertexOrder(std::move(loaded), options->input);
      throwIfInterrupted();
      graph::saveGraph(graph, options->output, format);
      std::printf("%s: %u vertices, %llu %s edges -> %s\n", options->input.path.c_str(), graph.vertexCount(),
                  static_cast<unsigned long long>(graph.edgeCount()), graph.directed() ? "directed" : "undirected",
                  options->output.c_str());
      return 0;
    });
  });
}

const CommandRegistration registration{"convert", 40, addConvertCommand};

} // namespace

} // namespace frontier::cli
