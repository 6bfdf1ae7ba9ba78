#version 460
// Block start (after the host filled the distances with kSsspInfinity and
// the marks with 0): the block's queries (the run's queries block * Q ..
// block * Q + Q - 1) get distance 0, pending, at their source, whose item
// joins the first frontier (sources of one block are distinct vertices, so
// their items are distinct), and their active bit; the first invocation
// resets the control block. One invocation per query slot.
// Arrays (bound or by address): SsspBatched.h (distances, near, queries, sources, control,
// bounds). Push constants: SsspBatchedPush (delta, vertexCount, queries,
// totalQueries, block, maxGroups, chunks).
#extension GL_GOOGLE_include_directive : require
#include "BatchedCommon.glsl"

layout(local_size_x = kBatchedGroupSize) in;

void main() {
  const uint q = gl_GlobalInvocationID.x;
  const uint first = pc.block * pc.queries;
  const uint inBlock = min(pc.queries, pc.totalQueries - first);
  if (q < pc.queries) {
    SsspQuery s;
    s.settledBelow = 0;
    s.threshold = pc.delta;
    s.minNext = kSsspInfinity;
    s.state = q < inBlock ? kSsspQueryActive : kSsspQueryIdle;
    s.changed = 0;
    queries[q] = s;
    if (q < inBlock) {
      const uint source = querySources[first + q];
      dist(entryOf(source, q)) = 1ul;  // distance 0, pending
      const uint item = itemOf(source, q / kBatchedGroupSize);
      nearList(q) = item;
      marks(item) = 1u;  // queued by step tag 1
      atomicOr(marks(activeWord(q)), 1u << (q & 31u));
    }
  }
  if (q == 0) {
    control[kBatchedCtlBlock] = pc.block;
    control[kBatchedCtlIteration] = 0;
    control[kBatchedCtlTag] = 1;
    control[kBatchedCtlNearParity] = 0;
    control[kBatchedCtlFarParity] = 0;
    control[kBatchedCtlNearCount] = inBlock;
    control[kBatchedCtlNearCount + 1] = 0;
    control[kBatchedCtlFarCount] = 0;
    control[kBatchedCtlFarCount + 1] = 0;
    control[kBatchedCtlDone] = inBlock == 0 ? 1 : 0;
    control[kBatchedCtlPhaseEnd] = 0;
    control[kBatchedCtlActive] = inBlock;
    control[kBatchedCtlActiveCount] = 0;
    control[kBatchedCtlInBlock] = inBlock;
    setRelaxArgs(inBlock);
    setArgs(kBatchedArgsPile, 0);
    setArgs(kBatchedArgsQueries, 0);
    bounds[0] = kSsspInfinity;
    bounds[1] = bucketEnd(0ul);
  }
}
