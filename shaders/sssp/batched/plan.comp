#version 460
// After a relax (one invocation): the step is a phase end when the next
// frontier came out empty; then the pile kernels (minimum, collect) get one
// workgroup per far item and `advance` one invocation per query slot;
// otherwise they dispatch nothing.
// Arrays (bound or by address): SsspBatched.h (control, bounds). Push constants: SsspBatchedPush
// (queries, maxGroups).
#extension GL_GOOGLE_include_directive : require
#include "BatchedCommon.glsl"

layout(local_size_x = 1) in;

void main() {
  if (control[kBatchedCtlDone] != 0) {
    return;
  }
  const uint parity = control[kBatchedCtlNearParity];
  const bool phaseEnd = control[kBatchedCtlNearCount + 1 - parity] == 0;
  control[kBatchedCtlPhaseEnd] = phaseEnd ? 1 : 0;
  if (phaseEnd) {
    control[kBatchedCtlActiveCount] = 0;
    bounds[0] = kSsspInfinity;
    setArgs(kBatchedArgsPile, min(control[kBatchedCtlFarCount + control[kBatchedCtlFarParity]], pc.maxGroups));
    setArgs(kBatchedArgsQueries, (pc.queries + kBatchedGroupSize - 1) / kBatchedGroupSize);
  } else {
    setArgs(kBatchedArgsPile, 0);
    setArgs(kBatchedArgsQueries, 0);
  }
}
