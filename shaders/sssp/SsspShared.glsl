// Key arithmetic and dispatch helpers shared by the SSSP kernels of both
// layouts (SsspCommon.glsl: one query per entry; batched/BatchedCommon.glsl:
// interleaved queries). Included after the includer has declared `pc` (with
// delta, step, maxGroups, targets, weights), `control[]`, `stats[]` and the
// specialization constant kRealWeights.

const uint64_t kSsspInfinity = 0xFFFFFFFFFFFFFFFFul;

// One arc's target and weight, read by address: the arrays may be larger
// than one storage-buffer binding or one allocation (AddressedArcs.glsl).
#include "AddressedArcs.glsl"
uint arcTarget(uint arc) { return addressedWord(pc.targets, arc); }
uint arcWeight(uint arc) { return addressedWord(pc.weights, arc); }

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
