// frontier-cli sssp-bench GRAPH (--pairs random:N [--seed S] | --pairs-file F)
//   [--delta-factors 0.25,1,4,16] [--batches 1,4,16,64] [--query-sweep 32,1024] [--queries Q]
//   [--batched-delta-factors 0.25,1,4] [--batched-queries 256] [--algorithms LIST]
//   [--no-single-core] [--repeat R] [--device D]
//   [--output table.md] [--json results.json]
// The shortest-path table of docs/BENCHMARKS.md for one graph: CPU Dijkstra
// (one core and every core), resident with its defaults, batched for
// several delta, B and Q values,
// Near-Far for several delta, B and Q values, Delta-Stepping and
// Bellman-Ford, each checked against Dijkstra, as a Markdown table (per query
// = per distinct source).

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <sstream>
#include <thread>

#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

#include "CliCommon.h"
#include "CliProgress.h"
#include "Commands.h"
#include "EngineCli.h"
#include "SsspInput.h"
#include "engine/DeviceGraph.h"
#include "engine/sssp/DeviceWeights.h"
#include "engine/sssp/SsspSearch.h"
#include "reference/Dijkstra.h"
#include "run/Verify.h"
#include "report/Report.h"
#include "report/ReportFormat.h"
#include "vk/Context.h"
#include "vk/DeviceChoice.h"

