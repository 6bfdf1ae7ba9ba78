#version 460
// Identify, vertex-major layout: a team of `words` invocations per vertex
// compares S_k (next) with S_{k-1} (current), copies next into current, and
// appends the vertex to the JFQ once when any active search reached it at
// level k; the team also stores the vertex's fresh words for the expand.
// The team votes through shared memory, so any subgroup size works.
// JFQ entries are (vertex, first arc): ceil(deg / C) of them per vertex when
// pc.chunkArcs = C > 0 (load balance), else one. Entries are counted in
// queueCounts[slot * 32], vertices in stats.jfqLength. With the scan-built
// JFQ (kIbfsFlagScanJfq) the i-th examined vertex's entry count (0 when it is
// not in the frontier) goes to scanCounts(i) instead, and scatter_jfq.comp
// writes the queue and its count after a scan.
// Examines every vertex, or only those on the touched list (sparse).
// Strided over vertex blocks; dispatched indirectly (0 groups once done).
// Bindings: Ibfs.h. Push constants: IbfsPush (vertexCount, words, level, slot,
//   trackedSearch, chunkArcs).
#extension GL_GOOGLE_include_directive : require
#include "IbfsCommon.glsl"

layout(local_size_x = kIbfsWorkgroupSize) in;

#include "IbfsStats.glsl"

shared uint sNew[kIbfsWorkgroupSize];      // per team: new (vertex, search) pairs
shared uint sMissing[kIbfsWorkgroupSize];  // per team: some active search has not reached v

void main() {
  beginStats();
  const uint W = pc.words;
  const uint teams = kIbfsWorkgroupSize / W;
  const uint team = gl_LocalInvocationIndex / W;
  const uint lane = gl_LocalInvocationIndex % W;
  const uint activeWord = activeMask[lane];
  const uint trackedLane = pc.trackedSearch == kIbfsNoSearch ? 0xFFFFFFFFu : pc.trackedSearch >> 5u;
  const uint trackedBit = 1u << (pc.trackedSearch & 31u);

  uint64_t totals[kStatCount] = {0, 0, 0, 0, 0, 0};
  uint alive = 0;
  const bool sparse = sparseIdentify();
  const uint count = identifyCount(sparse);
  noteExamined(count);
  const uint blocks = (count + teams - 1) / teams;
  const bool scanned = scanBuiltJfq();
  if (scanned && gl_GlobalInvocationID.x == 0) {
    control[kIbfsControlScanLength] = count;  // the scan covers the examined list
  }
  for (uint block = gl_WorkGroupID.x; block < blocks; block += gl_NumWorkGroups.x) {
    const uint i = block * teams + team;
    const uint v = i < count ? identifyVertex(sparse, i) : 0xFFFFFFFFu;
    if (lane == 0) {
      sNew[team] = 0;
      sMissing[team] = 0;
    }
    barrier();
    uint fresh = 0;
    if (v < pc.vertexCount) {
      const uint index = v * W + lane;
      const uint n = next(index);
      const uint c = current(index);
      if (n != c) {
        current(index) = n;
      }
      fresh = (n ^ c) & activeWord;
      if (fresh != 0) {
        atomicAdd(sNew[team], bitCount(fresh));
        alive |= fresh;
        if (lane == trackedLane && (fresh & trackedBit) != 0) {
          trackedLevels(v) = pc.level;
        }
      }
      if ((n & activeWord) != activeWord) {
        atomicOr(sMissing[team], 1u);
      }
    }
    barrier();
    const uint newPairs = v < pc.vertexCount ? sNew[team] : 0;
    if (newPairs != 0) {
      freshWords(v * W + lane) = fresh;
    }
    if (lane == 0 && v < pc.vertexCount) {
      if (scanned) {
        scanCounts(i) = newPairs != 0 ? jfqEntries(outDegree(v)) : 0u;
      }
      if (newPairs != 0) {
        const uint begin = outOffsets(v);
        const uint degree = outOffsets(v + 1) - begin;
        const uint entries = jfqEntries(degree);
        if (!scanned) {
          const uint at = atomicAdd(queueCounts[pc.slot * kIbfsMaxInstances], entries);
          for (uint e = 0; e < entries; ++e) {
            queueEntry(at + e) = uvec2(v, begin + e * pc.chunkArcs);
          }
        }
        totals[kStatJfq] += 1;
        totals[kStatNewly] += newPairs;
        totals[kStatSearchEdges] += uint64_t(newPairs) * degree;
        totals[kStatFrontierArcs] += degree;
      }
      if (sMissing[team] != 0) {
        totals[kStatUnexplored] += inDegree(v);
      }
    }
    barrier();
  }
  flushStats(totals, alive, lane);
}
