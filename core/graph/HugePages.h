#pragma once
// Large arrays that are written at random (the CSR while it is built) run
// much faster on 2 MiB pages: a TLB miss per write becomes rare. Where the
// kernel offers transparent huge pages only on request (the common
// "madvise" setting), reserveHuge() asks for them before the first touch.
// Purely a hint: without support it only reserves.

#include <cstddef>
#include <cstdint>
#include <vector>

#include <sys/mman.h>

#include "Parallel.h"

namespace frontier::graph {

inline void adviseHuge(void* data, size_t bytes) noexcept {
#ifdef MADV_HUGEPAGE
  constexpr uintptr_t kHuge = uintptr_t{1} << 21U;
  const auto begin = (reinterpret_cast<uintptr_t>(data) + kHuge - 1) & ~(kHuge - 1);
  const auto end = (reinterpret_cast<uintptr_t>(data) + bytes) & ~(kHuge - 1);
  if (end > begin) {
    ::madvise(reinterpret_cast<void*>(begin), end - begin, MADV_HUGEPAGE);
  }
#else
  (void)data;
  (void)bytes;
#endif
}

// Resizes an empty vector to n elements (value-initialised), on huge pages
// where the kernel gives them. The kernel zeroes a page at its first touch,
// which for GBs is a second or more of one thread's time: large arrays are
// touched first on all cores (one byte per 4 KiB of the reserved storage,
// which value-initialisation then overwrites), so the zeroing is shared.
template <class T> void resizeHuge(std::vector<T>& v, size_t n) {
  v.reserve(n);
  const uint64_t bytes = uint64_t{n} * sizeof(T);
  adviseHuge(v.data(), bytes);
  constexpr uint64_t kPage = 4096;
  if (bytes >= (uint64_t{64} << 20U)) {
    auto* storage = reinterpret_cast<volatile unsigned char*>(v.data());
    parallelRanges(workerCount(0), bytes / kPage, [storage](uint64_t first, uint64_t last, unsigned) {
      for (uint64_t page = first; page < last; ++page) {
        storage[page * kPage] = 0;
      }
    });
  }
  v.resize(n);
}

} // namespace frontier::graph
