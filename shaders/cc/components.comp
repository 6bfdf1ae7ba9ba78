#version 460
// Weakly connected components by lock-free union-find (Components.h): the
// pass in the push constants says which of init, hook or compress to run.
// Bindings: kCcBindingOffsets (read), kCcBindingParent (read/write).
// Push constants: CcPush.
#extension GL_EXT_shader_explicit_arithmetic_types_int64 : require
#extension GL_EXT_buffer_reference : require
#extension GL_GOOGLE_include_directive : require
#include "Components.h"

layout(local_size_x = kCcWorkgroupSize) in;

layout(std430, set = 0, binding = kCcBindingOffsets) readonly buffer Offsets { uint offsets[]; };
// coherent: other invocations hook and compress while this one climbs; a
// stale pointer still names an ancestor, and the compare-and-swap of a hook
// sees the current value.
layout(std430, set = 0, binding = kCcBindingParent) coherent buffer Parent { uint parent[]; };
layout(push_constant) uniform Push { CcPush pc; };

// Read by address: the targets may be larger than one storage-buffer binding
// or one allocation (AddressedArcs.glsl).
#include "AddressedArcs.glsl"
uint arcTarget(uint arc) { return addressedWord(pc.targets, arc); }

// The root of x's tree, splitting the path on the way: each visited vertex
// is pointed at its grandparent (an ancestor, so atomicMin keeps whichever
// of two concurrent shortcuts climbs further).
uint findRoot(uint x) {
  uint p = parent[x];
  while (p != x) {
    const uint grand = parent[p];
    if (grand != p) {
      atomicMin(parent[x], grand);
    }
    x = p;
    p = grand;
  }
  return x;
}

void unite(uint a, uint b) {
  uint ra = findRoot(a);
  uint rb = findRoot(b);
  while (ra != rb) {
    const uint high = max(ra, rb);
    const uint low = min(ra, rb);
    const uint seen = atomicCompSwap(parent[high], high, low);
    if (seen == high) {
      return;
    }
    // `high` was hooked by another invocation meanwhile: climb again from both.
    ra = findRoot(seen);
    rb = findRoot(low);
  }
}

void main() {
  const uint stride = pc.groups * kCcWorkgroupSize;
  const uint V = pc.vertexCount;
  if (pc.pass == kCcPassInit) {
    for (uint v = gl_GlobalInvocationID.x; v < V; v += stride) {
      parent[v] = v;
    }
  } else if (pc.pass == kCcPassHook) {
    const uint chunks = (pc.arcCount + kCcChunkArcs - 1) / kCcChunkArcs;
    for (uint chunk = gl_GlobalInvocationID.x; chunk < chunks; chunk += stride) {
      const uint first = chunk * kCcChunkArcs;
      const uint end = min(first + kCcChunkArcs, pc.arcCount);
      // The last vertex whose arcs start at or before `first` owns it
      // (offsets[V] = arcs > first, so that vertex has arcs).
      uint lo = 0;
      uint hi = V - 1;
      while (lo < hi) {
        const uint mid = (lo + hi + 1) >> 1;
        if (offsets[mid] <= first) {
          lo = mid;
        } else {
          hi = mid - 1;
        }
      }
      uint v = lo;
      uint vEnd = offsets[v + 1];
      for (uint arc = first; arc < end; ++arc) {
        while (arc >= vEnd) {
          ++v;
          vEnd = offsets[v + 1];
        }
        const uint u = arcTarget(arc);
        if (pc.undirected == 0 || u < v) {
          unite(v, u);
        }
      }
    }
  } else {
    for (uint v = gl_GlobalInvocationID.x; v < V; v += stride) {
      atomicMin(parent[v], findRoot(v));
    }
  }
}
