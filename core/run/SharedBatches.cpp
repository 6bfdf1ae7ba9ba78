// Several devices, one run each: every device makes one run over all the
// pairs while it is prepared (as a one-device run is made before its clock
// starts), and the runs take their batches from one shared queue
// (RunOptions::claimBatch) until none is left. A device that finishes early
// takes the next batch; no run is made per share of the work, which for a
// fast engine cost as much as the searching (docs/BENCHMARKS.md, "Several
// devices").
//
// Every run orders its searches alike (same pairs, same spec), so the queue
// holds ranges of searches: whole batches, then the last batches (one per
// device) cut in two, so that the devices end within about half a batch of
// each other instead of one whole batch (Kronecker 22 with `tuned` has 21
// batches: on four devices one ran 6 while three ran 5). A range's lengths
// are taken from the run that answered it, by its pairs
// (Run::searchedPairs). A run that fails gives every range it took back, its
// lengths never read; a device whose run has ended waits while others still
// run (one may fail) and makes a new run if ranges come back.

#include <algorithm>
#include <deque>
#include <exception>
#include <optional>

#include "run/DeviceInputs.h"
#include "run/MultiDeviceParts.h"
#include "run/Registry.h"

namespace frontier::run::detail {

namespace {

using engine::SearchRange;

class BatchQueue {
public:
  // `devices` runs are about to start (one per prepared device).
  explicit BatchQueue(size_t devices) : m_devices(devices), m_running(devices) {}

  // The first run made tells how many searches there are and how many a
  // batch holds; false when a run says otherwise (its pairs or spec would
  // order them differently).
  bool fill(uint32_t searches, uint32_t perBatch) {
    const std::lock_guard lock(m_mutex);
    if (m_filled) {
      return m_searches == searches && m_perBatch == perBatch;
    }
    m_filled = true;
    m_searches = searches;
    m_perBatch = perBatch;
    const uint32_t batches = perBatch == 0 ? 0 : (searches + perBatch - 1) / perBatch;
    const uint64_t split = m_devices > 1 ? std::min<uint64_t>(batches, m_devices) : 0;
    for (uint32_t b = 0; b < batches; ++b) {
      const uint32_t first = b * perBatch;
      const uint32_t size = std::min(perBatch, searches - first);
      // Halves in whole words of 32 searches, as a batch's status words are.
      const uint32_t half = (size / 2 + 31) / 32 * 32;
      if (b + split >= batches && half < size) {
        m_waiting.push_back({first, half});
        m_waiting.push_back({first + half, size - half});
      } else {
        m_waiting.push_back({first, size});
      }
    }
    m_pieces = static_cast<uint32_t>(m_waiting.size());
    return true;
  }

  // A device that was counted as about to run made no run.
  void neverStarted() { runEnded(); }

  std::optional<SearchRange> take() {
    const std::lock_guard lock(m_mutex);
    if (m_waiting.empty() || m_stopped) {
      return std::nullopt;
    }
    const SearchRange range = m_waiting.front();
    m_waiting.pop_front();
    return range;
  }

  void runEnded() {
    const std::lock_guard lock(m_mutex);
    --m_running;
    m_changed.notify_all();
  }

  // The run failed: its batches first in line for the others.
  void giveBack(const std::vector<SearchRange>& batches) {
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
  uint32_t pieces() const { return m_pieces; }
  uint32_t givenBack() const { return m_givenBack; }

private:
  std::mutex m_mutex;
  std::condition_variable m_changed;
  std::deque<SearchRange> m_waiting;
  size_t m_devices;
  size_t m_running;
  uint32_t m_searches = 0;
  uint32_t m_perBatch = 0;
  uint32_t m_pieces = 0;
  uint32_t m_givenBack = 0;
  bool m_filled = false;
  bool m_stopped = false;
};

// A run's trace as the device's share: its batches (numbered by the run in
// the order it took them) and the pairs it answered.
engine::RunTrace shareOfTrace(engine::RunTrace trace, size_t taken, uint32_t pairs) {
  trace.batches = static_cast<uint32_t>(taken);
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
    std::vector<SearchRange> taken;  // by the current run, in order
    size_t reported = 0;             // of `taken`, the ranges counted in the progress
    // Counts the batches taken so far as done (under resultsMutex): a run
    // claims its next batch when the one before has ended.
    const auto reportTaken = [&] {
      for (; reported < taken.size(); ++reported) {
        pairsDone += taken[reported].count;
      }
      if (options.progress) {
        options.progress(std::min<uint64_t>(pairsDone, pairs.size()), pairs.size());
      }
    };
    RunOptions runOptions;
    runOptions.claimBatch = [&]() -> std::optional<SearchRange> {
      if (reported < taken.size()) {
        const std::lock_guard lock(resultsMutex);
        reportTaken();
      }
      const std::optional<SearchRange> range = queue.take();
      if (range) {
        taken.push_back(*range);
      }
      return range;
    };
    const auto makeSharedRun = [&] {
      std::unique_ptr<Run> run = makeRun(inputs, pairs, spec, runOptions);
      if (!queue.fill(run->searchCount(), run->searchesPerBatch())) {
        throw std::logic_error("a run on " + share.device + " orders its searches differently");
      }
      return run;
    };

    const Clock::time_point prepareStart = Clock::now();
    std::unique_ptr<Run> run;
    try {
      prepareDevice(inputs, pairs, spec, options, true);
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
        for (const SearchRange range : taken) {
          batchPairs.push_back(run->searchedPairs(range));
          answered += static_cast<uint32_t>(batchPairs.back().size());
        }
        engine::RunTrace trace = shareOfTrace(run->trace(), taken.size(), answered);
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
  out.chunks = queue.pieces();
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
