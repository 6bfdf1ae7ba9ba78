// Host/shader interface of the two-sided (bidirectional) multi-pair search
// (shaders/ibfs/bidir_*.comp, core/engine/ibfs/BidirLevels).
//
// Each search s of a batch keeps two vertex-major status arrays, like the
// coalesced one-way search: word (v * words + s / 32), bit s % 32. Forward
// (from the source, over out-arcs) and backward (from the destination, over
// in-arcs; the same arcs on undirected graphs). Per side three arrays:
//   visited  - reached by this side so far (F_a, B_b)
//   frontier - reached at this side's last level
//   new      - written by the expand, cleared again by the update
// Per level each search advances the side whose frontier has fewer arcs, or
// both when they are close (decided on the GPU by the plan kernel, per
// search). Meeting rule, with F_a and B_b disjoint: a new vertex of one side
// that the other side had visited proves the length a + b + 1; failing that,
// a vertex new to both sides (both advanced) proves a + b + 2
// (docs/ENGINE.md).
#ifndef FRONTIER_SHADER_BIDIR_H
#define FRONTIER_SHADER_BIDIR_H
#include "Common.h"
#include "Ibfs.h"

FRONTIER_SHADER_NAMESPACE_BEGIN

// Frontier lists (IbfsArrays::bidirLists, 4V words): the queue and the
// update visit only the vertices on a list instead of all V x words.
//   [0, V)    listed: 1 while the vertex is on the current frontier list
//             (a vertex the collect appended gets its flag in the update)
//   [V, 2V)   marked: 1 once this level's expand gave the vertex new bits
//             (a plain store; the collect kernel resets it)
//   [2V, 4V)  two lists of vertices, by level parity. At level l, list
//             l & 1 holds every vertex with a frontier bit of a search
//             active at the previous update, on either side (the queue
//             reads it); the collect kernel appends the marked vertices not
//             already on it (the update reads the union); the update puts
//             each vertex whose frontier words still have a bit of a search
//             active then on list (l + 1) & 1.
// Bindings (set 0) of every bidir pipeline. The six status arrays (visited,
// frontier and new words of each side) are reached by address (BidirPush),
// as the one-way search's are (Ibfs.h); the offsets, the two queues, the
// touched list and the stamps by the addresses of the one-way search's
// arrays table (IbfsArrays).
FRONTIER_CONST kBidirBindingArrays = 0;      // IbfsArrays
FRONTIER_CONST kBidirBindingStats = 1;       // LevelStats[kIbfsStatsSlots] (Ibfs.h)
FRONTIER_CONST kBidirBindingSources = 2;     // uint per search slot
FRONTIER_CONST kBidirBindingDestinations = 3;
FRONTIER_CONST kBidirBindingLengths = 4;     // int per search slot, -1 until met
FRONTIER_CONST kBidirBindingActive = 5;      // uint[32]: searches still looking
FRONTIER_CONST kBidirBindingControl = 6;     // the one-way control block; only kIbfsControlDone is used
FRONTIER_CONST kBidirBindingState = 7;       // uint[kBidirStateWords], below
FRONTIER_CONST kBidirBindingArcs = 8;        // uint64_t[kBidirArcWords], below
FRONTIER_CONST kBidirBindingQueueCounts = 9; // the one-way queue counts: entries of both queues per level slot
FRONTIER_CONST kBidirBindingCount = 10;

// Both sides of a search advance in one level when neither frontier has
// more than BidirPush::bothRatio times the other's arcs (a grid: half the
// levels); otherwise the smaller one alone (Kronecker: the hub side waits).
// Decided per search.

// Words of the state buffer.
FRONTIER_CONST kBidirStateAdvance = 0;       // [64] per side (side * 32 + word): searches advancing it this level
FRONTIER_CONST kBidirStateMet = 64;          // [32] a new vertex of one side was visited by the other
FRONTIER_CONST kBidirStateMetBoth = 96;      // [32] a vertex new to both sides (both advanced)
FRONTIER_CONST kBidirStateAlive = 128;       // [64] per side: searches whose advancing side reached a new vertex
FRONTIER_CONST kBidirStateQueueCount = 192;  // [2] entries per side's queue
FRONTIER_CONST kBidirStateTouchedCount = 194;
FRONTIER_CONST kBidirStateArgsSweep = 196;   // indirect args (3) of the expand and update kernels
FRONTIER_CONST kBidirStateArgsFinish = 200;  // indirect args (3) of the finish kernel
FRONTIER_CONST kBidirStateList = 204;        // [2] vertices on the frontier list of each level parity
FRONTIER_CONST kBidirStateArgsQueue = 208;   // indirect args (3) of the queue kernel, sized to its list
FRONTIER_CONST kBidirStateArgsCollect = 212; // indirect args (3) of the collect kernel (a pass over V)
FRONTIER_CONST kBidirStateLevel = 256;       // [2048] levels done per side and search (side * 1024 + search)
FRONTIER_CONST kBidirStateWords = 256 + 2048;

