#include <gtest/gtest.h>

#include "vk/Timestamps.h"

using frontier::gpu::TimestampClock;

TEST(Timestamp, ScalesTicksByPeriod) {
  const TimestampClock clock{1.0, 64};
  EXPECT_DOUBLE_EQ(clock.elapsedNs(1000, 3500), 2500.0);
  const TimestampClock nvidiaLike{1.0, 64};
  EXPECT_DOUBLE_EQ(nvidiaLike.ticksToNs(123456789), 123456789.0);
  const TimestampClock slow{41.666, 64};  // a 24 MHz counter
  EXPECT_NEAR(slow.elapsedNs(0, 24), 999.984, 1e-9);
}

TEST(Timestamp, MasksInvalidHighBits) {
  const TimestampClock clock{1.0, 36};
  // Garbage above bit 36 must not leak into the difference.
  const uint64_t garbage = uint64_t{0xABC} << 40U;
  EXPECT_EQ(clock.elapsedTicks(garbage | 100, (garbage << 1U) | 250), 150U);
}

TEST(Timestamp, HandlesOneWrapOfTheCounter) {
  const TimestampClock clock{2.0, 32};
  const uint64_t begin = 0xFFFFFF00ULL;
  const uint64_t end = 0x00000010ULL;  // wrapped
  EXPECT_EQ(clock.elapsedTicks(begin, end), 0x110U);
  EXPECT_DOUBLE_EQ(clock.elapsedNs(begin, end), 2.0 * 0x110);
}

TEST(Timestamp, SixtyFourValidBitsUsesTheWholeWord) {
  const TimestampClock clock{1.0, 64};
  EXPECT_EQ(clock.mask(), ~uint64_t{0});
  EXPECT_EQ(clock.elapsedTicks(~uint64_t{0} - 4, 5), 10U);
  const TimestampClock zeroBits{1.0, 0};  // treated as unmasked, never as 0 bits
  EXPECT_EQ(zeroBits.elapsedTicks(10, 20), 10U);
}
