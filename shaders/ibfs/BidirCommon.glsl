// Declarations shared by the two-sided search's kernels (bidir_*.comp): the
// bindings of Bidir.h and helpers that pick a side's array. Included after
// `#version`. Side 0 is forward (out-arcs), side 1 backward (in-arcs).
#extension GL_EXT_shader_explicit_arithmetic_types_int64 : require
#extension GL_EXT_shader_atomic_int64 : require
#extension GL_KHR_shader_subgroup_basic : require
#extension GL_KHR_shader_subgroup_arithmetic : require
#extension GL_KHR_shader_subgroup_ballot : require
#extension GL_EXT_shader_subgroup_extended_types_int64 : require
#extension GL_EXT_buffer_reference : require
#extension GL_GOOGLE_include_directive : require
#include "Bidir.h"

layout(std430, set = 0, binding = kBidirBindingArrays) restrict readonly buffer Arrays { IbfsArrays arrays; };
layout(std430, set = 0, binding = kBidirBindingStats) buffer Stats { LevelStats stats[]; };
layout(std430, set = 0, binding = kBidirBindingSources) readonly buffer Sources { uint sources[]; };
layout(std430, set = 0, binding = kBidirBindingDestinations) readonly buffer Destinations { uint destinations[]; };
layout(std430, set = 0, binding = kBidirBindingLengths) buffer Lengths { int lengths[]; };
layout(std430, set = 0, binding = kBidirBindingActive) buffer Active { uint activeMask[]; };
layout(std430, set = 0, binding = kBidirBindingControl) buffer Control { uint control[]; };
layout(std430, set = 0, binding = kBidirBindingState) buffer State { uint state[]; };
layout(std430, set = 0, binding = kBidirBindingArcs) buffer Arcs { uint64_t arcs[]; };
layout(std430, set = 0, binding = kBidirBindingQueueCounts) buffer QueueCounts { uint queueCounts[]; };

layout(push_constant) uniform Push { BidirPush pc; };

// The six status arrays, by address (BidirPush): visitedF(i) is word i of
// the forward visited words, used like an array element.
#include "StatusByAddress.glsl"
#define visitedF(i) WORD_AT(pc.visitedF, i)
#define frontierF(i) WORD_AT(pc.frontierF, i)
#define newF(i) WORD_AT(pc.newF, i)
#define visitedB(i) WORD_AT(pc.visitedB, i)
#define frontierB(i) WORD_AT(pc.frontierB, i)
#define newB(i) WORD_AT(pc.newB, i)
// The per-vertex arrays, by the addresses of the one-way search's arrays
// table (IbfsArrays): offsets, the two queues, the touched list and stamps.
#define outOffsets(i) WORD_AT(arrays.outOffsets, i)
#define inOffsets(i) WORD_AT(arrays.inOffsets, i)
#define queueF(i) WORD_AT(arrays.queueF, i)
#define queueB(i) WORD_AT(arrays.queueB, i)
#define touched(i) WORD_AT(arrays.touched, i)
#define stamp(i) WORD_AT(arrays.stamp, i)
// The frontier lists and their per-vertex flags (Bidir.h).
#define listedFlag(v) WORD_AT(arrays.bidirLists, v)
#define markFlag(v) WORD_AT(arrays.bidirLists, pc.vertexCount + (v))
#define frontierList(parity, i) WORD_AT(arrays.bidirLists, (2u + (parity)) * pc.vertexCount + (i))
// The tracked search's hops per side (BidirPush::trackedSearch), written
// only by pipelines made for a search with a tracked pair.
layout(constant_id = kBidirSpecTracks) const bool kTracks = false;
#define trackedLevels(side, v) WORD_AT(arrays.tracked, (side) * pc.vertexCount + (v))

#include "AddressedArcs.glsl"

// The side's arcs: out-arcs forward, in-arcs backward.
uint arcBegin(uint side, uint v) { return side == 0 ? outOffsets(v) : inOffsets(v); }
uint arcEnd(uint side, uint v) { return side == 0 ? outOffsets(v + 1) : inOffsets(v + 1); }
uint arcTarget(uint side, uint arc) {
  return addressedWord(side == 0 ? pc.outTargets : pc.inTargets, arc);
}

// A side's status words: the forward array's address or the backward one's.
#define BIDIR_SIDE(side, f, b) ((side) == 0 ? (f) : (b))
uint visitedWord(uint side, uint i) { return WORD_AT(BIDIR_SIDE(side, pc.visitedF, pc.visitedB), i); }
uint frontierWord(uint side, uint i) { return WORD_AT(BIDIR_SIDE(side, pc.frontierF, pc.frontierB), i); }
uint newWord(uint side, uint i) { return WORD_AT(BIDIR_SIDE(side, pc.newF, pc.newB), i); }
void setVisited(uint side, uint i, uint value) { WORD_AT(BIDIR_SIDE(side, pc.visitedF, pc.visitedB), i) = value; }
void setFrontier(uint side, uint i, uint value) { WORD_AT(BIDIR_SIDE(side, pc.frontierF, pc.frontierB), i) = value; }
void setNew(uint side, uint i, uint value) { WORD_AT(BIDIR_SIDE(side, pc.newF, pc.newB), i) = value; }
void orNew(uint side, uint i, uint bits) { atomicOr(WORD_AT(BIDIR_SIDE(side, pc.newF, pc.newB), i), bits); }

#include "ClaimPlaces.glsl"

// A place counted by the state word `counter` for each invocation where
// `take` holds (ClaimPlaces.glsl). Called from any control flow.
uint claimSlot(bool take, uint counter) {
  uint first;
  CLAIM_PLACE(state[counter], take, first);
  return first;
}

// Whether v, `reached`, is new on the batch's touched list (takes its
// stamp, which then holds the batch's epoch): the next batch clears only
// the vertices this one reached.
bool firstTouch(bool reached, uint v) {
  return reached && stamp(v) != pc.epoch && atomicExchange(stamp(v), pc.epoch) != pc.epoch;
}

// Lists v once per batch where `reached` holds. Called from any control
// flow.
void listTouched(bool reached, uint v) {
  const bool first = firstTouch(reached, v);
  const uint slot = claimSlot(first, kBidirStateTouchedCount);
  if (first) {
    touched(slot) = v;
  }
}

// Vertices on the frontier list of a level parity.
uint listLength(uint parity) { return state[kBidirStateList + parity]; }

// Appends v to the frontier list of `parity` where `take` holds. Called from
// any control flow.
void appendToList(uint parity, bool take, uint v) {
  const uint slot = claimSlot(take, kBidirStateList + parity);
  if (take) {
    frontierList(parity, slot) = v;
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
