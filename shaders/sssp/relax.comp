#version 460
// Relaxes the arcs of a set of entries (query q, vertex u): for each arc
// u -> v of weight w, atomicMin(dist[q, v], dist[q, u] + w), and queues what
// improved. Which entries and arcs (specialization constant kSsspSpecRelaxMode):
//   NearFar  near bucket, all arcs; an improved v goes to the next near
//            bucket (below the bucket end; deduplicated per step by stamps)
//            or to the far pile (deduplicated by the in-far bitset)
//   Light    near bucket, arcs of weight <= delta; an improved v below the
//            bucket end goes to the next near bucket
//   Heavy    the bucket's settled list, arcs of weight > delta; no queueing
//   All      every reached entry of the batch (Bellman-Ford); marks the
//            query changed
// NearFar and Light set the entry's processed bit (the first time: a settled
// entry; Light also appends it to the settled list for the heavy pass, kept
// in the first half of `far`).
// Entries of a vertex with at least a subgroup's worth of arcs are relaxed by
// the whole subgroup, one entry at a time; the others by their own
// invocation, the subgroup stepping through arcs in lockstep, so queue
// appends take one atomic per subgroup.
// Plain 64-bit loads of distances that other invocations lower with
// atomicMin may be stale, which only costs work (the lowering invocation
// queues the vertex again); they are assumed not to tear, as aligned 64-bit
// loads do not on the GPUs and CPUs the engine targets.
// Arrays (bound or by address): Sssp.h (all). Specialization: kSsspSpecRealWeights,
// kSsspSpecRelaxMode. Push constants: SsspPush (delta, vertexCount,
// capacity, bitWords, step, maxGroups).
#extension GL_GOOGLE_include_directive : require
#include "SsspCommon.glsl"

layout(local_size_x = kSsspWorkgroupSize) in;
layout(constant_id = kSsspSpecRelaxMode) const uint kMode = kSsspRelaxNearFar;

uint g_tag;
uint g_nextNearBase;
uint g_nextNearCounter;
uint g_farBase;
uint g_farCounter;
uint64_t g_edges = 0;
uint64_t g_improvements = 0;
uint64_t g_settled = 0;
// Bytes read or written in device memory (SsspStats::relaxBytes): queue
// entries, distances, offsets, targets, weights, bits and stamps; not the
// per-query words (state, threshold) or the control block's counters.
uint64_t g_bytes = 0;

// Relaxes arc `a` for entry base `qBase` (q * V) at distance `du` with bucket
// end `threshold`, when `live`. Uniform control flow (appends inside).
void relaxArc(bool live, uint a, uint q, uint qBase, uint64_t du, uint64_t threshold) {
  bool improved = false;
  uint entry = 0;
  uint64_t nd = 0;
  if (live) {
    g_bytes += 4;  // the weight (the light/heavy filter)
    const uint w = arcWeight(a);
    const bool light = uint64_t(w) <= pc.delta;
    if ((kMode == kSsspRelaxLight && !light) || (kMode == kSsspRelaxHeavy && light)) {
      live = false;
    }
  }
  if (live) {
    g_edges += 1;
    g_bytes += 12;  // the target and its distance
    entry = qBase + arcTarget(a);
    nd = addWeight(du, arcWeight(a));
    if (nd < dist(entry)) {
      g_bytes += 8;
      const uint64_t old = atomicMin(dist(entry), nd);
      improved = nd < old;
      if (improved && old == kSsspInfinity && kMode == kSsspRelaxAll) {
        g_settled += 1;  // Bellman-Ford counts first reached entries
      }
    }
  }
  if (improved) {
    g_improvements += 1;
    if (kMode == kSsspRelaxAll) {
      queries[q].changed = 1;
    }
  }
  if (kMode == kSsspRelaxNearFar || kMode == kSsspRelaxLight) {
    g_bytes += improved && nd < threshold ? 4 : 0;  // the stamp
  }
  if (kMode == kSsspRelaxNearFar) {
    g_bytes += improved && nd >= threshold ? 4 : 0;  // the far bit
  }
  if (kMode == kSsspRelaxNearFar || kMode == kSsspRelaxLight) {
    const bool near = improved && nd < threshold && atomicMax(stamps(entry), g_tag) < g_tag;
    const uint at = appendSlot(near, g_nextNearCounter);
    if (near) {
      g_bytes += 4;
      nearQueue(g_nextNearBase + at) = entry;
    }
  }
  if (kMode == kSsspRelaxNearFar) {
    const bool far = improved && nd >= threshold && setBit(farBits(), entry);
    const uint at = appendSlot(far, g_farCounter);
    if (far) {
      g_bytes += 4;
      farQueue(g_farBase + at) = entry;
    }
  }
}

