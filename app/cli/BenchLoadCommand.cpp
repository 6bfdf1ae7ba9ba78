// frontier-cli bench-load GRAPH...: text parsing + CSR build speed, binary
// cache speed, and the peak memory of loading next to the graph's size.

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <ctime>
#include <string>
#include <unistd.h>

#include <CLI/CLI.hpp>

#include "CliCommon.h"
#include "Commands.h"
#include "GraphInput.h"
#include "MemoryProbe.h"
#include "graph/Parallel.h"

namespace frontier::cli {

namespace {

double processCpuSeconds() {
  timespec now{};
  ::clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &now);
  return static_cast<double>(now.tv_sec) + static_cast<double>(now.tv_nsec) * 1e-9;
}

struct Measured {
  double bestSeconds = 0;
  double bestCpuSeconds = 0;  // CPU time of the process: robust when other work shares the cores
  uint64_t peakBytes = 0;  // above the resident size before loading
  bool peakReset = false;
  graph::LoadStats stats;
  uint64_t graphBytes = 0;
  uint64_t csrBytes = 0;
  graph::VertexId vertices = 0;
  uint64_t edges = 0;
};

// One load with the memory probe, then `repeat` timed loads (warm page cache).
Measured measure(const std::string& path, const graph::LoadOptions& options, unsigned repeat) {
  Measured m;
  {
    const bool reset = MemoryProbe::resetPeak();
    const uint64_t before = MemoryProbe::currentBytes();
    const graph::Graph graph = graph::loadGraph(path, options, m.stats);
    m.peakBytes = MemoryProbe::peakBytes() - std::min(before, MemoryProbe::peakBytes());
    m.peakReset = reset;
    m.graphBytes = graph.memoryBytes();
    m.csrBytes = graph.csrBytes();
    m.vertices = graph.vertexCount();
    m.edges = graph.edgeCount();
  }
  m.bestSeconds = 1e300;
  m.bestCpuSeconds = 1e300;
  for (unsigned r = 0; r < repeat; ++r) {
    const auto start = std::chrono::steady_clock::now();
    const double cpuStart = processCpuSeconds();
    const graph::Graph graph = graph::loadGraph(path, options);
    m.bestCpuSeconds = std::min(m.bestCpuSeconds, processCpuSeconds() - cpuStart);
    m.bestSeconds = std::min(m.bestSeconds, std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
  }
  return m;
}

std::string loadAverage() {
  char text[128] = "?\n";
  if (std::FILE* file = std::fopen("/proc/loadavg", "r")) {
    if (std::fgets(text, sizeof text, file) == nullptr) {
      text[0] = '\0';
    }
    std::fclose(file);
  }
  return text;
}

void printMemory(const Measured& m) {
  std::printf("  peak memory %.1f MiB%s = %.2fx the graph (%.1f MiB; CSR alone %.1f MiB, %.2fx)\n",
              static_cast<double>(m.peakBytes) / 1048576.0, m.peakReset ? "" : " (process peak: reset failed)",
              static_cast<double>(m.peakBytes) / static_cast<double>(std::max<uint64_t>(m.graphBytes, 1)),
              static_cast<double>(m.graphBytes) / 1048576.0, static_cast<double>(m.csrBytes) / 1048576.0,
              static_cast<double>(m.peakBytes) / static_cast<double>(std::max<uint64_t>(m.csrBytes, 1)));
}

void addBenchLoadCommand(CLI::App& app) {
  auto* command = app.add_subcommand("bench-load", "Benchmark loading: parse + build speed, binary cache, memory");
  struct Options {
    std::vector<std::string> paths;
    GraphInput input;  // the load flags; the paths come from `paths`
    unsigned repeat = 3;
    unsigned threads = 0;
    std::string cacheDir;
  };
  auto options = std::make_shared<Options>();
  command->add_option("GRAPH", options->paths, "Graph files")->required();
  command->add_option("--format", options->input.format, "Input format (default auto)");
  command->add_flag("--directed", options->input.directed, "Read as directed");
  command->add_flag("--undirected", options->input.undirected, "Read as undirected");
  command->add_option("--repeat", options->repeat, "Timed loads per graph (best is reported; default 3)")
      ->check(CLI::Range(1U, 1000U));
  command->add_option("--threads", options->threads,
                      "Workers that parse text files (uncompressed, from 2 MiB), sort the built lists and check "
                      "the cache (default 0: one per hardware thread; 1: all on the loading thread)");
  command->add_option("--cache-dir", options->cacheDir, "Where the .fgraph copies go (default: the temp folder)");
  command->callback([options] {
    guarded("bench-load", [&] {
      graph::LoadOptions load = loadOptions(options->input);
      load.threads = options->threads;
      const std::filesystem::path cacheDir =
          options->cacheDir.empty() ? std::filesystem::temp_directory_path() : std::filesystem::path(options->cacheDir);
      std::printf("text parsed by %u worker%s (uncompressed, from 2 MiB), the CSR built on all; "
                  "best of %u warm runs, wall clock (and CPU time); load average %s",
                  graph::workerCount(options->threads), graph::workerCount(options->threads) == 1 ? "" : "s",
                  options->repeat, loadAverage().c_str());
      for (const std::string& path : options->paths) {
        const Measured text = measure(path, load, options->repeat);
        const double edgeRate = static_cast<double>(text.stats.inputEdges) / text.bestSeconds / 1e6;
        const double byteRate = static_cast<double>(text.stats.inputBytes) / text.bestSeconds / 1e6;
        std::printf("%s (%s%s): %u vertices, %llu edges, %llu input edges, %.1f MB of text\n", path.c_str(),
                    graph::formatName(text.stats.format).c_str(), text.stats.compressed ? ", gzip" : "",
                    text.vertices, static_cast<unsigned long long>(text.edges),
                    static_cast<unsigned long long>(text.stats.inputEdges),
                    static_cast<double>(text.stats.inputBytes) / 1e6);
        std::printf("  parse + build %.3f s: %.1f M input edges/s, %.0f MB/s (CPU %.3f s: %.1f M edges/s)\n",
                    text.bestSeconds, edgeRate, byteRate, text.bestCpuSeconds,
                    static_cast<double>(text.stats.inputEdges) / text.bestCpuSeconds / 1e6);
        printMemory(text);

        const std::filesystem::path cache =
            cacheDir / ("frontier-bench-" + std::to_string(::getpid()) + ".fgraph");
        graph::saveGraph(graph::loadGraph(path, load), cache, graph::Format::Binary);
        graph::LoadOptions cacheLoad;
        cacheLoad.threads = options->threads;
        const Measured binary = measure(cache.string(), cacheLoad, options->repeat);
        const double size = static_cast<double>(std::filesystem::file_size(cache));
        std::printf("  binary cache %.1f MB: %.3f s, %.2f GB/s (CPU %.3f s: %.2f GB/s)\n", size / 1e6,
                    binary.bestSeconds, size / binary.bestSeconds / 1e9, binary.bestCpuSeconds,
                    size / binary.bestCpuSeconds / 1e9);
        printMemory(binary);
        std::filesystem::remove(cache);
      }
      return 0;
    });
  });
}

const CommandRegistration registration{"bench-load", 70, addBenchLoadCommand};

} // namespace

} // namespace frontier::cli
