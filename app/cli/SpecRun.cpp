#include "SpecRun.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <iostream>
#include <memory>
#include <optional>
#include <span>
#include <sstream>
#include <vector>

#include <CLI/CLI.hpp>

#include "CliCommon.h"
#include "CliProgress.h"
#include "engine/MemoryNeeds.h"
#include "report/Report.h"
#include "run/DeviceInputs.h"
#include "run/MultiDevice.h"
#include "run/Registry.h"
#include "run/ResultsCsv.h"
#include "run/Verify.h"
#include "engine/Roofs.h"
#include "report/Roofline.h"
#include "report/PipelineText.h"
#include "run/RunPipelines.h"
#include "vk/Context.h"

namespace frontier::cli {

namespace {

// One line per iteration, with its kernels' times: the search in a terminal.
void printStep(const run::Family& family, const engine::IterationStats& it, const engine::RunTrace& trace) {
  std::printf("%s |", family.stepLine(it).c_str());
  for (const engine::KernelSpan& span : trace.kernels) {
    if (span.batch == it.batch && span.level == it.level && span.kind != engine::KernelKind::Clear &&
        span.kind != engine::KernelKind::Readback && span.kind != engine::KernelKind::SetSources) {
      std::printf(" %s %.3f ms", std::string(engine::kernelName(span.kind)).c_str(), span.durationNs() / 1e6);
    }
  }
  std::printf("\n");
}

// The CPU reference on every pair; prints the first differences. Returns their number.
// Per kernel kind with bytes moved: its achieved bandwidth and, when
// `selftest` measured the device's roofs, where it stands against them.
// What the driver says of each pipeline the run made, one line each:
// registers, shared memory, spills and the occupancy they allow.
void printPipelines(const std::optional<std::vector<engine::PipelineResources>>& pipelines) {
  if (!pipelines || pipelines->empty()) {
    std::fprintf(stderr, "  registers, shared memory, spills: not reported by this device "
                         "(no VK_KHR_pipeline_executable_properties)\n");
    return;
  }
  for (const engine::PipelineResources& p : *pipelines) {
    std::fprintf(stderr, "  pipeline %s [%s]: %s\n", p.name.c_str(), p.executable.c_str(),
                 report::pipelineLine(p).c_str());
  }
}

bool countedInvocations(const std::vector<report::KernelRoof>& kernels) {
  return std::any_of(kernels.begin(), kernels.end(), [](const report::KernelRoof& k) { return k.invocations > 0; });
}

void printRoofline(const engine::RunTrace& trace, const engine::DeviceRoofs& roofs, bool pipelineStatisticsAsked) {
  const std::vector<report::KernelRoof> kernels = report::kernelRoofs(trace, roofs);
  for (const report::KernelRoof& k : kernels) {
    std::fprintf(stderr, "  %s: %u dispatches, %.3g MB moved, %.2f GB/s", std::string(engine::kernelName(k.kind)).c_str(),
                 k.dispatches, static_cast<double>(k.bytes) / 1e6, k.achievedGbps);
    if (k.accesses > 0) {
      std::fprintf(stderr, ", %.3g G arcs/s", static_cast<double>(k.accesses) / k.ns);
    }
    if (roofs.measured()) {
      std::fprintf(stderr, " = %.0f%% of the %s%s", k.roofShare * 100, report::roofName(k.roof).c_str(),
                   k.dispatchBound ? ", dispatch-bound" : "");
    }
    std::fprintf(stderr, " (mean dispatch %.1f us", k.meanDispatchUs);
    if (k.invocations > 0) {
      std::fprintf(stderr, ", %.3g invocations, %.0f%% idle lanes", static_cast<double>(k.invocations),
                   k.idleLaneShare * 100);
    }
    std::fprintf(stderr, ")\n");
  }
  if (!kernels.empty() && pipelineStatisticsAsked && !countedInvocations(kernels)) {
    std::fprintf(stderr, "  invocations: not reported by this device (no pipeline-statistics queries)\n");
  }
  if (!kernels.empty()) {
    const std::string note = report::roofNote(kernels);
    std::fprintf(stderr, "  %s\n",
                 note.empty() ? "no roofs measured for this device: `frontier-cli selftest` measures them" : note.c_str());
  }
}

size_t verify(const graph::Graph& g, const std::vector<graph::Pair>& pairs, const run::RunResults& results) {
  const auto start = std::chrono::steady_clock::now();
  const std::vector<reference::PathLength> expected = run::referenceLengths(g, pairs, results.unit);
  const double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  const run::Verification check = run::verify(expected, results);
  const bool whole = results.exact;
  const std::string name(run::referenceName(results.unit));
  for (const size_t i : check.firstDiffering) {
    std::fprintf(stderr, "  differs: pair %zu (%llu -> %llu): GPU %s, %s %s\n", i,
                 static_cast<unsigned long long>(g.fileId(pairs[i].source)),
                 static_cast<unsigned long long>(g.fileId(pairs[i].destination)),
                 run::formatLength(results.lengths[i], whole).c_str(), name.c_str(),
                 run::formatLength(expected[i].length, whole).c_str());
  }
  std::fprintf(stderr, "verify: %zu of %zu pairs differ from %s (%s; %.3f ms wall)\n", check.mismatches,
               pairs.size(), name.c_str(), results.exact ? "exact" : "float32 tolerance", ms);
  return check.mismatches;
}

std::shared_ptr<const graph::Graph> loadFor(const run::RunSpec& spec, const WeightedInput& input) {
  if (spec.unit() == run::Unit::Weight) {
    return loadWeighted(input);
  }
  if (input.randomWeights > 0) {
    throw std::invalid_argument("--random-weights applies to shortest-path specs, not to '" + spec.text + "'");
  }
  return std::make_shared<const graph::Graph>(loadInput(input.graph));
}

} // namespace

void addSpecRunOptions(CLI::App& command, SpecRunOptions& o) {
  addWeightedInput(command, o.input);
  addPairsOptions(command, o.pairs);
  addDeviceOption(command, o.device);
  command
      .add_option("--devices", o.devices,
                  "Spread the pairs over several devices: all, or indices such as 0,1 (a repeated index opens that "
                  "device twice); each device takes the next batch of searches (iBFS) or chunk of pairs when it "
                  "is free, and the lengths come back in the input order")
      ->excludes("--device");
  command.add_option("--chunk-pairs", o.chunkPairs,
                     "With --devices: hand out chunks of this many pairs, each a run of its own (default: iBFS "
                     "shares its batches, one run per device; other engines about four chunks per device)")
      ->check(CLI::Validator(
          [](const std::string& text) {
            // CLI::PositiveNumber's own message ("Value 0 not in range 0.000000 to 1.79e308") says
            // neither what is allowed nor why.
            const bool zero = !text.empty() && text.find_first_not_of('0') == std::string::npos;
            return zero ? std::string("a chunk holds at least one pair: give 1 or more, not ") + text
                        : std::string();
          },
          "PAIRS >= 1"));
  command.add_option("-o,--output", o.output, "Result CSV: source,destination,length (- = stdout)");
  command.add_option("--json", o.json, "JSON report: totals, per-kernel time, every iteration and dispatch");
  command.add_option("--trace", o.trace, "Chrome trace JSON (Perfetto, chrome://tracing)");
  command.add_option("--iterations-csv", o.iterationsCsv, "Per-iteration statistics as CSV");
  command.add_flag("--verify", o.verify,
                   "Compare with the CPU reference (BFS for hops, Dijkstra for weighted lengths); exit 1 on any "
                   "difference (the results file is then not written)");
  command.add_flag("--step", o.step, "Run one iteration at a time and print a line per iteration");
  command.add_flag("--validation", o.validation, "Enable the Vulkan validation layers");
  command.add_flag("--pipeline-statistics", o.pipelineStatistics,
                   "Count the compute invocations of every dispatch (pipeline-statistics queries) and report the "
                   "share of idle lanes; costs some GPU time");
}

namespace {

// Verifies (when asked) and writes the results file; the number of lengths
// that differ from the CPU reference. Checked before anything is written:
// lengths that differ never land in a results file that looks complete.
size_t checkAndWrite(const graph::Graph& g, const std::vector<graph::Pair>& pairs, const run::RunResults& results,
                     const SpecRunOptions& o) {
  const size_t wrong = o.verify ? verify(g, pairs, results) : 0;
  if (!o.output.empty() && wrong == 0) {
    if (o.output == "-") {
      run::writeResultsCsv(std::cout, g, pairs, results);
    } else {
      std::ostringstream text;
      run::writeResultsCsv(text, g, pairs, results);
      report::writeFile(o.output, text.str());
    }
  }
  return wrong;
}

size_t reachableCount(const run::RunResults& results) {
  return static_cast<size_t>(
      std::count_if(results.lengths.begin(), results.lengths.end(), [](double length) { return !std::isinf(length); }));
}

// The exit status from the validation errors and the check.
int finalStatus(uint64_t validationErrors, size_t wrong, size_t pairs, const SpecRunOptions& o) {
  int status = 0;
  if (validationErrors > 0) {
    std::fprintf(stderr, "FAIL: %llu Vulkan validation errors\n", static_cast<unsigned long long>(validationErrors));
    status = 1;
  }
  if (o.verify) {
    if (wrong > 0) {
      std::fprintf(stderr, "FAIL: %zu of %zu lengths differ from the CPU reference%s\n", wrong, pairs,
                   o.output.empty() ? "" : "; the results file was not written");
      return 1;
    }
    std::fprintf(stderr, "verified: every length equals the CPU reference\n");
  }
  return status;
}

// What each device did, beside the runs of the report (FORMATS.md).
nlohmann::json devicesJson(const run::MultiDeviceResult& result) {
  nlohmann::json shares = nlohmann::json::array();
  for (const run::DeviceShare& share : result.devices) {
    shares.push_back({{"device", share.device},
                      {"chunks", share.chunks},
                      {"pairs", share.pairs},
                      {"gpu_ms", share.trace.totals.gpuMs},
                      {"busy_ms", share.busyMs},
                      {"setup_ms", share.setupMs},
                      {"prepare_ms", share.prepareMs},
                      {"failure", share.failure}});
  }
  return {{"wall_ms", result.wallMs},
          {"pairs_per_second", result.pairsPerSecond()},
          {"shared_batches", result.sharedBatches},
          {"chunks", result.chunks},
          {"rerun_chunks", result.rerunChunks},
          {"per_device", shares}};
}

// --trace and --iterations-csv of one run, or of a run per device.
void writeTraceOutputs(const SpecRunOptions& o, std::span<const engine::RunTrace> traces) {
  if (!o.trace.empty()) {
    report::writeFile(o.trace, report::chromeTrace(traces).dump() + "\n");
  }
  if (!o.iterationsCsv.empty()) {
    std::ostringstream text;
    if (traces.size() == 1) {
      report::writeIterationsCsv(text, traces.front());
    } else {
      report::writeIterationsCsv(text, traces);
    }
    report::writeFile(o.iterationsCsv, text.str());
  }
}

// --devices: the pairs handed out in shared batches or chunks over several
// devices (run/MultiDevice.h); the report and the trace have a run per device.
int runOnSeveralDevices(const run::RunSpec& spec, const SpecRunOptions& o,
                        const std::vector<std::unique_ptr<gpu::Context>>& contexts,
                        const std::shared_ptr<const graph::Graph>& g, const std::vector<graph::Pair>& pairs) {
  std::vector<std::unique_ptr<run::DeviceInputs>> inputs;
  std::vector<run::DeviceInputs*> slots;
  for (const auto& context : contexts) {
    inputs.push_back(std::make_unique<run::DeviceInputs>(*context, g));
    slots.push_back(inputs.back().get());
  }
  ProgressLine progress("run " + spec.text + " on " + std::to_string(slots.size()) + " devices");
  run::MultiDeviceOptions options;
  options.chunkPairs = o.chunkPairs;
  options.cancel = &interruptFlag();
  options.progress = [&progress](uint64_t done, uint64_t total) {
    progress.update(total == 0 ? 1.0 : static_cast<double>(done) / static_cast<double>(total),
                    std::to_string(done) + "/" + std::to_string(total) + " pairs");
  };
  const run::MultiDeviceResult result = run::runOnDevices(slots, pairs, spec, options);
  if (result.cancelled) {
    throw Interrupted();
  }
  progress.finish();
  const size_t wrong = checkAndWrite(*g, pairs, result.results, o);

  std::vector<engine::RunTrace> traces;
  for (const run::DeviceShare& share : result.devices) {
    traces.push_back(share.trace);
    // Named by the device too, as a comparison names its entries by spec:
    // the trace's processes and the CSV's rows of each device stay apart.
    traces.back().strategy = spec.text + " on " + share.device;
  }
  if (!o.json.empty()) {
    nlohmann::json report = report::jsonComparison(traces, true);
    report["devices"] = devicesJson(result);
    report::writeFile(o.json, report.dump(1) + "\n");
  }
  writeTraceOutputs(o, traces);
  const char* pieces = result.sharedBatches ? "batches" : "chunks";
  std::fprintf(stderr,
               "%s on %zu devices: %zu pairs (%zu reachable, lengths in %s) in %u %s, wall %.3f ms "
               "(%.4g pairs/s; the devices' preparation not included)\n",
               spec.text.c_str(), slots.size(), pairs.size(), reachableCount(result.results),
               std::string(run::unitName(result.results.unit)).c_str(), result.chunks, pieces, result.wallMs,
               result.pairsPerSecond());
  for (const run::DeviceShare& share : result.devices) {
    std::fprintf(stderr,
                 "  device %s: %u %s, %u pairs, %u iterations, GPU %.3f ms, busy %.3f ms (making the runs %.3f "
                 "ms), prepared in %.3f ms%s%s\n",
                 share.device.c_str(), share.chunks, pieces, share.pairs, share.trace.totals.iterations,
                 share.trace.totals.gpuMs, share.busyMs, share.setupMs, share.prepareMs, share.failure.empty() ? "" : ", FAILED: ",
                 share.failure.c_str());
  }
  if (result.rerunChunks > 0) {
    std::fprintf(stderr, "  %u %s ran again on another device after their device failed\n", result.rerunChunks, pieces);
  }
  uint64_t validationErrors = 0;
  for (const auto& context : contexts) {
    validationErrors += context->validationErrorCount();
  }
  return finalStatus(validationErrors, wrong, pairs.size(), o);
}

} // namespace

int runSpec(const run::RunSpec& spec, const SpecRunOptions& o) {
  const std::shared_ptr<const graph::Graph> g = loadFor(spec, o.input);
  const std::vector<graph::Pair> pairs = resolvePairs(*g, o.pairs);
  if (o.step && !o.devices.empty()) {
    throw std::invalid_argument("--step runs one iteration at a time on one device; leave out --devices");
  }
  gpu::ContextOptions contextOptions;
  contextOptions.pipelineStatistics = o.pipelineStatistics;
  contextOptions.validation = o.validation ? gpu::Validation::On : gpu::Validation::Auto;
  const std::vector<std::unique_ptr<gpu::Context>> contexts = openDevices(o.device, o.devices, contextOptions);
  if (!o.devices.empty()) {
    return runOnSeveralDevices(spec, o, contexts, g, pairs);
  }
  gpu::Context& context = *contexts.front();
  run::DeviceInputs inputs(context, g);
  const size_t firstPipeline = context.pipelineReports().size();
  run::RunOptions runOptions;
  runOptions.levels = o.step;
  const std::unique_ptr<run::Run> search = run::makeRun(inputs, pairs, spec, runOptions);
  if (o.step) {
    const run::Family& family = run::familyOf(spec.engine);
    while (!search->finished()) {
      throwIfInterrupted();
      printStep(family, search->step(), search->trace());
    }
  } else {
    ProgressLine progress("run " + spec.text);
    runOrStop(*search, progress.searchCallback()); // stopped: before anything is written
    progress.finish();
  }
  const run::RunResults results = search->results();
  const size_t wrong = checkAndWrite(*g, pairs, results, o);
  engine::RunTrace trace = search->trace();
  trace.pipelines = run::runPipelines(context, firstPipeline);
  // The device's roofs when `selftest` measured them (never measured here: a run stays a run).
  const engine::DeviceRoofs roofs = engine::loadCachedRoofs(context.info()).value_or(engine::DeviceRoofs{});
  if (!o.json.empty()) {
    report::writeFile(o.json, report::jsonReport(trace, true, roofs).dump(1) + "\n");
  }
  writeTraceOutputs(o, std::span<const engine::RunTrace>(&trace, 1));
  std::fprintf(stderr,
               "%s on %s: %zu pairs (%zu reachable, lengths in %s), %u batches, %u iterations, %llu arcs examined, "
               "GPU %.3f ms (submitted %.3f ms), wall %.3f ms\n  %s\n",
               spec.text.c_str(), context.info().name.c_str(), pairs.size(), reachableCount(results),
               std::string(run::unitName(results.unit)).c_str(), trace.batches, trace.totals.iterations,
               static_cast<unsigned long long>(trace.totals.edgesExamined), trace.totals.gpuMs,
               trace.totals.submittedMs, trace.totals.wallMs, search->details().c_str());
  if (trace.deviceBytes > 0) {
    std::fprintf(stderr, "  device memory: %s\n", engine::describeNeed(trace.deviceBytes, trace.deviceBudget).c_str());
  }
  printRoofline(trace, roofs, o.pipelineStatistics);
  if (o.pipelineStatistics) {
    printPipelines(trace.pipelines);
  }
  return finalStatus(context.validationErrorCount(), wrong, pairs.size(), o);
}

} // namespace frontier::cli
