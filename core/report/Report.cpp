#include "Report.h"

#include "graph/GraphError.h"
#include "graph/OutputFile.h"

#include <fstream>
#include <ostream>
#include <stdexcept>

namespace frontier::report {

namespace {

nlohmann::json iterationJson(const engine::IterationStats& it, bool weighted) {
  nlohmann::json j = {{"batch", it.batch},
                      {"level", it.level},
                      {"direction", engine::directionName(it.direction)},
                      {"jfq_length", it.jfqLength},
                      {"newly_visited", it.newlyVisited},
                      {"edges_examined", it.edgesExamined},
                      {"search_edges", it.searchEdges},
                      {"active_searches", it.activeSearches},
                      {"gpu_us", it.gpuNs / 1e3}};
  if (weighted) {
    j["near_size"] = it.nearSize;
    j["far_size"] = it.farSize;
    j["settled"] = it.settled;
  }
  return j;
}

constexpr int kCounterThread = 1000;  // after the kernel-kind tracks

} // namespace

nlohmann::json jsonReport(const engine::RunTrace& trace, bool withKernels) {
  const bool weighted = trace.algorithm == "sssp";
  nlohmann::json iterations = nlohmann::json::array();
  for (const engine::IterationStats& it : trace.iterations) {
    iterations.push_back(iterationJson(it, weighted));
  }
  nlohmann::json perKind = nlohmann::json::object();
  const std::vector<double> ns = trace.nsPerKind();
  for (size_t k = 0; k < ns.size(); ++k) {
    if (ns[k] > 0) {
      perKind[std::string(engine::kernelName(static_cast<engine::KernelKind>(k)))] = ns[k] / 1e6;
    }
  }
  nlohmann::json out = {
      {"algorithm", trace.algorithm},
      {"strategy", trace.strategy},
      {"options", trace.options},
      {"device", trace.device},
      {"graph",
       {{"name", trace.graph},
        {"vertices", trace.vertices},
        {"arcs", trace.arcs},
        {"directed", trace.directed},
        {"direction_source", trace.directionSource}}},
      {"pairs", trace.pairs},
      {"batches", trace.batches},
      {"searches_per_batch", trace.searchesPerBatch},
      {"totals",
       {{"iterations", trace.totals.iterations},
        {"edges_examined", trace.totals.edgesExamined},
        {"search_edges", trace.totals.searchEdges},
        {"newly_visited", trace.totals.newlyVisited},
        {"gpu_ms", trace.totals.gpuMs},
        {"submitted_ms", trace.totals.submittedMs},
        {"wall_ms", trace.totals.wallMs},
        {"search_edges_per_second", trace.totals.searchEdgesPerSecond()},
        {"sharing", trace.sharing()}}},
      {"skipped_pairs", trace.skippedPairs},
      {"gpu_ms_per_kernel", perKind},
      {"iterations", iterations},
  };
  if (withKernels) {
    nlohmann::json kernels = nlohmann::json::array();
    for (const engine::KernelSpan& span : trace.kernels) {
      kernels.push_back({{"kernel", engine::kernelName(span.kind)},
                         {"batch", span.batch},
                         {"level", span.level},
                         {"start_us", span.startNs / 1e3},
                         {"duration_us", span.durationNs() / 1e3}});
    }
    out["kernels"] = kernels;
  }
  return out;
}

nlohmann::json chromeTrace(std::span<const engine::RunTrace> runs) {
  nlohmann::json events = nlohmann::json::array();
  for (size_t r = 0; r < runs.size(); ++r) {
    const engine::RunTrace& run = runs[r];
    const int pid = static_cast<int>(r + 1);
    const std::string process = run.strategy.empty() ? run.algorithm : run.strategy;
    events.push_back({{"ph", "M"}, {"pid", pid}, {"name", "process_name"}, {"args", {{"name", process}}}});
    events.push_back({{"ph", "M"}, {"pid", pid}, {"name", "process_sort_index"}, {"args", {{"sort_index", pid}}}});
    for (int k = 0; k < static_cast<int>(engine::KernelKind::Count_); ++k) {
      events.push_back({{"ph", "M"},
                        {"pid", pid},
                        {"tid", k},
                        {"name", "thread_name"},
                        {"args", {{"name", engine::kernelName(static_cast<engine::KernelKind>(k))}}}});
    }
    for (const engine::KernelSpan& span : run.kernels) {
      events.push_back({{"ph", "X"},
                        {"pid", pid},
                        {"tid", static_cast<int>(span.kind)},
                        {"name", engine::kernelName(span.kind)},
                        {"ts", span.startNs / 1e3},
                        {"dur", span.durationNs() / 1e3},
                        {"args", {{"batch", span.batch}, {"level", span.level}}}});
    }
    // Counters at the end of each iteration's identify, where the JFQ is known.
    size_t spanIndex = 0;
    for (const engine::IterationStats& it : run.iterations) {
      double at = -1;
      for (; spanIndex < run.kernels.size(); ++spanIndex) {
        const engine::KernelSpan& span = run.kernels[spanIndex];
        if (span.batch == it.batch && span.level == it.level &&
            (span.kind == engine::KernelKind::Identify || span.kind == engine::KernelKind::Relax)) {
          at = span.endNs / 1e3;
          break;
        }
      }
      if (at < 0) {
        continue;
      }
      events.push_back({{"ph", "C"},
                        {"pid", pid},
                        {"tid", kCounterThread},
                        {"name", "JFQ length"},
                        {"ts", at},
                        {"args", {{"vertices", it.jfqLength}}}});
      events.push_back({{"ph", "C"},
                        {"pid", pid},
                        {"tid", kCounterThread},
                        {"name", "newly visited"},
                        {"ts", at},
                        {"args", {{"pairs", it.newlyVisited}}}});
      if (run.algorithm == "sssp") {
        events.push_back({{"ph", "C"},
                          {"pid", pid},
                          {"tid", kCounterThread},
                          {"name", "near and far"},
                          {"ts", at},
                          {"args", {{"near", it.nearSize}, {"far", it.farSize}}}});
      }
    }
  }
  return {{"traceEvents", events}, {"displayTimeUnit", "ns"}};
}

namespace {

constexpr const char* kIterationColumns =
    "batch,level,direction,jfq_length,newly_visited,edges_examined,search_edges,active_searches,gpu_us,"
    "near_size,far_size,settled\n";

// One CSV line per iteration, optionally after a first column.
void writeIterationRows(std::ostream& out, const engine::RunTrace& trace, const std::string& prefix) {
  for (const engine::IterationStats& it : trace.iterations) {
    out << prefix << it.batch << ',' << it.level << ',' << engine::directionName(it.direction) << ',' << it.jfqLength << ','
        << it.newlyVisited << ',' << it.edgesExamined << ',' << it.searchEdges << ',' << it.activeSearches << ','
        << it.gpuNs / 1e3 << ',' << it.nearSize << ',' << it.farSize << ',' << it.settled << '\n';
  }
}

// A CSV field: quoted when it holds a comma, a quote or a line break.
std::string csvField(const std::string& text) {
  if (text.find_first_of(",\"\n\r") == std::string::npos) {
    return text;
  }
  std::string quoted = "\"";
  for (char c : text) {
    quoted += c == '"' ? std::string("\"\"") : std::string(1, c);
  }
  return quoted + "\"";
}

} // namespace

void writeIterationsCsv(std::ostream& out, const engine::RunTrace& trace) {
  out << kIterationColumns;
  writeIterationRows(out, trace, {});
}

void writeIterationsCsv(std::ostream& out, std::span<const engine::RunTrace> runs) {
  out << "strategy," << kIterationColumns;
  for (const engine::RunTrace& run : runs) {
    writeIterationRows(out, run, csvField(run.strategy.empty() ? run.algorithm : run.strategy) + ",");
  }
}

nlohmann::json jsonComparison(std::span<const engine::RunTrace> runs, bool withKernels) {
  nlohmann::json list = nlohmann::json::array();
  for (const engine::RunTrace& run : runs) {
    list.push_back(jsonReport(run, withKernels));
  }
  return {{"runs", list}};
}

void writeFile(const std::string& path, const std::string& text) {
  // All or nothing: a temporary file beside the target, renamed into place.
  try {
    graph::OutputFile file(path, false);
    file.write(text);
    file.commit();
  } catch (const graph::GraphError& error) {
    throw std::runtime_error(error.what());
  }
}

} // namespace frontier::report
