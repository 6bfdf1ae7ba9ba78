// Declarations shared by the batched SSSP kernels: the bindings of
// SsspBatched.h, key helpers of the interleaved layout. Included after
// `#version`. Correct for any subgroup size: a workgroup handles one item
// (one vertex), so every subgroup's lanes share it (and its arcs), whatever
// their number.
#include "../SsspExtensions.glsl"
#include "SsspBatched.h"

layout(constant_id = kSsspSpecRealWeights) const uint kRealWeights = 0;

layout(std430, set = 0, binding = kBatchedBindingQueries) buffer Queries { SsspQuery queries[]; };
layout(std430, set = 0, binding = kBatchedBindingSources) readonly buffer Sources { uint querySources[]; };
layout(std430, set = 0, binding = kBatchedBindingDestOffsets) readonly buffer DestOffsets { uint destOffsets[]; };
layout(std430, set = 0, binding = kBatchedBindingDestinations) readonly buffer Destinations { uint destinations[]; };
layout(std430, set = 0, binding = kBatchedBindingResults) buffer Results { uint64_t results[]; };
layout(std430, set = 0, binding = kBatchedBindingControl) buffer Control { uint control[]; };
layout(std430, set = 0, binding = kBatchedBindingStats) buffer Stats { SsspStats stats[]; };
layout(std430, set = 0, binding = kBatchedBindingBounds) buffer Bounds { uint64_t bounds[]; };
layout(std430, set = 0, binding = kBatchedBindingQuerySettled) buffer QuerySettled { uint querySettled[]; };

layout(push_constant) uniform Push { SsspBatchedPush pc; };

// The arrays that grow as V x Q, by address (SsspBatchedPush): dist(e) is
// entry e's key, used like an array element (reads, writes, atomics).
#include "StatusByAddress.glsl"
#define dist(e) KEY_AT(pc.distances, e)
#define offsets(v) addressedWord(pc.offsets, v)
#define tracked(v) KEY_AT(pc.tracked, v)
#define nearList(i) WORD_AT(pc.nearList, i)
#define farList(i) WORD_AT(pc.farList, i)
#define marks(i) WORD_AT(pc.marks, i)

#include "../SsspShared.glsl"

// A key is (distance << 1) | pending; kSsspInfinity is unreached.
bool pendingKey(uint64_t key) { return key != kSsspInfinity && (key & 1ul) != 0; }
uint64_t keyDistance(uint64_t key) { return key == kSsspInfinity ? kSsspInfinity : key >> 1; }

uint entryOf(uint v, uint q) { return v * pc.queries + q; }
// An item is a vertex and a chunk of kBatchedGroupSize queries; lane i of
// the workgroup handling it is query chunk * kBatchedGroupSize + i.
uint itemOf(uint v, uint chunk) { return v * pc.chunks + chunk; }
uint itemVertex(uint item) { return item / pc.chunks; }
uint laneQuery(uint item) { return (item % pc.chunks) * kBatchedGroupSize + gl_LocalInvocationID.x; }
uint farFlag(uint item) { return pc.items + item; }

// The relax's indirect arguments for n frontier items: x up to
// pc.maxGroups workgroups, y as many rows as pc.maxGroupsY allows (CPU
// devices: one item per workgroup, which keeps a workgroup's loop
// iterations within lavapipe's budget; GPUs: one row, the loop strides).
void setRelaxArgs(uint n) {
  const uint x = min(n, pc.maxGroups);
  control[kBatchedArgsRelax] = x;
  control[kBatchedArgsRelax + 1] = x == 0 ? 1 : min((n + x - 1) / x, pc.maxGroupsY);
  control[kBatchedArgsRelax + 2] = 1;
}
// The active-query bits after the stamps and far flags: one word per 32
// queries, read by every lane of a chunk alike (a broadcast load).
uint activeWord(uint q) { return 2 * pc.items + (q >> 5); }
bool queryActive(uint q) { return q < pc.queries && (marks(activeWord(q)) & (1u << (q & 31u))) != 0; }
