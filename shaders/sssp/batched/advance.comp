#version 460
// Phase end, one invocation per query slot. Every distance of an active
// query below its minNext (smallest pending distance) is final, and so is
// minNext itself. The query is done when every destination's distance is at
// most minNext (early stop; never for the tracked query) or nothing is
// pending (minNext infinite); a done query writes its destinations'
// distances to `results`. The others are counted and take part in the
// block's minimum, from which `collect` and `finish` derive the next bucket
// end.
// Arrays (bound or by address): SsspBatched.h (distances, marks, queries, destOffsets,
// destinations, results, control, bounds). Push constants: SsspBatchedPush (vertexCount,
// queries, trackedQuery).
#extension GL_GOOGLE_include_directive : require
#include "BatchedCommon.glsl"

layout(local_size_x = kBatchedGroupSize) in;

void main() {
  const uint q = gl_GlobalInvocationID.x;
  if (!queryActive(q)) {
    return;
  }
  const uint global = control[kBatchedCtlBlock] * pc.queries + q;
  const uint firstDest = destOffsets[global];
  const uint endDest = destOffsets[global + 1];
  const uint64_t minNext = queries[q].minNext;
  bool settled = global != pc.trackedQuery;
  for (uint k = firstDest; k < endDest && settled; ++k) {
    settled = keyDistance(dist(entryOf(destinations[k], q))) <= minNext;
  }
  if (settled || minNext == kSsspInfinity) {
    queries[q].state = kSsspQueryDone;
    queries[q].settledBelow = kSsspInfinity;
    atomicAnd(marks(activeWord(q)), ~(1u << (q & 31u)));
    for (uint k = firstDest; k < endDest; ++k) {
      results[k] = keyDistance(dist(entryOf(destinations[k], q)));
    }
  } else {
    queries[q].settledBelow = minNext;
    queries[q].minNext = kSsspInfinity;
    atomicAdd(control[kBatchedCtlActiveCount], 1);
    atomicMin(bounds[0], minNext);
  }
}
