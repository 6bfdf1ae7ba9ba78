#version 460
// Identify over status words (`worklist`, vertex-major layout): for each
// word (v, w) that the last expand changed (its list, WordLists.glsl), or
// for every word when that list overflowed or at level 0, copies S_{k+1}
// into S_k and appends the word with its fresh bits to the JFQ (entry i is
// (v * W + w, the bits of active searches that are new)) when it has any.
// A grid level changes one or two bits of few words: the list keeps
// the level's cost to what changed instead of V * W words. Strided over the
// items, a workgroup taking consecutive ones (coalesced on the dense sweep;
// the loop is uniform in the workgroup, so the appends take one atomic per
// workgroup and iteration: WorkgroupClaims.glsl). queueCounts[slot * 32] and
// stats.jfqLength count the JFQ's words; frontierArcs and searchEdges are
// summed per word. The last workgroup to finish plans the level
// (PlanLevel.glsl): a grid or road level, tens of microseconds, no longer
// pays a one-invocation plan dispatch and its barrier.
// Bindings: Ibfs.h. Push constants: IbfsPush (vertexCount, words, level,
//   slot, trackedSearch, listCapacity; the plan's policy, flags and group
//   counts).
#extension GL_GOOGLE_include_directive : require
#include "IbfsCommon.glsl"
#include "WorkgroupClaims.glsl"

layout(local_size_x = kIbfsWorkgroupSize) in;

#include "IbfsStats.glsl"
// The statistics the plan reads were added by other workgroups with
// atomics: read them with atomics too (from L2, never a stale cached line).
#define PLAN_STAT(x) atomicAdd(x, 0)
#include "PlanLevel.glsl"

void main() {
  // Read before any workgroup can plan (the plan rewrites this dispatch's
  // own indirect arguments, which some drivers read for gl_NumWorkGroups).
  const uint groups = gl_NumWorkGroups.x;
  workgroupClaimsInit();
  beginStats();  // its barrier also orders the claims' initialisation
  const uint W = pc.words;
  const uint listed = control[kIbfsControlTouchedCount + (pc.level & 1u)];
  const bool dense = pc.level == 0 || listed > pc.listCapacity;
  const uint items = dense ? pc.vertexCount * W : listed;
  noteExamined(items);
  const uint trackedWord = pc.trackedSearch == kIbfsNoSearch ? 0xFFFFFFFFu : pc.trackedSearch >> 5u;
  const uint trackedBit = 1u << (pc.trackedSearch & 31u);
  const uint stride = groups * kIbfsWorkgroupSize;
  uint64_t totals[kStatCount] = {0, 0, 0, 0, 0, 0};
  for (uint base = gl_WorkGroupID.x * kIbfsWorkgroupSize; base < items; base += stride) {
    const uint i = base + gl_LocalInvocationIndex;
    uint index = 0xFFFFFFFFu;
    uint fresh = 0;
    if (i < items) {
      index = dense ? i : touched(i);
      const uint n = next(index);
      const uint c = current(index);
      if (n != c) {
        current(index) = n;
      }
      const uint w = index & (W - 1u);
      fresh = (n ^ c) & activeMask[w];
      if (fresh != 0) {
        const uint v = index / W;
        atomicOr(sAlive[w], fresh);
        const uint degree = outDegree(v);
        totals[kStatJfq] += 1;
        totals[kStatNewly] += bitCount(fresh);
        totals[kStatSearchEdges] += uint64_t(bitCount(fresh)) * degree;
        totals[kStatFrontierArcs] += degree;
        if (w == trackedWord && (fresh & trackedBit) != 0) {
          trackedLevels(v) = pc.level;
        }
      }
    }
    const uint asks = fresh != 0 ? 1u : 0u;
    uint at;
    CLAIM_PLACES_WORKGROUP(queueCounts[pc.slot * kIbfsMaxInstances], asks, at);
    if (fresh != 0) {
      queueEntry(at) = uvec2(index, fresh);  // beside the index: the expand reads both in one load
    }
  }
  flushStats(totals, 0, 0);
  // Every workgroup gets here (no early return): the last one to count
  // itself plans. The fence and barrier order this workgroup's statistics
  // atomics before its count (the threadfence-reduction pattern).
  memoryBarrierBuffer();
  barrier();
  if (gl_LocalInvocationIndex == 0) {
    memoryBarrierBuffer();  // orders the other invocations' atomics, seen through the barrier, before the count
    const uint finished = atomicAdd(control[kIbfsControlGroupsDone], 1u);
    if (finished + 1u == groups) {
      memoryBarrierBuffer();
      control[kIbfsControlGroupsDone] = 0;
      planLevel();
    }
  }
}
