#version 460
// Chained scan with 32-bit status words, for devices without 64-bit buffer
// atomics: flag in the top 2 bits, the value modulo 2^30 below, so prefixes
// are exact while the total is below 2^30 (the JFQ's is below 2^26).
// The algorithm, bindings and push constants: ChainedScan.glsl.
#extension GL_EXT_shader_explicit_arithmetic_types_int64 : require
#extension GL_EXT_buffer_reference : require
#extension GL_GOOGLE_include_directive : require
#include "Scan.h"

#define STATUS_WORD uint
const uint kValueMask = (1u << kChainedPackedValueBits) - 1u;
uint pack(uint flag, uint value) { return (flag << kChainedPackedValueBits) | (value & kValueMask); }
uint statusFlag(uint word) { return word >> kChainedPackedValueBits; }
uint statusValue(uint word) { return word & kValueMask; }

#include "ChainedScan.glsl"
