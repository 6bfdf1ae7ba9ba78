#version 460
// End of a step (one invocation): the step's statistics; swaps the frontier
// halves (and after a phase end the pile halves, with the new bucket end);
// advances the step tag and sizes the next relax. The block is done when a
// phase end leaves no query active: later steps of the submission dispatch
// nothing. (A phase end whose collect found nothing below the new bucket end
// leaves no query active: a query with a pending key has one at the block
// minimum, below the bucket end.)
// Arrays (bound or by address): SsspBatched.h (control, stats, bounds). Push constants:
// SsspBatchedPush (delta, step, maxGroups, chunks).
#extension GL_GOOGLE_include_directive : require
#include "BatchedCommon.glsl"

layout(local_size_x = 1) in;

void main() {
  if (control[kBatchedCtlDone] != 0) {
    return;
  }
  const uint parity = control[kBatchedCtlNearParity];
  const bool phaseEnd = control[kBatchedCtlPhaseEnd] != 0;
  stats[pc.step].executed = 1;
  stats[pc.step].batch = control[kBatchedCtlBlock];
  stats[pc.step].iteration = control[kBatchedCtlIteration];
  stats[pc.step].phaseEnd = phaseEnd ? 1 : 0;
  stats[pc.step].nearSize = control[kBatchedCtlNearCount + parity];
  control[kBatchedCtlNearCount + parity] = 0;
  control[kBatchedCtlNearParity] = 1 - parity;
  if (phaseEnd) {
    control[kBatchedCtlActive] = control[kBatchedCtlActiveCount];
    const uint farParity = control[kBatchedCtlFarParity];
    control[kBatchedCtlFarCount + farParity] = 0;
    control[kBatchedCtlFarParity] = 1 - farParity;
    bounds[1] = bounds[0] == kSsspInfinity ? kSsspInfinity : bucketEnd(bounds[0]);
  }
  const uint nextNear = control[kBatchedCtlNearCount + 1 - parity];
  const uint running = control[kBatchedCtlActive];
  stats[pc.step].farSize = control[kBatchedCtlFarCount + control[kBatchedCtlFarParity]];
  stats[pc.step].activeQueries = running;
  stats[pc.step].nextNear = nextNear;
  control[kBatchedCtlTag] += 1;
  control[kBatchedCtlIteration] += 1;
  if (running == 0) {
    control[kBatchedCtlDone] = 1;
    setRelaxArgs(0);
    setArgs(kBatchedArgsPile, 0);
    setArgs(kBatchedArgsQueries, 0);
  } else {
    setRelaxArgs(nextNear);
  }
}
