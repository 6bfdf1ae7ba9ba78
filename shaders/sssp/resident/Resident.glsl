// The resident kernel's body; relax.comp (64-bit keys) and relax_key32.comp
// (32-bit keys) compile it.
// Resident queries (SsspResident.h): workgroup g runs the queries of slots
// g, g + groups, ... of the batch, each from its source to its end, with
// Near-Far buckets (Davidson et al., 2014) of its own. The near and far
// buckets are bitmaps of the vertices in shared memory; a round takes the
// near bitmap's vertices into a list (up to kResidentListCapacity; the
// rest waits for the next round), then relaxes their arcs, one vertex (and
// its chain, relaxListed) per invocation, with atomicMin on the query's
// distance region. An improved
// vertex goes back into the near bitmap when its distance lies below the
// bucket end T, into the far bitmap otherwise. When a round finds the near
// bitmap empty (a phase end), every distance below T is final; the
// smallest pending distance m of the far bitmap is final too, so the query
// is done when its destinations all lie at or below m (the tracked query
// only when nothing is pending), else T becomes the end of the delta-aligned
// bucket holding m and the far vertices below it move to the near bitmap.
//
// Keys carry a pending bit (SsspBatched.h): an invocation claims a listed
// vertex with atomicAnd(key, ~1), which returns its latest distance, and
// skips it when another entry already relaxed that distance.
//
// Correct for any subgroup size: the rounds, lists and bitmaps are the
// workgroup's, decided after barriers; the subgroup operations (the far
// minimum, over each subgroup and then over the subgroups; the sums of the
// counts) run at the top level of the round loop or of the query, where
// every lane of every subgroup takes part.
// Bindings: SsspResident.h. Push constants: SsspResidentPush.
#extension GL_GOOGLE_include_directive : require
#extension GL_EXT_control_flow_attributes : require
#include "../SsspExtensions.glsl"
#include "SsspResident.h"

layout(constant_id = kSsspSpecRealWeights) const uint kRealWeights = 0;
layout(constant_id = kResidentSpecMapWords) const uint kMapWords = 1;

layout(local_size_x_id = kResidentSpecGroupSize) in;
const uint kGroupSize = gl_WorkGroupSize.x;

layout(std430, set = 0, binding = kResidentBindingSources) readonly buffer Sources { uint querySources[]; };
layout(std430, set = 0, binding = kResidentBindingDestOffsets) readonly buffer DestOffsets { uint destOffsets[]; };
layout(std430, set = 0, binding = kResidentBindingDestinations) readonly buffer Destinations { uint destinations[]; };
layout(std430, set = 0, binding = kResidentBindingResults) buffer Results { uint64_t results[]; };
layout(std430, set = 0, binding = kResidentBindingStats) buffer Stats { SsspStats stats[]; };
layout(std430, set = 0, binding = kResidentBindingControl) buffer Control { uint control[]; };
layout(std430, set = 0, binding = kResidentBindingStates) buffer States { SsspResidentState states[]; };
layout(std430, set = 0, binding = kResidentBindingSaved) buffer Saved { uint saved[]; };

layout(push_constant) uniform Push { SsspResidentPush pc; };

#include "StatusByAddress.glsl"
#define offsets(v) addressedWord(pc.offsets, v)
#include "../SsspShared.glsl"

// Keys of 32 bits (RESIDENT_KEY32: the host's choice where every distance
// fits 31 bits, residentKeyBits) or 64; the same encoding either way (the
// distance shifted up, the pending bit, all ones for unreached).
#ifdef RESIDENT_KEY32
#define KEY uint
#define dist(e) WORD_AT(pc.distances, e)
const KEY kKeyInfinity = 0xFFFFFFFFu;
const uint64_t kKeyBytes = 4;
KEY addKey(KEY d, uint weight) {
  return kRealWeights != 0 ? floatBitsToUint(uintBitsToFloat(d) + uintBitsToFloat(weight)) : d + weight;
}
#else
#define KEY uint64_t
#define dist(e) KEY_AT(pc.distances, e)
const KEY kKeyInfinity = kSsspInfinity;
const uint64_t kKeyBytes = 8;
KEY addKey(KEY d, uint weight) { return addWeight(d, weight); }
#endif

const uint kNone = 0xFFFFFFFFu;

