// Host/shader interface of the pair engine (shaders/ibfs/pair_bidir.comp):
// hop counts of source/destination pairs, each searched from both ends by
// one workgroup inside one dispatch. A workgroup keeps a slot: a visited
// bitmap per side (forward from the source over out-arcs, backward from the
// destination over in-arcs) and a list of the vertices each side marked,
// level after level (the forward side's from the front of the slot's list,
// the backward side's from its back), so a level's frontier is a stretch
// of its side's list and
// the marks are cleared through the list when the pair is done (the
// bitmaps are all zero between pairs: no pass over V per pair). Each level
// advances the side whose frontier has fewer arcs; the first arc that
// reaches a vertex the other side marked ends the pair with the length
// (levels of both sides + 1). A side whose next frontier is empty has
// exhausted its component: no path.
#ifndef FRONTIER_SHADER_PAIR_BFS_H
#define FRONTIER_SHADER_PAIR_BFS_H
#include "Common.h"

FRONTIER_SHADER_NAMESPACE_BEGIN

// Bindings (set 0); the CSRs, bitmaps and lists by address.
FRONTIER_CONST kPairBindingEnds = 0;     // uvec2 (source, destination) per entry (the run's)
FRONTIER_CONST kPairBindingResults = 1;  // uint64 length per entry, all ones for no path
FRONTIER_CONST kPairBindingControl = 2;  // control words (kPairCtl*)
FRONTIER_CONST kPairBindingStats = 3;    // PairBfsStats of the dispatch (one)
FRONTIER_CONST kPairBindingCount = 4;

FRONTIER_CONST kPairCtlNext = 0;      // the next entry a workgroup takes (from entryBegin)
FRONTIER_CONST kPairControlWords = 4;

// Invocations per workgroup (one pair at a time); the kernel's arc search
// takes log2 of it, eight, steps.
FRONTIER_CONST kPairGroupSize = 256;
FRONTIER_CONST kPairMaxSubgroups = 64;  // 256 invocations in subgroups of at least 4

struct PairBfsStats {
  uint64_t arcs[2];     // arcs examined, forward and backward
  uint64_t visited[2];  // vertices marked, forward and backward (the ends included)
};

struct PairBfsPush {
  uint64_t outOffsets;  // uint[V + 1]
  uint64_t outTargets;
  uint64_t inOffsets;   // the same as out for undirected graphs
  uint64_t inTargets;
  uint64_t maps;        // per slot: the forward, then the backward bitmap, mapWords words each
  uint64_t lists;       // per slot: a list of listCapacity words, forward marks from the front, backward from the back
  uint vertexCount;
  uint mapWords;        // ceil(V / 32)
  uint listCapacity;    // V: each vertex is marked at most once, by one side
  uint entryBegin;      // the entries of this dispatch: [entryBegin, entryEnd)
  uint entryEnd;
  uint pairsPerGroup;   // pairs a workgroup answers at most in this dispatch (CPU devices' loop budget)
};
FRONTIER_PUSH_CONSTANTS_FIT(PairBfsPush);

FRONTIER_SHADER_NAMESPACE_END
#endif
