#pragma once
// Each kernel kind of a run against the device's roofs (engine::DeviceRoofs):
// the algorithm roofline the window draws, the "% of roof" column of its
// kernel table, the why-line's sentence and the CLI's lines. Pure functions
// of a RunTrace; no GPU.
//
// Which roof applies: every kernel's bytes are bounded by the copy roof. An
// expand (top-down or bottom-up) also reads one status row at a random
// vertex per arc, so its arcs per second are bounded by gather_gps: in bytes,
// gather_gps times its bytes per arc. It is held to the lower of the two (the
// gather roof for narrow rows, the copy roof for rows of many words). A share
// above 100% means caches served part of the bytes the model counts. A kind
// whose mean dispatch is shorter than twice the empty-dispatch time is
// dispatch-bound: its fixed cost, not its bytes, sets its time.

#include <cstdint>
#include <string>
#include <vector>

#include "engine/Trace.h"

namespace frontier::report {

enum class RoofKind : uint8_t { Copy, Gather };

struct KernelRoof {
  engine::KernelKind kind = engine::KernelKind::Clear;
  uint32_t dispatches = 0;
  uint64_t bytes = 0;       // bytes moved by construction, summed
  uint64_t accesses = 0;    // expand: arcs examined (random row accesses); else 0
  double ns = 0;            // GPU time, summed
  double achievedGbps = 0;  // bytes / ns
  double meanDispatchUs = 0;
  RoofKind roof = RoofKind::Copy;  // the roof that applies (needs roofs)
  // That roof in GB/s: copy_gbps, or gather_gps times the bytes an expand
  // moves per arc; 0 without roofs. What the roofline draws.
  double roofGbps = 0;
  // achievedGbps / roofGbps (may pass 1 where caches help); 0 without roofs.
  double roofShare = 0;
  bool dispatchBound = false;  // needs roofs
  // Pipeline-statistics runs: invocations launched by the kind's modelled
  // dispatches, and the share of them that had no work item (summed per
  // dispatch: KernelSpan::idleLaneShare); 0 when not counted.
  uint64_t invocations = 0;
  double idleLaneShare = 0;
};

// The kinds with bytes moved and GPU time, in KernelKind order.
std::vector<KernelRoof> kernelRoofs(const engine::RunTrace& trace, const engine::DeviceRoofs& roofs);

// "random-gather roof" or "copy roof".
std::string roofName(RoofKind roof);

// One sentence for the why-line: the kind with the most GPU time and where
// it stands ("expand-top-down reaches 38% of the random-gather roof"), then
// the dispatch-bound kinds ("identify, check-destinations are
// dispatch-bound"); "" without roofs or bytes.
std::string roofNote(const std::vector<KernelRoof>& kernels);

} // namespace frontier::report
