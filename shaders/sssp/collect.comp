#version 460
// Phase end: fills the next near bucket.
//   Near-Far: compacts the far pile. An entry already processed (settled:
//   its distance dropped into an earlier bucket) or of a finished query is
//   dropped; one below its query's new bucket end moves to the next near
//   bucket; the others move to the other half of `far`, the next far pile.
//   Entries are unique in the pile (the in-far bitset), so the next bucket
//   needs no de-duplication; the bit is cleared for entries that leave.
//   Delta-Stepping: every entry not yet processed whose distance is below
//   its query's bucket end joins the next near bucket.
// Arrays (bound or by address): Sssp.h (distances, near, far, bits, queries, control). Push
// constants: SsspPush (vertexCount, capacity, bitWords, algorithm).
#extension GL_GOOGLE_include_directive : require
#include "SsspCommon.glsl"

layout(local_size_x = kSsspWorkgroupSize) in;

void main() {
  const uint V = pc.vertexCount;
  const bool nearFar = pc.algorithm == kSsspAlgorithmNearFar;
  const uint farParity = control[kSsspCtlFarParity];
  const uint nearParity = control[kSsspCtlNearParity];
  const uint count = nearFar ? control[kSsspCtlFarCount + farParity] : control[kSsspCtlBatchQueries] * V;
  const uint nextNearCounter = kSsspCtlNearCount + 1 - nearParity;
  const uint nextNearBase = (1 - nearParity) * pc.capacity;
  const uint nextFarCounter = kSsspCtlFarCount + 1 - farParity;
  const uint nextFarBase = (1 - farParity) * pc.capacity;
  const uint stride = gl_NumWorkGroups.x * kSsspWorkgroupSize;
  uint64_t bytes = 0;  // SsspStats::collectBytes: entries, bits, distances, queue entries
  for (uint base = gl_WorkGroupID.x * kSsspWorkgroupSize; base < count; base += stride) {
    const uint i = base + gl_LocalInvocationID.x;
    bool live = i < count;
    uint e = 0;
    if (live) {
      e = nearFar ? farQueue(farParity * pc.capacity + i) : i;
      bytes += nearFar ? 4 : 0;
    }
    const uint q = e / V;
    bool toNear = false;
    bool toFar = false;
    if (live) {
      live = queries[q].state == kSsspQueryActive && !testBit(processedBits(), e);
      bytes += queries[q].state == kSsspQueryActive ? 4 : 0;
      if (live) {
        bytes += 8;
        const uint64_t d = dist(e);
        toNear = d < queries[q].threshold;
        toFar = nearFar && !toNear;
      }
      if (nearFar && !toFar) {
        clearBit(farBits(), e);
        bytes += 4;
      }
    }
    const uint nearAt = appendSlot(toNear, nextNearCounter);
    if (toNear) {
      nearQueue(nextNearBase + nearAt) = e;
      bytes += 4;
    }
    if (nearFar) {
      const uint farAt = appendSlot(toFar, nextFarCounter);
      if (toFar) {
        farQueue(nextFarBase + farAt) = e;
        bytes += 4;
      }
    }
  }
  SSSP_ADD_STAT(collectBytes, bytes);
}
