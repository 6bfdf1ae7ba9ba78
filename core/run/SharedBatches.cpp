// Several devices, one run each: every device makes one run over all the
// pairs while it is prepared (as a one-device run is made before its clock
// starts), and the runs take their batches from one shared queue
// (RunOptions::claimBatch) until none is left. A device that finishes early
// takes the next batch; no run is made per share of the work, which for a
// fast engine cost as much as the searching (docs/BENCHMARKS.md, "Several
// devices").
//
// Every run numbers the batches alike (same pairs, same spec), so a batch's
// lengths are taken from the run that answered it, by its pairs
// (Run::batchPairs). A run that fails gives every batch it took back, its
// lengths never read; a device whose run has ended waits while others still
// run (one may fail) and makes a new run if batches come back.

#include <algorithm>
#include <deque>
#include <exception>
#include <optional>
#include <unordered_map>

#include "run/DeviceInputs.h"
#include "run/MultiDeviceParts.h"
#include "run/Registry.h"

namespace frontier::run::detail {

namespace {

class BatchQueue {
public:
  // `devices` runs are about to start (one per prepared device).
  explicit BatchQueue(size_t devices) : m_running(devices) {}

  // The first run made tells how many batches there are; false when a run
  // says otherwise (its pairs or spec would number them differently).
  bool fill(uint32_t batches) {
    const std::lock_guard lock(m_mutex);
    if (m_filled) {
      return m_batches == batches;
    }
    m_filled = true;
    m_batches = batches;
    for (uint32_t b = 0; b < batches; ++b) {
      m_waiting.push_back(b);
    }
    return true;
  }

  // A device that was counted as about to run made no run.
  void neverStarted() { runEnded(); }

  std::optional<uint32_t> take() {
    const std::lock_guard lock(m_mutex);
    if (m_waiting.empty() || m_stopped) {
      return std::nullopt;
    }
    const uint32_t batch = m_waiting.front();
    m_waiting.pop_front();
    return batch;
  }

  void runEnded() {
    const std::lock_guard lock(m_mutex);
    --m_running;
    m_changed.notify_all();
  }

  // The run failed: its batches first in line for the others.
  void giveBack(const std::vector<uint32_t>& batches) {
    const std::lock_guard lock(m_mutex);
    --m_running;
    m_waiting.insert(m_waiting.begin(), batches.begin(), batches.end());
    m_givenBack += static_cast<uint32_t>(batches.size());
    m_changed.notify_all();
  }

  // After a run ended: waits while the queue is empty and other runs go on.
  // True when batches came back: the caller counts as running again and
  // makes a new run to take them.
  bool waitForMore() {
    std::unique_lock lock(m_mutex);
    m_changed.wait(lock, [&] { return !m_waiting.empty() || m_running == 0 || m_stopped; });
    if (m_waiting.empty() || m_stopped) {
      return false;
    }
    ++m_running;
    return true;
  }

  void stop() {
    const std::lock_guard lock(m_mutex);
    m_stopped = true;
    m_changed.notify_all();
  }

