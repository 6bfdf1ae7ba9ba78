#version 460
// Chained scan with 64-bit status words: flag in the high half, the value
// (modulo 2^32) in the low half. Needs shaderBufferInt64Atomics.
// The algorithm, bindings and push constants: ChainedScan.glsl.
#extension GL_EXT_shader_explicit_arithmetic_types_int64 : require
#extension GL_EXT_shader_atomic_int64 : require

#define STATUS_WORD uint64_t
uint64_t pack(uint flag, uint value) { return (uint64_t(flag) << 32) | uint64_t(value); }
uint statusFlag(uint64_t word) { return uint(word >> 32); }
uint statusValue(uint64_t word) { return uint(word); }

#extension GL_GOOGLE_include_directive : require
#include "ChainedScan.glsl"
