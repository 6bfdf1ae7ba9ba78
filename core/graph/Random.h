#pragma once
// The random numbers of every generator, the same on every platform and
// compiler (std:: distributions are not): SplitMix64 (Steele, Lea, Flood
// 2014) for the stream, Lemire's multiply-shift with rejection for bounded
// integers, the top 53 bits for doubles in [0, 1).

#include <cstdint>

namespace frontier::graph {

class SplitMix64 {
public:
  explicit SplitMix64(uint64_t seed) noexcept : m_state(seed) {}

  // The state advances by kIncrement per draw and a draw is output(state):
  // draw j (from 0) of a stream seeded s is output(s + (j + 1) * kIncrement),
  // so draws far apart can be made without making those in between.
  static constexpr uint64_t kIncrement = 0x9E3779B97F4A7C15ULL;
  static constexpr uint64_t output(uint64_t z) noexcept {
    z = (z ^ (z >> 30U)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27U)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31U);
  }
  uint64_t state() const noexcept { return m_state; }

  uint64_t next() noexcept { return output(m_state += kIncrement); }

  // Uniform in [0, bound), bound > 0, without modulo bias.
  uint64_t below(uint64_t bound) noexcept {
    unsigned __int128 product = static_cast<unsigned __int128>(next()) * bound;
    auto low = static_cast<uint64_t>(product);
    if (low < bound) {
      const uint64_t threshold = (0 - bound) % bound;
      while (low < threshold) {
        product = static_cast<unsigned __int128>(next()) * bound;
        low = static_cast<uint64_t>(product);
      }
    }
    return static_cast<uint64_t>(product >> 64U);
  }

  // Uniform in [0, 1).
  double uniform() noexcept { return static_cast<double>(next() >> 11U) * 0x1.0p-53; }

private:
  uint64_t m_state;
};

// A well-mixed 64-bit hash (the SplitMix64 output function), for seeds of
// independent streams and for per-edge values.
inline uint64_t mix64(uint64_t x) noexcept { return SplitMix64(x).next(); }

} // namespace frontier::graph
