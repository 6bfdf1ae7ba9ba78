#version 460
// Starts each search of the batch: its bit in the forward visited and
// frontier words of its source and in the backward ones of its destination,
// the arcs of both one-vertex frontiers, the vertices on the touched list
// and, once each, on the first level's frontier list (Bidir.h). A search whose source is its destination has length 0 and never
// becomes active. One invocation per search.
// Bindings: Bidir.h (reads sources, destinations; writes the status arrays,
//   active, lengths, arcs, touched, stamp, state, the frontier list and its
//   flags).
// Push constants: BidirPush (words, batchOffset, batchSize, epoch).
#extension GL_GOOGLE_include_directive : require
#include "BidirCommon.glsl"

layout(local_size_x = 256) in;

void main() {
  const uint s = gl_GlobalInvocationID.x;
  if (s >= pc.batchSize) {
    return;
  }
  const uint source = sources[pc.batchOffset + s];
  const uint destination = destinations[pc.batchOffset + s];
  const uint word = s >> 5u;
  const uint bit = 1u << (s & 31u);
  listTouched(true, source);
  listTouched(true, destination);
  if (s == pc.trackedSearch) {
    trackedLevels(0, source) = 0u;
    trackedLevels(1, destination) = 0u;
  }
  if (source == destination) {
    lengths[pc.batchOffset + s] = 0;
    return;
  }
  atomicOr(activeMask[word], bit);
  atomicOr(visitedF(source * pc.words + word), bit);
  atomicOr(frontierF(source * pc.words + word), bit);
  atomicOr(visitedB(destination * pc.words + word), bit);
  atomicOr(frontierB(destination * pc.words + word), bit);
  // Sources and destinations repeat across searches: the listed flag's
  // exchange puts each vertex on the list once.
  if (atomicExchange(listedFlag(source), 1u) == 0) {
    frontierList(0, atomicAdd(state[kBidirStateList], 1u)) = source;
  }
  if (atomicExchange(listedFlag(destination), 1u) == 0) {
    frontierList(0, atomicAdd(state[kBidirStateList], 1u)) = destination;
  }
  arcs[kBidirArcsFrontier + s] = uint64_t(outOffsets(source + 1) - outOffsets(source));
  arcs[kBidirArcsFrontier + 1024u + s] = uint64_t(inOffsets(destination + 1) - inOffsets(destination));
}
