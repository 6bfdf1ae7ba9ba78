// frontier-cli run GRAPH --strategy NAME (--pairs random:N --seed S | --pairs-file F)
//   [--output results.csv] [--json report.json] [--trace trace.json] [--verify] [--step]
// The iBFS engine on the GPU: path lengths of the pairs, with the trace.

#include <cstdio>
#include <fstream>
#include <iostream>
#include <memory>
#include <sstream>

#include <CLI/CLI.hpp>

#include "CliCommon.h"
#include "Commands.h"
#include "EngineCli.h"
#include "GraphInput.h"
#include "engine/DeviceGraph.h"
#include "engine/Search.h"
#include "reference/MultiSourceBfs.h"
#include "report/Report.h"
#include "vk/Context.h"
#include "vk/DeviceChoice.h"

namespace frontier::cli {

namespace {

struct RunOptions {
  GraphInput input;
  StrategyChoice strategy;
  PairsChoice pairs;
  std::string device;
  std::string output;
  std::string json;
  std::string trace;
  std::string iterationsCsv;
  bool verify = false;
  bool step = false;
  bool validation = false;
};

// One line per level: BFS explained in a terminal.
void printStep(const engine::IterationStats& it, const engine::RunTrace& trace) {
  std::printf("batch %u level %3u %-9s jfq %9u new %11llu edges %11llu active %5u |", it.batch, it.level,
              std::string(engine::directionName(it.direction)).c_str(), it.jfqLength,
              static_cast<unsigned long long>(it.newlyVisited), static_cast<unsigned long long>(it.edgesExamined),
              it.activeSearches);
  for (const engine::KernelSpan& span : trace.kernels) {
    if (span.batch == it.batch && span.level == it.level && span.kind != engine::KernelKind::Clear &&
        span.kind != engine::KernelKind::Readback && span.kind != engine::KernelKind::SetSources) {
      std::printf(" %s %.3f ms", std::string(engine::kernelName(span.kind)).c_str(), span.durationNs() / 1e6);
    }
  }
  std::printf("\n");
}

void writeResults(const std::string& path, const graph::Graph& g, const std::vector<graph::Pair>& pairs,
                  const std::vector<graph::Length>& lengths) {
  if (path == "-") {
    graph::writeResultsCsv(std::cout, g, pairs, lengths);
    return;
  }
  std::ostringstream text;
  graph::writeResultsCsv(text, g, pairs, lengths);
  report::writeFile(path, text.str());
}

// Compares with the CPU reference; prints the first differences.
size_t verify(const graph::Graph& g, const std::vector<graph::Pair>& pairs, const std::vector<graph::Length>& got) {
  const std::vector<graph::Length> expected = reference::msbfsPathLengths(g, pairs);
  size_t wrong = 0;
  for (size_t i = 0; i < pairs.size(); ++i) {
    if (got[i] != expected[i]) {
      if (wrong < 10) {
        std::fprintf(stderr, "  pair %zu (%llu -> %llu): GPU %d, CPU %d\n", i,
                     static_cast<unsigned long long>(g.fileId(pairs[i].source)),
                     static_cast<unsigned long long>(g.fileId(pairs[i].destination)), got[i], expected[i]);
      }
      ++wrong;
    }
  }
  return wrong;
}

int runCommand(const RunOptions& o) {
  const engine::Strategy strategy = resolveStrategy(o.strategy);
  auto g = std::make_shared<const graph::Graph>(loadInput(o.input));
  const std::vector<graph::Pair> pairs = resolvePairs(*g, o.pairs);
  gpu::ContextOptions contextOptions;
  contextOptions.deviceRequest = gpu::resolveDeviceRequest(o.device);
  contextOptions.validation = o.validation ? gpu::Validation::On : gpu::Validation::Auto;
  gpu::Context context(contextOptions);
  // tuned and the component filter need the component labels: computed
  // before the upload, so that no host work lies between the upload and the
  // first submission (the GPU lowers its clocks while it waits).
  const auto deviceGraph = std::make_shared<engine::DeviceGraph>(
      context, g, strategy.options.tuned || strategy.options.componentFilter);
  engine::Search search(context, deviceGraph, pairs, strategy);
  if (o.step) {
    while (!search.finished()) {
      printStep(search.step(), search.trace());
    }
  } else {
    search.run();
  }
  const std::vector<graph::Length> lengths = search.lengths();
  const engine::RunTrace& trace = search.trace();
  // Checked before anything is written: lengths that differ from the CPU
  // reference never land in a results file that looks complete.
  const size_t wrong = o.verify ? verify(*g, pairs, lengths) : 0;
  if (!o.output.empty() && wrong == 0) {
    writeResults(o.output, *g, pairs, lengths);
  }
  if (!o.json.empty()) {
    report::writeFile(o.json, report::jsonReport(trace).dump(1) + "\n");
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
  for (const graph::Length length : lengths) {
    reachable += length >= 0 ? 1 : 0;
  }
  std::fprintf(stderr,
               "%s on %s: %zu pairs (%zu reachable, %u answered without a search), %u batches, %u iterations, "
               "GPU %.3f ms, wall %.3f ms, %.3g search-edges/s, %.2f searches per JFQ vertex\n",
               strategy.name.c_str(), context.info().name.c_str(), pairs.size(), reachable, trace.skippedPairs,
               trace.batches, trace.totals.iterations, trace.totals.gpuMs, trace.totals.wallMs,
               trace.totals.searchEdgesPerSecond(), trace.sharing());
  int status = 0;
  if (context.validationErrorCount() > 0) {
    std::fprintf(stderr, "FAIL: %llu Vulkan validation errors\n",
                 static_cast<unsigned long long>(context.validationErrorCount()));
    status = 1;
  }
  if (o.verify) {
    if (wrong > 0) {
      std::fprintf(stderr, "FAIL: %zu of %zu lengths differ from the CPU reference%s\n", wrong, pairs.size(),
                   o.output.empty() ? "" : "; the results file was not written");
      return 1;
    }
    std::fprintf(stderr, "verified: every length equals the CPU reference\n");
  }
  return status;
}

void addRunCommand(CLI::App& app) {
  auto* command = app.add_subcommand("run", "Path lengths of source/destination pairs with the iBFS engine on the GPU");
  auto o = std::make_shared<RunOptions>();
  addGraphInput(*command, o->input);
  addStrategyOptions(*command, o->strategy);
  addPairsOptions(*command, o->pairs);
  addDeviceOption(*command, o->device);
  command->add_option("-o,--output", o->output, "Result CSV: source,destination,length (- = stdout)");
  command->add_option("--json", o->json, "JSON report: totals, per-kernel time, every iteration and dispatch");
  command->add_option("--trace", o->trace, "Chrome trace JSON (Perfetto, chrome://tracing)");
  command->add_option("--iterations-csv", o->iterationsCsv, "Per-iteration statistics as CSV");
  command->add_flag("--verify", o->verify, "Compare with the CPU reference; exit 1 on any difference (the results file is then not written)");
  command->add_flag("--step", o->step, "Run one level at a time and print a line per level");
  command->add_flag("--validation", o->validation, "Enable the Vulkan validation layers");
  command->callback([o] { guarded("run", [&] { return runCommand(*o); }); });
}

const CommandRegistration registration{"run", 30, addRunCommand};

} // namespace

} // namespace frontier::cli
