// Declarations shared by the batched SSSP kernels: the bindings of
// SsspBatched.h, key helpers of the interleaved layout. Included after
// `#version`. Correct for any subgroup size: a workgroup handles one vertex,
// so every subgroup's lanes share it (and its arcs), whatever their number.
#include "../SsspExtensions.glsl"
#include "SsspBatched.h"

layout(constant_id = kSsspSpecRealWeights) const uint kRealWeights = 0;

layout(std430, set = 0, binding = kBatchedBindingOffsets) readonly buffer Offsets { uint offsets[]; };
layout(std430, set = 0, binding = kBatchedBindingDistances) buffer Distances { uint64_t dist[]; };
layout(std430, set = 0, binding = kBatchedBindingNear) buffer Near { uint nearList[]; };
layout(std430, set = 0, binding = kBatchedBindingFar) buffer Far { uint farList[]; };
layout(std430, set = 0, binding = kBatchedBindingMarks) buffer Marks { uint marks[]; };
layout(std430, set = 0, binding = kBatchedBindingQueries) buffer Queries { SsspQuery queries[]; };
layout(std430, set = 0, binding = kBatchedBindingSources) readonly buffer Sources { uint querySources[]; };
layout(std430, set = 0, binding = kBatchedBindingDestOffsets) readonly buffer DestOffsets { uint destOffsets[]; };
layout(std430, set = 0, binding = kBatchedBindingDestinations) readonly buffer Destinations { uint destinations[]; };
layout(std430, set = 0, binding = kBatchedBindingResults) buffer Results { uint64_t results[]; };
layout(std430, set = 0, binding = kBatchedBindingControl) buffer Control { uint control[]; };
layout(std430, set = 0, binding = kBatchedBindingStats) buffer Stats { SsspStats stats[]; };
layout(std430, set = 0, binding = kBatchedBindingBounds) buffer Bounds { uint64_t bounds[]; };
layout(std430, set = 0, binding = kBatchedBindingTracked) buffer Tracked { uint64_t tracked[]; };

layout(push_constant) uniform Push { SsspBatchedPush pc; };

#include "../SsspShared.glsl"

// A key is (distance << 1) | pending; kSsspInfinity is unreached.
bool pendingKey(uint64_t key) { return key != kSsspInfinity && (key & 1ul) != 0; }
uint64_t keyDistance(uint64_t key) { return key == kSsspInfinity ? kSsspInfinity : key >> 1; }

uint entryOf(uint v, uint q) { return v * pc.queries + q; }
uint farFlag(uint v) { return pc.vertexCount + v; }
bool queryActive(uint q) { return q < pc.queries && queries[q].state == kSsspQueryActive; }
