#include "ReportLoad.h"

#include <fstream>
#include <optional>
#include <sstream>
#include <stdexcept>

#include "ReportFormat.h"
#include "report/PipelinesJson.h"
#include "graph/NumberText.h"

namespace frontier::report {

namespace {

using nlohmann::json;

std::optional<engine::KernelKind> kindNamed(const std::string& name) {
  for (int k = 0; k < static_cast<int>(engine::KernelKind::Count_); ++k) {
    if (engine::kernelName(static_cast<engine::KernelKind>(k)) == name) {
      return static_cast<engine::KernelKind>(k);
    }
  }
  return std::nullopt;
}

template <typename T> T valueOr(const json& object, const char* key, T fallback) {
  const auto found = object.find(key);
  return found == object.end() || found->is_null() ? fallback : found->get<T>();
}

// The per-kind times of a report without dispatches, as one span per kind
// laid end to end: nsPerKind() and the GPU time then read as the report says.
void spansFromPerKernel(const json& perKernel, engine::RunTrace& trace) {
  double at = 0;
  for (const auto& [name, ms] : perKernel.items()) {
    const auto kind = kindNamed(name);
    if (!kind) {
      throw std::runtime_error("unknown kernel '" + name + "' in gpu_ms_per_kernel");
    }
    const double ns = ms.get<double>() * 1e6;
    trace.kernels.push_back({*kind, 0, 0, at, at + ns, 0, 0, 0});
    at += ns;
  }
}

std::string deviceName(const json& device) {
  return device.is_object() ? valueOr<std::string>(device, "name", "") : device.get<std::string>();
}

LoadedRun benchRun(const json& row, const std::string& device) {
  LoadedRun run;
  run.label = row.at("configuration").get<std::string>();
  engine::RunTrace& t = run.trace;
  t.algorithm = "ibfs";
  t.strategy = run.label;
  t.options = valueOr<std::string>(row, "options", "");
  t.device = device;
  t.graph = row.at("graph").get<std::string>();
  t.vertices = valueOr<uint32_t>(row, "vertices", 0);
  t.arcs = valueOr<uint64_t>(row, "arcs", 0);
  t.pairs = valueOr<uint32_t>(row, "pairs", 0);
  t.skippedPairs = valueOr<uint32_t>(row, "skipped_pairs", 0);
  if (row.contains("gpu_ms")) {
    t.totals.gpuMs = row.at("gpu_ms").at("median").get<double>();
  }
  t.totals.wallMs = row.at("wall_ms").at("median").get<double>();
  t.totals.iterations = valueOr<uint32_t>(row, "iterations", 0);
  if (row.contains("gpu_ms_per_kernel")) {
    spansFromPerKernel(row.at("gpu_ms_per_kernel"), t);
  }
  return run;
}

LoadedRun ssspBenchRun(const json& row, const json& report) {
  LoadedRun run;
  // The spec grammar's words (near-far+delta=500+B=8+Q=64): rows differ in
  // any of them.
  const std::string algorithm = row.at("algorithm").get<std::string>();
  run.label = algorithm == "bellman-ford" ? algorithm
                                          : algorithm + "+delta=" + graph::numberText(row.at("delta").get<double>());
  run.label += "+B=" + std::to_string(valueOr<uint32_t>(row, "iterations_per_submit", 0)) +
               "+Q=" + std::to_string(valueOr<uint32_t>(row, "queries_per_batch", 0));
  engine::RunTrace& t = run.trace;
  t.algorithm = "sssp";
  t.strategy = run.label;
  t.device = deviceName(report.at("device"));
  t.graph = valueOr<std::string>(report, "graph", "");
  t.pairs = valueOr<uint32_t>(report, "pairs", 0);
  t.totals.gpuMs = row.at("gpu_ms").get<double>();
  t.totals.submittedMs = t.totals.gpuMs;
  t.totals.wallMs = row.at("wall_ms").get<double>();
  t.totals.iterations = valueOr<uint32_t>(row, "iterations", 0);
  t.totals.edgesExamined = valueOr<uint64_t>(row, "arcs_relaxed", 0);
  return run;
}

LoadedRun comparisonRun(const json& object) {
  LoadedRun run;
  run.trace = traceFromJson(object);
  run.roofs = roofsFromJson(object);
  run.label = run.trace.strategy.empty() ? run.trace.algorithm : run.trace.strategy;
  if (const auto repeats = object.find("repeats"); repeats != object.end()) {
    for (const json& sample : repeats->at("runs")) {
      run.samples.push_back({sample.at("order").get<int>(), sample.at("warmup").get<bool>(),
                             sample.at("gpu_ms").get<double>(), sample.at("wall_ms").get<double>(),
                             valueOr<double>(sample, "submitted_ms", 0.0)});
    }
  }
  return run;
}

} // namespace

engine::RunTrace traceFromJson(const json& run) {
  engine::RunTrace t;
  t.algorithm = run.at("algorithm").get<std::string>();
  t.strategy = valueOr<std::string>(run, "strategy", "");
  t.options = valueOr<std::string>(run, "options", "");
  t.device = valueOr<std::string>(run, "device", "");
  const json& graph = run.at("graph");
  t.graph = graph.at("name").get<std::string>();
  t.vertices = graph.at("vertices").get<uint32_t>();
  t.arcs = graph.at("arcs").get<uint64_t>();
  t.directed = graph.at("directed").get<bool>();
  t.directionSource = valueOr<std::string>(graph, "direction_source", "");
  t.pairs = run.at("pairs").get<uint32_t>();
  t.skippedPairs = valueOr<uint32_t>(run, "skipped_pairs", 0);
  t.batches = run.at("batches").get<uint32_t>();
  t.searchesPerBatch = run.at("searches_per_batch").get<uint32_t>();
  t.twoSided = valueOr<bool>(run, "two_sided", false);
  const json& totals = run.at("totals");
  t.totals.iterations = totals.at("iterations").get<uint32_t>();
  t.totals.edgesExamined = totals.at("edges_examined").get<uint64_t>();
  t.totals.searchEdges = totals.at("search_edges").get<uint64_t>();
  t.totals.newlyVisited = totals.at("newly_visited").get<uint64_t>();
  t.totals.gpuMs = totals.at("gpu_ms").get<double>();
  t.totals.submittedMs = valueOr<double>(totals, "submitted_ms", t.totals.gpuMs);
  t.totals.wallMs = totals.at("wall_ms").get<double>();
  for (const json& it : run.at("iterations")) {
    engine::IterationStats s;
    s.batch = it.at("batch").get<uint32_t>();
    s.level = it.at("level").get<uint32_t>();
    s.direction = it.at("direction") == "bottom-up" ? engine::Direction::BottomUp : engine::Direction::TopDown;
    s.jfqLength = it.at("jfq_length").get<uint32_t>();
    s.jfqEntries = valueOr<uint32_t>(it, "jfq_entries", s.jfqLength);
    s.newlyVisited = it.at("newly_visited").get<uint64_t>();
    s.edgesExamined = it.at("edges_examined").get<uint64_t>();
    s.searchEdges = it.at("search_edges").get<uint64_t>();
    s.activeSearches = it.at("active_searches").get<uint32_t>();
    s.edgesForward = valueOr<uint64_t>(it, "edges_forward", 0);
    s.edgesBackward = valueOr<uint64_t>(it, "edges_backward", 0);
    s.wordsForward = valueOr<uint64_t>(it, "words_forward", 0);
    s.wordsBackward = valueOr<uint64_t>(it, "words_backward", 0);
    s.trackedSides = valueOr<uint8_t>(it, "tracked_sides", 0);
    s.trackedArcsForward = valueOr<uint64_t>(it, "tracked_arcs_forward", 0);
    s.trackedArcsBackward = valueOr<uint64_t>(it, "tracked_arcs_backward", 0);
    s.trackedFrontierForward = valueOr<uint64_t>(it, "tracked_frontier_forward", 0);
    s.trackedFrontierBackward = valueOr<uint64_t>(it, "tracked_frontier_backward", 0);
    s.nearSize = valueOr<uint32_t>(it, "near_size", 0);
    s.farSize = valueOr<uint32_t>(it, "far_size", 0);
    s.settled = valueOr<uint64_t>(it, "settled", 0);
    s.gpuNs = it.at("gpu_us").get<double>() * 1e3;
    t.iterations.push_back(s);
  }
  if (const auto rows = run.find("query_progress"); rows != run.end()) {
    for (const json& row : *rows) {
      t.queryProgress.push_back({.batch = row.at(0).get<uint32_t>(),
                                 .level = row.at(1).get<uint32_t>(),
                                 .query = row.at(2).get<uint32_t>(),
                                 .settled = row.at(3).get<uint64_t>()});
    }
  }
  if (const auto kernels = run.find("kernels"); kernels != run.end()) {
    for (const json& k : *kernels) {
      const std::string name = k.at("kernel").get<std::string>();
      const auto kind = kindNamed(name);
      if (!kind) {
        throw std::runtime_error("unknown kernel '" + name + "'");
      }
      const double start = k.at("start_us").get<double>() * 1e3;
      t.kernels.push_back({*kind, k.at("batch").get<uint32_t>(), k.at("level").get<uint32_t>(), start,
                           start + k.at("duration_us").get<double>() * 1e3, valueOr<uint64_t>(k, "bytes_moved", 0),
                           valueOr<uint64_t>(k, "invocations", 0), valueOr<uint64_t>(k, "useful_items", 0)});
    }
  } else {
    spansFromPerKernel(run.at("gpu_ms_per_kernel"), t);
  }
  // Reports written without pipeline statistics have no key: left empty.
  if (const auto pipelines = run.find("pipelines"); pipelines != run.end() && !pipelines->is_null()) {
    t.pipelines = pipelinesFromJson(*pipelines);
  }
  return t;
}

engine::DeviceRoofs roofsFromJson(const json& run) {
  engine::DeviceRoofs roofs;
  if (const auto found = run.find("roofs"); found != run.end()) {
    roofs.copyGbps = valueOr<double>(*found, "copy_gbps", 0.0);
    roofs.gatherGps = valueOr<double>(*found, "gather_gps", 0.0);
    roofs.dispatchUs = valueOr<double>(*found, "dispatch_us", 0.0);
  }
  return roofs;
}

LoadedReport reportFromJson(const json& report, const std::string& file) {
  LoadedReport loaded;
  loaded.file = file;
  loaded.kind = checkReportVersion(report, file);
  loaded.program = valueOr<std::string>(report, "program", "");
  try {
    if (loaded.kind == "run") {
      loaded.runs.push_back(comparisonRun(report));
    } else if (loaded.kind == "comparison") {
      for (const json& run : report.at("runs")) {
        loaded.runs.push_back(comparisonRun(run));
      }
    } else if (loaded.kind == "bench") {
      const std::string device = deviceName(report.at("device"));
      for (const json& row : report.at("results")) {
        // The CPU reference rows have no GPU time: nothing to compare.
        if (row.contains("gpu_ms")) {
          loaded.runs.push_back(benchRun(row, device));
        }
      }
    } else if (loaded.kind == "sssp-bench") {
      for (const json& row : report.at("rows")) {
        // The CPU rows ("dijkstra (cpu)", "dijkstra (cpu, N threads)") have no GPU time.
        if (row.at("algorithm").get<std::string>().rfind("dijkstra (cpu", 0) != 0) {
          loaded.runs.push_back(ssspBenchRun(row, report));
        }
      }
    } else {
      throw std::runtime_error("unknown report kind '" + loaded.kind + "'");
    }
  } catch (const json::exception& error) {
    // nlohmann's messages name the key ("key 'totals' not found"); the file
    // is what they lack.
    throw std::runtime_error(file + ": " + error.what());
  } catch (const std::runtime_error& error) {
    throw std::runtime_error(file + ": " + error.what());
  }
  if (loaded.runs.empty()) {
    throw std::runtime_error(file + ": the report holds no GPU run");
  }
  return loaded;
}

LoadedReport readReport(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    throw std::runtime_error(path + ": cannot open the file");
  }
  json report;
  try {
    report = json::parse(in);
  } catch (const json::parse_error& error) {
    throw std::runtime_error(path + ": not JSON (" + error.what() + ")");
  }
  return reportFromJson(report, path);
}

std::string runKey(const LoadedRun& run) {
  return run.label + "|" + run.trace.graph + "|" + std::to_string(run.trace.pairs);
}

} // namespace frontier::report
