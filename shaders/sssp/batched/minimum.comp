#version 460
// Phase end, over the far pile (one vertex per workgroup and round, lanes
// over its queries): the smallest pending distance of each active query,
// minNext (atomicMin, skipped when the plain load shows it cannot lower it).
// After a phase end every pending key lies at or above the bucket end and
// its vertex is in the pile, so minNext covers all of the query's pending
// keys.
// Bindings: SsspBatched.h (distances, far, queries, control). Push constants:
// SsspBatchedPush (vertexCount, queries).
#extension GL_GOOGLE_include_directive : require
#include "BatchedCommon.glsl"

layout(local_size_x = kBatchedGroupSize) in;

void main() {
  const uint farParity = control[kBatchedCtlFarParity];
  const uint count = control[kBatchedCtlFarCount + farParity];
  for (uint i = gl_WorkGroupID.x; i < count; i += gl_NumWorkGroups.x) {
    const uint v = farList[farParity * pc.vertexCount + i];
    for (uint q = gl_LocalInvocationID.x; q < pc.queries; q += kBatchedGroupSize) {
      const uint64_t key = dist[entryOf(v, q)];
      if (pendingKey(key) && queryActive(q)) {
        const uint64_t d = key >> 1;
        if (d < queries[q].minNext) {
          atomicMin(queries[q].minNext, d);
        }
      }
    }
  }
}
