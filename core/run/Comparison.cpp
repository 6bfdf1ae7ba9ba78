#include "run/Comparison.h"

#include <algorithm>
#include <exception>
#include <mutex>
#include <stdexcept>
#include <thread>

#include "vk/Context.h"

#include "run/DeviceInputs.h"
#include "run/Registry.h"
#include "run/RunPipelines.h"
#include "run/Verify.h"

namespace frontier::run {

size_t ComparedRun::timedCount() const noexcept {
  return static_cast<size_t>(
      std::count_if(samples.begin(), samples.end(), [](const RunSample& s) { return !s.warmup; }));
}

std::vector<double> ComparedRun::timedGpuMs() const {
  std::vector<double> times;
  for (const RunSample& sample : samples) {
    if (!sample.warmup) {
      times.push_back(sample.gpuMs);
    }
  }
  return times;
}

int medianSampleOf(const std::vector<RunSample>& samples) {
  std::vector<int> timed;
  for (size_t i = 0; i < samples.size(); ++i) {
    if (!samples[i].warmup) {
      timed.push_back(static_cast<int>(i));
    }
  }
  if (timed.empty()) {
    return -1;
  }
  // Ties keep the earlier run, so the choice does not depend on the sort.
  std::stable_sort(timed.begin(), timed.end(), [&](int a, int b) {
    return samples[static_cast<size_t>(a)].gpuMs < samples[static_cast<size_t>(b)].gpuMs;
  });
  return timed[(timed.size() - 1) / 2];
}

Comparison::Comparison(DeviceInputs& inputs, std::vector<graph::Pair> pairs)
    : m_devices{&inputs}, m_pairs(std::move(pairs)) {}

Comparison::Comparison(std::vector<DeviceInputs*> devices, std::vector<graph::Pair> pairs)
    : m_devices(std::move(devices)), m_pairs(std::move(pairs)) {
  if (m_devices.empty()) {
    throw std::invalid_argument("a comparison needs a device");
  }
}

std::string Comparison::deviceName(int index) const {
  const size_t slot = static_cast<size_t>(index) % m_devices.size();
  return m_devices.size() == 1 ? m_devices.front()->context().info().name : slotName(*m_devices[slot], slot);
}

bool Comparison::eachEntry(int count, const std::function<bool(int)>& body) const {
  const int devices = static_cast<int>(m_devices.size());
  if (devices == 1) {
    for (int i = 0; i < count; ++i) {
      if (!body(i)) {
        return false;
      }
    }
    return true;
  }
  std::atomic<bool> going{true};
  std::vector<std::thread> threads;
  for (int d = 0; d < devices && d < count; ++d) {
    threads.emplace_back([&, d] {
      for (int i = d; i < count && going; i += devices) {
        if (!body(i)) {
          going = false;
        }
      }
    });
  }
  for (std::thread& thread : threads) {
    thread.join();
  }
  return going;
}

std::optional<Comparison::Outcome> Comparison::runOnce(DeviceInputs& inputs, const RunSpec& spec,
                                                       const std::function<void(const engine::Progress&)>& progress,
                                                       const std::atomic<bool>* cancel) {
  const size_t firstPipeline = inputs.context().pipelineReports().size();
  // The comparison window charts its iBFS runs level by level (frontier,
  // JFQ), so `tuned` stays on the BFS engine here (run/IbfsRun.cpp).
  RunOptions options;
  options.levels = true;
  const std::unique_ptr<Run> search = makeRun(inputs, m_pairs, spec, options);
  if (!search->run(progress, cancel)) {
    return std::nullopt;
  }
  Outcome outcome{search->trace(), search->results()};
  outcome.trace.pipelines = runPipelines(inputs.context(), firstPipeline);
  // The spec names the process in traces and the column in tables, so that
  // two variants of one preset stay apart.
  outcome.trace.strategy = spec.text;
  return outcome;
}

void Comparison::record(ComparedRun& entry, Outcome outcome, int order, int round, bool warmup) {
  RunSample sample;
  sample.order = order;
  sample.round = round;
  sample.warmup = warmup;
  sample.gpuMs = outcome.trace.totals.gpuMs;
  sample.wallMs = outcome.trace.totals.wallMs;
  sample.submittedMs = outcome.trace.totals.submittedMs;
  const std::vector<double> perKind = outcome.trace.nsPerKind();
  for (size_t k = 0; k < perKind.size() && k < sample.kindNs.size(); ++k) {
    sample.kindNs[k] = perKind[k];
  }
  entry.samples.push_back(sample);
  if (entry.checked == 0 && !warmup) {
    // The first timed run against the CPU; its lengths are the entry's.
    entry.lengths = outcome.results.lengths;
    check(entry, outcome.results);
  }
}

bool Comparison::compare(const std::vector<RunSpec>& specs, const CompareSettings& settings,
                         const std::function<void(int index, double fraction)>& progress,
                         const std::function<void(const ComparedRun&)>& result, const std::atomic<bool>* cancel) {
  const int count = static_cast<int>(specs.size());
  const int warmups = std::clamp(settings.warmups, 0, kMaxWarmups);
  const int repeats = std::clamp(settings.repeats, kMinRepeats, kMaxRepeats);
  const int total = count * (warmups + repeats);
  std::vector<ComparedRun> entries(specs.size());
  std::vector<std::vector<engine::RunTrace>> traces(specs.size()); // timed runs, as in samples
  // Lengths of runs made before the CPU-checked one (the warm-ups), compared once it is known.
  std::vector<std::vector<std::vector<double>>> early(specs.size());
  for (int i = 0; i < count; ++i) {
    ComparedRun& entry = entries[static_cast<size_t>(i)];
    entry.index = i;
    entry.spec = specs[static_cast<size_t>(i)].text;
    entry.sssp = specs[static_cast<size_t>(i)].unit() == Unit::Weight;
    entry.repeats = repeats;
    entry.device = deviceName(i);
  }
  int order = 0;
  // Held by a device's thread for everything but the run itself: the
  // entries' shared counters, the CPU reference and the callbacks.
  std::recursive_mutex lock;
  // One run of entry i; false when cancelled. A failure ends the entry.
  const auto runEntry = [&](int i, int round, bool warmup) {
    std::unique_lock held(lock);
    ComparedRun& entry = entries[static_cast<size_t>(i)];
    const int done = order;
    const auto onProgress = [&](const engine::Progress& p) {
      const std::lock_guard inner(lock);
      progress(i, (done + p.fraction()) / static_cast<double>(total));
    };
    progress(i, done / static_cast<double>(total));
    try {
      held.unlock();
      std::optional<Outcome> outcome = runOnce(*m_devices[static_cast<size_t>(i) % m_devices.size()],
                                               specs[static_cast<size_t>(i)], onProgress, cancel);
      held.lock();
      if (!outcome) {
        return false;
      }
      const bool checkedBefore = entry.checked > 0;
      std::vector<double> lengths = outcome->results.lengths;
      engine::RunTrace trace = warmup ? engine::RunTrace{} : outcome->trace;
      record(entry, std::move(*outcome), order, round, warmup);
      if (!checkedBefore && entry.checked == 0) {
        early[static_cast<size_t>(i)].push_back(std::move(lengths)); // a warm-up: compared later
      } else if (!checkedBefore) {
        for (const std::vector<double>& before : early[static_cast<size_t>(i)]) {
          entry.differingRuns += before != entry.lengths ? 1U : 0U;
        }
        early[static_cast<size_t>(i)].clear();
      } else {
        entry.differingRuns += lengths != entry.lengths ? 1U : 0U;
      }
      if (!warmup) {
        traces[static_cast<size_t>(i)].push_back(std::move(trace));
      }
    } catch (const std::exception& error) {
      if (!held.owns_lock()) {
        held.lock();
      }
      entry.error = error.what(); // the entry runs no more; the others go on
      entry.trace = {};
      entry.medianSample = -1;
      result(entry);
    }
    ++order;
    return true;
  };

  for (int w = 0; w < warmups; ++w) {
    const auto warmUp = [&](int i) {
      return !entries[static_cast<size_t>(i)].error.empty() || runEntry(i, -1 - w, true);
    };
    if (!eachEntry(count, warmUp)) {
      return false;
    }
  }
  for (int round = 0; round < repeats; ++round) {
    const bool going = eachEntry(count, [&](int i) {
      ComparedRun& entry = entries[static_cast<size_t>(i)];
      if (!entry.error.empty()) {
        return true;
      }
      if (!runEntry(i, round, false)) {
        return false;
      }
      const std::lock_guard held(lock);
      if (!entry.error.empty()) {
        return true;
      }
      // The median so far: its trace is what the views show.
      entry.medianSample = medianSampleOf(entry.samples);
      int timedIndex = 0;
      for (int s = 0; s < entry.medianSample; ++s) {
        timedIndex += entry.samples[static_cast<size_t>(s)].warmup ? 0 : 1;
      }
      entry.trace = traces[static_cast<size_t>(i)][static_cast<size_t>(timedIndex)];
      result(entry);
      return true;
    });
    if (!going) {
      return false;
    }
  }
  return true;
}

void Comparison::check(ComparedRun& result, const RunResults& results) {
  std::optional<std::vector<reference::PathLength>>& expected = m_expected[static_cast<size_t>(results.unit)];
  if (!expected) {
    expected = referenceLengths(*m_devices.front()->graph(), m_pairs, results.unit);
  }
  const Verification check = verify(*expected, results);
  result.checked = check.checked;
  result.mismatches = check.mismatches;
}

} // namespace frontier::run
