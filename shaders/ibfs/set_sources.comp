#version 460
// Sets each search's bit at its source in `next` (S_0) and marks it active.
// One invocation per search of the batch.
// Bindings: Ibfs.h (reads sources; writes next, active).
// Push constants: IbfsPush (layout, words, vertexCount, batchOffset, batchSize).
#extension GL_GOOGLE_include_directive : require
#include "IbfsCommon.glsl"

layout(local_size_x = 256) in;

void main() {
  uint s = gl_GlobalInvocationID.x;
  if (s >= pc.batchSize) {
    return;
  }
  uint v = sources[pc.batchOffset + s];
  uint bit = 1u << (s & 31u);
  uint word = pc.layoutKind == kIbfsLayoutVertexMajor ? v * pc.words + (s >> 5u)
                                                  : (s >> 5u) * pc.vertexCount + v;
  atomicOr(next(word), bit);
  atomicOr(activeMask[s >> 5u], bit);
  // Level 0's identify may be sparse: it then reads the sources' list.
  if (atomicExchange(stamp(v), 1u) != 1u) {
    touched(atomicAdd(control[kIbfsControlTouchedCount], 1u)) = v;
  }
}
