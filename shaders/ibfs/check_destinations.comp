#version 460
// Records the length of every search whose destination S_k now contains, and
// stops it (except the tracked search, which is followed to the end).
// Counts the searches still active. One invocation per search of the batch.
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
    stillActive = true;
    if (lengths[pair] < 0) {
      uint v = destinations[pair];
      uint bit = 1u << (s & 31u);
      uint word = pc.layoutKind == kIbfsLayoutVertexMajor ? v * pc.words + (s >> 5u)
                                                      : (s >> 5u) * pc.vertexCount + v;
      if ((next[word] & bit) != 0) {
        lengths[pair] = int(pc.level);
        if (s != pc.trackedSearch) {
          atomicAnd(activeMask[s >> 5u], ~bit);
          stillActive = false;
        }
      }
    } else if (s != pc.trackedSearch) {
      stillActive = false;
    }
  }
  uint count = subgroupAdd(stillActive ? 1u : 0u);
  if (subgroupElect() && count != 0) {
    atomicAdd(stats[pc.slot].activeSearches, count);
  }
}
