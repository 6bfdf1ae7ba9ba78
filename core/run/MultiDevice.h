#pragma once
// One run spread over several devices: the pairs are cut into chunks in
// their input order (or, for iBFS, each device runs them all and takes its
// batches of searches from a shared queue), each device takes the next chunk
// when it has finished its last one (a faster device takes more), and the
// lengths are put back in the input order. Pairs are independent, so the lengths equal those of one
// run over every pair on one device whatever device answers which chunk.
//
// A device that fails (a lost device, out of memory, any engine error) is
// reported, takes no more chunks, and the chunk it was running goes back to
// the others; the run fails only when every device has failed.
//
// Thread affinity: runOnDevices() blocks its caller and runs each device on a
// thread of its own; every DeviceInputs (and its gpu::Context) is used by
// that one thread until the call returns. `progress` is called from those
// threads, one at a time.
// Errors: std::runtime_error naming every device's failure when no device is
// left for a chunk; std::invalid_argument for an empty device list.

#include <atomic>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "engine/Trace.h"
#include "graph/Pairs.h"
#include "run/Run.h"
#include "run/RunSpec.h"

namespace frontier::run {

class DeviceInputs;

// What one device did: its chunks' traces joined into one (batches and
// times following each other), so that a trace shows one process per device.
struct DeviceShare {
  std::string device;      // "[0] NVIDIA H100 80GB HBM3"
  engine::RunTrace trace;  // its chunks, joined; device named as above
  uint32_t chunks = 0;     // chunks it answered
  uint32_t pairs = 0;      // pairs of those chunks
  // Host wall time to copy the graph to the device and make one run over
  // the first pair (pipelines, component labels), before the clock starts;
  // with shared batches also the making of the device's run.
  double prepareMs = 0;
  double busyMs = 0;       // host wall time spent running its chunks (setupMs included)
  double setupMs = 0;      // of busyMs, making each chunk's run (shared batches: runs made again after a failure)
  std::string failure;     // non-empty: the device failed with this message and took no more chunks
};

struct MultiDeviceResult {
  RunResults results;  // in the input order of the pairs
  std::vector<DeviceShare> devices;
  // Shared batches (iBFS without --chunk-pairs): one run per device, the
  // chunks below are the batches of searches handed out (the last one per
  // device cut in two); otherwise chunks of pairs, each a run.
  bool sharedBatches = false;
  uint32_t chunks = 0;
  uint32_t rerunChunks = 0;  // chunks handed out again after their device failed
  // Host wall time from the moment every device was prepared to the last
  // chunk's results (the devices' freeing of their arrays after it is left
  // out): the figure throughput is measured on.
  double wallMs = 0;
  bool cancelled = false;  // `cancel` became true; results are incomplete
  double pairsPerSecond() const noexcept;
};

struct MultiDeviceOptions {
  // Pairs per chunk, each chunk a run. 0 = shared batches where the engine
  // has them (run::sharesBatches: one run per device, made while the device
  // is prepared, its batches taken from a queue shared by all devices);
  // otherwise about four chunks per device, in multiples of 1024 pairs (the
  // largest batch of any engine), and one chunk on one device.
  uint32_t chunkPairs = 0;
  // Pairs done so far out of all (from the device threads, one at a time).
  std::function<void(uint64_t done, uint64_t total)> progress;
  const std::atomic<bool>* cancel = nullptr;
  // The untimed run over the first pair in each device's preparation; a
  // caller that runs the same spec on the same devices again (the bench's
  // repeats) leaves it out after the first time.
  bool warmUp = true;
};

// The chunk size `options.chunkPairs` stands for, for `pairs` over `devices`.
uint32_t chunkPairsFor(uint64_t pairs, size_t devices, uint32_t requested);

// Appends `chunk` to `into` as the batches after those it has, its times
// shifted by `offsetNs`; totals add up (wall times too).
void appendTrace(engine::RunTrace& into, const engine::RunTrace& chunk, double offsetNs);

MultiDeviceResult runOnDevices(const std::vector<DeviceInputs*>& devices, const std::vector<graph::Pair>& pairs,
                               const RunSpec& spec, const MultiDeviceOptions& options = {});

} // namespace frontier::run
