#version 460
// Plans one level of the two-sided search (one workgroup, an invocation per
// word of 32 searches): ends the batch when no search is active; otherwise
// each word with active searches advances the side whose frontier has fewer
// arcs (forward on a tie), or both when neither has more than
// kBidirBothRatio times the other's; an advancing side's level count grows by
// one and its frontier arcs are counted again by the update. Writes the dispatch sizes
// of the level's other kernels (zero once the batch is done).
// Bindings: Bidir.h (reads active, arcs; writes state, stats, control).
// Push constants: BidirPush (words, slot, sweepGroups, finishGroups).
#extension GL_GOOGLE_include_directive : require
#include "BidirCommon.glsl"

layout(local_size_x = 32) in;

shared uint sActive;

void setArgs(uint at, uint x) {
  state[at] = x;
  state[at + 1] = 1;
  state[at + 2] = 1;
}

void main() {
  const uint w = gl_LocalInvocationID.x;
  if (w == 0) {
    sActive = 0;
  }
  barrier();
  const uint activeWord = w < pc.words ? activeMask[w] : 0u;
  atomicAdd(sActive, bitCount(activeWord));
  barrier();
  const bool done = batchDone() || sActive == 0;
  if (done) {
    if (w == 0) {
      control[kIbfsControlDone] = 1;
      setArgs(kBidirStateArgsSweep, 0);
      setArgs(kBidirStateArgsFinish, 0);
    }
    return;
  }
  state[kBidirStateMet + w] = 0;
  state[kBidirStateMetBoth + w] = 0;
  state[kBidirStateAlive + w] = 0;
  state[kBidirStateAlive + 32u + w] = 0;
  if (activeWord != 0) {
    const uint64_t forward = arcs[kBidirArcsFrontier + w];
    const uint64_t backward = arcs[kBidirArcsFrontier + 32u + w];
    uint mode = forward <= backward ? kBidirForward : kBidirBackward;
    if (max(forward, backward) <= uint64_t(kBidirBothRatio) * min(forward, backward)) {
      mode = kBidirBoth;
    }
    state[kBidirStateSide + w] = mode;
    for (uint side = 0; side < 2; ++side) {
      if (advances(mode, side)) {
        state[kBidirStateLevel + side * 32u + w] += 1u;
        arcs[kBidirArcsFrontier + side * 32u + w] = 0;
      }
    }
  }
  if (w < 2) {
    state[kBidirStateQueueCount + w] = 0;
    arcs[kBidirArcsLevel + pc.slot * 2u + w] = 0;
  }
  if (w == 0) {
    setArgs(kBidirStateArgsSweep, pc.sweepGroups);
    setArgs(kBidirStateArgsFinish, pc.finishGroups);
    stats[pc.slot].executed = 1;
    stats[pc.slot].activeSearches = sActive;
    stats[pc.slot].direction = kIbfsDirectionTopDown;
  }
}
