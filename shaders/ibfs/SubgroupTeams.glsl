// Teams of W invocations inside one subgroup (W a power of two <= the
// subgroup size), for the *_subgroup kernels. Needs full subgroups (the host
// creates these pipelines with REQUIRE_FULL_SUBGROUPS), so that lanes
// t*W .. t*W+W-1 of a subgroup form team t whatever the subgroup size.
// Reductions use butterfly shuffles: no shared memory, no barriers.
// Every invocation of the subgroup must call them (uniform control flow).

uint teamAdd(uint value, uint W) {
  for (uint d = 1; d < W; d <<= 1) {
    value += subgroupShuffleXor(value, d);
  }
  return value;
}

uint teamOr(uint value, uint W) {
  for (uint d = 1; d < W; d <<= 1) {
    value |= subgroupShuffleXor(value, d);
  }
  return value;
}

uint teamAnd(uint value, uint W) {
  for (uint d = 1; d < W; d <<= 1) {
    value &= subgroupShuffleXor(value, d);
  }
  return value;
}

// Appends `count` consecutive queue entries for each invocation that asks
// (count > 0): returns the first index. With aggregation, one atomic per
// subgroup (ClaimPlaces.glsl); otherwise one per asking invocation.
uint appendEntries(uint count, bool aggregated) {
  if (aggregated) {
    uint first;
    CLAIM_PLACES(queueCounts[pc.slot * kIbfsMaxInstances], count, first);
    return first;
  }
  uint base = 0;
  if (count != 0) {
    base = atomicAdd(queueCounts[pc.slot * kIbfsMaxInstances], count);
  }
  return base;
}
