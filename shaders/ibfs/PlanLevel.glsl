// The plan of level k (plan.comp's work, one invocation): stops the batch
// when the JFQ is empty, chooses the expand direction, and writes the
// indirect dispatch sizes of this level's expands and the next level's check
// and identify. Once done, every later level dispatches nothing. Run by the
// plan kernel, or by the last workgroup of the word-list identify
// (identify_words.comp), which defines PLAN_STAT to read the statistics
// the other workgroups added with atomics.
// Included after IbfsCommon.glsl.
#ifndef PLAN_STAT
#define PLAN_STAT(x) (x)
#endif

void setArgs(uint at, uint x, uint y) {
  control[at] = x;
  control[at + 1] = y;
  control[at + 2] = 1;
}

// Teams per entry for the vertex-major expand: enough that each arc lane has
// about one batch of arcs. A level of hubs (Kronecker) gets all
// kIbfsExpandArcLanes; a level of degree-4 vertices (a grid) one team per
// entry, instead of leaving 7 of 8 teams idle (H100: grid 1000x1000 with 1024
// pairs, 1334 ms at 8 lanes, 880 ms at 1).
uint arcLanesFor(uint64_t arcs, uint entries) {
  const uint64_t perEntry = arcs / max(uint64_t(entries), uint64_t(1));
  uint lanes = 1;
  while (lanes < kIbfsExpandArcLanes && uint64_t(2 * lanes * kIbfsExpandBatch) <= perEntry) {
    lanes *= 2;
  }
  return lanes;
}

void planLevel() {
  if (control[kIbfsControlDone] != 0) {
    control[kIbfsControlSparse] = 0;
    control[kIbfsControlScanLength] = 0;
    setArgs(kIbfsArgsTopDown, 0, 1);
    setArgs(kIbfsArgsBottomUp, 0, 1);
    setArgs(kIbfsArgsCheck, 0, 1);
    setArgs(kIbfsArgsIdentify, 0, 1);
    return;
  }
  const uint jfq = PLAN_STAT(stats[pc.slot].jfqLength);
  if (jfq == 0) {
    control[kIbfsControlDone] = 1;
    control[kIbfsControlSparse] = 0;
    control[kIbfsControlScanLength] = 0;  // later levels' identifies do not run: nothing to scan
    control[kIbfsControlLastLevel] = pc.level;
    stats[pc.slot].direction = control[kIbfsControlDirection];
    setArgs(kIbfsArgsTopDown, 0, 1);
    setArgs(kIbfsArgsBottomUp, 0, 1);
    setArgs(kIbfsArgsCheck, 0, 1);
    setArgs(kIbfsArgsIdentify, 0, 1);
    return;
  }
  const uint previous = control[kIbfsControlDirection];
  uint direction = kIbfsDirectionTopDown;
  const float vertices = float(pc.vertexCount);
  if (pc.policy == kIbfsPolicyJfqThreshold) {
    direction = float(jfq) > pc.jfqThreshold * vertices ? kIbfsDirectionBottomUp : kIbfsDirectionTopDown;
  } else if (pc.policy == kIbfsPolicyBeamer) {
    const float frontierArcs = float(PLAN_STAT(stats[pc.slot].frontierArcs));
    const float unexploredArcs = float(PLAN_STAT(stats[pc.slot].unexploredArcs));
    if (previous == kIbfsDirectionTopDown) {
      direction = frontierArcs > unexploredArcs / pc.beamerAlpha ? kIbfsDirectionBottomUp : kIbfsDirectionTopDown;
    } else {
      direction = float(jfq) < vertices / pc.beamerBeta ? kIbfsDirectionTopDown : kIbfsDirectionBottomUp;
    }
  }
  control[kIbfsControlDirection] = direction;
  stats[pc.slot].direction = direction;
  // Sparse next identify: the expand touches at most frontierArcs vertices.
  const uint64_t frontierArcs = PLAN_STAT(stats[pc.slot].frontierArcs);
  const bool sparseNext = (pc.flags & kIbfsFlagSparseIdentify) != 0 && direction == kIbfsDirectionTopDown &&
                          frontierArcs < uint64_t(pc.vertexCount / kIbfsSparseDivisor);
  control[kIbfsControlSparse] = sparseNext ? 1u : 0u;

  const bool vertexMajor = pc.layoutKind == kIbfsLayoutVertexMajor;
  if ((pc.flags & kIbfsFlagWordLists) != 0) {
    // One invocation per JFQ word. The identify strides over its list or
    // every word (it learns which itself); the list can hold at most one
    // word per frontier arc, so a level of few arcs gets few groups (any
    // count is correct: the loop strides).
    control[kIbfsControlSparse] = 0;
    const uint groups = min((jfq + kIbfsWorkgroupSize - 1) / kIbfsWorkgroupSize, pc.topDownGroupsMax);
    setArgs(kIbfsArgsTopDown, max(groups, 1u), 1u);
    setArgs(kIbfsArgsBottomUp, 0, 1);
    setArgs(kIbfsArgsCheck, pc.checkGroups, 1);
    const uint64_t arcs = PLAN_STAT(stats[pc.slot].frontierArcs);
    uint identifyGroups = pc.identifyGroups;
    if (arcs <= uint64_t(pc.listCapacity)) {
      identifyGroups = clamp(uint((arcs + kIbfsWorkgroupSize - 1) / kIbfsWorkgroupSize), 1u, pc.identifyGroups);
    }
    setArgs(kIbfsArgsIdentify, identifyGroups, 1);
    return;
  }
  if (direction == kIbfsDirectionTopDown) {
    // Vertex-major: `lanes` teams per JFQ entry; instance-major: x lanes per queue vertex.
    const uint work = vertexMajor ? PLAN_STAT(queueCounts[pc.slot * kIbfsMaxInstances]) : jfq;
    // Load-balanced entries (chunks of at most chunkArcs arcs) go one team
    // each: measured faster at every lane count on Kronecker 20 and 22.
    const uint lanes = pc.chunkArcs != 0 ? 1u : arcLanesFor(frontierArcs, work);
    control[kIbfsControlArcLanes] = lanes;
    const uint perGroup = vertexMajor ? expandEntriesPerGroup(pc.words, lanes) : kIbfsInstanceLocalX;
    const uint groups = min((work + perGroup - 1) / perGroup, pc.topDownGroupsMax);
    setArgs(kIbfsArgsTopDown, max(groups, 1u), vertexMajor ? 1u : pc.instances);
    setArgs(kIbfsArgsBottomUp, 0, 1);
  } else {
    setArgs(kIbfsArgsTopDown, 0, 1);
    setArgs(kIbfsArgsBottomUp, pc.bottomUpGroups, 1);
  }
  setArgs(kIbfsArgsCheck, pc.checkGroups, 1);
  uint identifyGroups = pc.identifyGroups;
  if (sparseNext) {
    const uint teams = kIbfsWorkgroupSize / pc.words;
    identifyGroups = clamp(uint((frontierArcs + teams - 1) / teams), 1u, pc.identifyGroups);
  }
  setArgs(kIbfsArgsIdentify, identifyGroups, vertexMajor ? 1u : pc.instances);
}
