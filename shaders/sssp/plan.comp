#version 460
// After a step's relax (one invocation): decides whether the step ends a
// bucket (the next near bucket came out empty; Bellman-Ford: every step) and
// sizes the phase-end dispatches on the GPU: the heavy pass over the settled
// list (Delta-Stepping), the scan for the smallest unsettled distance (the
// far pile, or every entry), the per-query decisions and the collection of
// the next bucket. Once the batch is done, every later step dispatches
// nothing; the batch-start arguments are left for the next submission.
// Arrays (bound or by address): Sssp.h (control). Push constants: SsspPush (queries,
// vertexCount, algorithm, maxGroups).
#extension GL_GOOGLE_include_directive : require
#include "SsspCommon.glsl"

layout(local_size_x = 1) in;

void main() {
  setArgs(kSsspArgsHeavy, 0);
  setArgs(kSsspArgsScan, 0);
  setArgs(kSsspArgsQueries, 0);
  setArgs(kSsspArgsCollect, 0);
  if (control[kSsspCtlBatchDone] != 0) {
    control[kSsspCtlLive] = 0;
    return;
  }
  control[kSsspCtlLive] = 1;
  setArgs(kSsspArgsInit, 0);  // consumed by this submission's batch start
  setArgs(kSsspArgsSeed, 0);
  const uint nextNear = control[kSsspCtlNearCount + 1 - control[kSsspCtlNearParity]];
  const bool phaseEnd = pc.algorithm == kSsspAlgorithmBellmanFord || nextNear == 0;
  control[kSsspCtlPhaseEnd] = phaseEnd ? 1 : 0;
  control[kSsspCtlActiveCount] = 0;
  if (!phaseEnd) {
    return;
  }
  const uint entries = control[kSsspCtlBatchQueries] * pc.vertexCount;
  setArgs(kSsspArgsQueries, (pc.queries + kSsspQueryGroupSize - 1) / kSsspQueryGroupSize);
  if (pc.algorithm == kSsspAlgorithmNearFar) {
    const uint far = control[kSsspCtlFarCount + control[kSsspCtlFarParity]];
    setArgs(kSsspArgsScan, groupsFor(far, kSsspWorkgroupSize));
    setArgs(kSsspArgsCollect, groupsFor(far, kSsspWorkgroupSize));
  } else if (pc.algorithm == kSsspAlgorithmDeltaStepping) {
    setArgs(kSsspArgsHeavy, groupsFor(control[kSsspCtlListCount], kSsspWorkgroupSize));
    setArgs(kSsspArgsScan, groupsFor(entries, kSsspWorkgroupSize));
    setArgs(kSsspArgsCollect, groupsFor(entries, kSsspWorkgroupSize));
  }
}
