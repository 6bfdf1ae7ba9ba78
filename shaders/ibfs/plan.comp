#version 460
// Plans the rest of level k on the GPU (one invocation, PlanLevel.glsl).
// The word-list identify plans in its last workgroup instead.
// Bindings: Ibfs.h (stats, control). Push constants: IbfsPush.
#extension GL_GOOGLE_include_directive : require
#include "IbfsCommon.glsl"

layout(local_size_x = 1) in;

#include "PlanLevel.glsl"

void main() { planLevel(); }
