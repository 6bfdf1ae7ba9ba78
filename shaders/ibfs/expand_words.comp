#version 460
// Top-down expand over JFQ words (`worklist`, vertex-major layout): one
// invocation per word (v, w) that identify queued, ORing its fresh bits into
// word w of every out-neighbour's S_{k+1}. The atomic's old value tells
// whether this invocation made the word's first change of the level (old
// equals S_k in `current`): that invocation puts the word on the next
// identify's list (WordLists.glsl), so each changed word is listed once.
// Strided over the words (count in queueCounts[slot * 32]), a workgroup
// taking consecutive ones.
// Bindings: Ibfs.h. Push constants: IbfsPush (words, level, slot, listCapacity).
#extension GL_GOOGLE_include_directive : require
#extension GL_EXT_control_flow_attributes : require
#include "IbfsCommon.glsl"
#include "WordLists.glsl"
#include "WorkgroupClaims.glsl"

layout(local_size_x = kIbfsWorkgroupSize) in;

const uint kBatch = 4;
const uint kNone = 0xFFFFFFFFu;
// Each invocation's words of S_{k+1} that its last arc batch changed first
// (kNone elsewhere), read back only by the same invocation after the claim.
shared uint sLastWords[kBatch][kIbfsWorkgroupSize];

#include "IbfsStats.glsl"

void main() {
  workgroupClaimsInit();
  beginStats();  // its barrier also orders the claims' initialisation
  const uint W = pc.words;
  const uint count = queueCounts[pc.slot * kIbfsMaxInstances];
  const uint stride = gl_NumWorkGroups.x * kIbfsWorkgroupSize;
  uint64_t totals[kStatCount] = {0, 0, 0, 0, 0, 0};
  // Uniform in the workgroup (the loop bound depends only on it), so the
  // last batch of each word's arcs claims its list places with one atomic
  // per workgroup (WorkgroupClaims.glsl); earlier batches of a word with
  // more than kBatch arcs claim per subgroup as they go.
  for (uint base = gl_WorkGroupID.x * kIbfsWorkgroupSize; base < count; base += stride) {
    const uint i = base + gl_LocalInvocationIndex;
    uint lastFirsts = 0;
    if (i < count) {
      const uvec2 entry = queueEntry(i);
      const uint word = entry.x;
      const uint bits = entry.y;
      const uint v = word / W;
      const uint w = word & (W - 1u);
      const uint begin = outOffsets(v);
      const uint end = outOffsets(v + 1);
      totals[kStatEdges] += end - begin;
      // kBatch arcs at a time: their target loads, then their word reads,
      // then the atomics, each group issued back to back so that their
      // latencies overlap (a grid vertex's four arcs are one batch).
      for (uint e = begin; e < end; e += kBatch) {
        uint index[kBatch];
        uint seen[kBatch];
        [[unroll]] for (uint j = 0; j < kBatch; ++j) {
          index[j] = e + j < end ? outTarget(e + j) * W + w : kNone;
        }
        // A plain read first: on a BFS wave about half of the arcs lead back
        // into S_k, whose words already hold the bits, and a read costs less
        // than an atomic. Bits only grow: a stale read shows fewer, never
        // more, so a word whose read is stale still gets the atomic.
        [[unroll]] for (uint j = 0; j < kBatch; ++j) {
          seen[j] = index[j] != kNone ? next(index[j]) : ~0u;
        }
        bool first[kBatch];
        [[unroll]] for (uint j = 0; j < kBatch; ++j) {
          first[j] = false;
          if ((seen[j] | bits) != seen[j]) {
            const uint old = atomicOr(next(index[j]), bits);
            first[j] = (old | bits) != old;
            seen[j] = old;
          }
        }
        uint firsts = 0;
        [[unroll]] for (uint j = 0; j < kBatch; ++j) {
          first[j] = first[j] && seen[j] == current(index[j]);
          firsts += first[j] ? 1u : 0u;
        }
        if (e + kBatch < end) {
          uint at = claimTouched(firsts);
          [[unroll]] for (uint j = 0; j < kBatch; ++j) {
            if (first[j]) {
              putOnList(at++, index[j]);
            }
          }
        } else {
          // Kept in shared memory, not registers, until the workgroup's
          // claim (registers bound this kernel's occupancy on the H100).
          [[unroll]] for (uint j = 0; j < kBatch; ++j) {
            sLastWords[j][gl_LocalInvocationIndex] = first[j] ? index[j] : kNone;
          }
          lastFirsts = firsts;
        }
      }
    }
    uint at;
    CLAIM_PLACES_WORKGROUP(NEXT_TOUCHED_COUNT, lastFirsts, at);
    if (lastFirsts != 0) {
      [[unroll]] for (uint j = 0; j < kBatch; ++j) {
        const uint word = sLastWords[j][gl_LocalInvocationIndex];
        if (word != kNone) {
          putOnList(at++, word);
        }
      }
    }
  }
  flushStats(totals, 0, 0);
}
