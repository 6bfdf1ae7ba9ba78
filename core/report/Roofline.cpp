#include "Roofline.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <utility>

namespace frontier::report {

namespace {

bool isExpand(engine::KernelKind kind) {
  return kind == engine::KernelKind::ExpandTopDown || kind == engine::KernelKind::ExpandBottomUp;
}

// A dispatch this close to the empty one's time is mostly fixed cost.
constexpr double kDispatchBoundFactor = 2.0;

} // namespace

std::vector<KernelRoof> kernelRoofs(const engine::RunTrace& trace, const engine::DeviceRoofs& roofs) {
  std::map<std::pair<uint32_t, uint32_t>, uint64_t> arcsAt;  // (batch, level) -> arcs examined
  for (const engine::IterationStats& it : trace.iterations) {
    arcsAt[{it.batch, it.level}] = it.edgesExamined;
  }
  std::vector<KernelRoof> kinds(static_cast<size_t>(engine::KernelKind::Count_));
  for (const engine::KernelSpan& span : trace.kernels) {
    if (span.bytesMoved == 0) {
      continue;
    }
    KernelRoof& k = kinds[static_cast<size_t>(span.kind)];
    k.kind = span.kind;
    k.dispatches += 1;
    k.bytes += span.bytesMoved;
    k.ns += span.durationNs();
    k.invocations += span.invocations;
    k.idleLaneShare += span.idleLaneShare() * static_cast<double>(span.invocations);  // idle lanes, for now
    if (isExpand(span.kind)) {
      const auto found = arcsAt.find({span.batch, span.level});
      k.accesses += found != arcsAt.end() ? found->second : 0;
    }
  }
  std::vector<KernelRoof> out;
  for (KernelRoof& k : kinds) {
    if (k.dispatches == 0 || k.ns <= 0) {
      continue;
    }
    k.achievedGbps = static_cast<double>(k.bytes) / k.ns;
    k.idleLaneShare = k.invocations > 0 ? k.idleLaneShare / static_cast<double>(k.invocations) : 0.0;
    k.meanDispatchUs = k.ns / k.dispatches / 1e3;
    if (roofs.measured()) {
      // An expand's accesses at the gather rate, in bytes at its bytes per
      // access; the lower of that and the copy roof is the one it can reach.
      const double gatherGbps =
          isExpand(k.kind) && k.accesses > 0
              ? roofs.gatherGps * static_cast<double>(k.bytes) / static_cast<double>(k.accesses)
              : 0.0;
      k.roof = gatherGbps > 0 && gatherGbps < roofs.copyGbps ? RoofKind::Gather : RoofKind::Copy;
      k.roofGbps = k.roof == RoofKind::Gather ? gatherGbps : roofs.copyGbps;
      k.roofShare = k.achievedGbps / k.roofGbps;
      k.dispatchBound = k.meanDispatchUs < kDispatchBoundFactor * roofs.dispatchUs;
    }
    out.push_back(k);
  }
  return out;
}

std::string roofName(RoofKind roof) { return roof == RoofKind::Gather ? "random-gather roof" : "copy roof"; }

std::string roofNote(const std::vector<KernelRoof>& kernels) {
  const KernelRoof* heaviest = nullptr;
  std::string bound;
  for (const KernelRoof& k : kernels) {
    if (k.roofShare <= 0) {
      return {};  // no roofs measured
    }
    if (heaviest == nullptr || k.ns > heaviest->ns) {
      heaviest = &k;
    }
  }
  if (heaviest == nullptr) {
    return {};
  }
  std::string note(engine::kernelName(heaviest->kind));
  if (heaviest->dispatchBound) {
    note += " (the most GPU time) is dispatch-bound";
  } else {
    note += " reaches ";
    note += std::to_string(static_cast<int>(std::lround(heaviest->roofShare * 100)));
    note += "% of the ";
    note += roofName(heaviest->roof);
  }
  size_t count = 0;
  for (const KernelRoof& k : kernels) {
    if (k.dispatchBound && &k != heaviest) {
      bound += bound.empty() ? "" : ", ";
      bound += engine::kernelName(k.kind);
      ++count;
    }
  }
  if (count > 0) {
    note += "; ";
    note += bound;
    note += count == 1 ? " is dispatch-bound" : " are dispatch-bound";
  }
  return note;
}

} // namespace frontier::report
