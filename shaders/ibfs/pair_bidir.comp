#version 460
// The pair engine (PairBfs.h): workgroup g keeps slot g and takes pairs from
// a shared count until none is left (or it took pc.pairsPerGroup). For each pair: both ends marked, then
// level after level the side with fewer frontier arcs advances. Its frontier
// (a stretch of its list) is taken kPairGroupSize vertices at a time; their
// arc counts are scanned in shared memory and every invocation walks the
// chunk's arcs with a stride, finding an arc's vertex by binary search over
// the scan, so a hub's arcs spread over the whole workgroup. An arc to a
// vertex the other side marked ends the pair (its length is exact: the two
// sides' marks were disjoint, so no path is shorter than their levels + 1,
// and this arc closes one that long); a vertex new to the advancing side is
// marked with an atomic OR (the invocation that set the bit appends it).
//
// The bitmaps and lists are this workgroup's alone but are read after
// other invocations' atomics and stores of earlier levels: coherent, with a
// buffer barrier before every workgroup barrier that separates a write from
// its readers.
//
// Correct for any subgroup size: the scan adds each subgroup's sums in
// shared memory (gl_NumSubgroups of them), every loop that contains a
// barrier is uniform in the workgroup (its bounds are read from shared
// memory after a barrier), and the arc loop, which has none, may end early
// in some invocations only.
// Bindings: PairBfs.h. Push constants: PairBfsPush.
#extension GL_EXT_shader_explicit_arithmetic_types_int64 : require
#extension GL_EXT_shader_atomic_int64 : require
#extension GL_KHR_shader_subgroup_basic : require
#extension GL_KHR_shader_subgroup_arithmetic : require
#extension GL_EXT_buffer_reference : require
#extension GL_GOOGLE_include_directive : require
#include "PairBfs.h"
#include "AddressedArcs.glsl"

layout(local_size_x = kPairGroupSize) in;

layout(std430, set = 0, binding = kPairBindingEnds) readonly buffer Ends { uvec2 ends[]; };
layout(std430, set = 0, binding = kPairBindingResults) writeonly buffer Results { uint64_t results[]; };
layout(std430, set = 0, binding = kPairBindingControl) buffer Control { uint control[]; };
layout(std430, set = 0, binding = kPairBindingStats) buffer Stats { PairBfsStats stats; };

layout(push_constant) uniform Push { PairBfsPush pc; };

layout(buffer_reference, std430, buffer_reference_align = 4) coherent buffer SlotWord { uint word; };
#define MAP(side, w) SlotWord(wordAddress(pc.maps, (2u * gl_WorkGroupID.x + (side)) * pc.mapWords + (w))).word
// One list of V words per slot: the forward side's marks from its front, the
// backward side's from its back (the two sides never mark the same vertex:
// an arc to the other side's mark ends the pair instead).
#define LIST(side, i) \
  SlotWord(wordAddress(pc.lists, gl_WorkGroupID.x * pc.listCapacity + ((side) == 0u ? (i) : pc.listCapacity - 1u - (i)))).word

const uint kNoEntry = 0xFFFFFFFFu;
const uint G = kPairGroupSize;

shared uint sEntry;
shared uint sSource;
shared uint sDestination;
shared uint sMet;             // 1 once an arc reached the other side
shared uint sBegin[2];        // each side's frontier: [sBegin, sEnd) of its list
shared uint sEnd[2];
shared uint sLevel[2];        // each side's frontier level
shared uint sFrontierArcs[2]; // arcs of each side's frontier (which side advances)
shared uint sNextCount;       // vertices the advancing side appended this level
shared uint sNextArcs;        // and their arcs
shared uint sArcs[2];         // arcs examined for the pair, per side
shared uint sScan[G];         // inclusive sum of the chunk's arc counts
shared uint sFirstArc[G];     // its vertex's first arc, less the arcs before it
shared uint sSubgroupSums[kPairMaxSubgroups];

uint arcBegin(uint side, uint v) { return addressedWord(side == 0u ? pc.outOffsets : pc.inOffsets, v); }
uint arcTarget(uint side, uint e) { return addressedWord(side == 0u ? pc.outTargets : pc.inTargets, e); }

