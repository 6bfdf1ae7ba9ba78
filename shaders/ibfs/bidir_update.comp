#version 460
// Takes in the level's expand over the vertices of the level's frontier
// list (the old frontier and the vertices that got new bits, Bidir.h):
// invocation w of a team of W handles word w of one vertex, for each side
// some of word w's searches advanced: fresh = new bits not yet visited;
// visited |= fresh; the advancing searches' frontier bits become fresh (the
// others' stay); the new words are emptied for the next level. The team
// then votes: a vertex whose frontier words still have bits of an active
// search goes on the next level's list (an ended search's bits stay where
// they are, for the views, but no longer keep the vertex listed). Meeting (F_a and B_b were disjoint before the level):
//   met      a fresh bit of one side that the other side had visited before
//            the level: length a + b + 1 over the levels before it;
//   metBoth  a bit fresh on both sides (both advanced): a + b + 2.
// Also records per side which searches reached anything (alive), the arcs of
// each search's new frontiers (the plan's next choice; summed per workgroup
// in shared memory, one global atomic per search and side). (The collect
// kernel lists the vertices with new bits as touched, off this kernel's
// path: a workgroup waits at every iteration's barrier for its slowest
// team, so each dependent load here costs the whole workgroup.) Strided
// over the list x W; barriers stay in uniform control flow (the loop bound
// depends only on the workgroup); the loads that do not depend on each
// other are issued together.
// Bindings: Bidir.h (reads and writes the status arrays of both sides, state,
//   arcs, stats, the frontier lists and flags; reads active).
// The tracked search's new vertices get their hops per side (the plan has
// counted this level in kBidirStateLevel) and are counted (kBidirArcsTracked).
// Push constants: BidirPush (vertexCount, words, level, slot, trackedSearch).
#extension GL_GOOGLE_include_directive : require
#include "BidirCommon.glsl"
#include "TeamVotes.glsl"

layout(local_size_x = 256) in;

shared uint sMet[32];
shared uint sMetBoth[32];
shared uint sAlive[2][32];
// Frontier arcs per side and search of this workgroup's vertices: below 2^32
// (arc indices are 32-bit).
shared uint sArcs[2][1024];
// A team's vote (TeamVotes.glsl): its vertex keeps frontier bits of an
// active search.
const uint kKeeps = 1u;
// Each team's vertex (kNoVertex past the list's end), by iteration parity
// like the votes, for the invocation that takes the team's vote.
shared uint sTeamVertex[2][256];
const uint kNoVertex = 0xFFFFFFFFu;

