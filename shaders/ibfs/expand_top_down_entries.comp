#version 460
// Top-down expand over JFQ entries (vertex, first arc), vertex-major layout:
// the thesis' coalesced scheme. Y teams of W invocations (Y from the plan)
// (one invocation per status word) share an entry and stride over its arcs
// (at most pc.chunkArcs of them, or all of the vertex's arcs when chunkArcs
// is 0), like the thesis' block of (32, y) whose y rows stride over the arcs
// of one queue vertex; each ORs the vertex's fresh words (its frontier bits,
// stored by identify) into the next words of the arc's head. Each arc lane
// loads kBatch arc targets before their updates, so the loads overlap; in
// these batches the update is the thesis' plain atomic OR (no read first)
// unless sparse identify must learn which heads changed. The arcs left over
// (all of them on a vertex of degree < kBatch * Y) read the word first and
// OR only when bits are missing.
// High-degree vertices arrive as many entries with load balance, so their
// arcs spread over many workgroups.
// Bindings: Ibfs.h. Push constants: IbfsPush (words, slot, chunkArcs).
#extension GL_GOOGLE_include_directive : require
#extension GL_EXT_control_flow_attributes : require
#include "IbfsCommon.glsl"

layout(local_size_x = kIbfsWorkgroupSize) in;

#include "IbfsStats.glsl"

const uint kBatch = kIbfsExpandBatch;

void main() {
  beginStats();
  const uint W = pc.words;
  const uint lanes = control[kIbfsControlArcLanes];
  const uint Y = expandArcLanes(W, lanes);
  const uint perGroup = expandEntriesPerGroup(W, lanes);
  const uint team = gl_LocalInvocationIndex / W;
  const uint lane = gl_LocalInvocationIndex % W;
  const uint arcLane = team % Y;
  const uint count = queueCounts[pc.slot * kIbfsMaxInstances];
  const uint stride = gl_NumWorkGroups.x * perGroup;
  const bool record = control[kIbfsControlSparse] != 0;
  uint64_t totals[kStatCount] = {0, 0, 0, 0, 0, 0};
  for (uint i = gl_WorkGroupID.x * perGroup + team / Y; i < count; i += stride) {
    const uvec2 entry = queueEntry(i);
    const uint v = entry.x;
    const uint begin = entry.y;
    const uint vertexEnd = outOffsets(v + 1);
    const uint end = pc.chunkArcs == 0 ? vertexEnd : min(vertexEnd, begin + pc.chunkArcs);
    if (lane == 0 && arcLane == 0) {
      totals[kStatEdges] += end - begin;
    }
    const uint bits = freshWords(v * W + lane);
    if (bits == 0) {
      continue;
    }
    uint e = begin + arcLane;
    for (; e + (kBatch - 1) * Y < end; e += kBatch * Y) {
      uint index[kBatch];
      uint old[kBatch];
      [[unroll]] for (uint j = 0; j < kBatch; ++j) {
        index[j] = outTarget(e + j * Y) * W + lane;
      }
      if (!record) {
        // The thesis' update: an atomic OR per arc with no read first, so the
        // batch's atomics issue back to back (measured faster on an H100).
        [[unroll]] for (uint j = 0; j < kBatch; ++j) {
          atomicOr(next(index[j]), bits);
        }
        continue;
      }
      [[unroll]] for (uint j = 0; j < kBatch; ++j) {
        old[j] = next(index[j]);
      }
      // The heads new on identify's list claim their places together: one
      // atomic per subgroup and batch on the list's count (a hot spot).
      bool take[kBatch];
      uint taken = 0;
      [[unroll]] for (uint j = 0; j < kBatch; ++j) {
        const bool changes = (old[j] | bits) != old[j];
        if (changes) {
          atomicOr(next(index[j]), bits);
        }
        take[j] = takeTouched(index[j] / W, changes);
        taken += take[j] ? 1u : 0u;
      }
      uint at = claimTouched(taken);
      [[unroll]] for (uint j = 0; j < kBatch; ++j) {
        if (take[j]) {
          putTouched(at++, index[j] / W);
        }
      }
    }
    for (; e < end; e += Y) {
      const uint u = outTarget(e);
      const uint index = u * W + lane;
      const uint old = next(index);
      const bool changes = (old | bits) != old;
      if (changes) {
        atomicOr(next(index), bits);
      }
      if (record) {
        markTouched(u, changes);
      }
    }
  }
  flushStats(totals, 0, 0);
}