// Inclusive sum of `x` over the workgroup, in sScan; returns this
// invocation's. Two barriers; any subgroup size. The subgroups before this
// one are summed by its lanes together, ceil(256 / width^2) loads each (one
// on GPUs of 16 lanes or more; CPU devices count these loop iterations:
// PairHops.cpp).
uint workgroupInclusiveSum(uint x) {
  const uint inSubgroup = subgroupInclusiveAdd(x);
  const uint total = subgroupAdd(x);
  if (subgroupElect()) {
    sSubgroupSums[gl_SubgroupID] = total;
  }
  barrier();
  uint before = 0;
  for (uint s = gl_SubgroupInvocationID; s < gl_SubgroupID; s += gl_SubgroupSize) {
    before += sSubgroupSums[s];
  }
  before = subgroupAdd(before);
  const uint sum = before + inSubgroup;
  sScan[gl_SubgroupID * gl_SubgroupSize + gl_SubgroupInvocationID] = sum;
  barrier();
  return sum;
}

// The chunk's vertex that arc t (counted over the chunk) leaves: the first
// whose inclusive sum passes t, in eight halving steps over the 256 sums
// (written out: no loop, whose iterations CPU devices would count).
#define SEARCH_STEP(step) lo += sScan[lo + (step) - 1u] <= t ? (step) : 0u
uint arcOfChunk(uint t) {
  uint lo = 0;
  SEARCH_STEP(128u);
  SEARCH_STEP(64u);
  SEARCH_STEP(32u);
  SEARCH_STEP(16u);
  SEARCH_STEP(8u);
  SEARCH_STEP(4u);
  SEARCH_STEP(2u);
  SEARCH_STEP(1u);
  return sFirstArc[lo] + t;
}

const uint kNoVertex = 0xFFFFFFFFu;

// The target of the chunk's arc t, or kNoVertex past its `total` arcs.
uint target(uint side, uint t, uint total) { return t < total ? arcTarget(side, arcOfChunk(t)) : kNoVertex; }
// The word of `side`'s bitmap that holds x, or `none` for kNoVertex.
uint mapWord(uint side, uint x, uint none) { return x != kNoVertex ? MAP(side, x >> 5u) : none; }
// Marks x for `side` unless `seen` (its word, read before) or the atomic
// shows it marked; the invocation whose OR set the bit appends x to the
// next frontier. Returns x's arcs when it did (the next frontier's arcs).
uint mark(uint side, uint end, uint x, uint seen) {
  const uint bit = 1u << (x & 31u);
  if ((seen & bit) != 0u || (atomicOr(MAP(side, x >> 5u), bit) & bit) != 0u) {
    return 0u;
  }
  LIST(side, end + atomicAdd(sNextCount, 1u)) = x;
  return arcBegin(side, x + 1u) - arcBegin(side, x);
}

// Advances `side` by one level: every arc of its frontier. Uniform.
void advance(uint side) {
  const uint other = 1u - side;
  const uint begin = sBegin[side];
  const uint end = sEnd[side];
  uint examined = 0;
  uint newArcs = 0;
  // The invocation's place in subgroup order (full subgroups: the pipeline
  // requires them): the scan below adds subgroup by subgroup, so the chunk's
  // vertices, sums and first arcs are laid out in that order.
  const uint lane = gl_SubgroupID * gl_SubgroupSize + gl_SubgroupInvocationID;
  for (uint chunk = begin; chunk < end; chunk += G) {
    const uint i = chunk + lane;
    uint first = 0;
    uint count = 0;
    if (i < end) {
      const uint v = LIST(side, i);
      first = arcBegin(side, v);
      count = arcBegin(side, v + 1u) - first;
    }
    const uint upTo = workgroupInclusiveSum(count);
    sFirstArc[lane] = first - (upTo - count);
    barrier();
    const uint total = sScan[G - 1u];
    // Four arcs at a time: their targets, then both sides' words, then
    // the atomics, each group issued back to back so that their latencies
    // overlap (a grid level's chunk has about four arcs per invocation).
    // Written out for the four arcs (vector components), not as loops over
    // them: CPU devices count every loop's iterations against their budget.
    for (uint t0 = lane; t0 < total; t0 += 4u * G) {
      if (atomicAdd(sMet, 0u) != 0u) {
        break;  // another invocation closed the path
      }
      const uvec4 t = uvec4(t0, t0 + G, t0 + 2u * G, t0 + 3u * G);
      const uvec4 x = uvec4(target(side, t.x, total), target(side, t.y, total), target(side, t.z, total),
                            target(side, t.w, total));
      const uvec4 bits = uvec4(1u) << (x & 31u);
      const bvec4 valid = notEqual(x, uvec4(kNoVertex));
      const uvec4 otherWords = uvec4(mapWord(other, x.x, 0u), mapWord(other, x.y, 0u), mapWord(other, x.z, 0u),
                                     mapWord(other, x.w, 0u));
      const uvec4 ownWords = uvec4(mapWord(side, x.x, ~0u), mapWord(side, x.y, ~0u), mapWord(side, x.z, ~0u),
                                   mapWord(side, x.w, ~0u));
      examined += uint(valid.x) + uint(valid.y) + uint(valid.z) + uint(valid.w);
      if (any(notEqual(otherWords & bits, uvec4(0u)))) {
        atomicOr(sMet, 1u);
        break;
      }
      newArcs += mark(side, end, x.x, ownWords.x) + mark(side, end, x.y, ownWords.y) +
                 mark(side, end, x.z, ownWords.z) + mark(side, end, x.w, ownWords.w);
    }
    memoryBarrierBuffer();
    barrier();  // sScan and sFirstArc are rewritten by the next chunk
    if (sMet != 0u) {
      break;
    }
  }
  atomicAdd(sArcs[side], examined);
  atomicAdd(sNextArcs, newArcs);
}

