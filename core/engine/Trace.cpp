#include "engine/Trace.h"

namespace frontier::engine {

std::string_view kernelName(KernelKind kind) {
  switch (kind) {
  case KernelKind::Clear: return "clear";
  case KernelKind::SetSources: return "set-sources";
  case KernelKind::CheckDestinations: return "check-destinations";
  case KernelKind::Identify: return "identify";
  case KernelKind::Plan: return "plan";
  case KernelKind::ExpandTopDown: return "expand-top-down";
  case KernelKind::ExpandBottomUp: return "expand-bottom-up";
  case KernelKind::Scan: return "scan";
  case KernelKind::Compact: return "compact";
  case KernelKind::Relax: return "relax";
  case KernelKind::SplitBuckets: return "split-buckets";
  case KernelKind::Readback: return "readback";
  case KernelKind::Components: return "components";
  case KernelKind::Count_: break;
  }
  return "unknown";
}

std::string_view directionName(Direction direction) {
  return direction == Direction::BottomUp ? "bottom-up" : "top-down";
}

std::vector<double> RunTrace::nsPerKind() const {
  std::vector<double> ns(static_cast<size_t>(KernelKind::Count_), 0.0);
  for (const KernelSpan& span : kernels) {
    ns[static_cast<size_t>(span.kind)] += span.durationNs();
  }
  return ns;
}

std::vector<uint64_t> RunTrace::bytesPerKind() const {
  std::vector<uint64_t> bytes(static_cast<size_t>(KernelKind::Count_), 0);
  for (const KernelSpan& span : kernels) {
    bytes[static_cast<size_t>(span.kind)] += span.bytesMoved;
  }
  return bytes;
}

double RunTrace::sharing() const {
  uint64_t newly = 0;
  uint64_t queued = 0;
  for (const IterationStats& it : iterations) {
    newly += it.newlyVisited;
    queued += it.jfqLength;
  }
  return queued == 0 ? 0.0 : static_cast<double>(newly) / static_cast<double>(queued);
}

} // namespace frontier::engine
