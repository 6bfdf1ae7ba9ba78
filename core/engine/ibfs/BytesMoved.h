#pragma once
// The bytes an iBFS dispatch must move by construction: what its algorithm
// reads and writes in device memory, counted from the level's exact counters
// (JFQ vertices and entries, arcs examined) and the batch's shape, at the
// granularity of the arrays' elements (4-byte words; a status row is the
// vertex's status words of the batch). Caches, atomics' internal traffic and
// the few words of control data are not counted, so achieved GB/s (bytes
// over GPU time) is the bandwidth the algorithm's own data reached: the
// measure a roofline compares with the device's roofs. Pure functions; no
// GPU. The per-kernel terms are listed in docs/ENGINE.md ("Bytes moved").

#include <cstdint>
#include <optional>

#include "engine/Trace.h"

namespace frontier::engine {

struct TrafficShape {
  uint32_t vertices = 0;
  bool vertexMajor = true;
  // Status words per vertex: W (vertex-major, the power of two >= searches /
  // 32) or the instance count (instance-major, one word per instance).
  uint32_t rowWords = 1;
  uint32_t batchSize = 0;       // searches of the batch
  bool scanBuiltJfq = false;    // identify writes an entry count per examined vertex; scatter the queue
  // `worklist`: the identify's list capacity in words (0: no word lists).
  uint64_t listCapacity = 0;
};

// Bytes of one dispatch of `kind` at the level `it`; std::nullopt where the
// kernel has no model (plan, source setting, the per-submission clears of a few
// statistics words; the read-back, whose size depends on the submission:
// ibfsReadbackBytes). What the identify examined and the list the expand
// wrote come from the level's counters (IterationStats::identifyItems,
// listedByExpand): a sparse identify reads its list, a word-list identify
// its list or every word. A level of the two-sided search (`bidir`) is told
// by its status words (IterationStats::wordsForward, wordsBackward: never
// zero on a level it ran, always zero one way): its queue is priced from
// the frontier list's length and the advancing (side, word) pairs, its
// expand, collect, update and finish from what they counted on the GPU
// as they accessed it; its clears have no model.
// `batchStart`: a Clear span that fills the batch's status arrays.
std::optional<uint64_t> ibfsBytesMoved(KernelKind kind, const IterationStats& it, const TrafficShape& shape,
                                       bool batchStart = false);

// Work items of one dispatch of `kind`, the units its lanes take one at a
// time: a status word of a vertex (identify, bottom-up expand: V·W, or V·I
// instance-major), an (arc, word) pair (top-down expand: A·W, or A
// instance-major), a search (check-destinations); std::nullopt where not
// modelled; a sparse identify's teams take its listed vertices' words; with word lists a word (identify, expand). Two-sided
// levels: the listed vertices' W words (the queue) and the expand's (arc,
// word) pairs.
std::optional<uint64_t> ibfsUsefulItems(KernelKind kind, const IterationStats& it, const TrafficShape& shape);

// The read-back at the end of a submission of `levels` levels: the
// statistics ring, the control block and those levels' queue counts, each
// read and written once.
uint64_t ibfsReadbackBytes(uint32_t levels);

} // namespace frontier::engine
