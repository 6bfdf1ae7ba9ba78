// frontier-cli info GRAPH [--json]: counts, degrees, components, diameter.

#include <cstdio>
#include <iostream>

#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

#include "CliCommon.h"
#include "Commands.h"
#include "GraphInput.h"
#include "graph/GraphStats.h"

namespace frontier::cli {

namespace {

nlohmann::json toJson(const graph::Graph& graph, const graph::GraphStats& s) {
  nlohmann::json top = nlohmann::json::array();
  for (const graph::TopVertex& v : s.top) {
    top.push_back({{"id", v.id}, {"degree", v.degree}});
  }
  return {{"file", graph.name()},
          {"vertices", s.vertices},
          {"edges", s.edges},
          {"directed", s.directed},
          {"direction_source", graph.directionSource()},
          {"load_notes", graph.loadNotes()},
          {"self_loops", s.selfLoops},
          {"weighted", s.weighted},
          {"arcs", graph.arcCount()},
          {"degree", {{"min", s.degreeMin}, {"max", s.degreeMax}, {"mean", s.degreeMean}, {"median", s.degreeMedian}}},
          {"top_vertices", top},
          {"components", {{"count", s.components}, {"largest", s.largestComponent}}},
          {"diameter_estimate", s.diameterEstimate}};
}

void printText(const graph::Graph& graph, const graph::GraphStats& s) {
  std::printf("graph         %s\n", graph.name().c_str());
  std::printf("vertices      %llu\n", static_cast<unsigned long long>(s.vertices));
  std::printf("edges         %llu (%s%s)\n", static_cast<unsigned long long>(s.edges),
              s.directed ? "directed" : "undirected", s.weighted ? ", weighted" : "");
  std::printf("direction     %s (%s)\n", s.directed ? "directed" : "undirected", graph.directionSource().c_str());
  std::printf("self-loops    %llu\n", static_cast<unsigned long long>(s.selfLoops));
  std::printf("%-13s min %llu, max %llu, mean %.2f, median %g\n", s.directed ? "out-degree" : "degree",
              static_cast<unsigned long long>(s.degreeMin), static_cast<unsigned long long>(s.degreeMax),
              s.degreeMean, s.degreeMedian);
  std::printf("top vertices ");
  for (const graph::TopVertex& v : s.top) {
    std::printf(" %llu (%llu)", static_cast<unsigned long long>(v.id), static_cast<unsigned long long>(v.degree));
  }
  std::printf("\ncomponents    %llu weak, the largest has %llu vertices\n",
              static_cast<unsigned long long>(s.components), static_cast<unsigned long long>(s.largestComponent));
  std::printf("diameter      %llu (estimate: double sweep in the largest component, directions ignored)\n",
              static_cast<unsigned long long>(s.diameterEstimate));
}

void addInfoCommand(CLI::App& app) {
  auto* command = app.add_subcommand("info", "Counts, degrees, components and diameter of a graph");
  struct Options {
    GraphInput input;
    bool json = false;
  };
  auto options = std::make_shared<Options>();
  addGraphInput(*command, options->input);
  command->add_flag("--json", options->json, "Print JSON (keys vertices, edges, directed, self_loops, ...)");
  command->callback([options] {
    guarded("info", [&] {
      const graph::Graph graph = loadInput(options->input);
      const graph::GraphStats stats = graph::computeStats(graph);
      if (options->json) {
        std::cout << toJson(graph, stats).dump(2) << "\n";
      } else {
        printText(graph, stats);
      }
      return 0;
    });
  });
}

const CommandRegistration registration{"info", 30, addInfoCommand};

} // namespace

} // namespace frontier::cli
