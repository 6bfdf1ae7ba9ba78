// Host/shader interface of the iBFS kernels (shaders/ibfs/).
//
// Status arrays: bit s of a vertex's word is set when search s has reached the
// vertex. `current` holds S_k (reached within k hops), `next` S_{k+1} while an
// expand writes it. Layouts:
//   vertex-major   (coalesced):  word (v * words + s / 32)
//   instance-major (workgroups): word ((s / 32) * vertexCount + v)
#ifndef FRONTIER_SHADER_IBFS_H
#define FRONTIER_SHADER_IBFS_H
#include "Common.h"

FRONTIER_SHADER_NAMESPACE_BEGIN

// Bindings (set 0). Every iBFS pipeline uses the same layout. The arc
// targets, the status arrays, the fresh words and the JFQ are reached by
// address (IbfsPush), not by a binding: they grow with vertices x searches
// (or arcs) and may exceed one storage-buffer binding's range
// (docs/ENGINE.md, "Arrays larger than one binding"). So are the arrays of
// one word or more per vertex, whose addresses the arrays table holds
// (IbfsArrays below: the push constants are full).
FRONTIER_CONST kIbfsBindingArrays = 0;       // IbfsArrays: addresses of the per-vertex arrays
FRONTIER_CONST kIbfsBindingStats = 1;        // LevelStats[kIbfsStatsSlots]
FRONTIER_CONST kIbfsBindingQueueCounts = 2;  // uint[kIbfsStatsSlots * kIbfsMaxInstances]
FRONTIER_CONST kIbfsBindingSources = 3;      // uint per pair (dense ids)
FRONTIER_CONST kIbfsBindingDestinations = 4; // uint per pair
FRONTIER_CONST kIbfsBindingLengths = 5;      // int per pair, -1 until reached
FRONTIER_CONST kIbfsBindingActive = 6;       // uint words: searches still looking
FRONTIER_CONST kIbfsBindingControl = 7;      // IbfsControl followed by the indirect dispatch arguments
FRONTIER_CONST kIbfsBindingCount = 8;

// Device addresses (StatusByAddress.glsl: plain, or a tagged chunk table) of
// the arrays that grow with the vertices, written once per search. The
// two-sided search's pipelines read the same table.
struct IbfsArrays {
  uint64_t outOffsets;  // uint[V + 1]
  uint64_t inOffsets;   // uint[V + 1] (reverse CSR; the out-arcs' when undirected)
  uint64_t tracked;     // uint level per vertex of the tracked search (two-sided: 2V, Bidir.h)
  uint64_t touched;     // sparse identify: two lists (by level parity) of V vertices; two-sided: one list
  uint64_t stamp;       // sparse identify: per vertex, 1 + the level whose list holds it; two-sided: epoch
  uint64_t scanCounts;  // scan-built JFQ: entries of the i-th examined vertex
  uint64_t scanPrefix;  // scan-built JFQ: exclusive prefix sums of those counts
  uint64_t queueF;      // two-sided: (vertex, first arc) entries of the forward frontier
  uint64_t queueB;      // two-sided: the same for the backward frontier
  uint64_t bidirLists;  // two-sided: flags and frontier lists of 4V words (Bidir.h)
};

FRONTIER_CONST kIbfsStatsSlots = 256;   // ring of per-level statistics
FRONTIER_CONST kIbfsMaxInstances = 32;  // instance-major: 1024 searches / 32
FRONTIER_CONST kIbfsWorkgroupSize = 256;
FRONTIER_CONST kIbfsNoSearch = 0xFFFFFFFFu;
FRONTIER_CONST kIbfsUnreached = 0xFFFFFFFFu;

FRONTIER_CONST kIbfsLayoutVertexMajor = 0;
FRONTIER_CONST kIbfsLayoutInstanceMajor = 1;
FRONTIER_CONST kIbfsPolicyTopDown = 0;
FRONTIER_CONST kIbfsPolicyJfqThreshold = 1;
FRONTIER_CONST kIbfsPolicyBeamer = 2;
FRONTIER_CONST kIbfsDirectionTopDown = 0;
FRONTIER_CONST kIbfsDirectionBottomUp = 1;

// Workgroup shape of the instance-major expand: x spreads queue entries, y the
// arcs of one entry (the thesis' `workgroups` scheme).
FRONTIER_CONST kIbfsInstanceLocalX = 8;
FRONTIER_CONST kIbfsInstanceLocalY = 32;

// Vertex-major top-down expand: at most this many teams (W invocations each)
// of a workgroup share one JFQ entry and stride over its arcs (the thesis'
// coalesced scheme: blockDim (32, y), the arc loop over y). With W = 32 a
// workgroup of 256 is one entry with 8 arc lanes. The plan picks fewer lanes
// when the level's entries have few arcs (kIbfsControlArcLanes).
FRONTIER_CONST kIbfsExpandArcLanes = 8;
// Arc targets each arc lane of that expand loads ahead, as one batch.
FRONTIER_CONST kIbfsExpandBatch = 4;

// IbfsPush::flags
FRONTIER_CONST kIbfsFlagAggregatedAppends = 1;  // one queue atomic per subgroup, not per vertex
FRONTIER_CONST kIbfsFlagSparseIdentify = 2;     // the plan may choose sparse identifies
FRONTIER_CONST kIbfsFlagScanJfq = 4;            // identify writes entry counts; scan + scatter build the JFQ
FRONTIER_CONST kIbfsFlagProbeDestinations = 8; // the check also finds destinations one hop beyond S_k
FRONTIER_CONST kIbfsFlagWordLists = 16;         // `worklist`: identify and expand over status words (WordLists.glsl)

