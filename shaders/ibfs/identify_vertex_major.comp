#version 460
// Identify, vertex-major layout: a team of `words` invocations per vertex
// compares S_{k} (next) with S_{k-1} (current), copies next into current, and
// appends the vertex to the JFQ once when any active search reached it at
// level k. The team votes through shared memory, so any subgroup size works.
// Strided over vertex blocks; dispatched indirectly (0 groups once done).
// Bindings: Ibfs.h. Push constants: IbfsPush (vertexCount, words, level, slot,
//   trackedSearch).
#extension GL_GOOGLE_include_directive : require
#include "IbfsCommon.glsl"

layout(local_size_x = kIbfsWorkgroupSize) in;

shared uint sNew[kIbfsWorkgroupSize];      // per team: new (vertex, search) pairs
shared uint sMissing[kIbfsWorkgroupSize];  // per team: some active search has not reached v

void main() {
  const uint W = pc.words;
  const uint teams = kIbfsWorkgroupSize / W;
  const uint team = gl_LocalInvocationIndex / W;
  const uint lane = gl_LocalInvocationIndex % W;
  const uint activeWord = activeMask[lane];
  const uint trackedLane = pc.trackedSearch == kIbfsNoSearch ? 0xFFFFFFFFu : pc.trackedSearch >> 5u;
  const uint trackedBit = 1u << (pc.trackedSearch & 31u);

  uint64_t newly = 0;
  uint64_t searchEdges = 0;
  uint64_t frontierArcs = 0;
  uint64_t unexplored = 0;
  const uint blocks = (pc.vertexCount + teams - 1) / teams;
  for (uint block = gl_WorkGroupID.x; block < blocks; block += gl_NumWorkGroups.x) {
    const uint v = block * teams + team;
    if (lane == 0) {
      sNew[team] = 0;
      sMissing[team] = 0;
    }
    barrier();
    if (v < pc.vertexCount) {
      const uint index = v * W + lane;
      const uint n = next[index];
      const uint c = current[index];
      if (n != c) {
        current[index] = n;
      }
      const uint fresh = (n ^ c) & activeWord;
      if (fresh != 0) {
        atomicAdd(sNew[team], bitCount(fresh));
        if (lane == trackedLane && (fresh & trackedBit) != 0) {
          trackedLevels[v] = pc.level;
        }
      }
      if ((n & activeWord) != activeWord) {
        atomicOr(sMissing[team], 1u);
      }
    }
    barrier();
    if (lane == 0 && v < pc.vertexCount) {
      const uint count = sNew[team];
      if (count != 0) {
        const uint degree = outDegree(v);
        queue[atomicAdd(stats[pc.slot].jfqLength, 1u)] = v;
        newly += count;
        searchEdges += uint64_t(count) * degree;
        frontierArcs += degree;
      }
      if (sMissing[team] != 0) {
        unexplored += inDegree(v);
      }
    }
    barrier();
  }
  FRONTIER_ADD_STAT(newlyVisited, newly)
  FRONTIER_ADD_STAT(searchEdges, searchEdges)
  FRONTIER_ADD_STAT(frontierArcs, frontierArcs)
  FRONTIER_ADD_STAT(unexploredArcs, unexplored)
  if (gl_WorkGroupID.x == 0 && gl_LocalInvocationIndex == 0) {
    stats[pc.slot].executed = 1;
  }
}
