// Declarations shared by every iBFS kernel: extensions, the bindings of
// Ibfs.h and small helpers. Included after `#version`.
#extension GL_EXT_shader_explicit_arithmetic_types_int64 : require
#extension GL_EXT_shader_atomic_int64 : require
#extension GL_KHR_shader_subgroup_basic : require
#extension GL_KHR_shader_subgroup_arithmetic : require
#extension GL_KHR_shader_subgroup_ballot : require
#extension GL_EXT_shader_subgroup_extended_types_int64 : require
#extension GL_KHR_shader_subgroup_shuffle : require
#extension GL_EXT_buffer_reference : require
#extension GL_GOOGLE_include_directive : require
#include "Ibfs.h"
#include "ClaimPlaces.glsl"

layout(std430, set = 0, binding = kIbfsBindingArrays) restrict readonly buffer Arrays { IbfsArrays arrays; };
layout(std430, set = 0, binding = kIbfsBindingStats) buffer Stats { LevelStats stats[]; };
layout(std430, set = 0, binding = kIbfsBindingQueueCounts) buffer QueueCounts { uint queueCounts[]; };
layout(std430, set = 0, binding = kIbfsBindingSources) readonly buffer Sources { uint sources[]; };
layout(std430, set = 0, binding = kIbfsBindingDestinations) readonly buffer Destinations { uint destinations[]; };
layout(std430, set = 0, binding = kIbfsBindingLengths) buffer Lengths { int lengths[]; };
layout(std430, set = 0, binding = kIbfsBindingActive) buffer Active { uint activeMask[]; };
layout(std430, set = 0, binding = kIbfsBindingControl) buffer Control { uint control[]; };

layout(push_constant) uniform Push { IbfsPush pc; };

// The status arrays, the fresh words and the JFQ, by address (IbfsPush):
// current(i) is word i of S_k, used like an array element.
#include "StatusByAddress.glsl"
#define current(i) WORD_AT(pc.current, i)
#define next(i) WORD_AT(pc.next, i)
#define queue(i) WORD_AT(pc.queue, i)
#define queueEntry(i) ENTRY_AT(pc.queue, i)  // words 2i and 2i + 1 of the JFQ
#define freshWords(i) WORD_AT(pc.fresh, i)
// The per-vertex arrays, by the addresses of the arrays table (IbfsArrays).
#define outOffsets(i) WORD_AT(arrays.outOffsets, i)
#define inOffsets(i) WORD_AT(arrays.inOffsets, i)
#define trackedLevels(i) WORD_AT(arrays.tracked, i)
#define touched(i) WORD_AT(arrays.touched, i)
#define stamp(i) WORD_AT(arrays.stamp, i)
#define scanCounts(i) WORD_AT(arrays.scanCounts, i)
#define scanPrefix(i) WORD_AT(arrays.scanPrefix, i)

// One arc target, read by address: the arrays may be larger than one
// storage-buffer binding or one allocation (AddressedArcs.glsl).
#include "AddressedArcs.glsl"
uint outTarget(uint arc) { return addressedWord(pc.outTargets, arc); }
uint inTarget(uint arc) { return addressedWord(pc.inTargets, arc); }

// The vertices an identify examines: all of them, or (sparse) the list the
// previous expand wrote. Read once at kernel start: uniform.
bool sparseIdentify() { return control[kIbfsControlSparse] != 0; }
uint identifyCount(bool sparse) {
  return sparse ? control[kIbfsControlTouchedCount + (pc.level & 1u)] : pc.vertexCount;
}
uint identifyVertex(bool sparse, uint i) { return sparse ? touched((pc.level & 1u) * pc.vertexCount + i) : i; }

// The list for identify(level + 1) holds each vertex once (its stamp
// dedupes). takeTouched: whether u, `want`ed, is new on it (takes the
// stamp). claimTouched: n places on it for this invocation, the first
// returned (ClaimPlaces.glsl: one atomic per subgroup, any control flow).
// putTouched: writes u at a claimed place.
bool takeTouched(uint u, bool want) {
  const uint target = pc.level + 2u;
  return want && stamp(u) != target && atomicExchange(stamp(u), target) != target;
}
// The list's count (reset by the destination check before the expand).
#define NEXT_TOUCHED_COUNT control[kIbfsControlTouchedCount + ((pc.level + 1u) & 1u)]
uint claimTouched(uint n) {
  uint first;
  CLAIM_PLACES(NEXT_TOUCHED_COUNT, n, first);
  return first;
}
void putTouched(uint at, uint u) { touched(((pc.level + 1u) & 1u) * pc.vertexCount + at) = u; }

// Puts u on that list once where `want` holds. Called from any control flow.
void markTouched(uint u, bool want) {
  want = takeTouched(u, want);
  uint at;
  CLAIM_PLACE(NEXT_TOUCHED_COUNT, want, at);
  if (want) {
    putTouched(at, u);
  }
}

// JFQ entries (vertex, first arc) of a frontier vertex: ceil(deg / C) with
// load balance (C = pc.chunkArcs > 0), else one.
uint jfqEntries(uint degree) {
  return pc.chunkArcs == 0 ? 1u : max(1u, (degree + pc.chunkArcs - 1) / pc.chunkArcs);
}

bool scanBuiltJfq() { return (pc.flags & kIbfsFlagScanJfq) != 0; }

// Vertex-major top-down expand: teams sharing one entry, and entries per workgroup.
uint expandArcLanes(uint words, uint lanes) { return min(kIbfsWorkgroupSize / words, lanes); }
uint expandEntriesPerGroup(uint words, uint lanes) { return (kIbfsWorkgroupSize / words) / expandArcLanes(words, lanes); }

uint outDegree(uint v) { return outOffsets(v + 1) - outOffsets(v); }
uint inDegree(uint v) { return inOffsets(v + 1) - inOffsets(v); }

// Adds a per-invocation count to a 64-bit statistic with one atomic per subgroup.
#define FRONTIER_ADD_STAT(field, value)                        \
  {                                                            \
    uint64_t frontierSum = subgroupAdd(uint64_t(value));       \
    if (subgroupElect() && frontierSum != 0) {                 \
      atomicAdd(stats[pc.slot].field, frontierSum);            \
    }                                                          \
  }
