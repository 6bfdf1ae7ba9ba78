#version 460
// End of a step (one invocation): writes the step's statistics, swaps the
// near halves (and, after a Near-Far phase end, the far halves), advances
// the step tag and sizes the next relax on the GPU. When the phase end left
// no query active the batch is done: later steps of the submission dispatch
// nothing, and the next batch's start is armed for the next submission.
// Arrays (bound or by address): Sssp.h (control, stats). Push constants: SsspPush (vertexCount,
// queries, totalQueries, capacity, bitWords, algorithm, step, maxGroups).
#extension GL_GOOGLE_include_directive : require
#include "SsspCommon.glsl"

layout(local_size_x = 1) in;

void main() {
  if (control[kSsspCtlLive] == 0) {
    return;
  }
  const uint nearParity = control[kSsspCtlNearParity];
  const bool phaseEnd = control[kSsspCtlPhaseEnd] != 0;
  const bool bellmanFord = pc.algorithm == kSsspAlgorithmBellmanFord;
  stats[pc.step].executed = 1;
  stats[pc.step].batch = control[kSsspCtlBatch];
  stats[pc.step].iteration = control[kSsspCtlIteration];
  stats[pc.step].phaseEnd = phaseEnd ? 1 : 0;
  if (!bellmanFord) {
    stats[pc.step].nearSize = control[kSsspCtlNearCount + nearParity];
  }
  control[kSsspCtlNearCount + nearParity] = 0;
  control[kSsspCtlNearParity] = 1 - nearParity;
  if (phaseEnd) {
    control[kSsspCtlActive] = control[kSsspCtlActiveCount];
    if (pc.algorithm == kSsspAlgorithmNearFar) {
      const uint farParity = control[kSsspCtlFarParity];
      control[kSsspCtlFarCount + farParity] = 0;
      control[kSsspCtlFarParity] = 1 - farParity;
    }
    control[kSsspCtlListCount] = 0;
  }
  const uint nextNear = control[kSsspCtlNearCount + 1 - nearParity];
  const uint running = control[kSsspCtlActive];
  stats[pc.step].farSize = control[kSsspCtlFarCount + control[kSsspCtlFarParity]];
  stats[pc.step].activeQueries = running;
  stats[pc.step].nextNear = nextNear;
  control[kSsspCtlTag] += 1;
  control[kSsspCtlIteration] += 1;
  if (running == 0) {
    control[kSsspCtlBatchDone] = 1;
    setArgs(kSsspArgsRelax, 0);
    const uint batches = (pc.totalQueries + pc.queries - 1) / pc.queries;
    const uint nextBatch = control[kSsspCtlBatch] + 1;
    control[kSsspCtlNextBatch] = nextBatch;
    if (nextBatch < batches) {
      setArgs(kSsspArgsInit, groupsFor(pc.capacity, kSsspWorkgroupSize));
      setArgs(kSsspArgsSeed, (pc.queries + kSsspQueryGroupSize - 1) / kSsspQueryGroupSize);
    } else {
      control[kSsspCtlAllDone] = 1;
    }
  } else if (bellmanFord) {
    setArgs(kSsspArgsRelax, groupsFor(control[kSsspCtlBatchQueries] * pc.vertexCount, kSsspWorkgroupSize));
  } else {
    setArgs(kSsspArgsRelax, groupsFor(nextNear, kSsspWorkgroupSize));
  }
}
