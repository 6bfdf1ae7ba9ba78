// frontier-cli paths GRAPH (--pairs random:N [--seed S] | --pairs-file F)
//   --output OUT.csv: hop counts of source/destination pairs on the CPU.

#include <chrono>
#include <cstdio>
#include <iostream>
#include <sstream>

#include <CLI/CLI.hpp>

#include "CliCommon.h"
#include "Commands.h"
#include "GraphInput.h"
#include "graph/Pairs.h"
#include "reference/Bfs.h"
#include "reference/MultiSourceBfs.h"
#include "report/Report.h"

namespace frontier::cli {

namespace {

void addPathsCommand(CLI::App& app) {
  auto* command = app.add_subcommand("paths", "Path lengths (hops) of source/destination pairs, on the CPU");
  struct Options {
    GraphInput input;
    std::string pairs;
    std::string pairsFile;
    uint64_t seed = 1;
    std::string output;
    std::string method = "msbfs";
    unsigned threads = 0;
    unsigned width = 512;
  };
  auto options = std::make_shared<Options>();
  addGraphInput(*command, options->input);
  auto* pairsOption = command->add_option("--pairs", options->pairs, "random:N  (N pairs uniform over all vertices)");
  auto* fileOption =
      command->add_option("--pairs-file", options->pairsFile, "CSV with header source,destination (file ids)");
  pairsOption->excludes(fileOption);
  command->add_option("--seed", options->seed, "Seed for random pairs (default 1)");
  command->add_option("-o,--output", options->output, "Result CSV: source,destination,length (- = stdout)")
      ->required();
  command->add_option("--method", options->method, "msbfs (default) or textbook")
      ->check(CLI::IsMember({"msbfs", "textbook"}));
  command->add_option("--threads", options->threads, "MS-BFS threads (default: all cores)");
  command->add_option("--width", options->width, "MS-BFS searches per pass: 64, 128, 256, 512")
      ->check(CLI::IsMember({64U, 128U, 256U, 512U}));
  command->callback([options] {
    guarded("paths", [&]() -> int {
      if (options->pairs.empty() == options->pairsFile.empty()) {
        throw std::invalid_argument("give exactly one of --pairs random:N and --pairs-file F");
      }
      const graph::Graph graph = loadInput(options->input);
      const std::vector<graph::Pair> pairs = options->pairsFile.empty()
                                                 ? graph::parsePairsSpec(graph, options->pairs, options->seed)
                                                 : graph::readPairsFile(graph, options->pairsFile);
      const auto start = std::chrono::steady_clock::now();
      std::vector<graph::Length> lengths;
      if (options->method == "textbook") {
        lengths = reference::pathLengths(graph, pairs);
      } else {
        reference::MsBfsOptions msbfs;
        msbfs.threads = options->threads;
        msbfs.width = options->width;
        lengths = reference::msbfsPathLengths(graph, pairs, msbfs);
      }
      const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
      if (options->output == "-") {
        graph::writeResultsCsv(std::cout, graph, pairs, lengths);
      } else {
        std::ostringstream text;
        graph::writeResultsCsv(text, graph, pairs, lengths);
        report::writeFile(options->output, text.str());
      }
      size_t reachable = 0;
      for (const graph::Length length : lengths) {
        reachable += length >= 0 ? 1 : 0;
      }
      std::fprintf(stderr, "%zu pairs (%zu reachable) in %.3f s wall time (%s)\n", pairs.size(), reachable, seconds,
                   options->method.c_str());
      return 0;
    });
  });
}

const CommandRegistration registration{"paths", 60, addPathsCommand};

} // namespace

} // namespace frontier::cli
