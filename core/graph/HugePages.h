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
// where the kernel gives them.
template <class T> void resizeHuge(std::vector<T>& v, size_t n) {
  v.reserve(n);
  adviseHuge(v.data(), n * sizeof(T));
  v.resize(n);
}

} // namespace frontier::graph