void main() {
  if (batchDone()) {
    return;
  }
  const uint W = pc.words;
  const uint lane = gl_LocalInvocationID.x % W;
  const uint team = gl_LocalInvocationID.x / W;
  const uint parity = pc.level & 1u;
  if (gl_LocalInvocationID.x < 32) {
    sMet[gl_LocalInvocationID.x] = 0;
    sMetBoth[gl_LocalInvocationID.x] = 0;
    sAlive[0][gl_LocalInvocationID.x] = 0;
    sAlive[1][gl_LocalInvocationID.x] = 0;
  }
  for (uint e = gl_LocalInvocationID.x; e < 32u * W; e += 256u) {
    sArcs[0][e] = 0;
    sArcs[1][e] = 0;
  }
  clearVotes();
  barrier();
  const uint total = listLength(parity) * W;
  // Only active searches were expanded: the others have no new bits (and
  // their frontier bits are never read again).
  const uint activeWord = activeMask[lane];
  const uint expanding[2] = {advancing(0, lane) & activeWord, advancing(1, lane) & activeWord};
  // The tracked search's bit in this invocation's word, or none.
  // (A constant 0 without a tracked pair: no register, no branch in the loop.)
  const uint trackedBit = kTracks && pc.trackedSearch != kIbfsNoSearch && lane == pc.trackedSearch >> 5u
                              ? 1u << (pc.trackedSearch & 31u) : 0u;
  // Few registers across the loop (they bound this kernel's occupancy on
  // the H100): meetings, rare, go to shared memory at once; the frontier
  // arcs are summed from sArcs at the end; the per-invocation counts fit
  // 32 bits (an invocation handles fewer than 2^27 words).
  uint alive[2] = {0, 0};
  uint newlyVisited = 0;
  uint elements = 0;  // 4-byte elements read or written (Bidir.h, kBidirArcsSettleLevel)
  uint round = 0;
  for (uint base = gl_WorkGroupID.x * 256u; base < total; base += gl_NumWorkGroups.x * 256u) {
    const uint item = base + gl_LocalInvocationID.x;
    const bool inList = item < total;
    const uint v = inList ? frontierList(parity, item / W) : 0u;
    const uint i = v * W + lane;
    if (lane == 0) {
      sTeamVertex[round & 1u][team] = inList ? v : kNoVertex;
    }
    if (inList) {
      elements += lane == 0 ? 1u : 0u;  // the list entry
      // The new words and the frontier words together; most new words are
      // empty, and then the visited words and offsets are not needed.
      uint fresh[2] = {expanding[0] != 0 ? newF(i) : 0u, expanding[1] != 0 ? newB(i) : 0u};
      const uint before[2] = {frontierF(i), frontierB(i)};
      // Both sides' visited words as they were before this level, and the
      // vertex's arcs per side (the new frontier's arcs).
      uint visited[2] = {0, 0};
      uint degree[2] = {0, 0};
      if ((fresh[0] | fresh[1]) != 0) {
        visited[0] = visitedF(i);
        visited[1] = visitedB(i);
        degree[0] = arcEnd(0, v) - arcBegin(0, v);
        degree[1] = arcEnd(1, v) - arcBegin(1, v);
        elements += 6;  // both visited words, both sides' two offsets
      }
      bool keeps = false;
      for (uint side = 0; side < 2; ++side) {
        const uint previous = before[side];
        elements += expanding[side] != 0 ? 2u : 1u;  // its new word (above) and its frontier word
        if (fresh[side] != 0) {
          setNew(side, i, 0);
          fresh[side] &= ~visited[side];
          setVisited(side, i, visited[side] | fresh[side]);
          elements += 2;
          if (kTracks && (fresh[side] & trackedBit) != 0) {
            // The views' record, not the search's work (not in elements).
            trackedLevels(side, v) = state[kBidirStateLevel + side * 1024u + pc.trackedSearch];
            atomicAdd(arcs[kBidirArcsTracked + pc.slot * kBidirTrackedWords + kBidirTrackedReached + side], uint64_t(1));
          }
        }
        const uint frontier = (previous & ~expanding[side]) | fresh[side];
        if (frontier != previous) {
          setFrontier(side, i, frontier);
          elements += 1;
        }
        keeps = keeps || (frontier & activeWord) != 0;
      }
      if (keeps) {
        castVote(round, team, kKeeps);
      }
      if ((fresh[0] | fresh[1]) != 0) {
        const uint met = (fresh[0] & visited[1]) | (fresh[1] & visited[0]);
        if (met != 0) {
          atomicOr(sMet[lane], met);
        }
        if ((fresh[0] & fresh[1]) != 0) {
          atomicOr(sMetBoth[lane], fresh[0] & fresh[1]);
        }
        for (uint side = 0; side < 2; ++side) {
          alive[side] |= fresh[side];
          newlyVisited += bitCount(fresh[side]);
          for (uint bits = degree[side] != 0 ? fresh[side] : 0u; bits != 0; bits &= bits - 1u) {
            atomicAdd(sArcs[side][lane * 32u + findLSB(bits)], degree[side]);
          }
        }
      }
    }
    barrier();
    // Invocation t takes team t's vote: the teams' appends then share the
    // first subgroups' atomics on the list's count (one per workgroup and
    // iteration with W = 32 and subgroups of 8 or more, instead of one per
    // vertex: a single counter that every workgroup increments).
    const bool leader = gl_LocalInvocationID.x < 256u / W;
    const uint teamVertex = leader ? sTeamVertex[round & 1u][gl_LocalInvocationID.x] : kNoVertex;
    const uint vote = leader ? takeTeamVote(round, gl_LocalInvocationID.x) : 0u;
    ++round;
    const bool keep = teamVertex != kNoVertex && (vote & kKeeps) != 0;
    if (teamVertex != kNoVertex) {
      listedFlag(teamVertex) = keep ? 1u : 0u;
      elements += keep ? 2u : 1u;  // the flag, the next list's entry
    }
    appendToList(parity ^ 1u, keep, teamVertex);
  }
  for (uint side = 0; side < 2; ++side) {
    if (alive[side] != 0) {
      atomicOr(sAlive[side][lane], alive[side]);
    }
  }
  BIDIR_ADD_STAT(newlyVisited, uint64_t(newlyVisited));
  const uint64_t settled = subgroupAdd(uint64_t(elements));
  if (subgroupElect() && settled != 0) {
    atomicAdd(arcs[kBidirArcsSettleLevel + pc.slot], settled);
  }
  barrier();
  // The frontier arcs of every search: the sum of sArcs (a fresh bit adds
  // its vertex's degree there).
  uint64_t frontierArcs = 0;
  for (uint e = gl_LocalInvocationID.x; e < 32u * W; e += 256u) {
    for (uint side = 0; side < 2; ++side) {
      if (sArcs[side][e] != 0) {
        atomicAdd(arcs[kBidirArcsFrontier + side * 1024u + e], uint64_t(sArcs[side][e]));
        frontierArcs += sArcs[side][e];
      }
    }
  }
  BIDIR_ADD_STAT(searchEdges, frontierArcs);
  const uint w = gl_LocalInvocationID.x;
  if (w < W) {
    for (uint side = 0; side < 2; ++side) {
      if (sAlive[side][w] != 0) {
        atomicOr(state[kBidirStateAlive + side * 32u + w], sAlive[side][w]);
      }
    }
    if (sMet[w] != 0) {
      atomicOr(state[kBidirStateMet + w], sMet[w]);
    }
    if (sMetBoth[w] != 0) {
      atomicOr(state[kBidirStateMetBoth + w], sMetBoth[w]);
    }
  }
}
