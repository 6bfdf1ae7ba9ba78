#pragma once
// The one place where GPU timestamp ticks become nanoseconds. Unit-tested
// without a GPU. Ticks wrap at timestampValidBits, so differences are taken
// modulo 2^validBits before scaling by timestampPeriod (ns per tick).

#include <cstdint>

namespace frontier::gpu {

struct TimestampClock {
  double periodNs = 1.0;    // VkPhysicalDeviceLimits::timestampPeriod
  uint32_t validBits = 64;  // VkQueueFamilyProperties::timestampValidBits

  uint64_t mask() const noexcept;
  // Ticks between two raw timestamps, correct across one wrap of the counter.
  uint64_t elapsedTicks(uint64_t begin, uint64_t end) const noexcept;
  double elapsedNs(uint64_t begin, uint64_t end) const noexcept;
  double ticksToNs(uint64_t ticks) const noexcept;
};

} // namespace frontier::gpu
