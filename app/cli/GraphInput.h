#pragma once
// Options shared by the subcommands that read a graph: --format,
// --directed/--undirected, --remove-self-loops, --vertex-order, and the load
// itself.

#include <string>

#include "graph/Graph.h"
#include "graph/GraphIO.h"

namespace CLI { class App; }

namespace frontier::cli {

struct GraphInput {
  std::string path;
  std::string format = "auto";
  bool directed = false;
  bool undirected = false;
  bool removeSelfLoops = false;
  std::string order = "file";  // --vertex-order: file, rcm or auto (graph/VertexOrder.h)
};

// Adds the positional GRAPH (named `name`) and the options above.
void addGraphInput(CLI::App& command, GraphInput& input, const std::string& name = "GRAPH");

// std::invalid_argument for an unknown format or both --directed and --undirected.
graph::LoadOptions loadOptions(const GraphInput& input);
// A file, or a generator spec (grid:100x100, kronecker:scale=16) when no such file exists,
// renumbered in the --vertex-order asked for.
// Shows a progress line while it loads (CliProgress.h); Ctrl-C stops it.
graph::Graph loadInput(const GraphInput& input);
// A generator spec, with a progress line; Ctrl-C stops it (Kronecker) or
// is honoured once it is made (the others, which are quick).
graph::Graph generateWithProgress(const std::string& spec);
// The format named by --to (or from the file name when empty).
graph::Format outputFormat(const std::string& name);
// `graph` renumbered in input.order (unchanged for "file"), with a progress
// line for the renumbering; std::invalid_argument for an unknown order.
graph::Graph inVertexOrder(graph::Graph graph, const GraphInput& input);

} // namespace frontier::cli