// 64-bit counters (binding kBidirBindingArcs).
FRONTIER_CONST kBidirArcsFrontier = 0;     // [2048] arcs of each side's frontier per search (side * 1024 + search)
FRONTIER_CONST kBidirArcsLevel = 2048;     // [kIbfsStatsSlots * 2] arcs examined per level slot and side
// [kIbfsStatsSlots * 2] status words the expand read or wrote per level slot
// and side: a frontier word per queue entry and word of an advancing side,
// a visited word per arc and such word with advancing bits, and a new word
// and the target's mark per OR of fresh bits. Right after kBidirArcsLevel: one read-back copies both.
FRONTIER_CONST kBidirArcsWordsLevel = 2048 + kIbfsStatsSlots * 2;
// [kIbfsStatsSlots] 4-byte elements the collect, the update and the finish
// read or wrote per level slot (their one span), counted where they are
// accessed: every vertex's mark, and of a marked one the mark's reset, its
// listed flag and, if not listed, its list entry; per listed vertex its
// entry, its listed flag and, if kept, its next list entry, per word the new words of the advancing sides
// and both frontier words, both visited words of an item with new bits, the
// words they write, the offsets of an item with fresh bits; per search the
// active word and, while active, the eight state words of its decision, its
// length and active bit when it ends. Right after kBidirArcsWordsLevel (the
// same read-back).
FRONTIER_CONST kBidirArcsSettleLevel = 2048 + kIbfsStatsSlots * 4;
// [kIbfsStatsSlots * kBidirTrackedWords] what the tracked search did per
// level slot (BidirPush::trackedSearch; all 0 where it was not searching):
// the sides it advanced (bit 0 forward, bit 1 backward), the arcs of each
// side's frontier that the plan compared, the vertices each side reached at
// the level, and 1 when the search ended at the level (met, or a side ran
// dry: the finish kernel). Right after kBidirArcsSettleLevel (the same
// read-back).
FRONTIER_CONST kBidirArcsTracked = 2048 + kIbfsStatsSlots * 5;
FRONTIER_CONST kBidirTrackedSides = 0;
FRONTIER_CONST kBidirTrackedArcs = 1;     // [2] per side
FRONTIER_CONST kBidirTrackedReached = 3;  // [2] per side
FRONTIER_CONST kBidirTrackedEnded = 5;
FRONTIER_CONST kBidirTrackedWords = 6;
FRONTIER_CONST kBidirArcWords = 2048 + kIbfsStatsSlots * (5 + kBidirTrackedWords);

// Specialization constant of the bidir kernels: 1 when the search has a
// tracked pair (BidirPush::trackedSearch); 0 compiles its record away.
FRONTIER_CONST kBidirSpecTracks = 0;

FRONTIER_CONST kBidirChunkArcs = 128;  // arcs per queue entry: a hub becomes many entries

struct BidirPush {
  uint vertexCount;
  uint words;          // words per vertex of this batch (a power of two <= 32)
  uint batchOffset;    // first search slot of the batch
  uint batchSize;
  uint level;
  uint slot;           // stats slot of this level
  uint sweepGroups;    // workgroups of the strided kernels
  uint finishGroups;   // workgroups of the per-search kernels
  uint epoch;          // batch stamp for the touched list (never 0)
  uint previousWords;  // words per vertex of the batch whose touched vertices are cleared
  float bothRatio;     // both sides advance when their frontiers' arcs are within this factor (0: never)
  // The search (index within the batch) whose levels per side go to
  // IbfsArrays::tracked (forward hops from its source in [0, V), backward
  // hops to its destination in [V, 2V)), or kIbfsNoSearch.
  uint trackedSearch;
  uint64_t outTargets; // device addresses of the arc targets
  uint64_t inTargets;
  // Device addresses of the status words (StatusByAddress.glsl), forward
  // (F: from the sources) and backward (B: from the destinations):
  uint64_t visitedF;   // reached by the side
  uint64_t frontierF;  // the side's frontier
  uint64_t newF;       // the expand's output
  uint64_t visitedB;
  uint64_t frontierB;
  uint64_t newB;
};
FRONTIER_PUSH_CONSTANTS_FIT(BidirPush);

FRONTIER_SHADER_NAMESPACE_END
#endif
