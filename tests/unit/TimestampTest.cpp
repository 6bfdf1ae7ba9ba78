#include <gtest/gtest.h>

#include "vk/Timestamps.h"

using frontier::gpu::TimestampClock;

// Expected values are worked out by hand: ticks = (end - begin) mod 2^validBits,
// ns = ticks * periodNs (VkPhysicalDeviceLimits::timestampPeriod).

TEST(Timestamp, ScalesTicksByPeriod) {
  // Half a nanosecond per tick (a 2 GHz counter): 2500 ticks are 1250 ns.
  const TimestampClock fast{0.5, 64};
  EXPECT_EQ(fast.elapsedTicks(1000, 3500), 2500U);
  EXPECT_DOUBLE_EQ(fast.elapsedNs(1000, 3500), 1250.0);
  EXPECT_DOUBLE_EQ(fast.ticksToNs(3), 1.5);
  // Two nanoseconds per tick: 7 ticks are 14 ns.
  const TimestampClock slowish{2.0, 64};
  EXPECT_DOUBLE_EQ(slowish.elapsedNs(10, 17), 14.0);
  // A 24 MHz counter (1000 / 24 ns per tick): 24 ticks are one microsecond,
  // 24,000,000 ticks one second.
  const TimestampClock mhz24{1000.0 / 24.0, 64};
  EXPECT_NEAR(mhz24.elapsedNs(0, 24), 1000.0, 1e-9);
  EXPECT_NEAR(mhz24.elapsedNs(5, 24'000'005), 1e9, 1e-3);
  // A 19.2 MHz counter (mobile GPUs): 192 ticks are 10,000 ns.
  const TimestampClock mhz19{1000.0 / 19.2, 64};
  EXPECT_NEAR(mhz19.elapsedNs(1000, 1192), 10000.0, 1e-8);
  // Zero ticks are zero nanoseconds whatever the period.
  EXPECT_EQ(mhz24.elapsedNs(777, 777), 0.0);
}

TEST(Timestamp, LargeCountersKeepEveryTick) {
  // NVIDIA-like: 1 ns per tick, 64 valid bits, counters since boot far above
  // 2^53, where a double cannot hold every integer: the difference must be
  // taken in integers before it is scaled.
  const TimestampClock nvidiaLike{1.0, 64};
  const uint64_t begin = (uint64_t{1} << 60U) + 1;  // 1,152,921,504,606,846,977
  const uint64_t end = begin + 1001;
  EXPECT_EQ(nvidiaLike.elapsedTicks(begin, end), 1001U);
  EXPECT_EQ(nvidiaLike.elapsedNs(begin, end), 1001.0);
  // One hour after an uptime of a year.
  const uint64_t year = 365ULL * 24 * 3600 * 1'000'000'000ULL;  // 31,536,000,000,000,000 ns
  const uint64_t hour = 3600ULL * 1'000'000'000ULL;
  EXPECT_EQ(nvidiaLike.elapsedNs(year, year + hour), 3.6e12);
  // The same counter at 0.5 ns per tick: 1001 ticks are 500.5 ns.
  const TimestampClock halfNs{0.5, 64};
  EXPECT_EQ(halfNs.elapsedNs(begin, end), 500.5);
}

TEST(Timestamp, MasksInvalidHighBits) {
  const TimestampClock clock{1.0, 36};
  EXPECT_EQ(clock.mask(), 0xF'FFFF'FFFFULL);
  // Garbage above bit 36 must not leak into the difference.
  const uint64_t garbage = uint64_t{0xABC} << 40U;
  EXPECT_EQ(clock.elapsedTicks(garbage | 100, (garbage << 1U) | 250), 150U);
  // With a period: 150 ticks at 41.666... ns are 6250 ns.
  const TimestampClock mhz24{1000.0 / 24.0, 36};
  EXPECT_NEAR(mhz24.elapsedNs(garbage | 100, (garbage << 1U) | 250), 6250.0, 1e-9);
}

