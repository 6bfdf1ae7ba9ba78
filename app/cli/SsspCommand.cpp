// frontier-cli sssp GRAPH --algorithm near-far|delta-step|bellman-ford
//   [--delta D] [--batch B] [--queries Q] (--pairs random:N [--seed S] | --pairs-file F)
//   [--output OUT.csv] [--trace T.json] [--json R.json] [--iterations-csv I.csv] [--verify] [--step]
//   [--device D] [--random-weights MAX]
// Shortest-path lengths of source/destination pairs on the GPU.

#include <chrono>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <sstream>

#include <CLI/CLI.hpp>

#include "CliCommon.h"
#include "Commands.h"
#include "EngineCli.h"
#include "SsspInput.h"
#include "engine/DeviceGraph.h"
#include "engine/DeviceWeights.h"
#include "engine/SsspSearch.h"
#include "reference/Dijkstra.h"
#include "report/Report.h"
#include "vk/Context.h"
#include "vk/DeviceChoice.h"

namespace frontier::cli {

namespace {

struct Options {
  WeightedInput input;
  PairsChoice pairs;
  std::string algorithm = "near-far";
  double delta = 0;
  uint32_t batch = 16;
  uint32_t queries = 0;
  std::string output;
  std::string trace;
  std::string json;
  std::string iterationsCsv;
  bool verify = false;
  bool step = false;
  bool validation = false;
  std::string device;
};

// One line per relax iteration: the buckets in a terminal.
void printStep(const engine::IterationStats& it, const engine::RunTrace& trace) {
  std::printf("batch %u iteration %5u near %9u far %9u settled %11llu arcs %10llu active %5u |", it.batch, it.level,
              it.nearSize, it.farSize, static_cast<unsigned long long>(it.settled),
              static_cast<unsigned long long>(it.edgesExamined), it.activeSearches);
  for (const engine::KernelSpan& span : trace.kernels) {
    if (span.batch == it.batch && span.level == it.level && span.kind != engine::KernelKind::Clear &&
        span.kind != engine::KernelKind::Readback && span.kind != engine::KernelKind::SetSources) {
      std::printf(" %s %.3f ms", std::string(engine::kernelName(span.kind)).c_str(), span.durationNs() / 1e6);
    }
  }
  std::printf("\n");
}

void writeResults(std::ostream& out, const graph::Graph& g, const std::vector<graph::Pair>& pairs,
                  const std::vector<double>& lengths, bool integer) {
  out << "source,destination,length\n";
  for (size_t i = 0; i < pairs.size(); ++i) {
    out << g.fileId(pairs[i].source) << ',' << g.fileId(pairs[i].destination) << ','
        << formatLength(lengths[i], integer) << '\n';
  }
}

// Dijkstra on every pair; prints the first differences. Returns their number.
size_t verify(const graph::Graph& g, const std::vector<graph::Pair>& pairs, const std::vector<double>& lengths,
              bool integer) {
  const auto start = std::chrono::steady_clock::now();
  reference::DijkstraStats stats;
  const std::vector<reference::PathLength> cpu = reference::shortestPaths(g, pairs, &stats);
  const double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  size_t differences = 0;
  for (size_t i = 0; i < pairs.size(); ++i) {
    if (reference::agrees(cpu[i], lengths[i], integer)) {
      continue;
    }
    if (++differences <= 10) {
      std::fprintf(stderr, "  differs: %llu -> %llu: GPU %s, Dijkstra %s\n",
                   static_cast<unsigned long long>(g.fileId(pairs[i].source)),
                   static_cast<unsigned long long>(g.fileId(pairs[i].destination)),
                   formatLength(lengths[i], integer).c_str(), formatLength(cpu[i].length, integer).c_str());
    }
  }
  std::fprintf(stderr, "verify: %zu of %zu pairs differ from CPU Dijkstra (%s; %.3f ms wall, %llu runs)\n",
               differences, pairs.size(), integer ? "exact" : "float32 tolerance", ms,
               static_cast<unsigned long long>(stats.runs));
  return differences;
}

int runSssp(const Options& o) {
  const std::shared_ptr<const graph::Graph> g = loadWeighted(o.input);
  const std::vector<graph::Pair> pairs = resolvePairs(*g, o.pairs);
  gpu::ContextOptions contextOptions;
  contextOptions.deviceRequest = gpu::resolveDeviceRequest(o.device);
  contextOptions.validation = o.validation ? gpu::Validation::On : gpu::Validation::Auto;
  gpu::Context context(contextOptions);

  engine::SsspOptions options;
  options.algorithm = engine::algorithmByName(o.algorithm);
  options.delta = o.delta;
  options.iterationsPerSubmit = o.batch;
  options.queriesPerBatch = o.queries;
  auto deviceGraph = std::make_shared<const engine::DeviceGraph>(context, g);
  auto weights = std::make_shared<const engine::DeviceWeights>(context, *g);
  engine::SsspSearch search(context, deviceGraph, weights, pairs, options);
  if (o.step) {
    while (!search.finished()) {
      printStep(search.step(), search.trace());
    }
  } else {
    search.run();
  }
  const std::vector<double> lengths = search.lengths();
  const bool integer = search.integerWeights();
  // Checked before anything is written: lengths that differ from Dijkstra
  // never land in a results file that looks complete.
  const size_t wrong = o.verify ? verify(*g, pairs, lengths, integer) : 0;

  if (!o.output.empty() && wrong == 0) {
    if (o.output == "-") {
      writeResults(std::cout, *g, pairs, lengths, integer);
    } else {
      std::ostringstream text;
      writeResults(text, *g, pairs, lengths, integer);
      report::writeFile(o.output, text.str());
    }
  }
  const engine::RunTrace& trace = search.trace();
  if (!o.json.empty()) {
    report::writeFile(o.json, report::jsonReport(trace).dump(2) + "\n");
  }
  if (!o.trace.empty()) {
    report::writeFile(o.trace, report::chromeTrace(std::span<const engine::RunTrace>(&trace, 1)).dump() + "\n");
  }
  if (!o.iterationsCsv.empty()) {
    std::ostringstream text;
    report::writeIterationsCsv(text, trace);
    report::writeFile(o.iterationsCsv, text.str());
  }
  size_t reachable = 0;
  for (const double length : lengths) {
    reachable += std::isinf(length) ? 0U : 1U;
  }
  std::fprintf(stderr,
               "%s on %s: %zu pairs (%zu reachable), %u queries in %u batches of %u, delta %g, %s weights\n"
               "  %u iterations, %llu arcs relaxed, GPU %.3f ms (submitted %.3f ms), wall %.3f ms, "
               "%.4f ms GPU per query\n",
               std::string(engine::algorithmName(options.algorithm)).c_str(), context.info().name.c_str(),
               pairs.size(), reachable, search.queryCount(), search.batchCount(), search.queriesPerBatch(),
               search.delta(), integer ? "integer" : "float32", trace.totals.iterations,
               static_cast<unsigned long long>(trace.totals.edgesExamined), trace.totals.gpuMs,
               trace.totals.submittedMs, trace.totals.wallMs,
               search.queryCount() > 0 ? trace.totals.gpuMs / search.queryCount() : 0.0);
  int status = 0;
  if (context.validationErrorCount() > 0) {
    std::fprintf(stderr, "FAIL: %llu Vulkan validation errors\n",
                 static_cast<unsigned long long>(context.validationErrorCount()));
    status = 1;
  }
  if (wrong > 0) {
    if (!o.output.empty()) {
      std::fprintf(stderr, "the results file was not written\n");
    }
    return 1;
  }
  return status;
}

void addSsspCommand(CLI::App& app) {
  auto* command = app.add_subcommand("sssp", "Shortest-path lengths of source/destination pairs on the GPU "
                                             "(weighted graphs; unweighted arcs weigh 1)");
  auto options = std::make_shared<Options>();
  addWeightedInput(*command, options->input);
  addPairsOptions(*command, options->pairs);
  command->add_option("--algorithm", options->algorithm, "near-far (default), delta-step or bellman-ford");
  command->add_option("--delta", options->delta, "Bucket width in weight units (default: from the weights)");
  command->add_option("--batch", options->batch,
                      "B: relax iterations per submission, 1..64, 0 = adaptive (default 16)")
      ->check(CLI::Range(0U, engine::kMaxIterationsPerSubmit));
  command->add_option("--queries", options->queries,
                      "Q: queries (distinct sources) per batch (default: as many as fit, at most 256)");
  command->add_option("-o,--output", options->output, "Result CSV: source,destination,length (- = stdout)");
  command->add_option("--json", options->json, "JSON report of the run");
  command->add_option("--trace", options->trace, "Chrome trace of the kernels (Perfetto, chrome://tracing)");
  command->add_option("--iterations-csv", options->iterationsCsv,
                      "Per-iteration statistics as CSV (near and far sizes, settled, ...)");
  command->add_flag("--verify", options->verify, "Compare with CPU Dijkstra; exit 1 on any difference (the results file is then not written)");
  command->add_flag("--step", options->step, "Run one relax iteration at a time and print a line per iteration");
  command->add_flag("--validation", options->validation, "Enable the Vulkan validation layers");
  addDeviceOption(*command, options->device);
  command->callback([options] { guarded("sssp", [&] { return runSssp(*options); }); });
}

const CommandRegistration registration{"sssp", 40, addSsspCommand};

} // namespace

} // namespace frontier::cli
