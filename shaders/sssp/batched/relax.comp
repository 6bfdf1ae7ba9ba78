#version 460
// One relax step of the block: each frontier item (vertex v, chunk c) is
// handled by one workgroup, lane i being query q = c * 64 + i. A lane
// whose key at v is pending and below the bucket end T (and whose query is
// active) claims it (atomicAnd clears the pending bit and returns the latest
// distance d), then, for each arc v -> u of weight w, atomicMin(dist[u, q],
// ((d + w) << 1) | 1): the lanes of a workgroup touch one contiguous run of
// keys per arc. An improved u is queued as the item (u, c), once per
// subgroup and arc: in the next frontier when d + w < T (once per step: the
// near stamps), else in the far pile (once: the far flags). Lanes whose key was not pending do no
// relaxation; a subgroup with no claimed lane skips the arcs.
// Chaining (pc.chainRounds > 0): a near target item is first offered to the
// workgroup's own stack in shared memory, and the workgroup goes on with it
// in the same step (depth first, up to chainRounds items after each frontier
// item), so a wave crosses several hops of a road per step instead of one;
// what does not fit, and what is left when the rounds run out, goes to the
// next frontier. Lanes still claim keys with atomicAnd, so an item handled
// by two workgroups at once relaxes each pending key once.
// A pending key the plain load missed (a concurrent lowering) is not lost:
// the lowering invocation queued v for the next step.
// Per-query progress: the keys a lane's query reached for the first time
// in the step are summed over a chain and added to querySettled[step, q]
// (about 1.5 % of the GPU time on the road graphs, H100).
// Arrays (bound or by address): SsspBatched.h (offsets, distances, near, far, marks, queries,
// control, stats, bounds, querySettled). Specialization: kSsspSpecRealWeights. Push
// constants: SsspBatchedPush (vertexCount, queries, step, chunks, items,
// chainRounds, targets, weights).
#extension GL_GOOGLE_include_directive : require
#include "BatchedCommon.glsl"

layout(local_size_x = kBatchedGroupSize) in;

const uint kStackSize = 64;
shared uint s_stack[kStackSize];
shared uint s_count;  // entries pushed (may exceed kStackSize: those went to the next frontier)
shared uint s_item;   // the item of this round
shared bool s_more;

uint g_parity;
uint g_farParity;
uint g_nextTag;
uint64_t g_threshold;
uint64_t g_edges = 0;
uint64_t g_improvements = 0;
uint64_t g_reached = 0;
// This lane's query's first reaches over the current chain (its items share
// the chunk, so the lane's query), added to querySettled once per chain.
uint g_chainReached = 0;
// Bytes read or written in device memory (SsspStats::relaxBytes): items,
// distances, offsets, targets, weights, marks and list entries, each load a
// subgroup shares counted once; not the per-query words or shared memory.
uint64_t g_bytes = 0;

void queueNear(uint target) {
  g_bytes += 4;  // the mark
  if (atomicExchange(marks(target), g_nextTag) != g_nextTag) {
    g_bytes += 4;
    const uint slot = atomicAdd(control[kBatchedCtlNearCount + 1 - g_parity], 1);
    nearList((1 - g_parity) * pc.items + slot) = target;
  }
}