// Per-level statistics; zeroed by the host before the level runs. 56 bytes
// (std430 array stride 56 with 8-byte alignment, as in C++).
struct LevelStats {
  uint jfqLength;        // vertices appended to the JFQ (all instances)
  uint activeSearches;   // searches still active after the destination check
  uint direction;        // direction of this level's expand
  uint executed;         // 1 once the level's identify has run
  // Written by the level's identify (one invocation), for the bytes models:
  uint examined;         // items it examined: vertices (a sparse list or all),
                         // or status words with word lists; 0 = not counted
  uint listed;           // length of the list the previous expand wrote
                         // (sparse vertices or changed words; beyond a word
                         // list's capacity only the count grew)
  uint64_t newlyVisited; // sum of popcount(new & active) over vertices
  uint64_t edgesExamined;
  uint64_t searchEdges;  // sum of popcount(new & active) * outdegree
  uint64_t frontierArcs; // sum of outdegree over the JFQ
  uint64_t unexploredArcs; // sum of indegree over vertices some active search has not reached
};

// Words of the control block (binding kIbfsBindingControl).
FRONTIER_CONST kIbfsControlDone = 0;       // 1 once a level found an empty JFQ
FRONTIER_CONST kIbfsControlDirection = 1;  // direction of the last expand
FRONTIER_CONST kIbfsControlLastLevel = 2;  // level whose JFQ was empty
FRONTIER_CONST kIbfsControlSparse = 3;     // 1: the next identify reads the touched list, and the
                                           //    expand before it writes that list
FRONTIER_CONST kIbfsArgsCheck = 4;         // indirect args (3 uints each) for:
FRONTIER_CONST kIbfsArgsIdentify = 8;      //   the next level's destination check and identify,
FRONTIER_CONST kIbfsArgsTopDown = 12;      //   this level's top-down expand,
FRONTIER_CONST kIbfsArgsBottomUp = 16;     //   this level's bottom-up expand
// Two sets (by level parity) of 32 words: bit s is set when search s had a
// non-empty frontier at that level. A search whose frontier was empty can
// reach nothing new: the next destination check stops it.
FRONTIER_CONST kIbfsControlAlive = 20;
FRONTIER_CONST kIbfsControlTouchedCount = 84;  // two counts, by level parity
// Scan-built JFQ: the length of the vertex list the last identify examined
// (written by identify; 0 once the batch is done, written by plan), so the
// scan covers exactly that list.
FRONTIER_CONST kIbfsControlScanLength = 86;
// Vertex-major top-down expand: teams per JFQ entry (1 to kIbfsExpandArcLanes),
// chosen by the plan from the level's arcs per entry.
FRONTIER_CONST kIbfsControlArcLanes = 87;
// Word-list identify: its workgroups that finished this level; the last one
// plans the level (PlanLevel.glsl) and sets it back to 0.
FRONTIER_CONST kIbfsControlGroupsDone = 88;
FRONTIER_CONST kIbfsControlWords = 89;
// Destination probe: the check looks for an in-neighbour of a destination in
// S_k only when the destination has at most this many in-arcs, so one
// invocation's walk stays short.
FRONTIER_CONST kIbfsProbeMaxArcs = 64;
// Sparse identify when the frontier's arcs (a bound on the vertices the
// expand can touch) are fewer than V / this.
FRONTIER_CONST kIbfsSparseDivisor = 8;
// Strided kernels use at most this many workgroups: enough to fill a large
// GPU, few enough that per-workgroup atomics on the statistics stay cheap.
FRONTIER_CONST kIbfsMaxStridedGroups = 1024;

struct IbfsPush {
  uint vertexCount;
  uint words;           // vertex-major: words per vertex (a power of two <= 32)
  uint instances;       // instance-major: 32-search instances in the batch
  uint layoutKind;    // kIbfsLayoutVertexMajor or kIbfsLayoutInstanceMajor
  uint batchOffset;     // index of the batch's first pair
  uint batchSize;       // searches in the batch
  uint level;           // k
  uint slot;            // stats slot of level k
  uint trackedSearch;   // search index within the batch, or kIbfsNoSearch
  uint policy;
  float jfqThreshold;   // fraction of V
  float beamerAlpha;
  float beamerBeta;
  uint checkGroups;     // dispatch sizes the plan kernel writes for the next level
  uint identifyGroups;
  uint topDownGroupsMax;
  uint bottomUpGroups;
  uint chunkArcs;       // subgroup kernels: arcs per JFQ entry (load balance); 0 = one entry per vertex
  uint flags;           // kIbfsFlag* bits
  uint listCapacity;    // `worklist`: words the identify's list holds; more make it sweep every word
  // Device addresses of the arc targets (uint[arcs]), out-arcs and in-arcs:
  // reached by address, not a binding, so they may exceed one storage-buffer
  // binding's range (docs/ENGINE.md, "Arrays larger than one binding").
  uint64_t outTargets;
  uint64_t inTargets;
  // Device addresses of the batch's arrays of uint words (StatusByAddress.glsl):
  uint64_t current;     // status words S_k
  uint64_t next;        // status words S_{k+1}
  uint64_t queue;       // the JFQ: vertices (one queue of V per instance), or
                        // (vertex, first arc) entries for the subgroup kernels
  uint64_t fresh;       // vertex-major: the fresh (frontier) words of each JFQ vertex
};
FRONTIER_PUSH_CONSTANTS_FIT(IbfsPush);

FRONTIER_SHADER_NAMESPACE_END
#endif