  // Once every thread has ended.
  bool answered() const { return m_filled && m_waiting.empty(); }
  uint32_t batches() const { return m_batches; }
  uint32_t givenBack() const { return m_givenBack; }

private:
  std::mutex m_mutex;
  std::condition_variable m_changed;
  std::deque<uint32_t> m_waiting;
  size_t m_running;
  uint32_t m_batches = 0;
  uint32_t m_givenBack = 0;
  bool m_filled = false;
  bool m_stopped = false;
};

// A run's trace as the device's share: its batches numbered in the order the
// run took them (0, 1, ...), as a device's chunks are, and its counts those
// of the batches it answered.
engine::RunTrace shareOfTrace(engine::RunTrace trace, const std::vector<uint32_t>& taken, uint32_t pairs) {
  std::unordered_map<uint32_t, uint32_t> local;
  for (uint32_t i = 0; i < taken.size(); ++i) {
    local.emplace(taken[i], i);
  }
  const auto renumber = [&](uint32_t batch) {
    const auto it = local.find(batch);
    return it == local.end() ? batch : it->second;
  };
  for (engine::IterationStats& it : trace.iterations) {
    it.batch = renumber(it.batch);
  }
  for (engine::KernelSpan& span : trace.kernels) {
    span.batch = renumber(span.batch);
  }
  trace.batches = static_cast<uint32_t>(taken.size());
  trace.pairs = pairs;
  trace.skippedPairs = 0;
  return trace;
}

} // namespace

MultiDeviceResult runSharedBatches(const std::vector<DeviceInputs*>& devices, const std::vector<graph::Pair>& pairs,
                                   const RunSpec& spec, const MultiDeviceOptions& options) {
  MultiDeviceResult out = emptyResult(devices, pairs.size(), spec);
  out.sharedBatches = true;
  BatchQueue queue(devices.size());

  std::mutex resultsMutex;  // out.results, the counts below, progress
  uint64_t pairsDone = 0;
  bool skippedCounted = false;  // the pairs no search answers, counted once
  bool exact = true;
  Clock::time_point lastResult;
  StartLine startLine(devices.size());

  const auto work = [&](size_t d) {
    const StopReuse stopReuse{devices[d]->context()};
    DeviceShare& share = out.devices[d];
    DeviceInputs& inputs = *devices[d];
    std::vector<uint32_t> taken;  // by the current run, in order
    size_t reported = 0;          // of `taken`, the batches counted in the progress
    uint32_t omega = 0;           // searches per batch
    uint64_t searched = 0;        // pairs that have a search (slots)
    const auto batchSize = [&](uint32_t batch) {
      return static_cast<uint32_t>(std::min<uint64_t>(omega, searched - uint64_t{batch} * omega));
    };
    // Counts the batches taken so far as done (under resultsMutex): a run
    // claims its next batch when the one before has ended.
    const auto reportTaken = [&] {
      for (; reported < taken.size(); ++reported) {
        pairsDone += batchSize(taken[reported]);
      }
      if (options.progress) {
        options.progress(std::min<uint64_t>(pairsDone, pairs.size()), pairs.size());
      }
    };
    RunOptions runOptions;
    runOptions.claimBatch = [&]() -> std::optional<uint32_t> {
      if (reported < taken.size()) {
        const std::lock_guard lock(resultsMutex);
        reportTaken();
      }
      const std::optional<uint32_t> batch = queue.take();
      if (batch) {
        taken.push_back(*batch);
      }
      return batch;
    };
    const auto makeSharedRun = [&] {
      std::unique_ptr<Run> run = makeRun(inputs, pairs, spec, runOptions);
      const engine::RunTrace& header = run->trace();
      omega = header.searchesPerBatch;
      searched = header.pairs - header.skippedPairs;
      if (!queue.fill(run->progress().batches)) {
        throw std::logic_error("a run on " + share.device + " numbers the batches differently");
      }
      return run;
    };

    const Clock::time_point prepareStart = Clock::now();
    std::unique_ptr<Run> run;
    try {
      prepareDevice(inputs, pairs, spec, options);
      inputs.context().reuseFreedBuffers(true);  // a later run takes the arrays the one before freed
      run = makeSharedRun();
    } catch (const std::exception& error) {
      share.failure = error.what();
      queue.neverStarted();
    }
    share.prepareMs = msSince(prepareStart);
    const Clock::time_point start = startLine.arrive();
    while (run) {
      const Clock::time_point runStart = Clock::now();
      try {
        if (!run->run({}, options.cancel)) {
          run->settle();
          queue.stop();
          queue.runEnded();
          return;
        }
        const RunResults results = run->results();
        uint32_t answered = 0;
        std::vector<std::vector<uint32_t>> batchPairs;
        for (const uint32_t batch : taken) {
          batchPairs.push_back(run->batchPairs(batch));
          answered += static_cast<uint32_t>(batchPairs.back().size());
        }
        engine::RunTrace trace = shareOfTrace(run->trace(), taken, answered);
        {
          const std::lock_guard lock(resultsMutex);
          for (const std::vector<uint32_t>& indices : batchPairs) {
            for (const uint32_t i : indices) {
              out.results.lengths[i] = results.lengths[i];
            }
          }
          if (!skippedCounted) {
            // The pairs answered without a search (component filter) join
            // the first device's share that comes in.
            skippedCounted = true;
            trace.skippedPairs = run->trace().skippedPairs;
            trace.pairs += trace.skippedPairs;
            pairsDone += trace.skippedPairs;
          }
          reportTaken();
          exact = exact && results.exact;
          lastResult = Clock::now();
        }
        appendTrace(share.trace, trace, nsBetween(start, runStart));
        share.chunks += static_cast<uint32_t>(taken.size());
        share.pairs += trace.pairs;
        queue.runEnded();
      } catch (const std::exception& error) {
        // This device is out; what its run took goes to the others.
        share.failure = error.what();
        share.busyMs += msSince(runStart);
        queue.giveBack(taken);
        return;
      }
      share.busyMs += msSince(runStart);
      taken.clear();
      reported = 0;
      run.reset();
      if (!queue.waitForMore()) {
        return;
      }
      const Clock::time_point setupStart = Clock::now();
      try {
        run = makeSharedRun();
      } catch (const std::exception& error) {
        share.failure = error.what();
        queue.runEnded();
        return;
      }
      share.setupMs += msSince(setupStart);
      share.busyMs += msSince(setupStart);
    }
  };

  runEachOnItsThread(devices.size(), work);
  const Clock::time_point start = startLine.start();
  out.chunks = queue.batches();
  out.rerunChunks = queue.givenBack();
  out.wallMs = lastResult > start ? nsBetween(start, lastResult) / 1e6 : msSince(start);
  out.results.exact = exact;
  out.cancelled = options.cancel != nullptr && options.cancel->load();
  if (!out.cancelled && !queue.answered()) {
    uint64_t answered = 0;
    for (const DeviceShare& share : out.devices) {
      answered += share.pairs;
    }
    throwEveryDeviceFailed(out, pairs.size() - std::min<uint64_t>(answered, pairs.size()));
  }
  return out;
}

} // namespace frontier::run::detail
