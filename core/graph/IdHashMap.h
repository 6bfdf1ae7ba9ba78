#pragma once
// Open-addressing hash map from 64-bit file ids to 32-bit ids handed out in
// order of first appearance (0, 1, 2, ...). Linear probing, load factor at
// most 1/2, a full 64-bit mixer so that strided ids (LDBC's are multiples of
// large powers of two plus small offsets) spread evenly.

#include <cstdint>
#include <stdexcept>
#include <vector>

namespace frontier::graph {

class IdHashMap {
public:
  IdHashMap() { m_slots.resize(kInitialSlots); }

  // The id of `key`, giving it the next id when new.
  uint32_t findOrInsert(uint64_t key) {
    size_t slot = hash(key) & m_mask;
    for (;;) {
      Slot& s = m_slots[slot];
      if (s.idPlusOne == 0) {
        return insertAt(slot, key);
      }
      if (s.key == key) {
        return s.idPlusOne - 1;
      }
      slot = (slot + 1) & m_mask;
    }
  }

  // Keys in order of their ids.
  const std::vector<uint64_t>& keys() const noexcept { return m_keys; }
  uint64_t size() const noexcept { return m_keys.size(); }
  void release() {
    m_slots = {};
    m_keys = {};
  }

private:
  struct Slot {
    uint64_t key = 0;
    uint32_t idPlusOne = 0;  // 0 = empty
  };
  static constexpr size_t kInitialSlots = 1024;

  static uint64_t hash(uint64_t x) noexcept {
    x ^= x >> 33U;
    x *= 0xff51afd7ed558ccdULL;
    x ^= x >> 33U;
    x *= 0xc4ceb9fe1a85ec53ULL;
    x ^= x >> 33U;
    return x;
  }

  uint32_t insertAt(size_t slot, uint64_t key) {
    if (m_keys.size() >= UINT32_MAX - 1) {
      throw std::length_error("more than 4,294,967,294 distinct vertex ids (dense ids are 32-bit)");
    }
    const auto id = static_cast<uint32_t>(m_keys.size());
    m_keys.push_back(key);
    m_slots[slot] = {key, id + 1};
    if (2 * m_keys.size() > m_slots.size()) {
      grow();
    }
    return id;
  }

  void grow() {
    std::vector<Slot> old(m_slots.size() * 2);
    old.swap(m_slots);
    m_mask = m_slots.size() - 1;
    for (const Slot& s : old) {
      if (s.idPlusOne != 0) {
        size_t slot = hash(s.key) & m_mask;
        while (m_slots[slot].idPlusOne != 0) {
          slot = (slot + 1) & m_mask;
        }
        m_slots[slot] = s;
      }
    }
  }

  std::vector<Slot> m_slots;
  size_t m_mask = kInitialSlots - 1;
  std::vector<uint64_t> m_keys;
};

} // namespace frontier::graph
