#version 460
// Phase end, over the far pile (one item per workgroup and round, a lane
// per query of its chunk): the smallest pending distance of each active query,
// minNext (atomicMin, skipped when the plain load shows it cannot lower it).
// After a phase end every pending key lies at or above the bucket end and
// its item is in the pile, so minNext covers all of the query's pending
// keys.
// Arrays (bound or by address): SsspBatched.h (distances, far, queries, control). Push constants:
// SsspBatchedPush (vertexCount, queries).
#extension GL_GOOGLE_include_directive : require
#include "BatchedCommon.glsl"

layout(local_size_x = kBatchedGroupSize) in;

void main() {
  const uint farParity = control[kBatchedCtlFarParity];
  const uint count = control[kBatchedCtlFarCount + farParity];
  uint64_t bytes = 0;  // SsspStats::scanBytes: the item once per workgroup, a distance per query lane
  for (uint i = gl_WorkGroupID.x; i < count; i += gl_NumWorkGroups.x) {
    const uint item = farList(farParity * pc.items + i);
    bytes += gl_LocalInvocationID.x == 0 ? 4 : 0;
    const uint q = laneQuery(item);
    if (queryActive(q)) {
      bytes += 8;
      const uint64_t key = dist(entryOf(itemVertex(item), q));
      if (pendingKey(key) && (key >> 1) < queries[q].minNext) {
        atomicMin(queries[q].minNext, key >> 1);
      }
    }
  }
  SSSP_ADD_STAT(scanBytes, bytes);
}
