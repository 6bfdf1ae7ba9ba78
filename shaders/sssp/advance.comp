#version 460
// Phase end, one invocation per query slot: decides whether the query is
// done and, if not, where its next bucket starts.
//   Near-Far, Delta-Stepping: the near bucket is empty, so every distance
//   below minNext (the smallest unsettled one) is final, and so is minNext
//   itself. The query is done when every destination's distance is at most
//   minNext (early stop; never for the tracked query) or nothing is left
//   (minNext infinite). Otherwise the next bucket ends at the end of the
//   delta-aligned bucket holding minNext.
//   Bellman-Ford: done when the last iteration improved nothing.
// A query that is done writes its destinations' distances to `results`.
// Arrays (bound or by address): Sssp.h (distances, queries, destOffsets, destinations, results,
// control). Push constants: SsspPush (delta, vertexCount, queries,
// algorithm, trackedQuery).
#extension GL_GOOGLE_include_directive : require
#include "SsspCommon.glsl"

layout(local_size_x = kSsspQueryGroupSize) in;

void main() {
  const uint q = gl_GlobalInvocationID.x;
  if (q >= pc.queries || queries[q].state != kSsspQueryActive) {
    return;
  }
  const uint global = control[kSsspCtlBatch] * pc.queries + q;
  const uint qBase = q * pc.vertexCount;
  const uint firstDest = destOffsets[global];
  const uint endDest = destOffsets[global + 1];
  bool done = false;
  if (pc.algorithm == kSsspAlgorithmBellmanFord) {
    done = queries[q].changed == 0;
    queries[q].changed = 0;
  } else {
    const uint64_t minNext = queries[q].minNext;
    bool settled = global != pc.trackedQuery;
    for (uint k = firstDest; k < endDest && settled; ++k) {
      settled = dist(qBase + destinations[k]) <= minNext;
    }
    done = settled || minNext == kSsspInfinity;
    if (!done) {
      queries[q].settledBelow = minNext;
      queries[q].threshold = bucketEnd(minNext);
      queries[q].minNext = kSsspInfinity;
    }
  }
  if (done) {
    queries[q].state = kSsspQueryDone;
    queries[q].settledBelow = kSsspInfinity;
    for (uint k = firstDest; k < endDest; ++k) {
      results[k] = dist(qBase + destinations[k]);
    }
  } else {
    atomicAdd(control[kSsspCtlActiveCount], 1);
  }
}
