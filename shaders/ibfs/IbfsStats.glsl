// Per-level statistics and the "alive" words, reduced per workgroup: each
// invocation accumulates its own values, then flushStats() (called once, at
// the end, by every invocation, in uniform control flow) reduces them across
// the subgroup and then the workgroup in shared memory, and adds each with
// one atomic per workgroup. Keeps the statistics' atomics off the critical
// path. Needs a 1D workgroup of kIbfsWorkgroupSize invocations.

const uint kStatJfq = 0;           // stats.jfqLength (vertices)
const uint kStatNewly = 1;         // stats.newlyVisited
const uint kStatSearchEdges = 2;   // stats.searchEdges
const uint kStatFrontierArcs = 3;  // stats.frontierArcs
const uint kStatUnexplored = 4;    // stats.unexploredArcs
const uint kStatEdges = 5;         // stats.edgesExamined
const uint kStatCount = 6;

shared uint64_t sStatPartial[kStatCount][kIbfsWorkgroupSize / 4];  // per subgroup (>= 4 invocations each)
shared uint sAlive[32];

// Must run before any aliveAdd-style use of sAlive (all invocations).
void beginStats() {
  if (gl_LocalInvocationIndex < 32) {
    sAlive[gl_LocalInvocationIndex] = 0;
  }
  barrier();
}

// What the identify examined and the list it was handed (LevelStats::examined,
// listed), from one invocation: read back for the bytes models.
void noteExamined(uint items) {
  if (gl_GlobalInvocationID.x == 0 && gl_GlobalInvocationID.y == 0) {
    stats[pc.slot].examined = items;
    stats[pc.slot].listed = control[kIbfsControlTouchedCount + (pc.level & 1u)];
  }
}

void flushStats(uint64_t values[kStatCount], uint aliveWord, uint aliveIndex) {
  for (uint i = 0; i < kStatCount; ++i) {
    const uint64_t sum = subgroupAdd(values[i]);
    if (subgroupElect()) {
      sStatPartial[i][gl_SubgroupID] = sum;
    }
  }
  if (aliveWord != 0) {
    atomicOr(sAlive[aliveIndex], aliveWord);
  }
  barrier();
  const uint i = gl_LocalInvocationIndex;
  if (i < kStatCount) {
    uint64_t total = 0;
    for (uint s = 0; s < gl_NumSubgroups; ++s) {
      total += sStatPartial[i][s];
    }
    if (total != 0) {
      if (i == kStatJfq) {
        atomicAdd(stats[pc.slot].jfqLength, uint(total));
      } else if (i == kStatNewly) {
        atomicAdd(stats[pc.slot].newlyVisited, total);
      } else if (i == kStatSearchEdges) {
        atomicAdd(stats[pc.slot].searchEdges, total);
      } else if (i == kStatFrontierArcs) {
        atomicAdd(stats[pc.slot].frontierArcs, total);
      } else if (i == kStatUnexplored) {
        atomicAdd(stats[pc.slot].unexploredArcs, total);
      } else {
        atomicAdd(stats[pc.slot].edgesExamined, total);
      }
    }
  }
  if (i >= 32 && i < 64 && sAlive[i - 32] != 0) {
    atomicOr(control[kIbfsControlAlive + (pc.level & 1u) * 32u + (i - 32)], sAlive[i - 32]);
  }
  if (gl_WorkGroupID.x == 0 && gl_WorkGroupID.y == 0 && i == 0) {
    stats[pc.slot].executed = 1;
  }
}
