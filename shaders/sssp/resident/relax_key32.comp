#version 460
// Resident queries with 32-bit keys (every distance of the run below 2^31,
// residentKeyBits): the kernel is Resident.glsl.
#extension GL_GOOGLE_include_directive : require
#define RESIDENT_KEY32
#include "Resident.glsl"
