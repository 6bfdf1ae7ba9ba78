#pragma once
// A word of Bits bits (64..512) holding one bit per concurrent search, as
// plain 64-bit lanes: the loops below compile to SIMD instructions where the
// target has them, and to scalar code everywhere else.

#include <cstdint>

namespace frontier::reference {

template <unsigned Bits> struct BitWord {
  static_assert(Bits % 64 == 0 && Bits >= 64 && Bits <= 512, "64, 128, 256 or 512 bits");
  static constexpr unsigned kLanes = Bits / 64;
  uint64_t lanes[kLanes];

  static BitWord zero() noexcept { return BitWord{}; }
  // The lowest `count` bits set.
  static BitWord firstBits(unsigned count) noexcept {
    BitWord word{};
    for (unsigned i = 0; i < kLanes; ++i) {
      const unsigned inLane = count > 64 * i ? count - 64 * i : 0;
      word.lanes[i] = inLane >= 64 ? ~uint64_t{0} : (uint64_t{1} << inLane) - 1;
    }
    return word;
  }

  void set(unsigned bit) noexcept { lanes[bit / 64] |= uint64_t{1} << (bit % 64); }
  bool test(unsigned bit) const noexcept { return ((lanes[bit / 64] >> (bit % 64)) & 1U) != 0; }
  bool any() const noexcept {
    uint64_t all = 0;
    for (unsigned i = 0; i < kLanes; ++i) {
      all |= lanes[i];
    }
    return all != 0;
  }
  // Bits set in `mask` are all set here.
  bool covers(const BitWord& mask) const noexcept {
    uint64_t missing = 0;
    for (unsigned i = 0; i < kLanes; ++i) {
      missing |= mask.lanes[i] & ~lanes[i];
    }
    return missing == 0;
  }
  BitWord& operator|=(const BitWord& other) noexcept {
    for (unsigned i = 0; i < kLanes; ++i) {
      lanes[i] |= other.lanes[i];
    }
    return *this;
  }
  friend BitWord operator&(const BitWord& a, const BitWord& b) noexcept {
    BitWord r;
    for (unsigned i = 0; i < kLanes; ++i) {
      r.lanes[i] = a.lanes[i] & b.lanes[i];
    }
    return r;
  }
  // a & ~b
  friend BitWord andNot(const BitWord& a, const BitWord& b) noexcept {
    BitWord r;
    for (unsigned i = 0; i < kLanes; ++i) {
      r.lanes[i] = a.lanes[i] & ~b.lanes[i];
    }
    return r;
  }
};

} // namespace frontier::reference
