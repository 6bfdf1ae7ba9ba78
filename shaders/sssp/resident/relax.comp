#version 460
// Resident queries with 64-bit keys: the kernel is Resident.glsl.
#extension GL_GOOGLE_include_directive : require
#include "Resident.glsl"
