#include "GraphInput.h"

#include <filesystem>
#include <iostream>
#include <stdexcept>

#include <CLI/CLI.hpp>

#include "CliProgress.h"
#include "graph/Generators.h"
#include "graph/VertexOrder.h"

namespace frontier::cli {

void addGraphInput(CLI::App& command, GraphInput& input, const std::string& name) {
  command.add_option(name, input.path, "Graph file (SNAP, Matrix Market, DIMACS, METIS, LDBC CSV or folder, .fgraph; gzip ok)")
      ->required();
  command.add_option("--format", input.format, "Input format: auto, snap, mtx, dimacs, metis, ldbc, fgraph");
  command.add_flag("--directed", input.directed, "Read as directed (arcs as written in the file)");
  command.add_flag("--undirected", input.undirected, "Read as undirected (symmetrise)");
  command.add_flag("--remove-self-loops", input.removeSelfLoops, "Drop self-loops (their vertices stay)");
  command.add_option("--vertex-order", input.order,
                     "Number the vertices for locality: file (as read), rcm (reverse Cuthill-McKee) or auto "
                     "(rcm for hop counts on long, thin graphs: grids, roads, meshes); file ids in and out are "
                     "unchanged")
      ->capture_default_str();
}

graph::Graph inVertexOrder(graph::Graph graph, const GraphInput& input) {
  const graph::VertexOrder asked = graph::parseVertexOrder(input.order);
  const graph::VertexOrder order = graph::resolvedOrder(graph, asked);
  if (order == graph::VertexOrder::File) {
    return graph;
  }
  if (asked == graph::VertexOrder::Auto) {
    std::cerr << "note: " << input.path
              << ": vertices numbered in reverse Cuthill-McKee order for locality (a long, thin graph; "
                 "--vertex-order file keeps the file's order)\n";
  }
  ProgressLine progress("ordering the vertices (rcm)");
  graph = graph::withVertexOrder(std::move(graph), order);
  progress.finish();
  return graph;
}

graph::LoadOptions loadOptions(const GraphInput& input) {
  graph::LoadOptions options;
  const std::optional<graph::Format> format = graph::parseFormat(input.format);
  if (!format) {
    throw std::invalid_argument("unknown format '" + input.format + "' (auto, snap, mtx, dimacs, metis, ldbc, fgraph)");
  }
  options.format = *format;
  if (input.directed && input.undirected) {
    throw std::invalid_argument("--directed and --undirected exclude each other");
  }
  options.direction = input.directed     ? graph::Direction::Directed
                      : input.undirected ? graph::Direction::Undirected
                                         : graph::Direction::FromFormat;
  options.removeSelfLoops = input.removeSelfLoops;
  return options;
}

graph::Graph loadInput(const GraphInput& input) {
  // A name that is no file but looks like "kind:params" is a generator spec.
  graph::parseVertexOrder(input.order);  // a bad value before the load, not after it
  if (!std::filesystem::exists(input.path) && input.path.find(':') != std::string::npos) {
    return inVertexOrder(generateWithProgress(input.path), input);
  }
  graph::LoadOptions options = loadOptions(input);
  ProgressLine progress("loading " + std::filesystem::path(input.path).filename().string());
  options.progress = progress.loadCallback();
  graph::Graph graph = graph::loadGraph(input.path, options);
  progress.finish();
  for (const std::string& note : graph.loadNotes()) {
    std::cerr << "note: " << input.path << ": " << note << "\n";
  }
  return inVertexOrder(std::move(graph), input);
}

graph::Graph generateWithProgress(const std::string& spec) {
  // Kronecker reports its fraction and stops on Ctrl-C; the other
  // generators are quick and are stopped once they are done.
  ProgressLine progress("generating " + spec);
  graph::Graph graph = graph::generate(spec, progress.loadCallback());
  throwIfInterrupted();
  progress.finish();
  return graph;
}

graph::Format outputFormat(const std::string& name) {
  if (name.empty()) {
    return graph::Format::Auto;
  }
  const std::optional<graph::Format> format = graph::parseFormat(name);
  if (!format || *format == graph::Format::Dimacs || *format == graph::Format::Metis ||
      *format == graph::Format::Ldbc) {
    throw std::invalid_argument("cannot write the format '" + name + "' (writers: fgraph, snap, mtx)");
  }
  return *format;
}

} // namespace frontier::cli
