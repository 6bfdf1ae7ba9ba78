#version 460
// The tracked query's distances (slot pc.block of the block) into a
// per-vertex array for the host: dist(v * Q + slot) >> 1, kSsspInfinity where
// unreached. One invocation per vertex.
// Arrays (bound or by address): SsspBatched.h (distances, tracked). Push constants:
// SsspBatchedPush (vertexCount, queries, block: the slot).
#extension GL_GOOGLE_include_directive : require
#include "BatchedCommon.glsl"

layout(local_size_x = kBatchedGroupSize) in;

void main() {
  for (uint v = gl_GlobalInvocationID.x; v < pc.vertexCount; v += gl_NumWorkGroups.x * kBatchedGroupSize) {
    tracked(v) = keyDistance(dist(entryOf(v, pc.block)));
  }
}
