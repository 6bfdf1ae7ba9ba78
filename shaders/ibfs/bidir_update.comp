#version 460
// Takes in the level's expand (invocation w of a team handles word w of one
// vertex, for the side word w advanced): new = new words not yet visited;
// visited |= new; frontier = new; the new words are emptied for the next
// level. A new bit the other side has visited means the two sides met (bit
// into state met): F_a and B_b were disjoint, so the length is exactly the
// two sides' levels. Also records which searches reached anything (alive),
// the arcs of each word's new frontier (the plan's next choice) and lists the
// vertex as touched. Strided over V x W.
// Bindings: Bidir.h (reads and writes the status arrays of both sides, state,
//   arcs, stats, touched, stamp; reads active).
// Push constants: BidirPush (vertexCount, words, slot, epoch).
#extension GL_GOOGLE_include_directive : require
#include "BidirCommon.glsl"

layout(local_size_x = 256) in;

shared uint sMet[32];
shared uint sAlive[32];
shared uint64_t sArcs[256];

void main() {
  if (batchDone()) {
    return;
  }
  const uint W = pc.words;
  const uint lane = gl_LocalInvocationID.x % W;
  if (gl_LocalInvocationID.x < 32) {
    sMet[gl_LocalInvocationID.x] = 0;
    sAlive[gl_LocalInvocationID.x] = 0;
  }
  barrier();
  const uint total = pc.vertexCount * W;
  const uint side = state[kBidirStateSide + lane];
  const uint other = 1u - side;
  // Only active searches were expanded: a word without any has no new bits
  // (and its frontier is never read again).
  const bool activeWord = activeMask[lane] != 0;
  uint met = 0;
  uint alive = 0;
  uint64_t newlyVisited = 0;
  uint64_t frontierArcs = 0;
  for (uint i = gl_GlobalInvocationID.x; activeWord && i < total; i += gl_NumWorkGroups.x * 256u) {
    uint fresh = newWord(side, i);
    const uint previous = frontierWord(side, i);
    if (fresh != 0) {
      setNew(side, i, 0);
      const uint visited = visitedWord(side, i);
      fresh &= ~visited;
      setVisited(side, i, visited | fresh);
      met |= fresh & visitedWord(other, i);
      alive |= fresh;
      const uint v = i / W;
      const uint count = bitCount(fresh);
      newlyVisited += count;
      frontierArcs += uint64_t(count) * (arcEnd(side, v) - arcBegin(side, v));
      listTouched(v);
    }
    if (previous != fresh) {
      setFrontier(side, i, fresh);
    }
  }
  if (met != 0) {
    atomicOr(sMet[lane], met);
  }
  if (alive != 0) {
    atomicOr(sAlive[lane], alive);
  }
  sArcs[gl_LocalInvocationID.x] = frontierArcs;
  BIDIR_ADD_STAT(newlyVisited, newlyVisited);
  BIDIR_ADD_STAT(searchEdges, frontierArcs);
  barrier();
  const uint w = gl_LocalInvocationID.x;
  if (w < W) {
    uint64_t sum = 0;
    for (uint t = 0; t < 256u / W; ++t) {
      sum += sArcs[t * W + w];
    }
    if (sum != 0) {
      atomicAdd(arcs[kBidirArcsFrontier + state[kBidirStateSide + w] * 32u + w], sum);
    }
    if (sMet[w] != 0) {
      atomicOr(state[kBidirStateMet + w], sMet[w]);
    }
    if (sAlive[w] != 0) {
      atomicOr(state[kBidirStateAlive + w], sAlive[w]);
    }
  }
}