// Relaxes the pending keys of `item` below the bucket end. `chain`: near
// targets go to the workgroup's stack while it has room. Workgroup-uniform.
void relaxItem(uint item, bool chain) {
  const uint v = itemVertex(item);
  const uint chunk = item % pc.chunks;
  const uint q = laneQuery(item);
  bool live = false;
  uint64_t d = 0;
  if (queryActive(q)) {
    const uint e = entryOf(v, q);
    const uint64_t key = dist(e);
    g_bytes += 8;
    if (pendingKey(key) && (key >> 1) < g_threshold) {
      g_bytes += 8;
      const uint64_t claimed = atomicAnd(dist(e), ~1ul);
      live = (claimed & 1ul) != 0;
      d = claimed >> 1;
    }
  }
  if (!subgroupAny(live)) {
    return;
  }
  const uint end = offsets(v + 1);
  g_bytes += subgroupElect() ? 8 : 0;  // the offsets, loaded once per subgroup
  for (uint a = offsets(v); a < end; ++a) {
    const uint u = arcTarget(a);
    g_bytes += subgroupElect() ? 8 : 0;  // the target and the weight
    bool toNear = false;
    bool toFar = false;
    if (live) {
      g_edges += 1;
      g_bytes += 8;  // the target's distance
      const uint64_t nd = addWeight(d, arcWeight(a));
      const uint64_t key = (nd << 1) | 1ul;
      const uint f = entryOf(u, q);
      if (key < dist(f)) {
        g_bytes += 8;
        const uint64_t old = atomicMin(dist(f), key);
        if (key < old) {
          g_improvements += 1;
          const uint first = old == kSsspInfinity ? 1 : 0;
          g_reached += first;
          g_chainReached += first;
          toNear = nd < g_threshold;
          toFar = !toNear;
        }
      }
    }
    if (subgroupAny(toNear) && subgroupElect()) {
      const uint target = itemOf(u, chunk);
      const uint slot = chain ? atomicAdd(s_count, 1) : kStackSize;
      if (slot < kStackSize) {
        s_stack[slot] = target;
      } else {
        queueNear(target);
      }
    }
    if (subgroupAny(toFar) && subgroupElect()) {
      const uint target = itemOf(u, chunk);
      g_bytes += 4;  // the far flag
      if (atomicExchange(marks(farFlag(target)), 1u) == 0) {
        g_bytes += 4;
        const uint slot = atomicAdd(control[kBatchedCtlFarCount + g_farParity], 1);
        farList(g_farParity * pc.items + slot) = target;
      }
    }
  }
}

void main() {
  g_parity = control[kBatchedCtlNearParity];
  g_farParity = control[kBatchedCtlFarParity];
  g_nextTag = control[kBatchedCtlTag] + 1;
  g_threshold = bounds[1];
  const uint items = control[kBatchedCtlNearCount + g_parity];
  const bool chaining = pc.chainRounds > 0;
  // One frontier item per workgroup and round, then its chain: uniform in
  // the workgroup (the loop conditions come from shared memory after a
  // barrier).
  const uint groups = gl_NumWorkGroups.x * gl_NumWorkGroups.y;
  for (uint i = gl_WorkGroupID.y * gl_NumWorkGroups.x + gl_WorkGroupID.x; i < items; i += groups) {
    if (gl_LocalInvocationID.x == 0) {
      s_count = 0;
    }
    barrier();
    uint item = nearList(g_parity * pc.items + i);
    g_bytes += gl_LocalInvocationID.x == 0 ? 4 : 0;  // the item, loaded once per workgroup
    for (uint round = 0; ; ++round) {
      relaxItem(item, chaining && round < pc.chainRounds);
      barrier();
      if (gl_LocalInvocationID.x == 0) {
        const uint count = min(s_count, kStackSize);
        s_more = count > 0 && round < pc.chainRounds;
        if (s_more) {
          s_item = s_stack[count - 1];
          s_count = count - 1;
        } else {
          s_count = count;
        }
      }
      barrier();
      if (!s_more) {
        break;
      }
      item = s_item;
    }
    if (g_chainReached != 0) {
      atomicAdd(querySettled[pc.step * pc.queries + laneQuery(item)], g_chainReached);
      g_chainReached = 0;
    }
    // Rounds used up: the rest of the stack joins the next frontier.
    for (uint k = gl_LocalInvocationID.x; k < s_count; k += kBatchedGroupSize) {
      queueNear(s_stack[k]);
    }
    barrier();
  }
  SSSP_ADD_STAT(edgesRelaxed, g_edges);
  SSSP_ADD_STAT(improvements, g_improvements);
  SSSP_ADD_STAT(settled, g_reached);
  SSSP_ADD_STAT(relaxBytes, g_bytes);
}
