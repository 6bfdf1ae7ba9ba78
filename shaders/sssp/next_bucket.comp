#version 460
// Phase end: the smallest unsettled tentative distance of every active
// query (atomicMin into SsspQuery.minNext). Near-Far scans the far pile
// (entries not yet processed); Delta-Stepping scans every entry of the
// batch (not processed, reached). One atomic per subgroup where the
// subgroup's entries share a query.
// Arrays (bound or by address): Sssp.h (distances, far, bits, queries, control). Push constants:
// SsspPush (vertexCount, capacity, bitWords, algorithm).
#extension GL_GOOGLE_include_directive : require
#include "SsspCommon.glsl"

layout(local_size_x = kSsspWorkgroupSize) in;

void main() {
  const uint V = pc.vertexCount;
  const bool nearFar = pc.algorithm == kSsspAlgorithmNearFar;
  const uint farParity = control[kSsspCtlFarParity];
  const uint count = nearFar ? control[kSsspCtlFarCount + farParity] : control[kSsspCtlBatchQueries] * V;
  const uint stride = gl_NumWorkGroups.x * kSsspWorkgroupSize;
  uint64_t bytes = 0;  // SsspStats::scanBytes: far entries, processed bits, distances
  for (uint base = gl_WorkGroupID.x * kSsspWorkgroupSize; base < count; base += stride) {
    const uint i = base + gl_LocalInvocationID.x;
    bool live = i < count;
    uint e = 0;
    if (live) {
      e = nearFar ? farQueue(farParity * pc.capacity + i) : i;
      bytes += nearFar ? 4 : 0;
    }
    const uint q = e / V;
    uint64_t d = kSsspInfinity;
    if (live) {
      live = queries[q].state == kSsspQueryActive && !testBit(processedBits(), e);
      bytes += queries[q].state == kSsspQueryActive ? 4 : 0;
    }
    if (live) {
      d = dist(e);
      bytes += 8;
    }
    if (subgroupAllEqual(q)) {
      const uint64_t least = subgroupMin(d);
      if (subgroupElect() && least != kSsspInfinity) {
        atomicMin(queries[q].minNext, least);
      }
    } else if (d != kSsspInfinity) {
      atomicMin(queries[q].minNext, d);
    }
  }
  SSSP_ADD_STAT(scanBytes, bytes);
}
