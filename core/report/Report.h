#pragma once
// Exports of a run: the JSON report, the Chrome trace (opens in Perfetto and
// chrome://tracing) and the per-iteration CSV. Pure functions of RunTrace
// values; the caller writes the result where it wants.

#include <iosfwd>
#include <span>
#include <string>

#include <nlohmann/json.hpp>

#include "engine/Trace.h"

namespace frontier::report {

// The whole run: graph, device, strategy and options, totals (with
// search_edges_per_second), GPU time per kernel kind, and every iteration,
// stamped with the report format version (ReportFormat.h, kind "run").
// Kernel spans are included when `withKernels` is set, with the bytes each
// moved and its achieved GB/s; per kernel kind `bytes_moved_per_kernel` and
// `achieved_gbps_per_kernel`; the device's `roofs` when they were measured.
nlohmann::json jsonReport(const engine::RunTrace& trace, bool withKernels = true,
                          const engine::DeviceRoofs& roofs = {});

// Chrome trace event format (Perfetto, chrome://tracing): one process per run
// (named after its strategy); in it one thread per kernel kind with a
// complete event per dispatch, a "levels" thread with one slice per level
// (batch, level, direction, active searches and the statistics below in its
// arguments), and one counter track per per-level statistic with one sample
// per level at the level's start: JFQ length, newly visited, arcs examined,
// search-edges, active searches, bytes moved (SSSP runs: near bucket, far pile, settled,
// arcs examined, active searches). Timestamps in microseconds from the run's
// first GPU timestamp.
nlohmann::json chromeTrace(std::span<const engine::RunTrace> runs);

// One line per iteration: batch, level, direction, jfq_length, newly_visited,
// edges_examined, search_edges, active_searches, gpu_us (and the SSSP columns
// near_size, far_size, settled).
void writeIterationsCsv(std::ostream& out, const engine::RunTrace& trace);
// The same for several runs (a comparison): a leading `strategy` column, one
// line per iteration per run, runs in order.
void writeIterationsCsv(std::ostream& out, std::span<const engine::RunTrace> runs);

// Several runs in one document, stamped as kind "comparison":
// {"runs": [jsonReport(run) without its stamp, ...]}.
nlohmann::json jsonComparison(std::span<const engine::RunTrace> runs, bool withKernels = false);

// Writes text to a file all or nothing (a temporary file renamed into place,
// so a failure never leaves a partial file that looks complete), throwing
// std::runtime_error naming the path on failure.
void writeFile(const std::string& path, const std::string& text);

} // namespace frontier::report
