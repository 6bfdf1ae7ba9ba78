// frontier-cli bench: strategies x switches x graphs x pair counts, repeated;
// median and spread of GPU and wall time, search-edges per second, the GPU
// time per kernel kind, optionally the CPU MS-BFS baseline; a markdown table
// and a JSON file.

#include <algorithm>
#include <cctype>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <memory>
#include <sstream>
#include <thread>

#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

#include "CliCommon.h"
#include "Commands.h"
#include "GraphInput.h"
#include "engine/DeviceGraph.h"
#include "engine/Search.h"
#include "graph/Generators.h"
#include "graph/GraphIO.h"
#include "reference/MultiSourceBfs.h"
#include "report/Report.h"
#include "vk/Context.h"
#include "vk/DeviceChoice.h"

namespace frontier::cli {

namespace {

struct BenchOptions {
  std::vector<std::string> graphs;
  std::vector<std::string> configs{"coalesced-bottom-up"};
  std::vector<uint32_t> pairCounts{1024};
  unsigned repeat = 5;
  uint64_t seed = 1;
  bool verify = false;
  bool cpu = false;
  std::string json;
  std::string markdown;
  std::string device;
  std::string reportsDir;
  double warmupMs = 300;
};

struct Stats {
  double median = 0;
  double min = 0;
  double max = 0;
};

Stats summarise(std::vector<double> values) {
  std::sort(values.begin(), values.end());
  Stats s;
  if (!values.empty()) {
    s.min = values.front();
    s.max = values.back();
    const size_t n = values.size();
    s.median = n % 2 == 1 ? values[n / 2] : (values[n / 2 - 1] + values[n / 2]) / 2;
  }
  return s;
}

// A file, "directed:FILE", or a generator spec such as "grid:1000x1000".
graph::Graph loadBenchGraph(const std::string& what) {
  const std::string directedPrefix = "directed:";
  GraphInput input;
  input.path = what;
  if (what.rfind(directedPrefix, 0) == 0) {
    input.path = what.substr(directedPrefix.size());
    input.directed = true;
  }
  return loadInput(input);
}

std::string fixed(double value, int digits) {
  char text[64];
  std::snprintf(text, sizeof(text), "%.*f", digits, value);
  return text;
}

std::string rate(double value) {
  char text[64];
  std::snprintf(text, sizeof(text), "%.3g", value);
  return text;
}

int bench(const BenchOptions& o) {
  if (o.graphs.empty()) {
    throw std::invalid_argument("give at least one --graph (a file, directed:FILE, or a generator spec)");
  }
  std::vector<engine::Strategy> strategies;
  for (const std::string& spec : o.configs) {
    strategies.push_back(engine::strategyFromSpec(spec));
  }
  gpu::ContextOptions contextOptions;
  contextOptions.deviceRequest = gpu::resolveDeviceRequest(o.device);
  gpu::Context context(contextOptions);
  const unsigned threads = std::thread::hardware_concurrency();
  std::printf("device: %s; %u repetitions (median, min-max); CPU: %u threads\n", context.info().name.c_str(),
              o.repeat, threads);

  nlohmann::json records = nlohmann::json::array();
  std::ostringstream table;
  table << "| graph | vertices | arcs | pairs | configuration | GPU ms (median) | GPU ms (min-max) | wall ms (median) "
           "| search-edges/s | iterations | exact |\n|---|---|---|---|---|---|---|---|---|---|---|\n";
  bool allExact = true;
  for (const std::string& graphName : o.graphs) {
    const auto loadStart = std::chrono::steady_clock::now();
    auto g = std::make_shared<const graph::Graph>(loadBenchGraph(graphName));
    std::printf("%s: %u vertices, %llu arcs (%.1f s to load)\n", graphName.c_str(), g->vertexCount(),
                static_cast<unsigned long long>(g->arcCount()),
                std::chrono::duration<double>(std::chrono::steady_clock::now() - loadStart).count());
    std::fflush(stdout);
    const auto deviceGraph = std::make_shared<engine::DeviceGraph>(context, g);
    const std::string arcs = std::to_string(g->arcCount());
    for (const uint32_t count : o.pairCounts) {
      const std::vector<graph::Pair> pairs = graph::randomPairs(*g, count, o.seed);
      std::vector<graph::Length> expected;
      if (o.verify || o.cpu) {
        std::vector<double> cpuMs;
        for (unsigned r = 0; r < (o.cpu ? std::min(o.repeat, 3U) : 1U); ++r) {
          const auto start = std::chrono::steady_clock::now();
          expected = reference::msbfsPathLengths(*g, pairs);
          cpuMs.push_back(std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count());
        }
        if (o.cpu) {
          const Stats cpu = summarise(cpuMs);
          const std::string name = "cpu-msbfs-512 (" + std::to_string(threads) + " threads)";
          std::printf("  %7u pairs  %-44s wall %10.3f ms (%s-%s)\n", count, name.c_str(), cpu.median,
                      fixed(cpu.min, 3).c_str(), fixed(cpu.max, 3).c_str());
          table << "| " << graphName << " | " << g->vertexCount() << " | " << arcs << " | " << count << " | " << name
                << " | - | - | " << fixed(cpu.median, 3) << " | - | - | reference |\n";
          records.push_back({{"graph", graphName}, {"pairs", count}, {"configuration", name},
                             {"wall_ms", {{"median", cpu.median}, {"min", cpu.min}, {"max", cpu.max}}}});
        }
      }
      for (const engine::Strategy& strategy : strategies) {
        engine::Search search(context, deviceGraph, pairs, strategy);
        // Warm-up: first-use costs stay out of the numbers, and the GPU
        // reaches its working clocks (it slows down while the host loads a graph).
        const auto warmStart = std::chrono::steady_clock::now();
        do {
          search.reset();
          search.run();
        } while (std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - warmStart).count() <
                 o.warmupMs);
        const bool exact = expected.empty() || search.lengths() == expected;
        allExact = allExact && exact;
        std::vector<double> gpu;
        std::vector<double> wall;
        std::vector<double> rates;
        std::vector<engine::RunTrace> traces;
        for (unsigned r = 0; r < o.repeat; ++r) {
          search.reset();
          search.run();
          gpu.push_back(search.trace().totals.gpuMs);
          wall.push_back(search.trace().totals.wallMs);
          rates.push_back(search.trace().totals.searchEdgesPerSecond());
          traces.push_back(search.trace());
        }
        const Stats g1 = summarise(gpu);
        const Stats w1 = summarise(wall);
        const Stats r1 = summarise(rates);
        // The run whose GPU time is the median gives the per-kernel breakdown.
        const auto medianRun = std::min_element(traces.begin(), traces.end(), [&](const auto& a, const auto& b) {
          return std::abs(a.totals.gpuMs - g1.median) < std::abs(b.totals.gpuMs - g1.median);
        });
        const std::string verdict = expected.empty() ? "not checked" : exact ? "yes" : "NO";
        std::printf("  %7u pairs  %-44s GPU %10.3f ms (%s-%s)  wall %10.3f ms  %9s se/s  %5u it  exact: %s\n", count,
                    strategy.name.c_str(), g1.median, fixed(g1.min, 3).c_str(), fixed(g1.max, 3).c_str(), w1.median,
                    rate(r1.median).c_str(), medianRun->totals.iterations, verdict.c_str());
        std::fflush(stdout);
        table << "| " << graphName << " | " << g->vertexCount() << " | " << arcs << " | " << count << " | "
              << strategy.name << " | " << fixed(g1.median, 3) << " | " << fixed(g1.min, 3) << "-" << fixed(g1.max, 3)
              << " | " << fixed(w1.median, 3) << " | " << rate(r1.median) << " | " << medianRun->totals.iterations
              << " | " << verdict << " |\n";
        if (!o.reportsDir.empty()) {
          std::filesystem::create_directories(o.reportsDir);
          std::string file = graphName + "_" + std::to_string(count) + "_" + strategy.name;
          for (char& c : file) {
            c = std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '.' ? c : '_';
          }
          report::writeFile(o.reportsDir + "/" + file + ".json", report::jsonReport(*medianRun).dump() + "\n");
        }
        nlohmann::json perKernel = nlohmann::json::object();
        const std::vector<double> ns = medianRun->nsPerKind();
        for (size_t k = 0; k < ns.size(); ++k) {
          if (ns[k] > 0) {
            perKernel[std::string(engine::kernelName(static_cast<engine::KernelKind>(k)))] = ns[k] / 1e6;
          }
        }
        records.push_back({{"graph", graphName},
                           {"vertices", g->vertexCount()},
                           {"arcs", g->arcCount()},
                           {"pairs", count},
                           {"configuration", strategy.name},
                           {"options", medianRun->options}, // as resolved (tuned names its choice)
                           {"gpu_ms", {{"median", g1.median}, {"min", g1.min}, {"max", g1.max}}},
                           {"wall_ms", {{"median", w1.median}, {"min", w1.min}, {"max", w1.max}}},
                           {"search_edges_per_second", r1.median},
                           {"iterations", medianRun->totals.iterations},
                           {"sharing", medianRun->sharing()},
                           {"skipped_pairs", medianRun->skippedPairs},
                           {"gpu_ms_per_kernel", perKernel},
                           {"exact", verdict}});
      }
    }
  }
  if (!o.json.empty()) {
    nlohmann::json out = {{"device", context.info()}, {"repeat", o.repeat}, {"seed", o.seed}, {"results", records}};
    report::writeFile(o.json, out.dump(1) + "\n");
  }
  if (!o.markdown.empty()) {
    report::writeFile(o.markdown, "Device: " + context.info().name + ". Median of " + std::to_string(o.repeat) +
                                      " runs after a warm-up run.\n\n" + table.str());
  }
  return allExact ? 0 : 1;
}

void addBenchCommand(CLI::App& app) {
  auto* command = app.add_subcommand("bench", "Benchmark strategies and switches on graphs and pair counts");
  auto o = std::make_shared<BenchOptions>();
  command->add_option("--graph", o->graphs,
                      "A graph file, directed:FILE, or a generator spec (kronecker:scale=20, grid:1000x1000); repeatable")
      ->required();
  command->add_option("--configs", o->configs,
                      "Strategies with switches, e.g. coalesced-bottom-up+beamer+lb (comma separated)")
      ->delimiter(',');
  command->add_option("--pairs", o->pairCounts, "Pair counts, comma separated (default 1024)")->delimiter(',');
  command->add_option("--repeat", o->repeat, "Timed runs of each (default 5)")->check(CLI::Range(1U, 1000U));
  command->add_option("--seed", o->seed, "Seed of the random pairs (default 1)");
  command->add_flag("--verify", o->verify, "Check every configuration's lengths against the CPU MS-BFS");
  command->add_flag("--cpu", o->cpu, "Also time the CPU MS-BFS (all cores) on the same pairs");
  command->add_option("--json", o->json, "Write every result, with per-kernel times, as JSON");
  command->add_option("--markdown", o->markdown, "Write the table as markdown");
  command->add_option("--reports", o->reportsDir, "Write the JSON report of each configuration's median run here");
  command->add_option("--warmup-ms", o->warmupMs, "Untimed runs for at least this long first (default 300 ms)");
  addDeviceOption(*command, o->device);
  command->callback([o] { guarded("bench", [&] { return bench(*o); }); });
}

const CommandRegistration registration{"bench", 40, addBenchCommand};

} // namespace

} // namespace frontier::cli
