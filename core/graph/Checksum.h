#pragma once
// The checksum of the binary cache (docs/FORMATS.md gives the algorithm so
// other tools can verify a file): four 64-bit lanes that each take every
// fourth little-endian word of 32-byte stripes with a multiply-rotate round,
// a zero-padded last stripe, and a final mix with the length. Several GB/s on
// one core; detects corruption, not tampering.

#include <cstddef>
#include <cstdint>
#include <cstring>

namespace frontier::graph {

class Checksum {
public:
  void update(const void* data, size_t size) noexcept {
    auto bytes = static_cast<const unsigned char*>(data);
    m_length += size;
    if (m_buffered > 0) {
      const size_t take = size < kStripe - m_buffered ? size : kStripe - m_buffered;
      std::memcpy(m_buffer + m_buffered, bytes, take);
      m_buffered += take;
      bytes += take;
      size -= take;
      if (m_buffered < kStripe) {
        return;
      }
      stripe(m_buffer);
      m_buffered = 0;
    }
    for (; size >= kStripe; size -= kStripe, bytes += kStripe) {
      stripe(bytes);
    }
    std::memcpy(m_buffer, bytes, size);
    m_buffered = size;
  }

  uint64_t digest() const noexcept {
    uint64_t lanes[4] = {m_lanes[0], m_lanes[1], m_lanes[2], m_lanes[3]};
    if (m_buffered > 0) {
      unsigned char last[kStripe] = {};
      std::memcpy(last, m_buffer, m_buffered);
      stripeInto(lanes, last);
    }
    uint64_t h = rotl(lanes[0], 1) + rotl(lanes[1], 7) + rotl(lanes[2], 12) + rotl(lanes[3], 18);
    h ^= m_length;
    h ^= h >> 33U;
    h *= kPrime2;
    h ^= h >> 29U;
    h *= kPrime3;
    h ^= h >> 32U;
    return h;
  }

  static uint64_t of(const void* data, size_t size) noexcept {
    Checksum sum;
    sum.update(data, size);
    return sum.digest();
  }

private:
  static constexpr size_t kStripe = 32;
  static constexpr uint64_t kPrime1 = 0x9E3779B185EBCA87ULL;
  static constexpr uint64_t kPrime2 = 0xC2B2AE3D27D4EB4FULL;
  static constexpr uint64_t kPrime3 = 0x165667B19E3779F9ULL;

  static uint64_t rotl(uint64_t x, unsigned r) noexcept { return (x << r) | (x >> (64U - r)); }
  static void stripeInto(uint64_t* lanes, const unsigned char* bytes) noexcept {
    for (int i = 0; i < 4; ++i) {
      uint64_t word = 0;
      std::memcpy(&word, bytes + 8 * i, 8);  // little-endian hosts only (x86-64, ARM64)
      lanes[i] = rotl(lanes[i] + word * kPrime2, 31) * kPrime1;
    }
  }
  void stripe(const unsigned char* bytes) noexcept { stripeInto(m_lanes, bytes); }

  uint64_t m_lanes[4] = {kPrime1 + kPrime2, kPrime2, 0, 0 - kPrime1};
  unsigned char m_buffer[kStripe] = {};
  size_t m_buffered = 0;
  uint64_t m_length = 0;
};

} // namespace frontier::graph
