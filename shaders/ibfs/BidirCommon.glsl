// Declarations shared by the two-sided search's kernels (bidir_*.comp): the
// bindings of Bidir.h and helpers that pick a side's array. Included after
// `#version`. Side 0 is forward (out-arcs), side 1 backward (in-arcs).
#extension GL_EXT_shader_explicit_arithmetic_types_int64 : require
#extension GL_EXT_shader_atomic_int64 : require
#extension GL_KHR_shader_subgroup_basic : require
#extension GL_KHR_shader_subgroup_arithmetic : require
#extension GL_EXT_shader_subgroup_extended_types_int64 : require
#extension GL_EXT_buffer_reference : require
#extension GL_GOOGLE_include_directive : require
#include "Bidir.h"

layout(std430, set = 0, binding = kBidirBindingOutOffsets) readonly buffer OutOffsets { uint outOffsets[]; };
layout(std430, set = 0, binding = kBidirBindingInOffsets) readonly buffer InOffsets { uint inOffsets[]; };
layout(std430, set = 0, binding = kBidirBindingVisitedF) buffer VisitedF { uint visitedF[]; };
layout(std430, set = 0, binding = kBidirBindingFrontierF) buffer FrontierF { uint frontierF[]; };
layout(std430, set = 0, binding = kBidirBindingNewF) buffer NewF { uint newF[]; };
layout(std430, set = 0, binding = kBidirBindingVisitedB) buffer VisitedB { uint visitedB[]; };
layout(std430, set = 0, binding = kBidirBindingFrontierB) buffer FrontierB { uint frontierB[]; };
layout(std430, set = 0, binding = kBidirBindingNewB) buffer NewB { uint newB[]; };
layout(std430, set = 0, binding = kBidirBindingQueueF) buffer QueueF { uint queueF[]; };
layout(std430, set = 0, binding = kBidirBindingQueueB) buffer QueueB { uint queueB[]; };
layout(std430, set = 0, binding = kBidirBindingStats) buffer Stats { LevelStats stats[]; };
layout(std430, set = 0, binding = kBidirBindingSources) readonly buffer Sources { uint sources[]; };
layout(std430, set = 0, binding = kBidirBindingDestinations) readonly buffer Destinations { uint destinations[]; };
layout(std430, set = 0, binding = kBidirBindingLengths) buffer Lengths { int lengths[]; };
layout(std430, set = 0, binding = kBidirBindingActive) buffer Active { uint activeMask[]; };
layout(std430, set = 0, binding = kBidirBindingControl) buffer Control { uint control[]; };
layout(std430, set = 0, binding = kBidirBindingState) buffer State { uint state[]; };
layout(std430, set = 0, binding = kBidirBindingArcs) buffer Arcs { uint64_t arcs[]; };
layout(std430, set = 0, binding = kBidirBindingTouched) buffer Touched { uint touched[]; };
layout(std430, set = 0, binding = kBidirBindingStamp) buffer Stamp { uint stamp[]; };
layout(std430, set = 0, binding = kBidirBindingQueueCounts) buffer QueueCounts { uint queueCounts[]; };

layout(push_constant) uniform Push { BidirPush pc; };

#include "AddressedArcs.glsl"

// The side's arcs: out-arcs forward, in-arcs backward.
uint arcBegin(uint side, uint v) { return side == 0 ? outOffsets[v] : inOffsets[v]; }
uint arcEnd(uint side, uint v) { return side == 0 ? outOffsets[v + 1] : inOffsets[v + 1]; }
uint arcTarget(uint side, uint arc) {
  return addressedWord(side == 0 ? pc.outTargets : pc.inTargets, arc);
}

uint visitedWord(uint side, uint i) { return side == 0 ? visitedF[i] : visitedB[i]; }
uint frontierWord(uint side, uint i) { return side == 0 ? frontierF[i] : frontierB[i]; }
uint newWord(uint side, uint i) { return side == 0 ? newF[i] : newB[i]; }
void setVisited(uint side, uint i, uint value) {
  if (side == 0) {
    visitedF[i] = value;
  } else {
    visitedB[i] = value;
  }
}
void setFrontier(uint side, uint i, uint value) {
  if (side == 0) {
    frontierF[i] = value;
  } else {
    frontierB[i] = value;
  }
}
void setNew(uint side, uint i, uint value) {
  if (side == 0) {
    newF[i] = value;
  } else {
    newB[i] = value;
  }
}
void orNew(uint side, uint i, uint bits) {
  if (side == 0) {
    atomicOr(newF[i], bits);
  } else {
    atomicOr(newB[i], bits);
  }
}

// Lists v once per batch (its stamp holds the batch's epoch), so the next
// batch clears only the vertices this one reached.
void listTouched(uint v) {
  if (stamp[v] != pc.epoch && atomicExchange(stamp[v], pc.epoch) != pc.epoch) {
    touched[atomicAdd(state[kBidirStateTouchedCount], 1u)] = v;
  }
}

// The searches of word w that advance `side` this level (the plan's choice).
uint advancing(uint side, uint w) { return state[kBidirStateAdvance + side * 32u + w]; }

bool batchDone() { return control[kIbfsControlDone] != 0; }

// Adds a per-invocation count to a 64-bit statistic with one atomic per subgroup.
#define BIDIR_ADD_STAT(field, value)                           \
  {                                                            \
    uint64_t bidirSum = subgroupAdd(uint64_t(value));          \
    if (subgroupElect() && bidirSum != 0) {                    \
      atomicAdd(stats[pc.slot].field, bidirSum);               \
    }                                                          \
  }