// Clears the marks of the pair through both lists (the bitmaps were zero
// before it), including the vertices the last level appended.
void clearMarks(uint advanced) {
  for (uint side = 0; side < 2u; ++side) {
    const uint marked = sEnd[side] + (side == advanced ? sNextCount : 0u);
    for (uint i = gl_LocalInvocationIndex; i < marked; i += G) {
      MAP(side, LIST(side, i) >> 5u) = 0u;
    }
  }
}

void main() {
  // Uniform: each workgroup takes at most pc.pairsPerGroup pairs, and the
  // dispatch has no more than that many per workgroup, so none is left.
  for (uint taken = 0; taken < pc.pairsPerGroup; ++taken) {
    if (gl_LocalInvocationIndex == 0) {
      const uint e = pc.entryBegin + atomicAdd(control[kPairCtlNext], 1u);
      sEntry = e < pc.entryEnd ? e : kNoEntry;
      if (e < pc.entryEnd) {
        const uvec2 pair = ends[e];
        sSource = pair.x;
        sDestination = pair.y;
        sMet = 0;
        sArcs[0] = 0;
        sArcs[1] = 0;
        sLevel[0] = 0;
        sLevel[1] = 0;
        sBegin[0] = 0;
        sBegin[1] = 0;
        sEnd[0] = 1;
        sEnd[1] = 1;
        if (pair.x != pair.y) {
          MAP(0, pair.x >> 5u) = 1u << (pair.x & 31u);  // the bitmaps are zero between pairs
          MAP(1, pair.y >> 5u) = 1u << (pair.y & 31u);
          LIST(0, 0) = pair.x;
          LIST(1, 0) = pair.y;
          sFrontierArcs[0] = arcBegin(0, pair.x + 1u) - arcBegin(0, pair.x);
          sFrontierArcs[1] = arcBegin(1, pair.y + 1u) - arcBegin(1, pair.y);
        }
      }
    }
    memoryBarrierBuffer();
    barrier();
    const uint entry = sEntry;
    if (entry == kNoEntry) {
      break;
    }
    if (sSource == sDestination) {
      if (gl_LocalInvocationIndex == 0) {
        results[entry] = 0ul;
      }
      barrier();  // sEntry is rewritten for the next pair
      continue;
    }
    uint64_t length = ~0ul;
    uint side = 0;
    for (;;) {
      side = sFrontierArcs[0] <= sFrontierArcs[1] ? 0u : 1u;
      if (gl_LocalInvocationIndex == 0) {
        sNextCount = 0;
        sNextArcs = 0;
      }
      barrier();
      advance(side);
      memoryBarrierBuffer();
      barrier();
      if (sMet != 0u) {
        length = uint64_t(sLevel[0]) + uint64_t(sLevel[1]) + 1ul;
        break;
      }
      if (sNextCount == 0u) {
        break;  // the side's component holds no vertex of the other: no path
      }
      barrier();  // everyone has read sMet and sNextCount
      if (gl_LocalInvocationIndex == 0) {
        sBegin[side] = sEnd[side];
        sEnd[side] += sNextCount;
        sLevel[side] += 1u;
        sFrontierArcs[side] = sNextArcs;
      }
      barrier();
    }
    clearMarks(side);
    if (gl_LocalInvocationIndex == 0) {
      results[entry] = length;
      atomicAdd(stats.arcs[0], uint64_t(sArcs[0]));
      atomicAdd(stats.arcs[1], uint64_t(sArcs[1]));
      atomicAdd(stats.visited[0], uint64_t(sEnd[0] + (side == 0u ? sNextCount : 0u)));
      atomicAdd(stats.visited[1], uint64_t(sEnd[1] + (side == 1u ? sNextCount : 0u)));
    }
    memoryBarrierBuffer();
    barrier();  // the marks are clear and sEntry is read before the next pair
  }
}
