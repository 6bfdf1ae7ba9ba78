// Appends with one atomic per workgroup: CLAIM_PLACES (ClaimPlaces.glsl)
// makes one per subgroup, which on a level of a million list entries is
// still tens of thousands of atomics on one address, serialised by the GPU.
// Workgroup-uniform control flow only (two barriers); each invocation asks
// for `n` places (0 for none) and gets the first of its own. Included after
// IbfsCommon.glsl or BidirCommon.glsl by kernels of kIbfsWorkgroupSize
// invocations whose loops are uniform in the workgroup; they call
// workgroupClaimsInit() before a barrier that precedes the first claim.
#ifndef FRONTIER_WORKGROUP_CLAIMS_GLSL
#define FRONTIER_WORKGROUP_CLAIMS_GLSL

// Places asked for by the workgroup in the current claim, and the first of
// them in the global list. Each group of invocations that runs a subgroup
// operation together (a whole subgroup, or part of one that has not
// reconverged) adds its sum with a shared atomic, so a split subgroup still
// counts every invocation; invocation 0 empties the count between the two
// barriers, before any invocation can ask again.
shared uint sClaimCount;
shared uint sClaimBase;

void workgroupClaimsInit() {
  if (gl_LocalInvocationIndex == 0) {
    sClaimCount = 0;
  }
}

// The subgroup step is CLAIM_PLACES on the shared count: each part that
// runs it together adds its sum there and gets its invocations' places
// relative to the workgroup's first.
#define CLAIM_PLACES_WORKGROUP(counter, n, first)                     \
  {                                                                   \
    uint claimLocal;                                                  \
    CLAIM_PLACES(sClaimCount, n, claimLocal);                         \
    barrier();                                                        \
    if (gl_LocalInvocationIndex == 0) {                               \
      const uint claimSum = sClaimCount;                              \
      sClaimCount = 0;                                                \
      sClaimBase = claimSum != 0 ? atomicAdd(counter, claimSum) : 0u; \
    }                                                                 \
    barrier();                                                        \
    first = sClaimBase + claimLocal;                                  \
  }

#endif
