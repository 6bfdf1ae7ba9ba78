// Host/shader interface of the shortest-path kernels (shaders/sssp/):
// Near-Far, Delta-Stepping and Bellman-Ford over a batch of queries.
//
// A batch runs up to Q independent queries (one per distinct source) over V
// vertices. Query q's state at vertex v lives at entry e = q * V + v of every
// per-entry array, and queues hold entries (Q * V < 2^32, checked on the host).
//
// Distances are 64-bit keys: with integer weights the exact sum; with real
// weights the bits of a float32 sum (non-negative floats order like their
// bits), so one atomicMin on uint64 serves both. kSsspInfinity = unreached.
//
// The whole iteration state lives on the GPU (control block): the host
// records a submission once (start of a batch + B steps) and submits it again
// and again; each step is one relax iteration, followed, when the near bucket
// came out empty, by the phase end that finds the next bucket.
#ifndef FRONTIER_SHADER_SSSP_H
#define FRONTIER_SHADER_SSSP_H
#include "Common.h"

FRONTIER_SHADER_NAMESPACE_BEGIN

// Bindings (set 0). Every SSSP pipeline uses the same layout. The
// per-entry arrays (Q * V entries: distances, queues, stamps, bitsets), the
// CSR (offsets, targets) and the weights are reached by address (SsspPush),
// so that they may exceed one storage-buffer binding and one allocation.
FRONTIER_CONST kSsspBindingQueries = 0;      // SsspQuery per query slot of the batch
FRONTIER_CONST kSsspBindingSources = 1;      // uint source per query (all batches)
FRONTIER_CONST kSsspBindingDestOffsets = 2;  // uint per query + 1: its destinations
FRONTIER_CONST kSsspBindingDestinations = 3; // uint vertex per destination entry
FRONTIER_CONST kSsspBindingResults = 4;      // uint64 key per destination entry
FRONTIER_CONST kSsspBindingControl = 5;      // control words, then indirect dispatch arguments
FRONTIER_CONST kSsspBindingStats = 6;        // SsspStats per step of a submission
FRONTIER_CONST kSsspBindingCount = 7;

// Specialization constants.
FRONTIER_CONST kSsspSpecRealWeights = 0;  // 1: weights and keys are float32 bits
FRONTIER_CONST kSsspSpecRelaxMode = 1;    // relax.comp: which arcs and what to queue

FRONTIER_CONST kSsspRelaxNearFar = 0;  // all arcs of near entries; improvements go to next near or far
FRONTIER_CONST kSsspRelaxLight = 1;    // Delta-Stepping: arcs of weight <= delta; improvements below the bucket end go to next near
FRONTIER_CONST kSsspRelaxHeavy = 2;    // Delta-Stepping: arcs of weight > delta of the bucket's settled list
FRONTIER_CONST kSsspRelaxAll = 3;      // Bellman-Ford: every reached entry of the batch, all arcs

FRONTIER_CONST kSsspAlgorithmNearFar = 0;
FRONTIER_CONST kSsspAlgorithmDeltaStepping = 1;
FRONTIER_CONST kSsspAlgorithmBellmanFord = 2;

FRONTIER_CONST kSsspWorkgroupSize = 256;
FRONTIER_CONST kSsspQueryGroupSize = 64;
FRONTIER_CONST kSsspMaxSteps = 64;      // steps per submission (stats slots)
FRONTIER_CONST kSsspNone = 0xFFFFFFFFu;

FRONTIER_CONST kSsspQueryIdle = 0;    // no query in this slot (last batch)
FRONTIER_CONST kSsspQueryActive = 1;
FRONTIER_CONST kSsspQueryDone = 2;

// Per query slot of the running batch (32 bytes, std430).
struct SsspQuery {
  uint64_t settledBelow;  // every distance below this is final
  uint64_t threshold;     // end of the near bucket: tentative distances below it are near
  uint64_t minNext;       // phase end: smallest unsettled distance (kSsspInfinity: none)
  uint state;             // kSsspQuery*
  uint changed;           // Bellman-Ford: an arc improved a distance this iteration
};

