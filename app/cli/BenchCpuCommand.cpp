// frontier-cli bench-cpu GRAPH --pairs random:N: the textbook BFS (one
// search per distinct source, one thread) against MS-BFS, same answers.

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <set>
#include <thread>

#include <CLI/CLI.hpp>

#include "CliCommon.h"
#include "Commands.h"
#include "GraphInput.h"
#include "graph/Pairs.h"
#include "reference/Bfs.h"
#include "reference/MultiSourceBfs.h"

namespace frontier::cli {

namespace {

template <class Run> double timeBest(unsigned repeat, Run&& run) {
  double best = 1e300;
  for (unsigned r = 0; r < repeat; ++r) {
    const auto start = std::chrono::steady_clock::now();
    run();
    best = std::min(best, std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
  }
  return best;
}

void addBenchCpuCommand(CLI::App& app) {
  auto* command = app.add_subcommand("bench-cpu", "Benchmark the CPU references: textbook BFS against MS-BFS");
  struct Options {
    GraphInput input;
    std::string pairs = "random:1024";
    uint64_t seed = 1;
    unsigned threads = 0;
    std::vector<unsigned> widths{64, 512};
    unsigned repeat = 1;
  };
  auto options = std::make_shared<Options>();
  addGraphInput(*command, options->input);
  command->add_option("--pairs", options->pairs, "random:N (default random:1024)");
  command->add_option("--seed", options->seed, "Seed of the pairs");
  command->add_option("--threads", options->threads, "MS-BFS threads for the parallel run (default: all cores)");
  command->add_option("--width", options->widths, "MS-BFS widths to run (default 64 512)")
      ->check(CLI::IsMember({64U, 128U, 256U, 512U}));
  command->add_option("--repeat", options->repeat, "Runs of each (best is reported)")->check(CLI::Range(1U, 100U));
  command->callback([options] {
    guarded("bench-cpu", [&]() -> int {
      const graph::Graph graph = loadInput(options->input);
      const std::vector<graph::Pair> pairs = graph::parsePairsSpec(graph, options->pairs, options->seed);
      std::set<graph::VertexId> sources;
      for (const graph::Pair& pair : pairs) {
        sources.insert(pair.source);
      }
      const unsigned threads = options->threads != 0 ? options->threads : std::thread::hardware_concurrency();
      std::printf("%s: %u vertices, %llu arcs; %zu pairs, %zu distinct sources; wall-clock times, best of %u\n",
                  graph.name().c_str(), graph.vertexCount(), static_cast<unsigned long long>(graph.arcCount()),
                  pairs.size(), sources.size(), options->repeat);
      std::vector<graph::Length> expected;
      const double oracle = timeBest(options->repeat, [&] { expected = reference::pathLengths(graph, pairs); });
      std::printf("  textbook BFS, full, 1 thread   %8.3f s  (the oracle: every search runs to the end)\n", oracle);
      std::vector<graph::Length> early;
      const double textbook =
          timeBest(options->repeat, [&] { early = reference::pathLengthsEarlyExit(graph, pairs); });
      bool allEqual = early == expected;
      std::printf("  textbook BFS, 1 thread         %8.3f s  (stops at its destinations: the baseline below)%s\n",
                  textbook, allEqual ? "" : "  MISMATCH");
      for (const unsigned width : options->widths) {
        for (const unsigned t : std::set<unsigned>{1U, threads}) {
          reference::MsBfsOptions msbfs;
          msbfs.width = width;
          msbfs.threads = t;
          // The width and threads asked for, not the narrower plan the
          // default memory budget would choose on a large graph.
          msbfs.memoryBudget = UINT64_MAX;
          std::vector<graph::Length> lengths;
          const double seconds =
              timeBest(options->repeat, [&] { lengths = reference::msbfsPathLengths(graph, pairs, msbfs); });
          const bool equal = lengths == expected;
          allEqual = allEqual && equal;
          std::printf("  MS-BFS %3u-bit, %2u thread%s     %8.3f s  %6.1fx textbook%s\n", width, t, t == 1 ? " " : "s",
                      seconds, textbook / seconds, equal ? "" : "  MISMATCH");
        }
      }
      std::printf(allEqual ? "all lengths equal the textbook BFS\n" : "FAIL: MS-BFS differs from the textbook BFS\n");
      return allEqual ? 0 : 1;
    });
  });
}

const CommandRegistration registration{"bench-cpu", 80, addBenchCpuCommand};

} // namespace

} // namespace frontier::cli
