#include "run/MultiDevice.h"

#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <deque>
#include <exception>
#include <mutex>
#include <stdexcept>

#include "reference/Dijkstra.h"
#include "run/DeviceInputs.h"
#include "run/MultiDeviceParts.h"
#include "run/Registry.h"
#include "vk/Context.h"

namespace frontier::run {

namespace {

using detail::Clock;
using detail::msSince;

// The chunks not yet answered, shared by the device threads. A device that
// fails puts its chunk back; a thread with nothing to take waits while other
// devices still run chunks (one of them may fail and give its chunk back).
class ChunkQueue {
public:
  explicit ChunkQueue(uint32_t chunks) {
    for (uint32_t c = 0; c < chunks; ++c) {
      m_waiting.push_back(c);
    }
  }

  // The next chunk, or false when none is left for this device.
  bool take(uint32_t& chunk) {
    std::unique_lock lock(m_mutex);
    m_changed.wait(lock, [&] { return !m_waiting.empty() || m_running == 0 || m_stopped; });
    if (m_waiting.empty() || m_stopped) {
      return false;
    }
    chunk = m_waiting.front();
    m_waiting.pop_front();
    ++m_running;
    return true;
  }

  void done() {
    const std::lock_guard lock(m_mutex);
    --m_running;
    m_changed.notify_all();
  }

  // The chunk's device failed: first in line for the others.
  void giveBack(uint32_t chunk) {
    const std::lock_guard lock(m_mutex);
    --m_running;
    m_waiting.push_front(chunk);
    ++m_givenBack;
    m_changed.notify_all();
  }

  // Cancelled: every thread stops after its chunk.
  void stop() {
    const std::lock_guard lock(m_mutex);
    m_stopped = true;
    m_changed.notify_all();
  }

