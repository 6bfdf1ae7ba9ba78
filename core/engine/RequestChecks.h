#pragma once
// Checks every engine's constructor makes of a request before it allocates
// anything. Throws std::invalid_argument naming the bad value, or
// ResourceError (Search.h) naming what the device lacks.

#include <cstdint>
#include <optional>
#include <span>
#include <string>

#include "graph/Pairs.h"

namespace frontier::gpu { class Context; }

namespace frontier::engine {

// At most `maxPairs` pairs, every vertex below `vertices`, the tracked pair
// (if any) one of them.
void checkPairs(std::span<const graph::Pair> pairs, uint32_t vertices, std::optional<uint32_t> trackedPair,
                uint64_t maxPairs);

// 64-bit integers and 64-bit atomics on storage buffers.
void requireInt64Atomics(const gpu::Context& context);

// An array that the shaders reach by its device address (arc targets, arc
// weights: engine/AddressedArray.h) needs buffer device addresses; `what`
// names it in the message. Its size has no limit but the memory budget
// (larger than one allocation, it is spread over several).
void requireBufferDeviceAddress(const gpu::Context& context, const std::string& what);

} // namespace frontier::engine
