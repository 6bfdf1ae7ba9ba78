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
#include "CliProgress.h"
#include "Commands.h"
#include "GraphInput.h"
#include "engine/DeviceGraph.h"
#include "engine/MemoryNeeds.h"
#include "run/DeviceInputs.h"
#include "run/MultiDevice.h"
#include "run/Registry.h"
#include "run/Verify.h"
#include "graph/Generators.h"
#include "graph/GraphIO.h"
#include "graph/Pairs.h"
#include "reference/MultiSourceBfs.h"
#include "report/Report.h"
#include "report/ReportFormat.h"
#include "vk/Context.h"

namespace frontier::cli {

namespace {

struct BenchOptions {
  std::vector<std::string> graphs;
  std::vector<std::string> configs{"coalesced-bottom-up"};
  std::vector<uint32_t> pairCounts{1024};
  std::vector<std::string> pairsFiles;  // replace pairCounts when given
  unsigned repeat = 5;
  uint64_t seed = 1;
  bool verify = false;
  bool cpu = false;
  std::string json;
  std::string markdown;
  std::string device;
  std::string devices;  // --devices: every timed run spread over these (run/MultiDevice.h)
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

// One measured configuration of a row (a graph and a pair set), kept until
// the row is complete so that `tuned` can be compared with the fastest.
struct RowEntry {
  std::string name;
  bool tuned = false;
  double median = 0;
  std::string options;  // as resolved
  std::string engine;   // engineOf: "ibfs", or the engine tuned handed its pairs to ("resident", "pairs")
  std::string before;   // table cells left of the configuration
  std::string after;    // table cells right of it
  size_t record = 0;    // index in the JSON records
};

// The switches of `a`'s resolved options that `b`'s lack ("layout=..."
// tokens compared as words).
// The engine a run ran: "ibfs", or for a shortest-path trace its layout
// (`tuned`'s hop counts: "resident" on long, thin graphs, "pairs" on graphs
// with hubs).
std::string engineOf(const engine::RunTrace& trace) {
  const size_t at = trace.options.find("layout=");
  if (trace.algorithm == "ibfs" || at == std::string::npos) {
    return trace.algorithm;
  }
  const size_t begin = at + 7;
  return trace.options.substr(begin, trace.options.find(' ', begin) - begin);
}

std::string missingFrom(const std::string& a, const std::string& b) {
  std::istringstream wordsA(a.substr(a.find(':') == std::string::npos ? 0 : a.find(':') + 1));
  std::string missing;
  std::string word;
  while (wordsA >> word) {
    std::istringstream wordsB(b.substr(b.find(':') == std::string::npos ? 0 : b.find(':') + 1));
    std::string other;
    bool found = false;
    while (wordsB >> other) {
      found = found || other == word;
    }
    if (!found) {
      missing += (missing.empty() ? "" : " ") + word;
    }
  }
  return missing.empty() ? "none" : missing;
}

// One timed run of a configuration: on one device the run made once and
// reset, on several a run over all of them whose trace joins the devices'
// (their GPU times add up; the wall time is the whole run's).
class TimedRuns {
public:
  TimedRuns(const std::vector<std::unique_ptr<run::DeviceInputs>>& inputs, const std::vector<graph::Pair>& pairs,
            const run::RunSpec& spec)
      : m_pairs(pairs), m_spec(spec) {
    for (const auto& slot : inputs) {
      m_slots.push_back(slot.get());
    }
    if (m_slots.size() == 1) {
      m_single = run::makeRun(*m_slots.front(), pairs, spec);
    }
  }

  void runOnce() {
    if (m_single) {
      m_single->reset();
      runOrStop(*m_single);
      return;
    }
    run::MultiDeviceOptions options;
    options.cancel = &interruptFlag();
    options.warmUp = !m_warmedUp;  // the first call (the bench's warm-up) makes the pipelines
    m_warmedUp = true;
    run::MultiDeviceResult result = run::runOnDevices(m_slots, m_pairs, m_spec, options);
    if (result.cancelled) {
      throw Interrupted();
    }
    m_trace = {};
    m_shares.clear();
    for (const run::DeviceShare& share : result.devices) {
      run::appendTrace(m_trace, share.trace, 0);
      m_shares.push_back({share.device, share.pairs, share.trace.totals.gpuMs, share.failure});
    }
    m_trace.device = std::to_string(m_slots.size()) + " devices";
    m_trace.totals.wallMs = result.wallMs;
    m_results = std::move(result.results);
  }

  const engine::RunTrace& trace() const { return m_single ? m_single->trace() : m_trace; }
  run::RunResults results() const { return m_single ? m_single->results() : m_results; }