shared uint sNear[kMapWords];
shared uint sFar[kMapWords];
shared uint sList[kResidentListCapacity];
shared uint sCount[2];  // vertices found in the near bitmap, by round parity
shared uint64_t sMinima[kResidentMaxSubgroups];  // per subgroup
shared uint sNotFinal;

bool pending(KEY key) { return key != kKeyInfinity && (key & KEY(1)) != 0; }
uint64_t distanceOf(KEY key) { return key == kKeyInfinity ? kSsspInfinity : uint64_t(key >> 1); }
// The latest key: an atomic read (other invocations lowered it with atomics).
KEY latest(uint e) { return atomicAdd(dist(e), KEY(0)); }

// Per invocation, summed over its queries: vertices relaxed, arcs, improved
// keys, keys reached first, phase ends (invocation 0), keys read at them
// (the batch's statistics and bytes model; gFirst also per query).
// 32 bits each (a few thousand per invocation on road graphs; registers
// bound this kernel's occupancy), summed in 64 bits at the end.
uint gRelaxed = 0, gArcs = 0, gImproved = 0, gFirst = 0, gPhaseEnds = 0, gScanned = 0;

// Takes the near bitmap's vertices into sList (count in sCount[par]; the
// count may pass the capacity: the words that did not fit stay).
void takeNear(uint par) {
  for (uint i = gl_LocalInvocationIndex; i < kMapWords; i += kGroupSize) {
    const uint bits = sNear[i];
    if (bits != 0) {
      const uint n = bitCount(bits);
      const uint at = atomicAdd(sCount[par], n);
      if (at + n <= kResidentListCapacity) {
        sNear[i] = 0;  // no invocation relaxes while the bitmap is taken
        uint rest = bits;
        for (uint k = at; rest != 0; ++k) {
          sList[k] = i * 32u + uint(findLSB(rest));
          rest &= rest - 1u;
        }
      } else {
        // The word stays for the next round; its claimed places hold nothing.
        for (uint k = at; k < min(at + n, kResidentListCapacity); ++k) {
          sList[k] = kNone;
        }
      }
    }
  }
}

const uint kArcBatch = 4;

// Relaxes the listed vertices, one per invocation. A vertex's arcs go
// kArcBatch at a time, each step's loads issued back to back (targets and
// weights, then the targets' keys, then the atomics) so that their round
// trips overlap: a road vertex's two to four arcs cost three round trips,
// not three each. After a vertex, the invocation goes on with the first
// target it improved below T (a chain, up to pc.chainHops vertices per list
// entry: a road wave otherwise moves one hop per round) instead of leaving
// it to the next round; the other improved targets go into the bitmaps.
void relaxListed(uint base, uint listed, uint64_t T) {
  for (uint j = gl_LocalInvocationIndex; j < listed; j += kGroupSize) {
    uint v = sList[j];
    for (uint hop = 0; v != kNone; ++hop) {
      // Claim the key (another entry may have relaxed this distance
      // already); the offsets load beside it.
      const uint begin = offsets(v);
      const uint end = offsets(v + 1);
      const KEY key = atomicAnd(dist(base + v), ~KEY(1));
      uint next = kNone;
      if (pending(key)) {
        const KEY d = key >> 1;
        gRelaxed += 1;
        gArcs += end - begin;
        for (uint e = begin; e < end; e += kArcBatch) {
          uint u[kArcBatch];
          KEY candidate[kArcBatch];
          KEY seen[kArcBatch];
          [[unroll]] for (uint k = 0; k < kArcBatch; ++k) {
            u[k] = e + k < end ? arcTarget(e + k) : kNone;
            candidate[k] = e + k < end ? (addKey(d, arcWeight(e + k)) << 1) | KEY(1) : kKeyInfinity;
          }
          // A plain read first: keys only drop, so a stale read shows a
          // larger key and at worst costs an atomic that changes nothing.
          [[unroll]] for (uint k = 0; k < kArcBatch; ++k) {
            seen[k] = u[k] != kNone ? dist(base + u[k]) : KEY(0);
          }
          [[unroll]] for (uint k = 0; k < kArcBatch; ++k) {
            // Not lowered unless the atomic says so.
            seen[k] = candidate[k] < seen[k] ? atomicMin(dist(base + u[k]), candidate[k]) : candidate[k];
          }
          [[unroll]] for (uint k = 0; k < kArcBatch; ++k) {
            if (candidate[k] < seen[k]) {
              gImproved += 1;
              gFirst += seen[k] == kKeyInfinity ? 1u : 0u;
              const uint bit = 1u << (u[k] & 31u);
              if (uint64_t(candidate[k] >> 1) >= T) {
                atomicOr(sFar[u[k] >> 5], bit);
              } else if (next == kNone && hop < pc.chainHops) {
                next = u[k];  // relaxed next by this invocation, in this round
              } else {
                atomicOr(sNear[u[k] >> 5], bit);
              }
            }
          }
        }
      }
      v = next;
    }
  }
}