TEST(Timestamp, HandlesOneWrapOfTheCounter) {
  const TimestampClock clock{2.0, 32};
  const uint64_t begin = 0xFFFFFF00ULL;
  const uint64_t end = 0x00000010ULL;  // wrapped: 0x100 ticks to 2^32, 0x10 after
  EXPECT_EQ(clock.elapsedTicks(begin, end), 0x110U);
  EXPECT_DOUBLE_EQ(clock.elapsedNs(begin, end), 544.0);  // 272 ticks * 2 ns
  // 36 valid bits, 24 MHz: 10 ticks before 2^36 and 20 after are 30 ticks,
  // 1250 ns.
  const TimestampClock mhz24{1000.0 / 24.0, 36};
  EXPECT_EQ(mhz24.elapsedTicks((uint64_t{1} << 36U) - 10, 20), 30U);
  EXPECT_NEAR(mhz24.elapsedNs((uint64_t{1} << 36U) - 10, 20), 1250.0, 1e-9);
}

TEST(Timestamp, SixtyFourValidBitsUsesTheWholeWord) {
  const TimestampClock clock{1.0, 64};
  EXPECT_EQ(clock.mask(), ~uint64_t{0});
  // A wrap of the full 64-bit counter: 5 ticks before 2^64 (the value
  // 2^64 - 5 counts up to 2^64 - 1, then 0) and 5 after.
  EXPECT_EQ(clock.elapsedTicks(~uint64_t{0} - 4, 5), 10U);
  const TimestampClock halfNs{0.5, 64};
  EXPECT_EQ(halfNs.elapsedNs(~uint64_t{0} - 99, 50), 75.0);  // 150 ticks * 0.5 ns
  const TimestampClock zeroBits{1.0, 0};  // treated as unmasked, never as 0 bits
  EXPECT_EQ(zeroBits.mask(), ~uint64_t{0});
  EXPECT_EQ(zeroBits.elapsedTicks(10, 20), 10U);
}

// Host times placed on a run's GPU timeline through one calibration (a
// device tick and a host nanosecond read together). The expected values are
// worked out by hand from the ticks, the period and the host offsets.
TEST(Timestamp, HostTimeAfterTheOriginLandsAtItsOffset) {
  const TimestampClock clock{1.0, 64};
  const frontier::gpu::ClockCalibration at{1'000'000, 5'000'000'000, 10};
  // Origin 400,000 ticks before the calibration: the calibration's host
  // moment is 400 µs into the run, a host time 1 ms later is at 1,400 µs.
  EXPECT_DOUBLE_EQ(clock.hostToRunNs(at, 600'000, 5'000'000'000), 400'000.0);
  EXPECT_DOUBLE_EQ(clock.hostToRunNs(at, 600'000, 5'001'000'000), 1'400'000.0);
  // A host time before the calibration moves back by as much.
  EXPECT_DOUBLE_EQ(clock.hostToRunNs(at, 600'000, 4'999'900'000), 300'000.0);
}

TEST(Timestamp, HostTimeBeforeTheOriginIsNegative) {
  // A submission made before the run's first timestamp: 24 MHz ticks, the
  // calibration 240 ticks (10 µs) before the origin, the host time 2 µs
  // after the calibration: 8 µs before the origin.
  const TimestampClock mhz24{1000.0 / 24.0, 64};
  const frontier::gpu::ClockCalibration at{10'000, 777, 0};
  EXPECT_NEAR(mhz24.hostToRunNs(at, 10'240, 777 + 2'000), -8'000.0, 1e-6);
}

TEST(Timestamp, HostTimeAcrossAWrapOfTheCounter) {
  const TimestampClock clock{2.0, 32};
  // The origin 0x10 ticks before 2^32, the calibration 0x20 ticks after the
  // wrap: 0x30 ticks = 96 ns after the origin.
  const frontier::gpu::ClockCalibration after{0x20, 1'000, 0};
  EXPECT_DOUBLE_EQ(clock.hostToRunNs(after, 0xFFFFFFF0ULL, 1'000), 96.0);
  // The other way round: the calibration before the wrap, the origin after
  // it: 0x30 ticks before, -96 ns, and 4 ns later on the host: -92 ns.
  const frontier::gpu::ClockCalibration before{0xFFFFFFF0ULL, 1'000, 0};
  EXPECT_DOUBLE_EQ(clock.hostToRunNs(before, 0x20, 1'004), -92.0);
}