namespace frontier::cli {

namespace {

struct BenchOptions {
  WeightedInput input;
  PairsChoice pairs;
  std::vector<double> deltaFactors = {0.25, 1, 4, 16};
  std::vector<uint32_t> batches = {1, 4, 16, 64};
  std::vector<uint32_t> querySweep = {32, 1024};
  std::vector<double> batchedDeltaFactors = {0.25, 1, 4};
  std::vector<uint32_t> batchedQueries = {256};
  std::vector<std::string> algorithms = {"resident", "batched", "near-far", "delta-step", "bellman-ford"};
  bool singleCore = true;
  uint32_t queries = 0;
  uint32_t repeat = 2;
  std::string device;
  std::string output;
  std::string json;
};

struct Row {
  std::string algorithm;
  double delta = 0;
  uint32_t batch = 0;
  uint32_t queriesPerBatch = 0;
  uint32_t queries = 0;
  uint32_t iterations = 0;
  uint64_t arcs = 0;
  double gpuMs = 0;
  double wallMs = 0;
  size_t wrong = 0;
};

double perQueryUs(double ms, uint32_t queries) { return queries > 0 ? ms * 1e3 / queries : 0.0; }

// The best of `repeat` runs (the first one also warms the device up).
Row runGpu(gpu::Context& context, const std::shared_ptr<const engine::DeviceGraph>& graph,
           const std::shared_ptr<const engine::DeviceWeights>& weights, const std::vector<graph::Pair>& pairs,
           const engine::SsspOptions& options, uint32_t repeat, const std::vector<reference::PathLength>& expected) {
  engine::SsspSearch search(context, graph, weights, pairs, options);
  Row row;
  row.algorithm = std::string(engine::algorithmName(options.algorithm));
  row.delta = options.algorithm == engine::SsspAlgorithm::BellmanFord ? 0 : search.delta();
  row.batch = options.iterationsPerSubmit;
  row.queriesPerBatch = search.queriesPerBatch();
  row.queries = search.queryCount();
  ProgressLine progress("sssp-bench " + row.algorithm);
  for (uint32_t r = 0; r < std::max(repeat, 1U); ++r) {
    progress.update(static_cast<double>(r) / std::max(repeat, 1U));
    if (r > 0) {
      search.reset();
    }
    runOrStop(search);
    const engine::RunTotals& totals = search.trace().totals;
    if (r == 0 || totals.wallMs < row.wallMs) {
      row.gpuMs = totals.gpuMs;
      row.wallMs = totals.wallMs;
      row.iterations = totals.iterations;
      row.arcs = totals.edgesExamined;
    }
  }
  progress.finish();
  row.wrong = run::verify(expected, run::RunResults{run::Unit::Weight, search.lengths(), search.integerWeights()})
                  .mismatches;
  std::fprintf(stderr, "  %-12s delta %-10g B %-3u: %u iterations, GPU %.3f ms, wall %.3f ms%s\n",
               row.algorithm.c_str(), row.delta, row.batch, row.iterations, row.gpuMs, row.wallMs,
               row.wrong > 0 ? " WRONG LENGTHS" : "");
  return row;
}

std::string number(const char* format, double value) {
  char text[64];
  std::snprintf(text, sizeof text, format, value);
  return text;
}

std::string table(const std::vector<Row>& rows, double cpuUsPerQuery, double cpuAllUsPerQuery) {
  std::ostringstream out;
  out << "| algorithm | delta | B | Q | iterations | arcs relaxed | GPU ms | wall ms | GPU µs/query | wall µs/query "
         "| Dijkstra wall / wall | all-core Dijkstra wall / wall | lengths |\n"
      << "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|\n";
  for (const Row& r : rows) {
    const bool cpu = r.algorithm.rfind("dijkstra (cpu", 0) == 0;
    const double wallUs = perQueryUs(r.wallMs, r.queries);
    out << "| " << r.algorithm << " | " << (r.delta > 0 ? number("%g", r.delta) : "-") << " | "
        << (cpu ? "-" : std::to_string(r.batch)) << " | " << (cpu ? "-" : std::to_string(r.queriesPerBatch)) << " | "
        << (cpu ? "-" : std::to_string(r.iterations)) << " | " << r.arcs << " | "
        << (cpu ? "-" : number("%.2f", r.gpuMs)) << " | " << number("%.2f", r.wallMs) << " | "
        << (cpu ? "-" : number("%.1f", perQueryUs(r.gpuMs, r.queries))) << " | " << number("%.1f", wallUs) << " | "
        << (wallUs > 0 && cpuUsPerQuery > 0 ? number("%.2f", cpuUsPerQuery / wallUs) : "-") << " | "
        << (wallUs > 0 ? number("%.2f", cpuAllUsPerQuery / wallUs) : "-") << " | "
        << (r.algorithm == "dijkstra (cpu)" ? "oracle"
            : r.wrong == 0                   ? "= Dijkstra"
                                             : std::to_string(r.wrong) + " differ")
        << " |\n";
  }
  return out.str();
}

int runBench(const BenchOptions& o) {
  const std::shared_ptr<const graph::Graph> g = loadWeighted(o.input);
  const std::vector<graph::Pair> pairs = resolvePairs(*g, o.pairs);
  gpu::ContextOptions contextOptions;
  contextOptions.deviceRequest = gpu::resolveDeviceRequest(o.device);
  gpu::Context context(contextOptions);
  std::fprintf(stderr, "sssp-bench: %s (%u vertices, %llu arcs), %zu pairs, on %s\n", g->name().c_str(),
               g->vertexCount(), static_cast<unsigned long long>(g->arcCount()), pairs.size(),
               context.info().name.c_str());

  // CPU Dijkstra: the oracle, and the baseline per query, on one core (left
  // out with --no-single-core, for graphs where it would take minutes) and
  // shared out over every core.
  const auto timeDijkstra = [&](unsigned threads, Row& row, std::vector<reference::PathLength>& lengths) {
    reference::DijkstraStats stats;
    const auto start = std::chrono::steady_clock::now();
    lengths = reference::shortestPaths(*g, pairs, &stats, threads);
    row.wallMs = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
    row.queries = static_cast<uint32_t>(stats.runs);
    row.arcs = stats.relaxed;
    std::fprintf(stderr, "  %s: %.3f ms wall for %u queries\n", row.algorithm.c_str(), row.wallMs, row.queries);
  };
  std::vector<reference::PathLength> expected;
  Row cpu;
  cpu.algorithm = "dijkstra (cpu)";
  if (o.singleCore) {
    timeDijkstra(1, cpu, expected);
  }
  // The fair CPU baseline: the same Dijkstras shared out over every core.
  const unsigned cores = std::max(1U, std::thread::hardware_concurrency());
  Row cpuAll;
  cpuAll.algorithm = "dijkstra (cpu, " + std::to_string(cores) + " threads)";
  std::vector<reference::PathLength> parallel;
  timeDijkstra(cores, cpuAll, parallel);
  if (o.singleCore) {
    for (size_t i = 0; i < expected.size(); ++i) {
      if (parallel[i].length != expected[i].length) {
        ++cpuAll.wrong;
      }
    }
  } else {
    expected = parallel;  // the oracle (the same Dijkstra, on threads)
  }
  const double cpuUsPerQuery = o.singleCore ? perQueryUs(cpu.wallMs, cpu.queries) : 0.0;

  auto deviceGraph = std::make_shared<const engine::DeviceGraph>(context, g);
  auto weights = std::make_shared<const engine::DeviceWeights>(context, *g);
  const double delta0 = engine::defaultDelta(weights->summary());
  const uint32_t defaultBatch = engine::SsspOptions{}.iterationsPerSubmit;
  const double batchedDelta0 = engine::defaultBatchedDelta(weights->summary());
  const double residentDelta0 = engine::defaultResidentDelta(weights->summary());
  std::vector<Row> rows;
  if (o.singleCore) {
    rows.push_back(cpu);
  }
  rows.push_back(cpuAll);
  const auto wanted = [&](engine::SsspAlgorithm algorithm) {
    return std::find(o.algorithms.begin(), o.algorithms.end(), engine::algorithmName(algorithm)) !=
           o.algorithms.end();
  };
  auto run = [&](engine::SsspAlgorithm algorithm, double factor, uint32_t batch, uint32_t queries) {
    if (!wanted(algorithm)) {
      return;
    }
    engine::SsspOptions options;
    options.algorithm = algorithm;
    options.delta = (algorithm == engine::SsspAlgorithm::Batched    ? batchedDelta0
                     : algorithm == engine::SsspAlgorithm::Resident ? residentDelta0
                                                                    : delta0) *
                    factor;
    options.iterationsPerSubmit = batch;
    options.queriesPerBatch = queries;
    try {
      rows.push_back(runGpu(context, deviceGraph, weights, pairs, options, o.repeat, expected));
    } catch (const engine::ResourceError& error) {
      std::fprintf(stderr, "  skipped (Q=%u): %s\n", queries, error.what());
    }
  };
  // Batched: B adaptive (0) by default, as its run spec has it.
  for (const double factor : o.batchedDeltaFactors) {
    run(engine::SsspAlgorithm::Batched, factor, 0, o.queries);
  }
  for (const uint32_t batch : o.batches) {
    run(engine::SsspAlgorithm::Batched, 1, batch, o.queries);
  }
  for (const uint32_t queries : o.batchedQueries) {
    run(engine::SsspAlgorithm::Batched, 1, 0, queries);
  }
  // Resident: one dispatch per batch, so no B; its default delta.
  run(engine::SsspAlgorithm::Resident, 1, 0, o.queries);
  const size_t nearFarRows = rows.size();
  for (const double factor : o.deltaFactors) {
    run(engine::SsspAlgorithm::NearFar, factor, defaultBatch, o.queries);
  }
  for (const uint32_t batch : o.batches) {
    if (batch != defaultBatch) {
      run(engine::SsspAlgorithm::NearFar, 1, batch, o.queries);
    }
  }
  const uint32_t queriesUsed = rows.size() > nearFarRows ? rows[nearFarRows].queriesPerBatch : 0;
  for (const uint32_t queries : o.querySweep) {
    if (queries != queriesUsed && (queries < cpuAll.queries || queriesUsed < cpuAll.queries)) {
      run(engine::SsspAlgorithm::NearFar, 1, defaultBatch, queries);
    }
  }
  for (const double factor : {1.0, 4.0}) {
    run(engine::SsspAlgorithm::DeltaStepping, factor, defaultBatch, o.queries);
  }
  run(engine::SsspAlgorithm::BellmanFord, 1, defaultBatch, o.queries);

  const std::string name = std::filesystem::path(g->name()).filename().string();
  std::ostringstream text;
  text << "Graph " << name << " (" << g->vertexCount() << " vertices, " << g->arcCount() << " arcs, "
       << (weights->integer() ? "integer" : "float32") << " weights), " << pairs.size() << " pairs, "
       << cpuAll.queries << " queries (distinct sources), device " << context.info().name
       << ". Default delta " << delta0 << " (batched " << batchedDelta0 << "). GPU ms: the sum of the kernel spans (docs/ENGINE.md); wall ms: "
       << "host clock around the run (best of " << o.repeat << ").\n\n"
       << table(rows, cpuUsPerQuery, perQueryUs(cpuAll.wallMs, cpuAll.queries));
  if (o.output.empty() || o.output == "-") {
    std::cout << text.str();
  } else {
    report::writeFile(o.output, text.str());
  }
  if (!o.json.empty()) {
    nlohmann::json out = nlohmann::json::array();
    for (const Row& r : rows) {
      out.push_back({{"algorithm", r.algorithm}, {"delta", r.delta}, {"iterations_per_submit", r.batch},
                     {"queries_per_batch", r.queriesPerBatch}, {"queries", r.queries}, {"iterations", r.iterations},
                     {"arcs_relaxed", r.arcs}, {"gpu_ms", r.gpuMs}, {"wall_ms", r.wallMs}, {"wrong", r.wrong}});
    }
    report::writeFile(o.json, report::versioned({{"graph", name}, {"device", context.info().name},
                                                 {"pairs", pairs.size()}, {"rows", out}},
                                                "sssp-bench")
                                      .dump(2) +
                                  "\n");
  }
  size_t wrong = 0;
  for (const Row& r : rows) {
    wrong += r.wrong;
  }
  return wrong > 0 ? 1 : 0;
}

void addSsspBenchCommand(CLI::App& app) {
  auto* command = app.add_subcommand("sssp-bench", "Shortest-path benchmark table: CPU Dijkstra, Near-Far (several "
                                                   "delta and B), Delta-Stepping, Bellman-Ford, all verified");
  auto options = std::make_shared<BenchOptions>();
  addWeightedInput(*command, options->input);
  addPairsOptions(*command, options->pairs);
  command->add_option("--delta-factors", options->deltaFactors,
                      "Near-Far deltas as multiples of the default delta (default 0.25,1,4,16)")
      ->delimiter(',');
  command->add_option("--batches", options->batches, "Near-Far B values (iterations per submission; default 1,4,16,64)")
      ->delimiter(',')
      ->check(CLI::Range(1U, engine::kMaxIterationsPerSubmit));
  command->add_option("--query-sweep", options->querySweep,
                      "Extra Near-Far rows with these queries per batch (default 32,1024; skipped when they do "
                      "not fit)")
      ->delimiter(',');
  command->add_option("--batched-delta-factors", options->batchedDeltaFactors,
                      "batched deltas as multiples of its default delta (default 0.25,1,4)")
      ->delimiter(',');
  command->add_option("--batched-queries", options->batchedQueries,
                      "Extra batched rows with these queries per block (default 256)")
      ->delimiter(',');
  command->add_option("--algorithms", options->algorithms,
                      "GPU algorithms to run (default resident,batched,near-far,delta-step,bellman-ford)")
      ->delimiter(',');
  command->add_flag("!--no-single-core", options->singleCore,
                    "Leave out the one-core Dijkstra row (the all-core Dijkstra is then the oracle)");
  command->add_option("--queries", options->queries,
                      "Q: queries per batch (default: as many as fit, at most 256; batched: 1024)");
  command->add_option("--repeat", options->repeat, "Runs per configuration; the fastest counts (default 2)");
  command->add_option("-o,--output", options->output, "Markdown table (default: stdout)");
  command->add_option("--json", options->json, "The rows as JSON");
  addDeviceOption(*command, options->device);
  command->callback([options] { guarded("sssp-bench", [&] { return runBench(*options); }); });
}

const CommandRegistration registration{"sssp-bench", 45, addSsspBenchCommand};

} // namespace

} // namespace frontier::cli