  // Per device of the last run: name, pairs, GPU ms, failure.
  struct Share {
    std::string device;
    uint32_t pairs;
    double gpuMs;
    std::string failure;
  };
  const std::vector<Share>& shares() const { return m_shares; }

private:
  std::vector<run::DeviceInputs*> m_slots;
  const std::vector<graph::Pair>& m_pairs;
  run::RunSpec m_spec;
  std::unique_ptr<run::Run> m_single;
  bool m_warmedUp = false;
  engine::RunTrace m_trace;
  run::RunResults m_results;
  std::vector<Share> m_shares;
};

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
  const std::vector<std::unique_ptr<gpu::Context>> contexts = openDevices(o.device, o.devices, {});
  const gpu::Context& context = *contexts.front();
  std::string deviceNames;
  for (size_t d = 0; d < contexts.size(); ++d) {
    deviceNames += (d == 0 ? "" : ", ") + (contexts.size() > 1 ? "[" + std::to_string(d) + "] " : std::string()) +
                   contexts[d]->info().name;
  }
  const unsigned threads = std::thread::hardware_concurrency();
  std::printf("device%s: %s; %u repetitions (median, min-max); CPU: %u threads\n", contexts.size() > 1 ? "s" : "",
              deviceNames.c_str(), o.repeat, threads);