// This invocation's smallest pending distance in its words of the far
// bitmap (kSsspInfinity: none), dropping the far vertices whose keys are
// no longer pending.
uint64_t farMinimum(uint base) {
  uint64_t m = kSsspInfinity;
  for (uint i = gl_LocalInvocationIndex; i < kMapWords; i += kGroupSize) {
    uint rest = sFar[i];
    uint keep = 0;
    while (rest != 0) {
      const uint bit = uint(findLSB(rest));
      rest &= rest - 1u;
      const KEY key = latest(base + i * 32u + bit);
      gScanned += 1;
      if (pending(key)) {
        keep |= 1u << bit;
        m = min(m, uint64_t(key >> 1));
      }
    }
    sFar[i] = keep;  // this invocation's word alone in this pass
  }
  return m;
}

// Moves the far vertices of this invocation's words whose pending distance
// lies below T to the near bitmap.
void farToNear(uint base, uint64_t T) {
  for (uint i = gl_LocalInvocationIndex; i < kMapWords; i += kGroupSize) {
    uint rest = sFar[i];
    uint keep = 0;
    uint move = 0;
    while (rest != 0) {
      const uint bit = uint(findLSB(rest));
      rest &= rest - 1u;
      const KEY key = latest(base + i * 32u + bit);
      gScanned += 1;
      if (pending(key)) {
        if (uint64_t(key >> 1) < T) {
          move |= 1u << bit;
        } else {
          keep |= 1u << bit;
        }
      }
    }
    sFar[i] = keep;
    sNear[i] |= move;
  }
}

