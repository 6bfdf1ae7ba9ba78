#version 460
// Batch start, part 2: the batch's queries (the run's queries
// batch * Q .. batch * Q + Q - 1) get distance 0 at their source, which forms
// the first near bucket (Bellman-Ford: every entry is relaxed anyway); the
// first invocation resets the control block for the batch. Dispatched
// indirectly (kSsspArgsSeed), one invocation per query slot.
// Arrays (bound or by address): Sssp.h (distances, near, queries, sources, control). Push
// constants: SsspPush (delta, vertexCount, queries, totalQueries, capacity,
// algorithm, maxGroups).
#extension GL_GOOGLE_include_directive : require
#include "SsspCommon.glsl"

layout(local_size_x = kSsspQueryGroupSize) in;

void main() {
  const uint q = gl_GlobalInvocationID.x;
  const uint batch = control[kSsspCtlNextBatch];
  const uint first = batch * pc.queries;
  const uint inBatch = min(pc.queries, pc.totalQueries - first);
  const uint parity = control[kSsspCtlNearParity];
  if (q < pc.queries) {
    SsspQuery s;
    s.settledBelow = 0;
    s.threshold = pc.delta;
    s.minNext = kSsspInfinity;
    s.state = q < inBatch ? kSsspQueryActive : kSsspQueryIdle;
    s.changed = 0;
    if (pc.algorithm == kSsspAlgorithmBellmanFord) {
      s.threshold = kSsspInfinity;
    }
    queries[q] = s;
    if (q < inBatch) {
      const uint entry = q * pc.vertexCount + querySources[first + q];
      dist(entry) = 0;
      if (pc.algorithm != kSsspAlgorithmBellmanFord) {
        // Bellman-Ford has no near queue (it relaxes every reached entry):
        // its array is one word, and a write here would land past it.
        nearQueue(parity * pc.capacity + q) = entry;
      }
    }
  }
  if (q == 0) {
    // NextBatch moves on in finish when the batch ends, not here: the other
    // invocations of this dispatch still read it.
    control[kSsspCtlBatch] = batch;
    control[kSsspCtlIteration] = 0;
    control[kSsspCtlNearCount + parity] = inBatch;
    control[kSsspCtlNearCount + 1 - parity] = 0;
    control[kSsspCtlFarCount] = 0;
    control[kSsspCtlFarCount + 1] = 0;
    control[kSsspCtlListCount] = 0;
    control[kSsspCtlBatchDone] = 0;
    control[kSsspCtlActive] = inBatch;
    control[kSsspCtlBatchQueries] = inBatch;
    if (pc.algorithm == kSsspAlgorithmBellmanFord) {
      setArgs(kSsspArgsRelax, groupsFor(inBatch * pc.vertexCount, kSsspWorkgroupSize));
    } else {
      setArgs(kSsspArgsRelax, groupsFor(inBatch, kSsspWorkgroupSize));
    }
  }
}
