// Host/shader interface of the resident shortest-path kernel
// (shaders/sssp/resident/Resident.glsl, compiled as relax.comp with 64-bit
// keys and relax_key32.comp with 32-bit ones): one workgroup runs one query from its
// source to its end in a single dispatch, its near and far buckets kept as
// bitmaps of the vertices in shared memory, its distances in a region of
// its own (dist[slot * V + v]). No step needs the host or another dispatch:
// a road query's hundreds of buckets cost workgroup barriers, not kernel
// launches, and the GPU runs as many queries at once as fit its SMs.
//
// Keys as in the batched engine (SsspBatched.h): (distance << 1) | pending,
// all ones unreached, 32 or 64 bits (residentKeyBits); integer weights
// exact, real weights float32 bits.
#ifndef FRONTIER_SHADER_SSSP_RESIDENT_H
#define FRONTIER_SHADER_SSSP_RESIDENT_H
#include "Sssp.h"

FRONTIER_SHADER_NAMESPACE_BEGIN

// Bindings (set 0); the distances, the CSR and the weights by address.
FRONTIER_CONST kResidentBindingSources = 0;       // uint source per query (all batches)
FRONTIER_CONST kResidentBindingDestOffsets = 1;   // uint per query + 1
FRONTIER_CONST kResidentBindingDestinations = 2;  // uint vertex per destination entry
FRONTIER_CONST kResidentBindingResults = 3;       // uint64 distance per destination entry
FRONTIER_CONST kResidentBindingStats = 4;         // SsspStats of the batch (one)
FRONTIER_CONST kResidentBindingControl = 5;       // control words (kResidentCtl*)
FRONTIER_CONST kResidentBindingStates = 6;        // SsspResidentState per query slot
FRONTIER_CONST kResidentBindingSaved = 7;         // per query slot: its near, then far bitmap
                                                  // (kMapWords each) between dispatches
FRONTIER_CONST kResidentBindingCount = 8;

FRONTIER_CONST kResidentCtlFinished = 0;  // queries of the batch that finished
FRONTIER_CONST kResidentControlWords = 4;

FRONTIER_CONST kResidentListCapacity = 1024;  // vertices taken from the near bitmap per round
// Specialisation constants: 32-bit words of each bitmap, ceil(V / 32); the
// invocations per workgroup (one query; residentGroupSize).
FRONTIER_CONST kResidentSpecMapWords = 1;
FRONTIER_CONST kResidentSpecGroupSize = 2;
// Subgroups per workgroup the kernel can hold (the host keeps the group
// size at most this many times the device's smallest subgroup).
FRONTIER_CONST kResidentMaxSubgroups = 128;
// Shared memory besides the two bitmaps: the round's vertex list, the
// per-subgroup minima, counters; the host keeps 8 bytes per map word plus
// this under the device's limit.
FRONTIER_CONST kResidentSharedFixedBytes = kResidentListCapacity * 4 + kResidentMaxSubgroups * 8 + 64;

// A query between dispatches (the host fills these with zeros at a batch start).
struct SsspResidentState {
  uint64_t bucketEnd;  // T
  uint finished;       // 1 once its lengths are written
  uint reached;        // keys it reached for the first time (its source left out)
};

struct SsspResidentPush {
  uint64_t delta;     // bucket width as a key (float32 bits for real weights)
  uint vertexCount;   // V
  uint queries;       // Q: query slots per batch (the distance regions)
  uint totalQueries;  // queries of the whole run
  uint batch;         // the batch this dispatch runs
  uint step;          // stats slot (0)
  uint maxGroups;     // cap of the x dimension of a dispatch
  uint trackedQuery;  // query (run-wide index) never stopped early, or kSsspNone
  uint start;         // 1: the batch's first dispatch (queries start at their sources)
  uint roundLimit;    // rounds a query may run in this dispatch
  uint chainHops;     // vertices an invocation relaxes on from its own improved targets per list entry
  uint64_t offsets;   // device addresses of the out-arc offsets (uint[V + 1]),
  uint64_t targets;   // the arc targets
  uint64_t weights;   // and weights
  uint64_t distances; // a key (32 or 64 bits) per (query slot, vertex): dist[slot * V + v]
};
FRONTIER_PUSH_CONSTANTS_FIT(SsspResidentPush);

FRONTIER_SHADER_NAMESPACE_END
#endif
