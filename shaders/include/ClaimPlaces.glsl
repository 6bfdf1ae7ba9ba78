// Appends to a list with one atomic per subgroup on its count, for kernels
// whose invocations append. Every invocation of the subgroup that is active
// asks for `n` consecutive places (0 for none) on `counter` (an element of
// a buffer) and gets the first of its places in `first`. The lowest active
// invocation makes the atomic (subgroupElect) and shares its result
// (subgroupBroadcastFirst); any control flow, any subgroup size. A count
// that every subgroup of a dispatch increments is a hot spot on the GPU
// (one address, serialised), so callers claim all of an invocation's
// places at once. Needs the subgroup basic, arithmetic and ballot
// extensions.
#ifndef FRONTIER_CLAIM_PLACES_GLSL
#define FRONTIER_CLAIM_PLACES_GLSL

#define CLAIM_PLACES(counter, n, first)                                  \
  {                                                                      \
    const uint claimTotal = subgroupAdd(n);                              \
    uint claimBase = 0;                                                  \
    if (claimTotal != 0 && subgroupElect()) {                            \
      claimBase = atomicAdd(counter, claimTotal);                        \
    }                                                                    \
    first = subgroupBroadcastFirst(claimBase) + subgroupExclusiveAdd(n); \
  }

// The same for one place where `take` holds (the result is meaningless
// where it does not): a ballot and bit counts instead of two subgroup
// reductions (cheaper where every invocation of a sweep asks).
#define CLAIM_PLACE(counter, take, first)                                       \
  {                                                                             \
    const uvec4 claimBallot = subgroupBallot(take);                             \
    const uint claimTotal = subgroupBallotBitCount(claimBallot);                \
    uint claimBase = 0;                                                         \
    if (claimTotal != 0 && subgroupElect()) {                                   \
      claimBase = atomicAdd(counter, claimTotal);                               \
    }                                                                           \
    first = subgroupBroadcastFirst(claimBase) + subgroupBallotExclusiveBitCount(claimBallot); \
  }

#endif
