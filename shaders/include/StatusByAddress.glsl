// Arrays of 32-bit words (and 64-bit keys) reached by their device address
// instead of a binding: status arrays, queues and the shortest paths'
// per-entry arrays grow as vertices x searches and pass
// maxStorageBufferRange (128 MiB on lavapipe, 4 GiB - 1 on NVIDIA) long
// before device memory runs out, and one allocation (4094 MiB on an H100)
// soon after (docs/ENGINE.md, "Arrays larger than one binding"). An array
// larger than one allocation is spread over chunks, as the arc targets are
// (AddressedArcs.glsl, engine/AddressedArray.h). WORD_AT names the word
// itself, so it is read, written and given to atomics like an array
// element.
// Needs GL_EXT_buffer_reference and 64-bit integer types, enabled by the includer.
#ifndef FRONTIER_STATUS_BY_ADDRESS_GLSL
#define FRONTIER_STATUS_BY_ADDRESS_GLSL

#include "AddressedArcs.glsl"

layout(buffer_reference, std430, buffer_reference_align = 4) buffer WordByAddress { uint word; };
#define WORD_AT(base, index) WordByAddress(wordAddress(base, index)).word
// Two words as one 8-byte element (the JFQ's (vertex, first arc) or (word,
// bits) entries, words 2i and 2i + 1: never split by a chunk, whose size is
// an even number of words): one load or store where WORD_AT would make two,
// since an address's 4-byte alignment does not tell the compiler that word
// 2i is 8-byte aligned.
layout(buffer_reference, std430, buffer_reference_align = 8) buffer EntryByAddress { uvec2 entry; };
#define ENTRY_AT(base, index) EntryByAddress(elementAddress(base, index, 3u)).entry

// 64-bit elements (the shortest paths' distance keys) by element index.
layout(buffer_reference, std430, buffer_reference_align = 8) buffer KeyByAddress { uint64_t key; };
#define KEY_AT(base, index) KeyByAddress(elementAddress(base, index, 3u)).key

#endif
