#include "engine/RequestChecks.h"

#include <stdexcept>
#include <string>

#include "engine/MemoryNeeds.h"
#include "engine/ibfs/Search.h"
#include "vk/Context.h"

namespace frontier::engine {

void checkPairs(std::span<const graph::Pair> pairs, uint32_t vertices, std::optional<uint32_t> trackedPair,
                uint64_t maxPairs) {
  if (pairs.size() > maxPairs) {
    throw std::invalid_argument("too many pairs: " + std::to_string(pairs.size()));
  }
  for (size_t i = 0; i < pairs.size(); ++i) {
    if (pairs[i].source >= vertices || pairs[i].destination >= vertices) {
      throw std::invalid_argument("pair " + std::to_string(i) + " names a vertex outside the graph");
    }
  }
  if (trackedPair && *trackedPair >= pairs.size()) {
    throw std::invalid_argument("tracked pair " + std::to_string(*trackedPair) + " does not exist");
  }
}

void requireInt64Atomics(const gpu::Context& context) {
  if (!context.info().bufferInt64Atomics || !context.info().shaderInt64) {
    throw ResourceError(context.info().name +
                        " lacks 64-bit integer atomics on storage buffers, which the engine needs");
  }
}

void requireBufferDeviceAddress(const gpu::Context& context, const std::string& what) {
  const gpu::DeviceInfo& info = context.info();
  if (!info.bufferDeviceAddress) {
    throw ResourceError(info.name + " lacks buffer device addresses (Vulkan 1.2 bufferDeviceAddress), which the "
                        "engine needs to read " + what);
  }
}

} // namespace frontier::engine
