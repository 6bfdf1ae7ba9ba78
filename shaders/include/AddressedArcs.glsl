// Per-arc arrays read by device address (arc targets; the shortest paths'
// weights), engine/AddressedArray.h. A 64-bit `where` from the push
// constants is either the array's own address (bit 0 clear: one allocation)
// or, for an array spread over several allocations because it is larger
// than one may be (maxMemoryAllocationSize), the address of a table of the
// chunks' addresses, tagged: bit 0 set, bits 1-5 the log2 of the elements
// per chunk (the table is 64-byte aligned, so bits 0-5 are free). Pipelines
// made for a graph whose arrays all fit one allocation set kChunkedArcs to
// 0, which compiles the table out: a per-read branch, even a uniform one,
// cost 3 % (coalesced) to 7 % (worklist) of the GPU time on Kronecker 22 (H100).
// The status arrays and queues the iBFS kernels write are addressed the same
// way (StatusByAddress.glsl); kChunkedArcs is then 1 when any of them is
// chunked, too.
// Needs GL_EXT_buffer_reference and 64-bit integer types, enabled by the includer.
#ifndef FRONTIER_ADDRESSED_ARCS_GLSL
#define FRONTIER_ADDRESSED_ARCS_GLSL

#include "Common.h"

layout(constant_id = kSpecChunkedArcs) const uint kChunkedArcs = 0;

layout(buffer_reference, std430, buffer_reference_align = 4) readonly buffer AddressedWord { uint word; };
layout(buffer_reference, std430, buffer_reference_align = 8) readonly buffer ChunkAddress { uint64_t address; };

// The address of element `index` (of 2^log2Bytes bytes: 4 or 8) of the
// array `where` names. The tag counts words per chunk; a chunk holds a
// power of two of them (at least 16), so an 8-byte element never straddles
// two chunks, and the index counts elements, so it may reach 2^32 - 1.
// Callers pass a constant log2Bytes, which the compilers fold.
uint64_t elementAddress(uint64_t where, uint index, uint log2Bytes) {
  if (kChunkedArcs == 0 || (where & 1ul) == 0) {
    return where + (uint64_t(index) << log2Bytes);
  }
  const uint shift = (uint(where >> 1) & 31u) - (log2Bytes - 2u);  // log2 of the elements per chunk
  const uint64_t chunk = ChunkAddress((where & ~63ul) + uint64_t(index >> shift) * 8ul).address;
  return chunk + (uint64_t(index & ((1u << shift) - 1u)) << log2Bytes);
}

// The address of word `index` of the array `where` names.
uint64_t wordAddress(uint64_t where, uint index) { return elementAddress(where, index, 2u); }

uint addressedWord(uint64_t where, uint index) { return AddressedWord(wordAddress(where, index)).word; }

#endif
