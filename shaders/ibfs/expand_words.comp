#version 460
// Top-down expand over JFQ words (`worklist`, vertex-major layout): one
// invocation per word (v, w) that identify queued, ORing its fresh bits into
// word w of every out-neighbour's S_{k+1}. The atomic's old value tells
// whether this invocation made the word's first change of the level (old
// equals S_k in `current`): that invocation puts the word on the next
// identify's list (WordLists.glsl), so each changed word is listed once.
// Strided over the words (count in queueCounts[slot * 32]).
// Bindings: Ibfs.h. Push constants: IbfsPush (words, level, slot, listCapacity).
#extension GL_GOOGLE_include_directive : require
#include "IbfsCommon.glsl"
#include "WordLists.glsl"

layout(local_size_x = kIbfsWorkgroupSize) in;

#include "IbfsStats.glsl"

void main() {
  beginStats();
  const uint W = pc.words;
  const uint count = queueCounts[pc.slot * kIbfsMaxInstances];
  const uint stride = gl_NumWorkGroups.x * kIbfsWorkgroupSize;
  uint64_t totals[kStatCount] = {0, 0, 0, 0, 0, 0};
  for (uint i = gl_GlobalInvocationID.x; i < count; i += stride) {
    const uint word = queue[i];
    const uint v = word / W;
    const uint w = word & (W - 1u);
    const uint bits = freshWords[word];
    const uint begin = outOffsets[v];
    const uint end = outOffsets[v + 1];
    totals[kStatEdges] += end - begin;
    for (uint e = begin; e < end; ++e) {
      const uint index = outTarget(e) * W + w;
      const uint old = atomicOr(next[index], bits);
      listWord(index, (old | bits) != old && old == current[index]);
    }
  }
  flushStats(totals, 0, 0);
}