  // Once every thread has ended.
  bool empty() const { return m_waiting.empty(); }
  uint32_t givenBack() const { return m_givenBack; }

private:
  std::mutex m_mutex;
  std::condition_variable m_changed;
  std::deque<uint32_t> m_waiting;
  uint32_t m_running = 0;
  uint32_t m_givenBack = 0;
  bool m_stopped = false;
};

} // namespace

double MultiDeviceResult::pairsPerSecond() const noexcept {
  return wallMs > 0 ? static_cast<double>(results.lengths.size()) / (wallMs * 1e-3) : 0.0;
}

uint32_t chunkPairsFor(uint64_t pairs, size_t devices, uint32_t requested) {
  if (requested > 0) {
    return requested;
  }
  if (devices <= 1 || pairs == 0) {
    return static_cast<uint32_t>(std::max<uint64_t>(pairs, 1));
  }
  // About four chunks per device: a device that runs slower, or fails, costs
  // at most a quarter of its share, while each chunk stays a few full batches.
  constexpr uint64_t kUnit = 1024;
  const uint64_t wanted = (pairs + devices * 4 - 1) / (devices * 4);
  return static_cast<uint32_t>(std::max<uint64_t>(kUnit, (wanted + kUnit - 1) / kUnit * kUnit));
}

void appendTrace(engine::RunTrace& into, const engine::RunTrace& chunk, double offsetNs) {
  const uint32_t batchOffset = into.batches;
  if (into.algorithm.empty()) {
    // The first chunk gives the header (strategy, options, graph).
    const std::string device = into.device;
    into = chunk;
    into.iterations.clear();
    into.kernels.clear();
    // Each chunk numbers its own queries: a merged trace keeps no per-query rows.
    into.queryProgress.clear();
    into.totals = {};
    into.pairs = 0;
    into.skippedPairs = 0;
    into.batches = 0;
    if (!device.empty()) {
      into.device = device;
    }
  }
  for (engine::IterationStats it : chunk.iterations) {
    it.batch += batchOffset;
    into.iterations.push_back(it);
  }
  for (engine::KernelSpan span : chunk.kernels) {
    span.batch += batchOffset;
    span.startNs += offsetNs;
    span.endNs += offsetNs;
    into.kernels.push_back(span);
  }
  into.batches += chunk.batches;
  into.pairs += chunk.pairs;
  into.skippedPairs += chunk.skippedPairs;
  into.deviceBytes = std::max(into.deviceBytes, chunk.deviceBytes);
  into.deviceBudget = std::max(into.deviceBudget, chunk.deviceBudget);
  into.twoSided = into.twoSided || chunk.twoSided;
  engine::RunTotals& t = into.totals;
  t.iterations += chunk.totals.iterations;
  t.edgesExamined += chunk.totals.edgesExamined;
  t.searchEdges += chunk.totals.searchEdges;
  t.newlyVisited += chunk.totals.newlyVisited;
  t.gpuMs += chunk.totals.gpuMs;
  t.submittedMs += chunk.totals.submittedMs;
  t.wallMs += chunk.totals.wallMs;
}

namespace detail {

void prepareDevice(DeviceInputs& inputs, const std::vector<graph::Pair>& pairs, const RunSpec& spec,
                   const MultiDeviceOptions& options, bool sharedBatches) {
  familyOf(spec.engine).prepare(inputs, spec);
  if (options.warmUp && !pairs.empty()) {
    RunOptions warm;
    warm.levels = sharedBatches;
    makeRun(inputs, {pairs.front()}, spec, warm)->run();
  }
}

MultiDeviceResult emptyResult(const std::vector<DeviceInputs*>& devices, size_t pairs, const RunSpec& spec) {
  MultiDeviceResult out;
  out.results.unit = spec.unit();
  out.results.lengths.assign(pairs, reference::kNoPath);
  out.devices.resize(devices.size());
  for (size_t d = 0; d < devices.size(); ++d) {
    out.devices[d].device = slotName(*devices[d], d);
    out.devices[d].trace.device = out.devices[d].device;
  }
  return out;
}

void throwEveryDeviceFailed(const MultiDeviceResult& result, uint64_t unanswered) {
  std::string message = "every device failed, " + std::to_string(unanswered) + " pairs unanswered:";
  for (const DeviceShare& share : result.devices) {
    message += " device " + share.device + ": " + share.failure + ";";
  }
  message.pop_back();
  throw std::runtime_error(message);
}

} // namespace detail

namespace {

MultiDeviceResult runChunks(const std::vector<DeviceInputs*>& devices, const std::vector<graph::Pair>& pairs,
                            const RunSpec& spec, const MultiDeviceOptions& options) {
  const uint32_t chunkPairs = chunkPairsFor(pairs.size(), devices.size(), options.chunkPairs);
  const auto chunkCount = static_cast<uint32_t>((pairs.size() + chunkPairs - 1) / chunkPairs);
  ChunkQueue queue(chunkCount);

  MultiDeviceResult out = detail::emptyResult(devices, pairs.size(), spec);
  out.chunks = chunkCount;

  std::mutex resultsMutex;  // out.results, progress
  uint64_t pairsDone = 0;
  bool exact = true;
  Clock::time_point lastResult;  // the wall time ends here, not after each device has freed its arrays
  detail::StartLine startLine(devices.size());

  const auto work = [&](size_t d) {
    const detail::StopReuse stopReuse{devices[d]->context()};
    DeviceShare& share = out.devices[d];
    DeviceInputs& inputs = *devices[d];
    const Clock::time_point prepareStart = Clock::now();
    bool ready = true;
    try {
      detail::prepareDevice(inputs, pairs, spec, options, false);
      // Each chunk's run takes the arrays the one before it freed.
      inputs.context().reuseFreedBuffers(true);
    } catch (const std::exception& error) {
      share.failure = error.what();
      ready = false;
    }
    share.prepareMs = msSince(prepareStart);
    const Clock::time_point start = startLine.arrive();
    if (!ready) {
      return;
    }
    uint32_t chunk = 0;
    while (queue.take(chunk)) {
      const size_t first = static_cast<size_t>(chunk) * chunkPairs;
      const size_t last = std::min(pairs.size(), first + chunkPairs);
      const Clock::time_point chunkStart = Clock::now();
      try {
        std::vector<graph::Pair> part(pairs.begin() + static_cast<std::ptrdiff_t>(first),
                                      pairs.begin() + static_cast<std::ptrdiff_t>(last));
        std::unique_ptr<Run> run = makeRun(inputs, std::move(part), spec);
        share.setupMs += msSince(chunkStart);
        if (!run->run({}, options.cancel)) {
          run->settle();
          queue.stop();
          queue.done();
          return;
        }
        const RunResults results = run->results();
        // Chunks follow each other on the device's track, at the host time
        // they started (GPU clocks of different runs share no origin).
        appendTrace(share.trace, run->trace(), detail::nsBetween(start, chunkStart));
        ++share.chunks;
        share.pairs += static_cast<uint32_t>(last - first);
        {
          const std::lock_guard lock(resultsMutex);
          std::copy(results.lengths.begin(), results.lengths.end(),
                    out.results.lengths.begin() + static_cast<std::ptrdiff_t>(first));
          exact = exact && results.exact;
          pairsDone += last - first;
          lastResult = Clock::now();
          if (options.progress) {
            options.progress(pairsDone, pairs.size());
          }
        }
        run.reset();  // its arrays go back to the context for the next chunk
        share.busyMs += msSince(chunkStart);
        queue.done();
      } catch (const std::exception& error) {
        // This device is out: its chunk goes to the others.
        share.failure = error.what();
        share.busyMs += msSince(chunkStart);
        queue.giveBack(chunk);
        return;
      }
    }
  };

  detail::runEachOnItsThread(devices.size(), work);
  const Clock::time_point start = startLine.start();
  out.wallMs = pairsDone > 0 ? detail::nsBetween(start, lastResult) / 1e6 : msSince(start);
  out.results.exact = exact;
  out.rerunChunks = queue.givenBack();
  out.cancelled = options.cancel != nullptr && options.cancel->load();
  if (!out.cancelled && !queue.empty()) {
    detail::throwEveryDeviceFailed(out, pairs.size() - pairsDone);
  }
  return out;
}

} // namespace

MultiDeviceResult runOnDevices(const std::vector<DeviceInputs*>& devices, const std::vector<graph::Pair>& pairs,
                               const RunSpec& spec, const MultiDeviceOptions& options) {
  if (devices.empty()) {
    throw std::invalid_argument("no device to run on");
  }
  if (options.chunkPairs == 0 && sharesBatches(spec)) {
    return detail::runSharedBatches(devices, pairs, spec, options);
  }
  return runChunks(devices, pairs, spec, options);
}

} // namespace frontier::run
