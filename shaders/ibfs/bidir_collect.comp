#version 460
// Between the expand and the update: appends each vertex the expand marked
// (it got new bits on a side) to the level's frontier list unless it is on
// it already, and resets the mark, so that the update visits the list's
// vertices only (Bidir.h). A marked vertex gets new bits (the expand ORs
// only bits not yet visited), so it is also put on the touched list here,
// once per batch, for the next batch's clear. One invocation per vertex: a
// pass over V words instead of the update's V x W. Strided over V; the loop
// bound depends only on the workgroup, so its appends claim places once
// per workgroup (WorkgroupClaims.glsl).
// Bindings: Bidir.h (reads and writes the flags and the list, state, the
//   touched list and stamps; writes the settle counter).
// Push constants: BidirPush (vertexCount, level, slot, epoch).
#extension GL_GOOGLE_include_directive : require
#include "BidirCommon.glsl"
#include "WorkgroupClaims.glsl"

layout(local_size_x = 256) in;

void main() {
  if (batchDone()) {
    return;  // the whole dispatch: the plan's flag
  }
  workgroupClaimsInit();
  barrier();
  const uint parity = pc.level & 1u;
  uint elements = 0;  // 4-byte elements read or written (Bidir.h, kBidirArcsSettleLevel)
  for (uint base = gl_WorkGroupID.x * 256u; base < pc.vertexCount; base += gl_NumWorkGroups.x * 256u) {
    const uint v = base + gl_LocalInvocationID.x;
    bool reached = false;
    bool take = false;
    if (v < pc.vertexCount) {
      elements += 1;
      if (markFlag(v) != 0) {
        markFlag(v) = 0;
        reached = true;
        take = listedFlag(v) == 0;
        elements += take ? 3u : 2u;  // the mark's reset, the listed flag, the list entry
      }
    }
    // Both lists' places with one atomic per workgroup and iteration: at a
    // level's widest the marked vertices are millions (WorkgroupClaims.glsl).
    const bool first = firstTouch(reached, v);
    uint asks = first ? 1u : 0u;
    uint at;
    CLAIM_PLACES_WORKGROUP(state[kBidirStateTouchedCount], asks, at);
    if (first) {
      touched(at) = v;
    }
    asks = take ? 1u : 0u;
    CLAIM_PLACES_WORKGROUP(state[kBidirStateList + parity], asks, at);
    if (take) {
      frontierList(parity, at) = v;
    }
  }
  const uint64_t settled = subgroupAdd(uint64_t(elements));
  if (subgroupElect() && settled != 0) {
    atomicAdd(arcs[kBidirArcsSettleLevel + pc.slot], settled);
  }
}
