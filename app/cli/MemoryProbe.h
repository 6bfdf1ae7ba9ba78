#pragma once
// Resident memory of this process, for the benchmarks (Linux /proc).
// The peak (VmHWM) can be reset by writing 5 to /proc/self/clear_refs; where
// that fails, the peak is the process's whole-life peak and reported as such.

#include <cstdint>

namespace frontier::cli {

struct MemoryProbe {
  static uint64_t currentBytes();  // VmRSS
  static uint64_t peakBytes();     // VmHWM
  // Returns freed heap to the system and resets the peak to the current
  // size; false when the peak could not be reset.
  static bool resetPeak();
};

} // namespace frontier::cli