  nlohmann::json records = nlohmann::json::array();
  std::ostringstream table;
  table << "| graph | vertices | arcs | pairs | configuration | GPU ms (median) | GPU ms (min-max) | wall ms (median) "
           "| search-edges/s | arcs examined / pair | iterations | exact |\n|---|---|---|---|---|---|---|---|---|---|---|---|\n";
  std::ostringstream notes;  // rows where tuned misses the 10% rule
  bool allExact = true;
  for (const std::string& graphName : o.graphs) {
    const auto loadStart = std::chrono::steady_clock::now();
    auto g = std::make_shared<const graph::Graph>(loadBenchGraph(graphName));
    std::printf("%s: %u vertices, %llu arcs (%.1f s to load)\n", graphName.c_str(), g->vertexCount(),
                static_cast<unsigned long long>(g->arcCount()),
                std::chrono::duration<double>(std::chrono::steady_clock::now() - loadStart).count());
    std::fflush(stdout);
    // The degree shape `tuned` reads before the upload, when a configuration
    // needs it (as `run` does); component labels come from the device.
    const bool analyseFirst = std::any_of(strategies.begin(), strategies.end(),
                                          [](const engine::Strategy& s) { return s.options.tuned; });
    std::vector<std::unique_ptr<run::DeviceInputs>> inputs;
    for (const auto& device : contexts) {
      inputs.push_back(std::make_unique<run::DeviceInputs>(*device, g));
      inputs.back()->deviceGraph(analyseFirst);
    }
    const std::string arcs = std::to_string(g->arcCount());
    // Pair sets: the files (file ids of this graph), else random pairs.
    std::vector<std::pair<std::string, std::vector<graph::Pair>>> pairSets;
    if (!o.pairsFiles.empty()) {
      for (const std::string& file : o.pairsFiles) {
        pairSets.emplace_back(file, graph::readPairsFile(*g, file));
      }
    } else {
      for (const uint32_t count : o.pairCounts) {
        pairSets.emplace_back(std::string(), graph::randomPairs(*g, count, o.seed));
      }
    }
    for (const auto& [pairsFile, pairs] : pairSets) {
      const auto count = static_cast<uint32_t>(pairs.size());
      const std::string pairsCell =
          std::to_string(count) +
          (pairsFile.empty() ? std::string() : " (" + std::filesystem::path(pairsFile).filename().string() + ")");
      std::vector<RowEntry> row;
      std::vector<reference::PathLength> expected;
      if (o.verify || o.cpu) {
        std::vector<double> cpuMs;
        for (unsigned r = 0; r < (o.cpu ? std::min(o.repeat, 3U) : 1U); ++r) {
          const auto start = std::chrono::steady_clock::now();
          const std::vector<graph::Length> hops = reference::msbfsPathLengths(*g, pairs);
          cpuMs.push_back(std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count());
          expected = run::asReference(hops);
        }
        if (o.cpu) {
          const Stats cpu = summarise(cpuMs);
          const std::string name = "cpu-msbfs-512 (" + std::to_string(threads) + " threads)";
          std::printf("  %7u pairs  %-44s wall %10.3f ms (%s-%s)\n", count, name.c_str(), cpu.median,
                      fixed(cpu.min, 3).c_str(), fixed(cpu.max, 3).c_str());
          table << "| " << graphName << " | " << g->vertexCount() << " | " << arcs << " | " << pairsCell << " | " << name
                << " | - | - | " << fixed(cpu.median, 3) << " | - | - | reference |\n";
          records.push_back({{"graph", graphName}, {"pairs", count}, {"pairs_file", pairsFile}, {"configuration", name},
                             {"wall_ms", {{"median", cpu.median}, {"min", cpu.min}, {"max", cpu.max}}}});
        }
      }
      for (const engine::Strategy& strategy : strategies) {
        TimedRuns search(inputs, pairs, run::specOf(strategy));
        // Warm-up: first-use costs stay out of the numbers, and the GPU
        // reaches its working clocks (it slows down while the host loads a graph).
        const auto warmStart = std::chrono::steady_clock::now();
        ProgressLine progress("bench " + strategy.name);
        do {
          search.runOnce();
        } while (std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - warmStart).count() <
                 o.warmupMs);
        const bool exact = expected.empty() || run::verify(expected, search.results()).passed();
        allExact = allExact && exact;
        std::vector<double> gpu;
        std::vector<double> wall;
        std::vector<double> rates;
        std::vector<engine::RunTrace> traces;
        std::vector<std::vector<TimedRuns::Share>> shares;
        for (unsigned r = 0; r < o.repeat; ++r) {
          progress.update(static_cast<double>(r) / o.repeat,
                          "run " + std::to_string(r + 1) + "/" + std::to_string(o.repeat));
          search.runOnce();
          gpu.push_back(search.trace().totals.gpuMs);
          wall.push_back(search.trace().totals.wallMs);
          rates.push_back(search.trace().totals.searchEdgesPerSecond());
          traces.push_back(search.trace());
          shares.push_back(search.shares());
        }
        progress.finish();
        const Stats g1 = summarise(gpu);
        const Stats w1 = summarise(wall);
        const Stats r1 = summarise(rates);
        // The run whose GPU time is the median gives the per-kernel breakdown.
        const auto medianRun = std::min_element(traces.begin(), traces.end(), [&](const auto& a, const auto& b) {
          return std::abs(a.totals.gpuMs - g1.median) < std::abs(b.totals.gpuMs - g1.median);
        });
        const std::string verdict = expected.empty() ? "not checked" : exact ? "yes" : "NO";
        // Work beside speed: arcs the kernels examined, per pair asked.
        const double arcsPerPair =
            count > 0 ? static_cast<double>(medianRun->totals.edgesExamined) / static_cast<double>(count) : 0.0;
        std::printf("  %7u pairs  %-44s GPU %10.3f ms (%s-%s)  wall %10.3f ms  %9s se/s  %9s arcs/pair  %5u it  "
                    "exact: %s  device memory: %s\n",
                    count, strategy.name.c_str(), g1.median, fixed(g1.min, 3).c_str(), fixed(g1.max, 3).c_str(),
                    w1.median, rate(r1.median).c_str(), rate(arcsPerPair).c_str(), medianRun->totals.iterations,
                    verdict.c_str(), engine::describeNeed(medianRun->deviceBytes, medianRun->deviceBudget).c_str());
        const auto medianIndex = static_cast<size_t>(medianRun - traces.begin());
        nlohmann::json perDevice = nlohmann::json::array();
        for (const TimedRuns::Share& share : shares[medianIndex]) {
          std::printf("  %7s        device %s: %u pairs, GPU %.3f ms%s%s\n", "", share.device.c_str(), share.pairs,
                      share.gpuMs, share.failure.empty() ? "" : ", FAILED: ", share.failure.c_str());
          perDevice.push_back(
              {{"device", share.device}, {"pairs", share.pairs}, {"gpu_ms", share.gpuMs}, {"failure", share.failure}});
        }
        std::fflush(stdout);
        RowEntry entry;
        entry.name = strategy.name;
        entry.tuned = strategy.options.tuned;
        entry.median = g1.median;
        entry.options = medianRun->options;
        entry.engine = engineOf(*medianRun);
        entry.before = "| " + graphName + " | " + std::to_string(g->vertexCount()) + " | " + arcs + " | " + pairsCell + " | ";
        entry.after = " | " + fixed(g1.median, 3) + " | " + fixed(g1.min, 3) + "-" + fixed(g1.max, 3) + " | " +
                      fixed(w1.median, 3) + " | " + rate(r1.median) + " | " + rate(arcsPerPair) + " | " +
                      std::to_string(medianRun->totals.iterations) + " | " + verdict + " |\n";
        entry.record = records.size();
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
                           {"pairs_file", pairsFile},
                           {"configuration", strategy.name},
                           {"options", medianRun->options}, // as resolved (tuned names its choice)
                           {"engine", entry.engine},
                           {"gpu_ms", {{"median", g1.median}, {"min", g1.min}, {"max", g1.max}}},
                           {"wall_ms", {{"median", w1.median}, {"min", w1.min}, {"max", w1.max}}},
                           {"search_edges_per_second", r1.median},
                           {"arcs_examined", medianRun->totals.edgesExamined},
                           {"arcs_examined_per_pair", arcsPerPair},
                           {"device_bytes", medianRun->deviceBytes},
                           {"device_budget", medianRun->deviceBudget},
                           {"iterations", medianRun->totals.iterations},
                           {"sharing", medianRun->sharing()},
                           {"skipped_pairs", medianRun->skippedPairs},
                           {"gpu_ms_per_kernel", perKernel},
                           {"exact", verdict}});
        if (!perDevice.empty()) {
          records.back()["per_device"] = perDevice;
          records.back()["pairs_per_second"] = w1.median > 0 ? count / (w1.median * 1e-3) : 0.0;
        }
        row.push_back(std::move(entry));
      }
      // The rule: tuned within 10% of the fastest configuration of the row,
      // or the row says by how much it is slower and which switches differ.
      const auto fastest = std::min_element(row.begin(), row.end(),
                                            [](const RowEntry& a, const RowEntry& b) { return a.median < b.median; });
      for (RowEntry& entry : row) {
        std::string cell = entry.name;
        if (entry.tuned && fastest != row.end()) {
          const double slower = fastest->median > 0 ? (entry.median / fastest->median - 1) * 100 : 0;
          nlohmann::json check = {{"fastest", fastest->name}, {"slower_percent", slower}, {"within_10_percent", true}};
          if (slower > 10 && &entry != &*fastest) {
            // Two engines' options have no switches in common to compare.
            const std::string why =
                entry.engine != fastest->engine
                    ? "it ran the " + (entry.engine == "ibfs" ? std::string("BFS") : entry.engine) + " engine"
                    : "it lacks " + missingFrom(fastest->options, entry.options) + "; it adds " +
                          missingFrom(entry.options, fastest->options);
            cell += " **(tuned slower than " + fastest->name + " by " + fixed(slower, 0) + "%: " + why + ")**";
            check["within_10_percent"] = false;
            check["why"] = why;
            std::printf("  %7u pairs  %s is slower than %s by %.0f%% (%s)\n", count, entry.name.c_str(),
                        fastest->name.c_str(), slower, why.c_str());
            notes << "- " << graphName << ", " << pairsCell << " pairs: " << entry.name << " slower than "
                  << fastest->name << " by " << fixed(slower, 0) << "% (" << why << ")\n";
          }
          records[entry.record]["tuned_check"] = check;
        }
        table << entry.before << cell << entry.after;
      }
    }
  }
  if (!o.json.empty()) {
    nlohmann::json out = report::versioned(
        {{"device", context.info()}, {"repeat", o.repeat}, {"seed", o.seed}, {"results", records}}, "bench");
    if (contexts.size() > 1) {
      out["devices"] = nlohmann::json::array();
      for (const auto& device : contexts) {
        out["devices"].push_back(device->info());
      }
    }
    report::writeFile(o.json, out.dump(1) + "\n");
  }
  if (!o.markdown.empty()) {
    report::writeFile(o.markdown, "Device: " + deviceNames + ". Median of " + std::to_string(o.repeat) +
                                      " runs after a warm-up run.\n\n" + table.str() +
                                      (notes.str().empty() ? std::string()
                                                           : "\nRows where tuned is more than 10% slower than the "
                                                             "fastest configuration:\n\n" + notes.str()));
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
  auto* pairsOption =
      command->add_option("--pairs", o->pairCounts, "Pair counts, comma separated (default 1024)")
          ->delimiter(',')
          ->check(atLeast(1));
  command->add_option("--pairs-file", o->pairsFiles,
                      "CSV with header source,destination (file ids), instead of random pairs; repeatable, each "
                      "file is used with every graph")
      ->excludes(pairsOption);
  command->add_option("--repeat", o->repeat, "Timed runs of each (default 5)")->check(CLI::Range(1U, 1000U));
  command->add_option("--seed", o->seed, "Seed of the random pairs (default 1)");
  command->add_flag("--verify", o->verify, "Check every configuration's lengths against the CPU MS-BFS");
  command->add_flag("--cpu", o->cpu, "Also time the CPU MS-BFS (all cores) on the same pairs");
  command->add_option("--json", o->json, "Write every result, with per-kernel times, as JSON");
  command->add_option("--markdown", o->markdown, "Write the table as markdown");
  command->add_option("--reports", o->reportsDir, "Write the JSON report of each configuration's median run here");
  command->add_option("--warmup-ms", o->warmupMs, "Untimed runs for at least this long first (default 300 ms)");
  addDeviceOption(*command, o->device);
  command
      ->add_option("--devices", o->devices,
                   "Spread every timed run over several devices: all, or indices such as 0,1; GPU ms is then the "
                   "devices' sum and wall ms the whole run's")
      ->excludes("--device");
  command->callback([o] { guarded("bench", [&] { return bench(*o); }); });
}

const CommandRegistration registration{"bench", 40, addBenchCommand};

} // namespace

} // namespace frontier::cli
