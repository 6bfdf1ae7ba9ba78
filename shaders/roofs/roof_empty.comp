#version 460
// Dispatch-overhead roof: a one-workgroup dispatch that does nothing; the
// host records many of them, each after a barrier as the engines do.
// Bindings: RoofKernels.h (unused). Push constants: RoofsPush (unused).
#extension GL_GOOGLE_include_directive : require
#include "RoofKernels.h"

layout(local_size_x = 1) in;

void main() {}
