#include "Report.h"
#include "ReportFormat.h"
#include "report/PipelinesJson.h"

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
                      {"jfq_entries", it.jfqEntries},
                      {"newly_visited", it.newlyVisited},
                      {"edges_examined", it.edgesExamined},
                      {"search_edges", it.searchEdges},
                      {"active_searches", it.activeSearches},
                      {"gpu_us", it.gpuNs / 1e3}};
  if (it.edgesForward + it.edgesBackward > 0) {
    j["edges_forward"] = it.edgesForward;
    j["edges_backward"] = it.edgesBackward;
    j["words_forward"] = it.wordsForward;
    j["words_backward"] = it.wordsBackward;
  }
  if (it.trackedSides != 0) {
    j["tracked_sides"] = it.trackedSides;
    j["tracked_arcs_forward"] = it.trackedArcsForward;
    j["tracked_arcs_backward"] = it.trackedArcsBackward;
    j["tracked_frontier_forward"] = it.trackedFrontierForward;
    j["tracked_frontier_backward"] = it.trackedFrontierBackward;
  }
  if (weighted) {
    j["near_size"] = it.nearSize;
    j["far_size"] = it.farSize;
    j["settled"] = it.settled;
  }
  return j;
}

// A run's report without the version stamp (a comparison stamps the whole).
nlohmann::json runJson(const engine::RunTrace& trace, bool withKernels) {
  const bool weighted = trace.algorithm == "sssp";
  nlohmann::json iterations = nlohmann::json::array();
  for (const engine::IterationStats& it : trace.iterations) {
    iterations.push_back(iterationJson(it, weighted));
  }
  nlohmann::json perKind = nlohmann::json::object();
  nlohmann::json bytesPerKind = nlohmann::json::object();
  nlohmann::json gbpsPerKind = nlohmann::json::object();
  const std::vector<double> ns = trace.nsPerKind();
  const std::vector<uint64_t> bytes = trace.bytesPerKind();
  // GB/s over the dispatches that have a model only (a kind's unmodelled
  // spans, such as the per-submission clears, have time but no bytes).
  std::vector<double> modelledNs(ns.size(), 0.0);
  for (const engine::KernelSpan& span : trace.kernels) {
    modelledNs[static_cast<size_t>(span.kind)] += span.bytesMoved > 0 ? span.durationNs() : 0.0;
  }
  for (size_t k = 0; k < ns.size(); ++k) {
    const std::string name(engine::kernelName(static_cast<engine::KernelKind>(k)));
    if (ns[k] > 0) {
      perKind[name] = ns[k] / 1e6;
    }
    if (bytes[k] > 0) {
      bytesPerKind[name] = bytes[k];
      if (modelledNs[k] > 0) {
        gbpsPerKind[name] = static_cast<double>(bytes[k]) / modelledNs[k];  // bytes per ns = GB/s
      }
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
      {"two_sided", trace.twoSided},
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
      {"bytes_moved_per_kernel", bytesPerKind},
      {"achieved_gbps_per_kernel", gbpsPerKind},
      {"iterations", iterations},
  };
  if (trace.pipelines) {
    out["pipelines"] = pipelinesJson(*trace.pipelines);
  }
  if (!trace.queryProgress.empty()) {
    // Rows of [batch, step, query, settled]: compact, as a run has one per
    // query and submission in which the query reached vertices.
    nlohmann::json rows = nlohmann::json::array();
    for (const engine::QueryProgress& p : trace.queryProgress) {
      rows.push_back({p.batch, p.level, p.query, p.settled});
    }
    out["query_progress"] = rows;
  }

  if (withKernels) {
    nlohmann::json kernels = nlohmann::json::array();
    for (const engine::KernelSpan& span : trace.kernels) {
      nlohmann::json k = {{"kernel", engine::kernelName(span.kind)},
                          {"batch", span.batch},
                          {"level", span.level},
                          {"start_us", span.startNs / 1e3},
                          {"duration_us", span.durationNs() / 1e3}};
      if (span.bytesMoved > 0) {
        k["bytes_moved"] = span.bytesMoved;
        k["achieved_gbps"] = span.achievedGbps();
      }
      if (span.invocations > 0) {
        k["invocations"] = span.invocations;
        if (span.usefulItems > 0) {
          k["useful_items"] = span.usefulItems;
          k["idle_lane_share"] = span.idleLaneShare();
        }
      }
      kernels.push_back(std::move(k));
    }
    out["kernels"] = kernels;
  }
  return out;
}

} // namespace

nlohmann::json jsonReport(const engine::RunTrace& trace, bool withKernels, const engine::DeviceRoofs& roofs) {
  nlohmann::json out = runJson(trace, withKernels);
  if (roofs.measured()) {
    out["roofs"] = {{"copy_gbps", roofs.copyGbps}, {"gather_gps", roofs.gatherGps}, {"dispatch_us", roofs.dispatchUs}};
  }
  return versioned(std::move(out), "run");
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
    list.push_back(runJson(run, withKernels));
  }
  return versioned({{"runs", list}}, "comparison");
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
