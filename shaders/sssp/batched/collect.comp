#version 460
// Phase end, over the far pile (one item per workgroup and round, a lane
// per query of its chunk), with the new bucket end T = bucketEnd(block
// minimum): an item with a pending key below T of an active query joins the
// next frontier; one that still has pending keys at or above T stays in the
// pile (its other half); one with neither leaves it (its far flag cleared).
// Keys of finished queries count as nothing pending.
// Arrays (bound or by address): SsspBatched.h (distances, near, far, marks, queries, control,
// bounds). Push constants: SsspBatchedPush (delta, vertexCount, queries).
#extension GL_GOOGLE_include_directive : require
#include "BatchedCommon.glsl"

layout(local_size_x = kBatchedGroupSize) in;

shared uint s_near;
shared uint s_far;

void main() {
  const uint farParity = control[kBatchedCtlFarParity];
  const uint count = control[kBatchedCtlFarCount + farParity];
  const uint nearNext = 1 - control[kBatchedCtlNearParity];
  const uint64_t least = bounds[0];
  const uint64_t threshold = least == kSsspInfinity ? kSsspInfinity : bucketEnd(least);
  uint64_t bytes = 0;  // SsspStats::collectBytes: the item, a distance per query lane, the lists or the flag
  for (uint i = gl_WorkGroupID.x; i < count; i += gl_NumWorkGroups.x) {
    const uint item = farList(farParity * pc.items + i);
    bytes += gl_LocalInvocationID.x == 0 ? 4 : 0;
    if (gl_LocalInvocationID.x == 0) {
      s_near = 0;
      s_far = 0;
    }
    barrier();
    bool near = false;
    bool far = false;
    const uint q = laneQuery(item);
    if (queryActive(q)) {
      bytes += 8;
      const uint64_t key = dist(entryOf(itemVertex(item), q));
      if (pendingKey(key)) {
        near = (key >> 1) < threshold;
        far = !near;
      }
    }
    if (subgroupAny(near) && subgroupElect()) {
      atomicOr(s_near, 1u);
    }
    if (subgroupAny(far) && subgroupElect()) {
      atomicOr(s_far, 1u);
    }
    barrier();
    if (gl_LocalInvocationID.x == 0) {
      bytes += (s_near != 0 ? 4 : 0) + 4;  // a near entry; a far entry or the far flag cleared
      if (s_near != 0) {
        nearList(nearNext * pc.items + atomicAdd(control[kBatchedCtlNearCount + nearNext], 1)) = item;
      }
      if (s_far != 0) {
        farList((1 - farParity) * pc.items + atomicAdd(control[kBatchedCtlFarCount + 1 - farParity], 1)) = item;
      } else {
        marks(farFlag(item)) = 0;
      }
    }
    barrier();
  }
  SSSP_ADD_STAT(collectBytes, bytes);
}
