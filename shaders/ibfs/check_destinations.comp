#version 460
// Records the length of every search whose destination S_k now contains, and
// stops it (except the tracked search, which is followed to the end). With
// the probe flag it also records k + 1 for a destination outside S_k with an
// in-neighbour in S_k, so the search stops a level early: its last level,
// often the widest sweep of the run, is never identified or expanded. Also
// stops every search whose frontier was empty at level k - 1: it can reach
// nothing new. Counts the searches still active, and clears this level's
// "alive" words for identify. One invocation per search of the batch.
// Bindings: Ibfs.h (reads next, destinations; writes lengths, active, stats).
// Push constants: IbfsPush (layout, words, vertexCount, batchOffset, batchSize,
//   level, slot, trackedSearch).
#extension GL_GOOGLE_include_directive : require
#extension GL_EXT_control_flow_attributes : require
#include "IbfsCommon.glsl"

layout(local_size_x = 256) in;

uint wordOf(uint v, uint s) {
  return pc.layoutKind == kIbfsLayoutVertexMajor ? v * pc.words + (s >> 5u) : (s >> 5u) * pc.vertexCount + v;
}

// True when an in-neighbour of v is in S_k for search s; only for v with at
// most kIbfsProbeMaxArcs in-arcs (false otherwise: the expand finds it). The
// arcs go in batches of 4 whose loads are issued before their tests, so a
// probe costs two memory latencies per batch, not two per arc (it runs on
// every level: a grid has thousands).
bool inNeighbourReached(uint v, uint s, uint bit) {
  const uint begin = inOffsets(v);
  const uint end = inOffsets(v + 1);
  if (end - begin > kIbfsProbeMaxArcs) {
    return false;
  }
  for (uint e = begin; e < end; e += 4) {
    uint words[4];
    [[unroll]] for (uint j = 0; j < 4; ++j) {
      words[j] = e + j < end ? wordOf(inTarget(e + j), s) : kIbfsNoSearch;
    }
    uint reached = 0;
    [[unroll]] for (uint j = 0; j < 4; ++j) {
      reached |= words[j] != kIbfsNoSearch ? next(words[j]) : 0u;
    }
    if ((reached & bit) != 0) {
      return true;
    }
  }
  return false;
}

void main() {
  uint s = gl_GlobalInvocationID.x;
  bool stillActive = false;
  if (s < pc.batchSize) {
    uint pair = pc.batchOffset + s;
    const uint bit = 1u << (s & 31u);
    if ((s & 31u) == 0) {
      control[kIbfsControlAlive + (pc.level & 1u) * 32u + (s >> 5u)] = 0;
    }
    if (s == 0) {
      NEXT_TOUCHED_COUNT = 0;  // the list this level's expand writes
    }
    stillActive = (activeMask[s >> 5u] & bit) != 0;
    const bool exhausted =
        pc.level > 0 && (control[kIbfsControlAlive + ((pc.level - 1u) & 1u) * 32u + (s >> 5u)] & bit) == 0;
    if (stillActive && exhausted) {
      atomicAnd(activeMask[s >> 5u], ~bit);
      stillActive = false;
    }
    if (lengths[pair] < 0) {
      const uint v = destinations[pair];
      int found = -1;
      if ((next(wordOf(v, s)) & bit) != 0) {
        found = int(pc.level);
      } else if ((pc.flags & kIbfsFlagProbeDestinations) != 0 && stillActive && inNeighbourReached(v, s, bit)) {
        found = int(pc.level) + 1;  // v is outside S_k, one arc from it: exactly k + 1 hops
      }
      if (found >= 0) {
        lengths[pair] = found;
        if (s != pc.trackedSearch && stillActive) {
          atomicAnd(activeMask[s >> 5u], ~bit);
          stillActive = false;
        }
      }
    }
  }
  uint count = subgroupAdd(stillActive ? 1u : 0u);
  if (subgroupElect() && count != 0) {
    atomicAdd(stats[pc.slot].activeSearches, count);
  }
}
