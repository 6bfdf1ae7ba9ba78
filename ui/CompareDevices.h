#pragma once
// The devices a comparison spreads its entries over (EngineWorker::compare
// with a device list): per slot of the list a gpu::Context and a
// run::DeviceInputs over the graph, slot 0 being the worker's own where the
// window's device is the list's first. Kept from one comparison to the next
// while the list, the graph and the window's device stay (the engine worker
// clears them where it drops its own inputs), so that the graph is uploaded
// once per device.
//
// Thread affinity: the engine worker's thread (the comparison's device
// threads use the contexts while that thread waits for them).
// Errors: prepare() throws std::runtime_error naming the device that could
// not be opened or could not hold the graph; nothing is kept then.

#include <cstdint>
#include <memory>
#include <vector>

namespace frontier::gpu {
class Context;
struct ContextOptions;
} // namespace frontier::gpu
namespace frontier::run {
class DeviceInputs;
}

namespace frontier::ui {

class CompareDevices {
public:
  CompareDevices();
  ~CompareDevices();
  CompareDevices(const CompareDevices&) = delete;
  CompareDevices& operator=(const CompareDevices&) = delete;

  // One DeviceInputs per slot of `list` (device indices, repeats opening the
  // same device again as a logical device of its own), each holding a copy
  // of `own`'s graph; opens what this list does not have yet. `options`:
  // the worker's own context options (validation), the request replaced by
  // each slot's index.
  std::vector<run::DeviceInputs*> prepare(const std::vector<uint32_t>& list, run::DeviceInputs& own,
                                          const gpu::ContextOptions& options);
  // Closes every device this opened (inputs before their contexts).
  void clear();

private:
  std::vector<uint32_t> m_list;             // what the slots below were opened for
  const run::DeviceInputs* m_own = nullptr; // the worker's inputs slot 0 uses, when it does
  // Per slot; null where the slot is the worker's own device. Contexts
  // first: the inputs (declared after) go before them.
  std::vector<std::unique_ptr<gpu::Context>> m_contexts;
  std::vector<std::unique_ptr<run::DeviceInputs>> m_inputs;
};

} // namespace frontier::ui
