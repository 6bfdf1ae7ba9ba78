// Declarations shared by every SSSP kernel: extensions, the bindings of
// Sssp.h, key arithmetic and subgroup-aggregated helpers. Included after
// `#version`. Correct for any subgroup size (ballots are uvec4: up to 128).
#include "SsspExtensions.glsl"
#include "Sssp.h"

layout(constant_id = kSsspSpecRealWeights) const uint kRealWeights = 0;

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

#include "SsspShared.glsl"

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

