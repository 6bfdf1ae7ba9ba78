// Appends with one atomic per workgroup: CLAIM_PLACES (ClaimPlaces.glsl)
// makes one per subgroup, which on a level of a million list entries is
// still tens of thousands of atomics on one address, serialised by the GPU.
// Workgroup-uniform control flow only (two barriers); each invocation asks
// for `n` places (0 for none) and gets the first of its own. Included after
// IbfsCommon.glsl or BidirCommon.glsl by kernels of kIbfsWorkgroupSize
// invocations whose loops are uniform in the workgroup.
#ifndef FRONTIER_WORKGROUP_CLAIMS_GLSL
#define FRONTIER_WORKGROUP_CLAIMS_GLSL

// Per subgroup: its total, then (after the first barrier) its first place
// relative to the workgroup's. A subgroup reads only its own entry and the
// base, so the next call may start writing before the others have read.
shared uint sClaimOffset[kIbfsWorkgroupSize];
shared uint sClaimBase;

#define CLAIM_PLACES_WORKGROUP(counter, n, first)                         \
  {                                                                       \
    const uint claimTotal = subgroupAdd(n);                               \
    const uint claimBefore = subgroupExclusiveAdd(n);                     \
    if (subgroupElect()) {                                                \
      sClaimOffset[gl_SubgroupID] = claimTotal;                           \
    }                                                                     \
    barrier();                                                            \
    if (gl_LocalInvocationIndex == 0) {                                   \
      uint claimSum = 0;                                                  \
      for (uint s = 0; s < gl_NumSubgroups; ++s) {                        \
        const uint t = sClaimOffset[s];                                   \
        sClaimOffset[s] = claimSum;                                       \
        claimSum += t;                                                    \
      }                                                                   \
      sClaimBase = claimSum != 0 ? atomicAdd(counter, claimSum) : 0u;     \
    }                                                                     \
    barrier();                                                            \
    first = sClaimBase + sClaimOffset[gl_SubgroupID] + claimBefore;       \
  }

#endif