void main() {
  const uint V = pc.vertexCount;
  const uint nearParity = control[kSsspCtlNearParity];
  const uint farParity = control[kSsspCtlFarParity];
  g_tag = control[kSsspCtlTag];
  g_nextNearBase = (1 - nearParity) * pc.capacity;
  g_nextNearCounter = kSsspCtlNearCount + 1 - nearParity;
  g_farBase = farParity * pc.capacity;
  g_farCounter = kSsspCtlFarCount + farParity;

  uint count = 0;
  if (kMode == kSsspRelaxAll) {
    count = control[kSsspCtlBatchQueries] * V;
  } else if (kMode == kSsspRelaxHeavy) {
    count = control[kSsspCtlListCount];
  } else {
    count = control[kSsspCtlNearCount + nearParity];
  }
  const uint lane = gl_SubgroupInvocationID;
  const uint stride = gl_NumWorkGroups.x * kSsspWorkgroupSize;
  uint64_t entries = 0;
  for (uint base = gl_WorkGroupID.x * kSsspWorkgroupSize; base < count; base += stride) {
    const uint i = base + gl_LocalInvocationID.x;
    bool have = i < count;
    uint e = 0;
    if (have) {
      if (kMode == kSsspRelaxAll) {
        e = i;
      } else if (kMode == kSsspRelaxHeavy) {
        e = farQueue(i);
        g_bytes += 4;
      } else {
        e = nearQueue(nearParity * pc.capacity + i);
        g_bytes += 4;
      }
    }
    const uint q = e / V;
    const uint u = e - q * V;
    uint64_t du = kSsspInfinity;
    uint64_t threshold = 0;
    if (have) {
      have = queries[q].state == kSsspQueryActive;
    }
    if (have) {
      g_bytes += 8;
      du = dist(e);
      have = du != kSsspInfinity;
      threshold = queries[q].threshold;
    }
    if (kMode == kSsspRelaxNearFar || kMode == kSsspRelaxLight) {
      const bool first = have && setBit(processedBits(), e);
      g_bytes += have ? 4 : 0;  // the processed bit
      g_settled += first ? 1 : 0;
      if (kMode == kSsspRelaxLight) {
        // An entry is first processed in its final bucket: the bucket's
        // settled list, whose heavy arcs the phase end relaxes once.
        const uint at = appendSlot(first, kSsspCtlListCount);
        if (first) {
          g_bytes += 4;
          farQueue(at) = e;
        }
      }
    }
    entries += have ? 1 : 0;
    g_bytes += have ? 8 : 0;  // the two offsets
    const uint begin = have ? offsets(u) : 0;
    const uint end = have ? offsets(u + 1) : 0;
    const uint degree = end - begin;
    const uint qBase = q * V;

    // Entries with many arcs: the whole subgroup, one entry at a time.
    const bool big = have && degree >= gl_SubgroupSize;
    uvec4 bigMask = subgroupBallot(big);
    while (subgroupBallotBitCount(bigMask) != 0) {
      const uint leader = subgroupBallotFindLSB(bigMask);
      bigMask[leader >> 5] &= ~(1u << (leader & 31u));
      const uint lBegin = subgroupShuffle(begin, leader);
      const uint lEnd = subgroupShuffle(end, leader);
      const uint lQ = subgroupShuffle(q, leader);
      const uint64_t lDu = subgroupShuffle(du, leader);
      const uint64_t lThreshold = subgroupShuffle(threshold, leader);
      for (uint k = lBegin; k < lEnd; k += gl_SubgroupSize) {
        relaxArc(k + lane < lEnd, k + lane, lQ, lQ * V, lDu, lThreshold);
      }
    }
    // The others: each invocation its own entry, in lockstep.
    const uint mine = (have && !big) ? degree : 0;
    const uint rounds = subgroupMax(mine);
    for (uint k = 0; k < rounds; ++k) {
      relaxArc(k < mine, begin + k, q, qBase, du, threshold);
    }
  }
  SSSP_ADD_STAT(edgesRelaxed, g_edges);
  SSSP_ADD_STAT(improvements, g_improvements);
  SSSP_ADD_STAT(settled, g_settled);
  if (kMode == kSsspRelaxHeavy) {
    SSSP_ADD_STAT(heavyBytes, g_bytes);
  } else {
    SSSP_ADD_STAT(relaxBytes, g_bytes);
  }
  if (kMode == kSsspRelaxAll) {
    // Bellman-Ford's "near size": the reached entries it relaxed.
    const uint64_t total = subgroupAdd(entries);
    if (subgroupElect() && total != 0) {
      atomicAdd(stats[pc.step].nearSize, uint(total));
    }
  }
}