// Every barrier of a query sits at the top level of its round loop, never
// inside a branch. A dispatch runs at most pc.roundLimit rounds: Mesa's
// llvmpipe (lavapipe, the CPU device the tests run on) silently ends every
// loop of an invocation once its loops have run 65,535 iterations in all,
// which cut searches short, so there the host bounds the rounds of a
// dispatch by those iterations (residentRoundLimit); other devices have
// no limit. Between dispatches a query keeps its bitmaps and bucket end in
// `saved` and `states`.
void runQuery(uint slot, uint query) {
  const uint base = slot * pc.vertexCount;  // the region the host filled with kSsspInfinity
  const uint mapBase = slot * 2u * kMapWords;
  const bool start = pc.start != 0;
  const uint source = querySources[query];
  // A starting query's near bitmap holds its source alone. Every word is
  // written by the invocation that takes it in the first round, and the
  // barrier below orders the source's key before any relax reads it.
  for (uint i = gl_LocalInvocationIndex; i < kMapWords; i += kGroupSize) {
    sNear[i] = start ? (i == source >> 5 ? 1u << (source & 31u) : 0u) : saved[mapBase + i];
    sFar[i] = start ? 0u : saved[mapBase + kMapWords + i];
  }
  if (gl_LocalInvocationIndex == 0) {
    sCount[0] = 0;
    sCount[1] = 0;
    if (start) {
      atomicExchange(dist(base + source), KEY(1));  // distance 0, pending
    }
  }
  memoryBarrierBuffer();
  barrier();
  const bool tracked = query == pc.trackedQuery;
  const uint firstBefore = gFirst;
  uint64_t T = start ? bucketEnd(0ul) : states[slot].bucketEnd;
  bool finished = false;
  for (uint round = 0; !finished && round < pc.roundLimit; ++round) {
    const uint par = round & 1u;
    takeNear(par);
    memoryBarrierBuffer();
    barrier();
    const uint found = sCount[par];  // uniform: nobody writes it before the next round's barrier
    uint64_t m = kSsspInfinity;
    if (found != 0) {
      relaxListed(base, min(found, kResidentListCapacity), T);
    } else {
      // Phase end: nothing below T is pending, so every distance below T is
      // final, and so is the smallest pending one, m (reduced below).
      gPhaseEnds += gl_LocalInvocationIndex == 0 ? 1u : 0u;
      m = farMinimum(base);
    }
    // At the loop's top level, every round: a subgroup operation inside a
    // branch may see only part of the subgroup where a compiler has not
    // reconverged it, even when the branch is uniform.
    m = subgroupMin(m);
    if (subgroupElect()) {
      sMinima[gl_SubgroupID] = m;
    }
    if (gl_LocalInvocationIndex == 0) {
      sCount[par ^ 1u] = 0;  // the next round's count
      sNotFinal = 0;
    }
    memoryBarrierBuffer();
    barrier();
    if (found == 0) {
      for (uint s = 0; s < gl_NumSubgroups; ++s) {
        m = min(m, sMinima[s]);
      }
      if (m != kSsspInfinity && !tracked) {
        for (uint k = destOffsets[query] + gl_LocalInvocationIndex; k < destOffsets[query + 1];
             k += kGroupSize) {
          if (distanceOf(latest(base + destinations[k])) > m) {
            sNotFinal = 1;
          }
        }
      }
    }
    barrier();
    if (found == 0) {
      // Done when nothing is pending, or (not for the tracked query) when
      // every destination lies at or below m.
      finished = m == kSsspInfinity || (!tracked && sNotFinal == 0);
      if (!finished) {
        // The far words this invocation moves are the ones its next
        // takeNear (or the save below) reads: no barrier needed in between.
        T = bucketEnd(m);
        farToNear(base, T);
      }
    }
  }
  if (finished) {
    for (uint k = destOffsets[query] + gl_LocalInvocationIndex; k < destOffsets[query + 1];
         k += kGroupSize) {
      results[k] = distanceOf(latest(base + destinations[k]));
    }
  } else {
    for (uint i = gl_LocalInvocationIndex; i < kMapWords; i += kGroupSize) {
      saved[mapBase + i] = sNear[i];
      saved[mapBase + kMapWords + i] = sFar[i];
    }
  }
  // The query's first reaches in this dispatch, for the trace's per-query progress.
  const uint reached = subgroupAdd(gFirst - firstBefore);
  if (subgroupElect() && reached != 0) {
    atomicAdd(states[slot].reached, reached);
  }
  if (gl_LocalInvocationIndex == 0) {
    states[slot].bucketEnd = T;
    states[slot].finished = finished ? 1u : 0u;
    if (finished) {
      atomicAdd(control[kResidentCtlFinished], 1u);
    }
  }
  barrier();  // the shared bitmaps and counts are the next query's
}

void main() {
  const uint first = pc.batch * pc.queries;
  const uint inBatch = min(pc.queries, pc.totalQueries - first);
  for (uint slot = gl_WorkGroupID.x; slot < inBatch; slot += gl_NumWorkGroups.x) {
    // Uniform: the slot's state, written by an earlier dispatch.
    if (states[slot].finished == 0) {
      runQuery(slot, first + slot);
    }
  }
  const uint64_t relaxed = subgroupAdd(uint64_t(gRelaxed));
  const uint64_t arcs = subgroupAdd(uint64_t(gArcs));
  const uint64_t improved = subgroupAdd(uint64_t(gImproved));
  const uint64_t firsts = subgroupAdd(uint64_t(gFirst));
  const uint64_t phaseEnds = subgroupAdd(uint64_t(gPhaseEnds));
  const uint64_t scanned = subgroupAdd(uint64_t(gScanned));
  if (subgroupElect()) {
    atomicAdd(stats[pc.step].nearSize, uint(relaxed));
    atomicAdd(stats[pc.step].phaseEnd, uint(phaseEnds));
    atomicAdd(stats[pc.step].edgesRelaxed, arcs);
    atomicAdd(stats[pc.step].improvements, improved);
    atomicAdd(stats[pc.step].settled, firsts);
    // Bytes model: per relaxed vertex its key (atomic), two offsets; per arc
    // its target and weight, the target's key read, and per improvement the
    // atomic on it; per phase-end scan, a key read.
    atomicAdd(stats[pc.step].relaxBytes, relaxed * (kKeyBytes + 8ul) + arcs * (kKeyBytes + 8ul) + improved * kKeyBytes);
    atomicAdd(stats[pc.step].scanBytes, scanned * kKeyBytes);
  }
}
