// Declarations shared by every SSSP kernel: extensions, the bindings of
// Sssp.h, key arithmetic and subgroup-aggregated helpers. Included after
// `#version`. Correct for any subgroup size (ballots are uvec4: up to 128).
#extension GL_EXT_shader_explicit_arithmetic_types_int64 : require
#extension GL_EXT_shader_atomic_int64 : require
#extension GL_KHR_shader_subgroup_basic : require
#extension GL_KHR_shader_subgroup_vote : require
#extension GL_KHR_shader_subgroup_arithmetic : require
#extension GL_KHR_shader_subgroup_ballot : require
#extension GL_KHR_shader_subgroup_shuffle : require
#extension GL_EXT_shader_subgroup_extended_types_int64 : require
#extension GL_EXT_buffer_reference : require
#extension GL_GOOGLE_include_directive : require
#include "Sssp.h"

layout(constant_id = kSsspSpecRealWeights) const uint kRealWeights = 0;

const uint64_t kSsspInfinity = 0xFFFFFFFFFFFFFFFFul;

layout(std430, set = 0, binding = kSsspBindingOffsets) readonly buffer Offsets { uint offsets[]; };
layout(std430, set = 0, binding = kSsspBindingDistances) buffer Distances { uint64_t dist[]; };
layout(std430, set = 0, binding = kSsspBindingNear) buffer Near { uint nearQueue[]; };
layout(std430, set = 0, binding = kSsspBindingFar) buffer Far { uint farQueue[]; };
layout(std430, set = 0, binding = kSsspBindingStamps) buffer Stamps { uint stamps[]; };
layout(std430, set = 0, binding = kSsspBindingBits) buffer Bits { uint bits[]; };
layout(std430, set = 0, binding = kSsspBindingQueries) buffer Queries { SsspQuery queries[]; };
layout(std430, set = 0, binding = kSsspBindingSources) readonly buffer Sources { uint querySources[]; };
layout(std430, set = 0, binding = kSsspBindingDestOffsets) readonly buffer DestOffsets { uint destOffsets[]; };
layout(std430, set = 0, binding = kSsspBindingDestinations) readonly buffer Destinations { uint destinations[]; };
layout(std430, set = 0, binding = kSsspBindingResults) buffer Results { uint64_t results[]; };
layout(std430, set = 0, binding = kSsspBindingControl) buffer Control { uint control[]; };
layout(std430, set = 0, binding = kSsspBindingStats) buffer Stats { SsspStats stats[]; };

layout(push_constant) uniform Push { SsspPush pc; };

// One arc's target and weight, read by address: the arrays may be larger
// than one storage-buffer binding, and the byte offset is formed in 64 bits.
layout(buffer_reference, std430, buffer_reference_align = 4) readonly buffer ArcWord { uint word; };
uint arcTarget(uint arc) { return ArcWord(pc.targets + uint64_t(arc) * 4ul).word; }
uint arcWeight(uint arc) { return ArcWord(pc.weights + uint64_t(arc) * 4ul).word; }

// key + weight: an exact integer sum, or a float32 sum kept as bits.
uint64_t addWeight(uint64_t key, uint weight) {
  if (kRealWeights != 0) {
    return uint64_t(floatBitsToUint(uintBitsToFloat(uint(key)) + uintBitsToFloat(weight)));
  }
  return key + uint64_t(weight);
}

// The next bucket after the smallest unsettled distance m: the end of the
// delta-aligned bucket holding m, always above m.
uint64_t bucketEnd(uint64_t m) {
  if (kRealWeights != 0) {
    const float value = uintBitsToFloat(uint(m));
    const float delta = uintBitsToFloat(uint(pc.delta));
    const float end = (floor(value / delta) + 1.0) * delta;
    return end > value ? uint64_t(floatBitsToUint(end)) : m + 1;  // m + 1: the next float up
  }
  return (m / pc.delta + 1ul) * pc.delta;
}

bool testBit(uint base, uint entry) { return (bits[base + (entry >> 5)] & (1u << (entry & 31u))) != 0; }
// Sets the bit; true when it was clear.
bool setBit(uint base, uint entry) {
  const uint bit = 1u << (entry & 31u);
  return (atomicOr(bits[base + (entry >> 5)], bit) & bit) == 0;
}
void clearBit(uint base, uint entry) { atomicAnd(bits[base + (entry >> 5)], ~(1u << (entry & 31u))); }

uint processedBits() { return 0u; }
uint farBits() { return pc.bitWords; }

// One position per invocation with `flag` set, from one atomic per subgroup on
// control[counter]. Call from uniform control flow (every invocation of the
// subgroup); the result is meaningless where `flag` is false.
uint appendSlot(bool flag, uint counter) {
  const uvec4 ballot = subgroupBallot(flag);
  const uint n = subgroupBallotBitCount(ballot);
  uint first = 0;
  if (n > 0) {
    if (subgroupElect()) {
      first = atomicAdd(control[counter], n);
    }
    first = subgroupBroadcastFirst(first);
  }
  return first + subgroupBallotExclusiveBitCount(ballot);
}

// Adds a per-invocation count to a 64-bit statistic of this step with one
// atomic per subgroup. Call from uniform control flow.
#define SSSP_ADD_STAT(field, value)                        \
  {                                                        \
    const uint64_t ssspSum = subgroupAdd(uint64_t(value)); \
    if (subgroupElect() && ssspSum != 0) {                 \
      atomicAdd(stats[pc.step].field, ssspSum);            \
    }                                                      \
  }

uint groupsFor(uint items, uint perGroup) {
  return min((items + perGroup - 1) / perGroup, pc.maxGroups);
}

void setArgs(uint at, uint x) {
  control[at] = x;
  control[at + 1] = 1;
  control[at + 2] = 1;
}
