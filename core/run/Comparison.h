#pragma once
// Runs a comparison over one graph and one set of pairs: untimed warm-up runs
// of every entry, then `repeats` timed runs of every entry in interleaved
// order (round robin: entry 1, 2, ..., n, then 1, 2, ... again), so that a
// slow start, a busy machine or a warming cache falls on all entries alike.
// Every run is checked: the first timed run of each entry against the CPU
// reference of its unit (verify(), computed once per comparison and unit),
// and every other run, warm-ups included, must give exactly the same lengths.
// Entries are specs of any family (RunSpec.h) and run through run::Run only.
//
// Several devices: entry i runs on device i mod n, and the devices run their
// entries of a round at the same time, each on a thread of its own (the
// rounds still follow each other); the callbacks are then called from those
// threads, one at a time.
//
// Thread affinity: the thread that owns the gpu::Context (the GUI's engine
// worker); with several devices, that thread owns them all and waits while
// they run.
// Errors: a failing entry is reported in its ComparedRun::error and is not
// run again; the others still run.

#include <array>
#include <atomic>
#include <cstddef>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "engine/Trace.h"
#include "graph/Graph.h"
#include "graph/Pairs.h"
#include "reference/Dijkstra.h"
#include "run/Run.h"
#include "run/RunSpec.h"

namespace frontier::run {

class DeviceInputs;

// How a comparison runs its entries.
struct CompareSettings {
  int warmups = 1; // untimed runs of each entry before the timed ones
  int repeats = 7; // timed runs of each entry (odd: the median is one of them)
};

inline constexpr int kMinRepeats = 1;
inline constexpr int kMaxRepeats = 99;
inline constexpr int kMaxWarmups = 9;

// One run of an entry, as measured.
struct RunSample {
  int order = 0;          // position of this run among all runs of the comparison (warm-ups too), from 0
  int round = 0;          // timed runs: 0 .. repeats-1; warm-ups: -1 - their number
  bool warmup = false;    // untimed: not in the medians and spreads
  double gpuMs = 0;       // engine::RunTotals::gpuMs: the sum of the run's kernel spans
  double wallMs = 0;      // host clock around submit, wait and read-back
  double submittedMs = 0; // engine::RunTotals::submittedMs: gpuMs plus dispatches that did no work
  std::array<double, static_cast<size_t>(engine::KernelKind::Count_)> kindNs{}; // GPU time per kernel kind
};

// One entry of a comparison: every run made so far, and the full trace of
// its median timed run (the runs are sorted by GPU time; with an even count,
// the lower of the two middle ones), which the panels, the bars and the
// exports show, so that the GPU time in the table is that run's.
struct ComparedRun {
  int index = 0;                  // position in the comparison
  std::string spec;               // RunSpec::text: the entry's name
  std::string device;             // the device that ran it: its name, "[slot] name" with several
  bool sssp = false;              // weighted lengths (Unit::Weight) rather than hops
  engine::RunTrace trace;         // the median timed run
  std::vector<RunSample> samples; // every run so far, in the order they ran (warm-ups first)
  int medianSample = -1;          // index into samples of the run `trace` is from
  int repeats = 0;                // timed runs asked for (samples may hold fewer while it runs)
  // Per pair: hops (iBFS) or weighted length (SSSP); reference::kNoPath when unreachable.
  std::vector<double> lengths;
  size_t checked = 0;       // pairs compared with the CPU reference (first timed run)
  size_t mismatches = 0;    // of those, how many differ
  size_t differingRuns = 0; // other runs whose lengths are not exactly those of the checked run
  std::string error;        // non-empty: the run failed and the trace is empty
  // The roofs of the device that ran it as saved with a reopened report
  // (all zero for runs made here: the window reads its device's cache).
  engine::DeviceRoofs roofs;
  bool verified() const noexcept { return error.empty() && checked > 0 && mismatches == 0 && differingRuns == 0; }
  size_t timedCount() const noexcept;
  // GPU times of the timed runs, in the order they ran.
  std::vector<double> timedGpuMs() const;
};

class Comparison {
public:
  // `inputs` holds the graph and its device copies (made on first need and
  // kept there: one upload per graph).
  Comparison(DeviceInputs& inputs, std::vector<graph::Pair> pairs);
  // Entries spread over `devices` (every one with a copy of the same graph;
  // at least one).
  Comparison(std::vector<DeviceInputs*> devices, std::vector<graph::Pair> pairs);

  // Runs the whole comparison: the warm-ups of every entry, then the rounds.
  // `progress(index, fraction)`: the entry now running and the fraction of
  // all the comparison's runs done. `result` after every timed round with
  // each entry's result so far (and once for an entry that failed). false
  // when `cancel` became true (the results sent so far stand).
  bool compare(const std::vector<RunSpec>& specs, const CompareSettings& settings,
               const std::function<void(int index, double fraction)>& progress,
               const std::function<void(const ComparedRun&)>& result, const std::atomic<bool>* cancel);

private:
  struct Outcome {
    engine::RunTrace trace;
    RunResults results;
  };
  // One run to the end; `progress` after every submission. nullopt when
  // `cancel` became true; throws on a failure.
  std::optional<Outcome> runOnce(DeviceInputs& inputs, const RunSpec& spec,
                                 const std::function<void(const engine::Progress&)>& progress,
                                 const std::atomic<bool>* cancel);
  // Runs body(i) for every entry: in order on one device, or each device's
  // entries on its own thread. false when a body returned false.
  bool eachEntry(int count, const std::function<bool(int)>& body) const;
  std::string deviceName(int index) const;
  // Adds a finished run to `entry`: its sample, the check of its lengths.
  void record(ComparedRun& entry, Outcome outcome, int order, int round, bool warmup);
  void check(ComparedRun& result, const RunResults& results);

  std::vector<DeviceInputs*> m_devices;
  std::vector<graph::Pair> m_pairs;
  // The CPU reference per unit (index = Unit), computed on first need.
  std::array<std::optional<std::vector<reference::PathLength>>, 2> m_expected;
};

// The sample index of the median of the timed runs' GPU times (the lower
// middle one for an even count); -1 when there is none.
int medianSampleOf(const std::vector<RunSample>& samples);

} // namespace frontier::run
