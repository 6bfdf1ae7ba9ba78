#pragma once
// The one place where GPU timestamp ticks become nanoseconds. Unit-tested
// without a GPU. Ticks wrap at timestampValidBits, so differences are taken
// modulo 2^validBits before scaling by timestampPeriod (ns per tick).

#include <cstdint>

namespace frontier::gpu {

// One reading of the device's timestamp counter and of the host's steady
// clock (CLOCK_MONOTONIC, std::chrono::steady_clock on Linux) taken together
// by VK_EXT_calibrated_timestamps; maxDeviationNs bounds how far apart the
// two readings may have been taken.
struct ClockCalibration {
  uint64_t deviceTicks = 0;
  int64_t hostNs = 0;
  uint64_t maxDeviationNs = 0;
};

struct TimestampClock {
  double periodNs = 1.0;    // VkPhysicalDeviceLimits::timestampPeriod
  uint32_t validBits = 64;  // VkQueueFamilyProperties::timestampValidBits

  uint64_t mask() const noexcept;
  // Ticks between two raw timestamps, correct across one wrap of the counter.
  uint64_t elapsedTicks(uint64_t begin, uint64_t end) const noexcept;
  double elapsedNs(uint64_t begin, uint64_t end) const noexcept;
  double ticksToNs(uint64_t ticks) const noexcept;
  // Where the host time `hostNs` falls on the GPU timeline of a run whose
  // origin is the raw timestamp `originTicks`: ns from the origin, negative
  // before it. The calibration ties the clocks together; ticks between it
  // and the origin are taken as the shorter way round the wrapping counter
  // (within half its range), and host nanoseconds count as GPU nanoseconds.
  double hostToRunNs(const ClockCalibration& calibration, uint64_t originTicks, int64_t hostNs) const noexcept;
};

} // namespace frontier::gpu
