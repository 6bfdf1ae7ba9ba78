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
// A pending key the plain load missed (a concurrent lowering) is not lost:
// the lowering invocation queued v for the next step.
// Bindings: SsspBatched.h (offsets, distances, near, far, marks, queries,
// control, stats, bounds). Specialization: kSsspSpecRealWeights. Push
// constants: SsspBatchedPush (vertexCount, queries, step, chunks, targets,
// weights).
#extension GL_GOOGLE_include_directive : require
#include "BatchedCommon.glsl"

layout(local_size_x = kBatchedGroupSize) in;

void main() {
  const uint parity = control[kBatchedCtlNearParity];
  const uint farParity = control[kBatchedCtlFarParity];
  const uint nextTag = control[kBatchedCtlTag] + 1;
  const uint items = control[kBatchedCtlNearCount + parity];
  const uint64_t threshold = bounds[1];
  uint64_t edges = 0;
  uint64_t improvements = 0;
  uint64_t reached = 0;
  // One item per workgroup and round: uniform in the workgroup.
  for (uint i = gl_WorkGroupID.x; i < items; i += gl_NumWorkGroups.x) {
    const uint item = nearList[parity * pc.items + i];
    const uint v = itemVertex(item);
    const uint chunk = item % pc.chunks;
    const uint q = laneQuery(item);
    bool live = false;
    uint64_t d = 0;
    if (queryActive(q)) {
      const uint e = entryOf(v, q);
      const uint64_t key = dist[e];
      if (pendingKey(key) && (key >> 1) < threshold) {
        const uint64_t claimed = atomicAnd(dist[e], ~1ul);
        live = (claimed & 1ul) != 0;
        d = claimed >> 1;
      }
    }
    if (!subgroupAny(live)) {
      continue;
    }
    const uint end = offsets[v + 1];
    for (uint a = offsets[v]; a < end; ++a) {
      const uint u = arcTarget(a);
      bool toNear = false;
      bool toFar = false;
      if (live) {
        edges += 1;
        const uint64_t nd = addWeight(d, arcWeight(a));
        const uint64_t key = (nd << 1) | 1ul;
        const uint f = entryOf(u, q);
        if (key < dist[f]) {
          const uint64_t old = atomicMin(dist[f], key);
          if (key < old) {
            improvements += 1;
            reached += old == kSsspInfinity ? 1 : 0;
            toNear = nd < threshold;
            toFar = !toNear;
          }
        }
      }
      if (subgroupAny(toNear) && subgroupElect()) {
        const uint target = itemOf(u, chunk);
        if (atomicExchange(marks[target], nextTag) != nextTag) {
          const uint slot = atomicAdd(control[kBatchedCtlNearCount + 1 - parity], 1);
          nearList[(1 - parity) * pc.items + slot] = target;
        }
      }
      if (subgroupAny(toFar) && subgroupElect()) {
        const uint target = itemOf(u, chunk);
        if (atomicExchange(marks[farFlag(target)], 1u) == 0) {
          const uint slot = atomicAdd(control[kBatchedCtlFarCount + farParity], 1);
          farList[farParity * pc.items + slot] = target;
        }
      }
    }
  }
  SSSP_ADD_STAT(edgesRelaxed, edges);
  SSSP_ADD_STAT(improvements, improvements);
  SSSP_ADD_STAT(settled, reached);
}