// Per step of a submission; zeroed when the submission starts (88 bytes, std430).
struct SsspStats {
  uint executed;       // 1 when the step ran (its batch had not finished)
  uint batch;
  uint iteration;      // within the batch
  uint nearSize;       // entries relaxed (near bucket; Bellman-Ford: reached entries)
  uint farSize;        // far pile after the step (Near-Far)
  uint phaseEnd;       // 1 when the step ended a bucket
  uint activeQueries;  // queries still running after the step
  uint nextNear;       // entries in the next near bucket
  uint64_t edgesRelaxed;
  uint64_t improvements;  // distances lowered
  uint64_t settled;       // entries processed for the first time (Bellman-Ford: first reached)
  // Bytes the step's relax (and Delta-Stepping's heavy relax) read or wrote
  // in device memory, counted where they are accessed (docs/ENGINE.md,
  // "Bytes moved"): the bytes model of the shortest-path engines.
  uint64_t relaxBytes;
  uint64_t heavyBytes;
  // The phase end's: the pass for the smallest unsettled distance (next
  // bucket; the batched engine's minimum) and the collection of the next
  // near bucket from the far pile (or the entries).
  uint64_t scanBytes;
  uint64_t collectBytes;
};

// Words of the control block (binding kSsspBindingControl).
FRONTIER_CONST kSsspCtlBatch = 0;         // batch being run
FRONTIER_CONST kSsspCtlNextBatch = 1;     // batch the next seed starts
FRONTIER_CONST kSsspCtlIteration = 2;     // iteration within the batch
FRONTIER_CONST kSsspCtlTag = 3;           // step tag for the near stamps; grows for the whole run
FRONTIER_CONST kSsspCtlNearParity = 4;    // half of `near` holding the current bucket
FRONTIER_CONST kSsspCtlFarParity = 5;     // half of `far` holding the far pile
FRONTIER_CONST kSsspCtlNearCount = 6;     // [2] entries per half of `near`
FRONTIER_CONST kSsspCtlFarCount = 8;      // [2] entries per half of `far`
FRONTIER_CONST kSsspCtlListCount = 10;    // Delta-Stepping: settled list length
FRONTIER_CONST kSsspCtlBatchDone = 11;    // 1 once every query of the batch is done
FRONTIER_CONST kSsspCtlAllDone = 12;      // 1 once the last batch is done
FRONTIER_CONST kSsspCtlLive = 13;         // 1 while the current step has work
FRONTIER_CONST kSsspCtlPhaseEnd = 14;     // the current step ends a bucket
FRONTIER_CONST kSsspCtlActiveCount = 15;  // queries found active by this phase end
FRONTIER_CONST kSsspCtlActive = 16;       // queries active after the last phase end
FRONTIER_CONST kSsspCtlBatchQueries = 17; // queries in the running batch
FRONTIER_CONST kSsspArgsInit = 20;        // indirect arguments (3 uints each) of:
FRONTIER_CONST kSsspArgsSeed = 23;        //   batch start: clear and seed
FRONTIER_CONST kSsspArgsRelax = 26;       //   relax (near bucket, or every entry)
FRONTIER_CONST kSsspArgsHeavy = 29;       //   phase end: Delta-Stepping heavy arcs
FRONTIER_CONST kSsspArgsScan = 32;        //   phase end: smallest unsettled distance
FRONTIER_CONST kSsspArgsQueries = 35;     //   phase end: per query decisions
FRONTIER_CONST kSsspArgsCollect = 38;     //   phase end: the next near bucket
FRONTIER_CONST kSsspControlWords = 41;

struct SsspPush {
  uint64_t delta;      // bucket width as a key (float32 bits for real weights)
  uint vertexCount;    // V
  uint queries;        // Q, query slots per batch
  uint totalQueries;   // queries of the whole run
  uint capacity;       // entries per queue half (Q * V)
  uint bitWords;       // words per bitset (ceil(Q * V / 32))
  uint algorithm;      // kSsspAlgorithm*
  uint step;           // stats slot of this step
  uint maxGroups;      // cap of the x dimension of a dispatch
  uint trackedQuery;   // query (run-wide index) never stopped early, or kSsspNone
  uint pad;
  // Device addresses of the out-arc offsets (uint[V + 1]), the arc targets
  // (uint[arcs]) and weights (uint[arcs]: integer or float32 bits), reached
  // by address so that they may exceed one storage-buffer binding's range
  // (docs/ENGINE.md).
  uint64_t offsets;
  uint64_t targets;
  uint64_t weights;
  // Device addresses of the per-entry arrays (StatusByAddress.glsl):
  uint64_t distances;  // uint64 key per entry
  uint64_t nearQueue;  // uint entries, two halves of `capacity` (current, next)
  uint64_t farQueue;   // uint entries, two halves; Delta-Stepping: the bucket's settled list
  uint64_t stamps;     // uint per entry: tag of the step that last queued it as near
  uint64_t bits;       // uint words: processed bitset, then the in-far bitset
};
FRONTIER_PUSH_CONSTANTS_FIT(SsspPush);

FRONTIER_SHADER_NAMESPACE_END
#endif
