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

} // namespace frontier::gpu
