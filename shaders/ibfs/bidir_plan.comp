#version 460
// Plans one level of the two-sided search (one workgroup): ends the batch
// when no search is active; otherwise each active search advances the side
// whose frontier has fewer arcs (forward on a tie), or both when neither has
// more than pc.bothRatio times the other's. An advancing side's level count
// grows by one and its frontier arcs are counted again by the update. Writes
// the advance masks and the dispatch sizes of the level's other kernels
// (zero once the batch is done), and empties the list the update fills.
// Records the tracked search's choice (Bidir.h, kBidirArcsTracked).
// Bindings: Bidir.h (reads active, arcs; writes state, stats, control).
// Push constants: BidirPush (words, batchSize, level, slot, sweepGroups,
//   finishGroups, bothRatio, trackedSearch).
#extension GL_GOOGLE_include_directive : require
#include "BidirCommon.glsl"

layout(local_size_x = 256) in;

shared uint sActive;
shared uint sAdvance[2][32];

void setArgs(uint at, uint x) {
  state[at] = x;
  state[at + 1] = 1;
  state[at + 2] = 1;
}

void main() {
  const uint i = gl_LocalInvocationID.x;
  if (i == 0) {
    sActive = 0;
  }
  if (i < 64) {
    sAdvance[i / 32u][i % 32u] = 0;
  }
  barrier();
  if (i < pc.words) {
    atomicAdd(sActive, bitCount(activeMask[i]));
  }
  barrier();
  if (batchDone() || sActive == 0) {
    if (i == 0) {
      control[kIbfsControlDone] = 1;
      setArgs(kBidirStateArgsSweep, 0);
      setArgs(kBidirStateArgsQueue, 0);
      setArgs(kBidirStateArgsCollect, 0);
      setArgs(kBidirStateArgsFinish, 0);
    }
    return;
  }
  // The tracked search's record of this level slot: emptied and written by
  // the one invocation that handles that search (no ordering needed), and
  // left empty once it has ended (the slot may hold an older level's).
  const uint tracked = kBidirArcsTracked + pc.slot * kBidirTrackedWords;
  if (pc.trackedSearch < pc.batchSize && i == pc.trackedSearch % 256u) {
    for (uint k = 0; k < kBidirTrackedWords; ++k) {
      arcs[tracked + k] = 0;
    }
  }
  for (uint s = i; s < pc.batchSize; s += 256u) {
    const uint bit = 1u << (s & 31u);
    if ((activeMask[s >> 5u] & bit) == 0) {
      continue;
    }
    const uint64_t forward = arcs[kBidirArcsFrontier + s];
    const uint64_t backward = arcs[kBidirArcsFrontier + 1024u + s];
    const bool both = float(max(forward, backward)) <= pc.bothRatio * float(min(forward, backward));
    uint sides = 0;
    for (uint side = 0; side < 2; ++side) {
      if (both || (side == 0) == (forward <= backward)) {
        atomicOr(sAdvance[side][s >> 5u], bit);
        state[kBidirStateLevel + side * 1024u + s] += 1u;
        arcs[kBidirArcsFrontier + side * 1024u + s] = 0;
        sides |= 1u << side;
      }
    }
    if (s == pc.trackedSearch) {
      arcs[tracked + kBidirTrackedSides] = uint64_t(sides);
      arcs[tracked + kBidirTrackedArcs] = forward;
      arcs[tracked + kBidirTrackedArcs + 1u] = backward;
    }
  }
  barrier();
  if (i < 32) {
    state[kBidirStateAdvance + i] = sAdvance[0][i];
    state[kBidirStateAdvance + 32u + i] = sAdvance[1][i];
    state[kBidirStateMet + i] = 0;
    state[kBidirStateMetBoth + i] = 0;
    state[kBidirStateAlive + i] = 0;
    state[kBidirStateAlive + 32u + i] = 0;
  }
  if (i < 2) {
    state[kBidirStateQueueCount + i] = 0;
    arcs[kBidirArcsLevel + pc.slot * 2u + i] = 0;
    arcs[kBidirArcsWordsLevel + pc.slot * 2u + i] = 0;
  }
  if (i == 0) {
    arcs[kBidirArcsSettleLevel + pc.slot] = 0;
    // The (side, word) pairs that advance: the queue reads each one's
    // frontier word of every listed vertex (LevelStats::examined and
    // listed, for its bytes).
    uint pairs = 0;
    for (uint w = 0; w < pc.words; ++w) {
      pairs += (sAdvance[0][w] != 0 ? 1u : 0u) + (sAdvance[1][w] != 0 ? 1u : 0u);
    }
    stats[pc.slot].examined = pairs;
    setArgs(kBidirStateArgsSweep, pc.sweepGroups);
    // The queue's workgroups cover its list (W invocations a vertex); the
    // update's list grows in the collect kernel, so it keeps the sweep's.
    const uint parity = pc.level & 1u;
    const uint listed = state[kBidirStateList + parity];
    setArgs(kBidirStateArgsQueue, clamp((listed * pc.words + 255u) / 256u, 1u, pc.sweepGroups));
    // One invocation per vertex: at most the sweep's groups (W >= 1).
    setArgs(kBidirStateArgsCollect, min((pc.vertexCount + 255u) / 256u, pc.sweepGroups));
    state[kBidirStateList + (parity ^ 1u)] = 0;  // the update fills it
    stats[pc.slot].listed = listed;
    setArgs(kBidirStateArgsFinish, pc.finishGroups);
    stats[pc.slot].executed = 1;
    stats[pc.slot].activeSearches = sActive;
    stats[pc.slot].direction = kIbfsDirectionTopDown;
  }
}
