// report::chromeTrace (Report.h): the Chrome trace event format as Perfetto
// reads it. Per run a process; in it one thread per kernel kind (a complete
// event per dispatch), a "levels" thread with one slice per level, and one
// counter track per per-level statistic, one sample per level.

#include "Report.h"

#include <algorithm>
#include <map>
#include <utility>

namespace frontier::report {

namespace {

using nlohmann::json;

// After the kernel-kind tracks (tid = KernelKind), so the levels sort below them.
constexpr int kLevelThread = static_cast<int>(engine::KernelKind::Count_);

struct LevelSpan {
  double startNs = 0;
  double endNs = 0;
  uint64_t bytesMoved = 0;  // over the level's dispatches
  bool seen = false;
};

// Each level's first dispatch start and last dispatch end.
std::map<std::pair<uint32_t, uint32_t>, LevelSpan> levelSpans(const engine::RunTrace& run) {
  std::map<std::pair<uint32_t, uint32_t>, LevelSpan> spans;
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

void addMetadata(json& events, int pid, const std::string& process) {
  events.push_back({{"ph", "M"}, {"pid", pid}, {"name", "process_name"}, {"args", {{"name", process}}}});
  events.push_back({{"ph", "M"}, {"pid", pid}, {"name", "process_sort_index"}, {"args", {{"sort_index", pid}}}});
  for (int k = 0; k <= kLevelThread; ++k) {
    const std::string name =
        k == kLevelThread ? std::string("levels") : std::string(engine::kernelName(static_cast<engine::KernelKind>(k)));
    events.push_back({{"ph", "M"}, {"pid", pid}, {"tid", k}, {"name", "thread_name"}, {"args", {{"name", name}}}});
    events.push_back(
        {{"ph", "M"}, {"pid", pid}, {"tid", k}, {"name", "thread_sort_index"}, {"args", {{"sort_index", k}}}});
  }
}

void addLevels(json& events, int pid, const engine::RunTrace& run) {
  const bool sssp = run.algorithm == "sssp";
  const auto spans = levelSpans(run);
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

} // namespace

json chromeTrace(std::span<const engine::RunTrace> runs) {
  json events = json::array();
  for (size_t r = 0; r < runs.size(); ++r) {
    const engine::RunTrace& run = runs[r];
    const int pid = static_cast<int>(r + 1);
    addMetadata(events, pid, run.strategy.empty() ? run.algorithm : run.strategy);
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
    addLevels(events, pid, run);
  }
  // Perfetto shows otherData as the trace's metadata: what the times are, and
  // that the host's side (submissions, waits, read-backs) is not in it.
  const json metadata = {{"clock", "GPU timestamps; microseconds from each run's first"},
                         {"host_events",
                          "not recorded: the engines do not yet place host submissions and read-backs on the "
                          "GPU clock (VK_KHR/EXT_calibrated_timestamps)"}};
  return {{"traceEvents", events}, {"displayTimeUnit", "ns"}, {"otherData", metadata}};
}

} // namespace frontier::report
