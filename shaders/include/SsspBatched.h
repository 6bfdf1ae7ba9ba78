// Host/shader interface of the batched shortest-path kernels
// (shaders/sssp/batched/): a block of Q queries advances together over one
// vertex frontier, their distances interleaved.
//
// Layout: the key of query q at vertex v is dist[v * Q + q], so one arc
// relaxation u -> v touches the contiguous runs dist[u * Q ..] and
// dist[v * Q ..]: coalesced loads and atomicMin across the lanes of a
// workgroup, which handles one vertex and 64 of its queries. A key is the
// distance shifted left by one with a "pending" bit below it (the distance
// improved and has not been relaxed yet): (d << 1) | 1. atomicMin on the key
// still orders by distance, and an equal distance that was already relaxed
// ((d << 1) | 0) is not lowered by the same distance arriving again. Integer
// weights: d is the exact sum (< 2^62); real weights: d is float32 bits.
// kSsspInfinity (all ones) = unreached.
//
// The frontier holds items: a vertex and a chunk of 64 of the block's
// queries (item = v * chunks + c), so that a workgroup is spent only where
// one of its 64 queries has work; each item is queued at most once per step
// (stamps) and kept at most once in the far pile (far flags). Buckets are shared by the block: the bucket end
// T is the end of the delta-aligned bucket holding the smallest pending
// distance of any active query; entries below T are near, the others wait
// in the far pile (Near-Far, Davidson et al. 2014, with one threshold for
// the whole block).
#ifndef FRONTIER_SHADER_SSSP_BATCHED_H
#define FRONTIER_SHADER_SSSP_BATCHED_H
#include "Sssp.h"

FRONTIER_SHADER_NAMESPACE_BEGIN

// Bindings (set 0). The distances, the item lists and the marks (which
// grow as V x Q), the CSR (offsets, targets), the weights and the tracked
// query's distances are reached by address (SsspBatchedPush).
FRONTIER_CONST kBatchedBindingQueries = 0;       // SsspQuery per query slot of the block
FRONTIER_CONST kBatchedBindingSources = 1;       // uint source per query (all blocks)
FRONTIER_CONST kBatchedBindingDestOffsets = 2;   // uint per query + 1
FRONTIER_CONST kBatchedBindingDestinations = 3;  // uint vertex per destination entry
FRONTIER_CONST kBatchedBindingResults = 4;       // uint64 distance key per destination entry
FRONTIER_CONST kBatchedBindingControl = 5;       // control words, then indirect arguments
FRONTIER_CONST kBatchedBindingStats = 6;         // SsspStats per step of a submission
FRONTIER_CONST kBatchedBindingBounds = 7;        // uint64[2]: smallest pending distance, bucket end T
FRONTIER_CONST kBatchedBindingQuerySettled = 8;  // uint per (step of a submission, query slot): keys the
                                                 // query reached for the first time in that step
FRONTIER_CONST kBatchedBindingCount = 9;

FRONTIER_CONST kBatchedGroupSize = 64;  // lanes per workgroup: the queries of one item (a chunk)

// Words of the control block.
FRONTIER_CONST kBatchedCtlBlock = 0;         // block being run
FRONTIER_CONST kBatchedCtlIteration = 1;     // step within the block
FRONTIER_CONST kBatchedCtlTag = 2;           // step tag for the near stamps (from 1 in each block)
FRONTIER_CONST kBatchedCtlNearParity = 3;    // half of `near` holding the current frontier
FRONTIER_CONST kBatchedCtlFarParity = 4;     // half of `far` holding the pile
FRONTIER_CONST kBatchedCtlNearCount = 5;     // [2] items per half of `near`
FRONTIER_CONST kBatchedCtlFarCount = 7;      // [2] items per half of `far`
FRONTIER_CONST kBatchedCtlDone = 9;          // 1 once every query of the block is done
FRONTIER_CONST kBatchedCtlPhaseEnd = 10;     // the current step ends a bucket
FRONTIER_CONST kBatchedCtlActive = 11;       // queries active after the last phase end
FRONTIER_CONST kBatchedCtlActiveCount = 12;  // counted by this phase end
FRONTIER_CONST kBatchedCtlInBlock = 13;      // queries in the running block
FRONTIER_CONST kBatchedArgsRelax = 16;       // indirect arguments (3 uints each): relax
FRONTIER_CONST kBatchedArgsPile = 19;        //   phase end: over the far pile (minimum, collect)
FRONTIER_CONST kBatchedArgsQueries = 22;     //   phase end: per query decisions
FRONTIER_CONST kBatchedControlWords = 25;

struct SsspBatchedPush {
  uint64_t delta;     // bucket width as a key (float32 bits for real weights)
  uint vertexCount;   // V
  uint queries;       // Q: query slots per block, the stride of dist
  uint totalQueries;  // queries of the whole run
  uint block;         // the block the seed starts; gather: the tracked query's slot
  uint step;          // stats slot of this step
  uint maxGroups;     // cap of the x dimension of a dispatch
  uint trackedQuery;  // query (run-wide index) never stopped early, or kSsspNone
  uint chunks;        // ceil(Q / kBatchedGroupSize): items per vertex
  uint items;         // V * chunks
  uint chainRounds;   // relax: items a workgroup may chain after each frontier item (0: none)
  uint maxGroupsY;    // cap of the relax's y dimension: 1 on GPUs; on CPU devices one item per workgroup
  uint reserved;      // keeps the addresses below 8-byte aligned
  uint64_t offsets;   // device addresses of the out-arc offsets (uint[V + 1]),
  uint64_t targets;   // the arc targets
  uint64_t weights;   // and weights
  uint64_t tracked;   // uint64 distance per vertex of the tracked query (gather)
  // Device addresses of the arrays that grow as V x Q (StatusByAddress.glsl):
  uint64_t distances; // uint64 key per (vertex, query): dist[v * Q + q]
  uint64_t nearList;  // uint items, two halves of V * chunks (current, next)
  uint64_t farList;   // uint items, two halves of V * chunks (pile, next pile)
  uint64_t marks;     // uint per item: near stamp [i], far flag [items + i];
                      // then the active-query bits (ceil(Q / 32) words)
};
FRONTIER_PUSH_CONSTANTS_FIT(SsspBatchedPush);

FRONTIER_SHADER_NAMESPACE_END
#endif
