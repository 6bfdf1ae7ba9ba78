#version 460
// Records the length of every search whose destination S_k now contains, and
// stops it (except the tracked search, which is followed to the end). Also
// stops every search whose frontier was empty at level k - 1: it can reach
// nothing new. Counts the searches still active, and clears this level's
// "alive" words for identify. One invocation per search of the batch.
// Bindings: Ibfs.h (reads next, destinations; writes lengths, active, stats).
// Push constants: IbfsPush (layout, words, vertexCount, batchOffset, batchSize,
//   level, slot, trackedSearch).
#extension GL_GOOGLE_include_directive : require
#include "IbfsCommon.glsl"

layout(local_size_x = 256) in;

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
      control[kIbfsControlTouchedCount + ((pc.level + 1u) & 1u)] = 0;  // the list this level's expand writes
    }
    stillActive = (activeMask[s >> 5u] & bit) != 0;
    const bool exhausted =
        pc.level > 0 && (control[kIbfsControlAlive + ((pc.level - 1u) & 1u) * 32u + (s >> 5u)] & bit) == 0;
    if (stillActive && exhausted) {
      atomicAnd(activeMask[s >> 5u], ~bit);
      stillActive = false;
    }
    if (lengths[pair] < 0) {
      uint v = destinations[pair];
      uint word = pc.layoutKind == kIbfsLayoutVertexMajor ? v * pc.words + (s >> 5u)
                                                      : (s >> 5u) * pc.vertexCount + v;
      if ((next[word] & bit) != 0) {
        lengths[pair] = int(pc.level);
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
