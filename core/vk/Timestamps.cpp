#include "Timestamps.h"

namespace frontier::gpu {

uint64_t TimestampClock::mask() const noexcept {
  if (validBits == 0 || validBits >= 64) {
    return ~uint64_t{0};
  }
  return (uint64_t{1} << validBits) - 1;
}

uint64_t TimestampClock::elapsedTicks(uint64_t begin, uint64_t end) const noexcept {
  return ((end & mask()) - (begin & mask())) & mask();
}

double TimestampClock::elapsedNs(uint64_t begin, uint64_t end) const noexcept {
  return ticksToNs(elapsedTicks(begin, end));
}

double TimestampClock::ticksToNs(uint64_t ticks) const noexcept {
  return static_cast<double>(ticks) * periodNs;
}

double TimestampClock::hostToRunNs(const ClockCalibration& calibration, uint64_t originTicks,
                                   int64_t hostNs) const noexcept {
  const uint64_t ahead = elapsedTicks(originTicks, calibration.deviceTicks); // origin -> calibration, mod 2^bits
  const uint64_t half = mask() / 2 + 1;
  // Past half the range the calibration was taken before the origin.
  const double ticks = ahead < half ? static_cast<double>(ahead) : -static_cast<double>(elapsedTicks(ahead, 0));
  return ticks * periodNs + static_cast<double>(hostNs - calibration.hostNs);
}

} // namespace frontier::gpu
