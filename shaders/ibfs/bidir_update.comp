#version 460
// Takes in the level's expand: invocation w of a team handles word w of one
// vertex, for each side word w advanced: fresh = new words not yet visited;
// visited |= fresh; frontier = fresh; the new words are emptied for the next
// level. Meeting (F_a and B_b were disjoint before the level):
//   met      a fresh bit of one side that the other side had visited before
//            the level: length a + b + 1 over the levels before it;
//   metBoth  (both sides advanced) a bit fresh on both sides: a + b + 2.
// Also records per side which searches reached anything (alive), the arcs of
// each word's new frontiers (the plan's next choice), and lists the vertex as
// touched. Strided over V x W.
// Bindings: Bidir.h (reads and writes the status arrays of both sides, state,
//   arcs, stats, touched, stamp; reads active).
// Push constants: BidirPush (vertexCount, words, slot, epoch).
#extension GL_GOOGLE_include_directive : require
#include "BidirCommon.glsl"

layout(local_size_x = 256) in;

shared uint sMet[32];
shared uint sMetBoth[32];
shared uint sAlive[2][32];
shared uint64_t sArcs[2][256];

void main() {
  if (batchDone()) {
    return;
  }
  const uint W = pc.words;
  const uint lane = gl_LocalInvocationID.x % W;
  if (gl_LocalInvocationID.x < 32) {
    sMet[gl_LocalInvocationID.x] = 0;
    sMetBoth[gl_LocalInvocationID.x] = 0;
    sAlive[0][gl_LocalInvocationID.x] = 0;
    sAlive[1][gl_LocalInvocationID.x] = 0;
  }
  barrier();
  const uint total = pc.vertexCount * W;
  const uint mode = state[kBidirStateSide + lane];
  // Only active searches were expanded: a word without any has no new bits
  // (and its frontiers are never read again).
  const bool activeWord = activeMask[lane] != 0;
  uint met = 0;
  uint metBoth = 0;
  uint alive[2] = {0, 0};
  uint64_t frontierArcs[2] = {0, 0};
  uint64_t newlyVisited = 0;
  for (uint i = gl_GlobalInvocationID.x; activeWord && i < total; i += gl_NumWorkGroups.x * 256u) {
    // Both sides' visited words as they were before this level.
    const uint visited[2] = {visitedF[i], visitedB[i]};
    uint fresh[2] = {0, 0};
    for (uint side = 0; side < 2; ++side) {
      if (!advances(mode, side)) {
        continue;
      }
      const uint previous = frontierWord(side, i);
      uint bits = newWord(side, i);
      if (bits != 0) {
        setNew(side, i, 0);
        bits &= ~visited[side];
        setVisited(side, i, visited[side] | bits);
      }
      if (previous != bits) {
        setFrontier(side, i, bits);
      }
      fresh[side] = bits;
    }
    if ((fresh[0] | fresh[1]) != 0) {
      met |= (fresh[0] & visited[1]) | (fresh[1] & visited[0]);
      metBoth |= fresh[0] & fresh[1];
      const uint v = i / W;
      for (uint side = 0; side < 2; ++side) {
        const uint count = bitCount(fresh[side]);
        alive[side] |= fresh[side];
        newlyVisited += count;
        frontierArcs[side] += uint64_t(count) * (arcEnd(side, v) - arcBegin(side, v));
      }
      listTouched(v);
    }
  }
  if (met != 0) {
    atomicOr(sMet[lane], met);
  }
  if (metBoth != 0) {
    atomicOr(sMetBoth[lane], metBoth);
  }
  for (uint side = 0; side < 2; ++side) {
    if (alive[side] != 0) {
      atomicOr(sAlive[side][lane], alive[side]);
    }
    sArcs[side][gl_LocalInvocationID.x] = frontierArcs[side];
  }
  BIDIR_ADD_STAT(newlyVisited, newlyVisited);
  BIDIR_ADD_STAT(searchEdges, frontierArcs[0] + frontierArcs[1]);
  barrier();
  const uint w = gl_LocalInvocationID.x;
  if (w < W) {
    for (uint side = 0; side < 2; ++side) {
      uint64_t sum = 0;
      for (uint t = 0; t < 256u / W; ++t) {
        sum += sArcs[side][t * W + w];
      }
      if (sum != 0) {
        atomicAdd(arcs[kBidirArcsFrontier + side * 32u + w], sum);
      }
      if (sAlive[side][w] != 0) {
        atomicOr(state[kBidirStateAlive + side * 32u + w], sAlive[side][w]);
      }
    }
    if (sMet[w] != 0) {
      atomicOr(state[kBidirStateMet + w], sMet[w]);
    }
    if (sMetBoth[w] != 0) {
      atomicOr(state[kBidirStateMetBoth + w], sMetBoth[w]);
    }
  }
}
