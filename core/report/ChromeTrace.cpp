// report::chromeTrace (Report.h): the Chrome trace event format as Perfetto
// reads it. Per run a process; in it one thread per kernel kind (a complete
// event per dispatch), a "levels" thread with one slice per level, and one
// counter track per per-level statistic, one sample per level (and, for
// batched shortest paths, one per query: its settled count); where the
// run's host times were on the GPU clock, a "host" thread with each
// submission's submit, wait and read-back.

#include "Report.h"

#include <algorithm>
#include <map>
#include <utility>

namespace frontier::report {

namespace {

using nlohmann::json;

// After the kernel-kind tracks (tid = KernelKind), so the levels sort below them.
constexpr int kLevelThread = static_cast<int>(engine::KernelKind::Count_);
constexpr int kHostThread = kLevelThread + 1;

bool hasHostTimes(const engine::RunTrace& run) {
  return std::any_of(run.kernels.begin(), run.kernels.end(),
                     [](const engine::KernelSpan& k) { return k.host.recorded; });
}

// The host's submit (vkQueueSubmit), its wait for the GPU and the read-back
// of each submission, from the spans that end submissions.
void addHost(json& events, int pid, const engine::RunTrace& run) {
  for (const engine::KernelSpan& k : run.kernels) {
    if (!k.host.recorded) {
      continue;
    }
    const json args = {{"batch", k.batch}, {"level", k.level}};
    const double submitStart = k.endNs + k.host.submitStartNs;
    const double submitEnd = k.endNs + k.host.submitEndNs;
    const double readback = k.endNs + k.host.readbackNs;
    const auto slice = [&](const char* name, double fromNs, double toNs) {
      events.push_back({{"ph", "X"},
                        {"pid", pid},
                        {"tid", kHostThread},
                        {"name", name},
                        {"cat", "host"},
                        {"ts", fromNs / 1e3},
                        {"dur", std::max(0.0, toNs - fromNs) / 1e3},
                        {"args", args}});
    };
    slice("submit", submitStart, submitEnd);
    slice("wait", submitEnd, readback);
    events.push_back({{"ph", "i"},
                      {"s", "t"},
                      {"pid", pid},
                      {"tid", kHostThread},
                      {"name", "read-back"},
                      {"cat", "host"},
                      {"ts", readback / 1e3},
                      {"args", args}});
  }
}

// A submission made before a run's first GPU timestamp has a negative
// time; every event moves later by the earliest one's lead so that no
// time is negative (readers handle those poorly). Returns the shift in µs.
double shiftToZero(json& events) {
  double earliest = 0;
  for (const json& e : events) {
    if (e.contains("ts")) {
      earliest = std::min(earliest, e["ts"].get<double>());
    }
  }
  if (earliest < 0) {
    for (json& e : events) {
      if (e.contains("ts")) {
        e["ts"] = e["ts"].get<double>() - earliest;
      }
    }
  }
  return -earliest;
}

struct LevelSpan {
  double startNs = 0;
  double endNs = 0;
  uint64_t bytesMoved = 0;  // over the level's dispatches
  bool seen = false;
};

// By (batch, level).
using LevelSpans = std::map<std::pair<uint32_t, uint32_t>, LevelSpan>;

// Each level's first dispatch start and last dispatch end.
LevelSpans levelSpans(const engine::RunTrace& run) {
  LevelSpans spans;
  for (const engine::KernelSpan& k : run.kernels) {
    LevelSpan& s = spans[{k.batch, k.level}];
    s.startNs = s.seen ? std::min(s.startNs, k.startNs) : k.startNs;
    s.endNs = s.seen ? std::max(s.endNs, k.endNs) : k.endNs;
    s.bytesMoved += k.bytesMoved;
    s.seen = true;
  }
  return spans;
}

// The statistics that get a counter track, by run kind.
std::vector<std::pair<const char*, double>> counters(const engine::IterationStats& it, bool sssp,
                                                     uint64_t bytesMoved) {
  if (sssp) {
    return {{"near bucket", static_cast<double>(it.nearSize)},
            {"far pile", static_cast<double>(it.farSize)},
            {"settled", static_cast<double>(it.settled)},
            {"arcs examined", static_cast<double>(it.edgesExamined)},
            {"active searches", static_cast<double>(it.activeSearches)}};
  }
  return {{"JFQ length", static_cast<double>(it.jfqLength)},
          {"newly visited", static_cast<double>(it.newlyVisited)},
          {"arcs examined", static_cast<double>(it.edgesExamined)},
          {"search-edges", static_cast<double>(it.searchEdges)},
          {"active searches", static_cast<double>(it.activeSearches)},
          {"bytes moved", static_cast<double>(bytesMoved)}};
}

void addMetadata(json& events, int pid, const std::string& process, bool host) {
  events.push_back({{"ph", "M"}, {"pid", pid}, {"name", "process_name"}, {"args", {{"name", process}}}});
  events.push_back({{"ph", "M"}, {"pid", pid}, {"name", "process_sort_index"}, {"args", {{"sort_index", pid}}}});
  for (int k = 0; k <= kLevelThread; ++k) {
    const std::string name =
        k == kLevelThread ? std::string("levels") : std::string(engine::kernelName(static_cast<engine::KernelKind>(k)));
    events.push_back({{"ph", "M"}, {"pid", pid}, {"tid", k}, {"name", "thread_name"}, {"args", {{"name", name}}}});
    events.push_back(
        {{"ph", "M"}, {"pid", pid}, {"tid", k}, {"name", "thread_sort_index"}, {"args", {{"sort_index", k}}}});
  }
  if (host) {
    events.push_back(
        {{"ph", "M"}, {"pid", pid}, {"tid", kHostThread}, {"name", "thread_name"}, {"args", {{"name", "host"}}}});
    events.push_back({{"ph", "M"},
                      {"pid", pid},
                      {"tid", kHostThread},
                      {"name", "thread_sort_index"},
                      {"args", {{"sort_index", kHostThread}}}});
  }
}

void addLevels(json& events, int pid, const engine::RunTrace& run, const LevelSpans& spans) {
  const bool sssp = run.algorithm == "sssp";
  double previousEnd = 0;
  for (const engine::IterationStats& it : run.iterations) {
    const auto found = spans.find({it.batch, it.level});
    // A level without a timed dispatch (timestamps off) sits at the end of
    // the one before, with no length: it still gets its samples.
    const double start = found != spans.end() ? found->second.startNs : previousEnd;
    const double end = found != spans.end() ? found->second.endNs : previousEnd;
    const uint64_t bytesMoved = found != spans.end() ? found->second.bytesMoved : 0;
    previousEnd = end;
    // Appended piece by piece: GCC 12 reports a false overflow in
    // operator+(const char*, std::string&&), which fails -Werror builds.
    std::string name = sssp ? "iteration " : "level ";
    name += std::to_string(it.level);
    if (!sssp) {
      name += ' ';
      name += engine::directionName(it.direction);
    }
    json args = {{"batch", it.batch},
                 {"level", it.level},
                 {"direction", engine::directionName(it.direction)},
                 {"active_searches", it.activeSearches},
                 {"gpu_us", it.gpuNs / 1e3}};
    for (const auto& [counter, value] : counters(it, sssp, bytesMoved)) {
      args[counter] = value;
    }
    events.push_back({{"ph", "X"},
                      {"pid", pid},
                      {"tid", kLevelThread},
                      {"name", name},
                      {"cat", "level"},
                      {"ts", start / 1e3},
                      {"dur", (end - start) / 1e3},
                      {"args", args}});
    // One counter event per statistic: Perfetto makes a track of each name.
    for (const auto& [counter, value] : counters(it, sssp, bytesMoved)) {
      events.push_back(
          {{"ph", "C"}, {"pid", pid}, {"name", counter}, {"ts", start / 1e3}, {"args", {{"value", value}}}});
    }
  }
}

// Weighted runs of the batched engine: a counter track per query ("settled,
// query N"), a sample at the end of each step its count is known after.
void addQueryProgress(json& events, int pid, const engine::RunTrace& run, const LevelSpans& spans) {
  for (const engine::QueryProgress& p : run.queryProgress) {
    const auto found = spans.find({p.batch, p.level});
    const double at = found != spans.end() ? found->second.endNs : 0.0;
    std::string name = "settled, query ";
    name += std::to_string(p.query);
    events.push_back({{"ph", "C"},
                      {"pid", pid},
                      {"name", name},
                      {"ts", at / 1e3},
                      {"args", {{"value", static_cast<double>(p.settled)}}}});
  }
}

} // namespace

json chromeTrace(std::span<const engine::RunTrace> runs) {
  json events = json::array();
  bool anyHost = false;
  for (size_t r = 0; r < runs.size(); ++r) {
    const engine::RunTrace& run = runs[r];
    const int pid = static_cast<int>(r + 1);
    const bool host = hasHostTimes(run);
    anyHost = anyHost || host;
    addMetadata(events, pid, run.strategy.empty() ? run.algorithm : run.strategy, host);
    for (const engine::KernelSpan& span : run.kernels) {
      json args = {{"batch", span.batch}, {"level", span.level}};
      if (span.bytesMoved > 0) {
        args["bytes_moved"] = span.bytesMoved;
        args["achieved_gbps"] = span.achievedGbps();
      }
      events.push_back({{"ph", "X"},
                        {"pid", pid},
                        {"tid", static_cast<int>(span.kind)},
                        {"name", engine::kernelName(span.kind)},
                        {"cat", "kernel"},
                        {"ts", span.startNs / 1e3},
                        {"dur", span.durationNs() / 1e3},
                        {"args", args}});
    }
    const LevelSpans spans = levelSpans(run);
    addLevels(events, pid, run, spans);
    addQueryProgress(events, pid, run, spans);
    addHost(events, pid, run);
  }
  const double shiftUs = shiftToZero(events);
  // Perfetto shows otherData as the trace's metadata: what the times are, and
  // whether the host's side (submissions, waits, read-backs) is in it.
  const json metadata = {
      {"clock", "GPU timestamps; microseconds from each run's first, plus shift_us"},
      {"shift_us", shiftUs},
      {"host_events",
       anyHost ? "recorded: each submission's submit, wait and read-back on the GPU clock (calibrated timestamps), "
                 "on the host thread"
               : "not recorded: the device had no calibrated timestamps (VK_KHR/EXT_calibrated_timestamps), they "
                 "were turned off, or the runs were read from a report"}};
  return {{"traceEvents", events}, {"displayTimeUnit", "ns"}, {"otherData", metadata}};
}

} // namespace frontier::report
