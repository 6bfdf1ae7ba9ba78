// Declarations shared by every SSSP kernel: extensions, the bindings of
// Sssp.h, key arithmetic and subgroup-aggregated helpers. Included after
// `#version`. Correct for any subgroup size (ballots are uvec4: up to 128).
#include "SsspExtensions.glsl"
#include "Sssp.h"
#include "ClaimPlaces.glsl"

layout(constant_id = kSsspSpecRealWeights) const uint kRealWeights = 0;

layout(std430, set = 0, binding = kSsspBindingQueries) buffer Queries { SsspQuery queries[]; };
layout(std430, set = 0, binding = kSsspBindingSources) readonly buffer Sources { uint querySources[]; };
layout(std430, set = 0, binding = kSsspBindingDestOffsets) readonly buffer DestOffsets { uint destOffsets[]; };
layout(std430, set = 0, binding = kSsspBindingDestinations) readonly buffer Destinations { uint destinations[]; };
layout(std430, set = 0, binding = kSsspBindingResults) buffer Results { uint64_t results[]; };
layout(std430, set = 0, binding = kSsspBindingControl) buffer Control { uint control[]; };
layout(std430, set = 0, binding = kSsspBindingStats) buffer Stats { SsspStats stats[]; };

layout(push_constant) uniform Push { SsspPush pc; };

// The per-entry arrays, by address (SsspPush): dist(e) is entry e's key,
// used like an array element (reads, writes, atomics).
#include "StatusByAddress.glsl"
#define dist(e) KEY_AT(pc.distances, e)
#define offsets(v) addressedWord(pc.offsets, v)
#define nearQueue(i) WORD_AT(pc.nearQueue, i)
#define farQueue(i) WORD_AT(pc.farQueue, i)
#define stamps(e) WORD_AT(pc.stamps, e)
#define bits(i) WORD_AT(pc.bits, i)

#include "SsspShared.glsl"

bool testBit(uint base, uint entry) { return (bits(base + (entry >> 5)) & (1u << (entry & 31u))) != 0; }
// Sets the bit; true when it was clear.
bool setBit(uint base, uint entry) {
  const uint bit = 1u << (entry & 31u);
  return (atomicOr(bits(base + (entry >> 5)), bit) & bit) == 0;
}
void clearBit(uint base, uint entry) { atomicAnd(bits(base + (entry >> 5)), ~(1u << (entry & 31u))); }

uint processedBits() { return 0u; }
uint farBits() { return pc.bitWords; }

// One position per invocation with `flag` set, from one atomic per subgroup on
// control[counter] (ClaimPlaces.glsl); the result is meaningless where
// `flag` is false.
uint appendSlot(bool flag, uint counter) {
  uint first;
  CLAIM_PLACE(control[counter], flag, first);
  return first;
}

