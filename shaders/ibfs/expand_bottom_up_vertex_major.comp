#version 460
// Bottom-up expand, vertex-major layout: for every vertex some active search
// has not reached, each word's invocation ORs the in-neighbours' words of S_k
// (current) into its own word of S_{k+1} (next), stopping as soon as every
// active search of the word has arrived. No atomics: only v's team writes v.
// Edges examined per vertex: the longest scan among its words.
// Strided over vertex blocks; dispatched indirectly by the plan kernel.
// Bindings: Ibfs.h. Push constants: IbfsPush (vertexCount, words, slot).
#extension GL_GOOGLE_include_directive : require
#include "IbfsCommon.glsl"

layout(local_size_x = kIbfsWorkgroupSize) in;

#include "IbfsStats.glsl"

shared uint sScanned[kIbfsWorkgroupSize];

void main() {
  beginStats();
  const uint W = pc.words;
  const uint teams = kIbfsWorkgroupSize / W;
  const uint team = gl_LocalInvocationIndex / W;
  const uint lane = gl_LocalInvocationIndex % W;
  const uint activeWord = activeMask[lane];
  uint64_t totals[kStatCount] = {0, 0, 0, 0, 0, 0};
  const uint blocks = (pc.vertexCount + teams - 1) / teams;
  for (uint block = gl_WorkGroupID.x; block < blocks; block += gl_NumWorkGroups.x) {
    const uint v = block * teams + team;
    if (lane == 0) {
      sScanned[team] = 0;
    }
    barrier();
    if (v < pc.vertexCount) {
      const uint index = v * W + lane;
      uint word = next(index);
      if ((word & activeWord) != activeWord) {
        const uint begin = inOffsets(v);
        const uint end = inOffsets(v + 1);
        uint e = begin;
        while (e < end && (word & activeWord) != activeWord) {
          word |= current(inTarget(e) * W + lane);
          ++e;
        }
        next(index) = word;
        atomicMax(sScanned[team], e - begin);
      }
    }
    barrier();
    if (lane == 0) {
      totals[kStatEdges] += sScanned[team];
    }
  }
  flushStats(totals, 0, 0);
}
