#pragma once
// What the two ways of spreading a run over devices share (MultiDevice.cpp:
// chunks of pairs, each a run of its own; SharedBatches.cpp: one run per
// device, the batches taken from a shared queue). Internal to core/run.

#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

#include "graph/Pairs.h"
#include "run/MultiDevice.h"
#include "vk/Context.h"

namespace frontier::run::detail {

using Clock = std::chrono::steady_clock;

inline double msSince(Clock::time_point start) {
  return std::chrono::duration<double, std::milli>(Clock::now() - start).count();
}

inline double nsBetween(Clock::time_point from, Clock::time_point to) {
  return std::chrono::duration<double, std::nano>(to - from).count();
}

// Holds each device's thread until every device is prepared: the clock for
// the throughput starts then, as a one-device run's wall time leaves the
// upload and the making of its run out.
class StartLine {
public:
  explicit StartLine(size_t devices) : m_devices(devices) {}

  // Blocks until every device has arrived; the moment the last one did.
  Clock::time_point arrive() {
    std::unique_lock lock(m_mutex);
    if (++m_arrived == m_devices) {
      m_start = Clock::now();
      m_changed.notify_all();
    } else {
      m_changed.wait(lock, [&] { return m_arrived == m_devices; });
    }
    return m_start;
  }
  // Once every device's thread has ended.
  Clock::time_point start() const { return m_start; }

private:
  std::mutex m_mutex;
  std::condition_variable m_changed;
  size_t m_devices;
  size_t m_arrived = 0;
  Clock::time_point m_start;
};

// work(d) for each device d on a thread of its own; returns when all have ended.
inline void runEachOnItsThread(size_t devices, const std::function<void(size_t)>& work) {
  std::vector<std::thread> threads;
  threads.reserve(devices);
  for (size_t d = 0; d < devices; ++d) {
    threads.emplace_back(work, d);
  }
  for (std::thread& thread : threads) {
    thread.join();
  }
}

// The arrays a device's runs free are kept for its next run while its work
// lasts (gpu::Context::reuseFreedBuffers) and go when it ends.
struct StopReuse {
  gpu::Context& context;
  ~StopReuse() { context.reuseFreedBuffers(false); }
};

// The graph copied to the device and, unless the options leave it out, one
// untimed run over the first pair (its pipelines compiled into the context's
// cache, what a graph computes once: component labels). `sharedBatches`: the
// device's run will take batches from the shared queue, which keeps an iBFS
// preset on the BFS engine (run/IbfsRun.cpp), so the warm-up runs there too.
// Errors as makeRun's.
void prepareDevice(DeviceInputs& inputs, const std::vector<graph::Pair>& pairs, const RunSpec& spec,
                   const MultiDeviceOptions& options, bool sharedBatches);

// A result with every length unanswered and each device named.
MultiDeviceResult emptyResult(const std::vector<DeviceInputs*>& devices, size_t pairs, const RunSpec& spec);

// The error when pairs are left that no device could answer.
[[noreturn]] void throwEveryDeviceFailed(const MultiDeviceResult& result, uint64_t unanswered);

MultiDeviceResult runSharedBatches(const std::vector<DeviceInputs*>& devices, const std::vector<graph::Pair>& pairs,
                                   const RunSpec& spec, const MultiDeviceOptions& options);

} // namespace frontier::run::detail
