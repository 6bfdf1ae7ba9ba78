#version 460
// Weakly connected components by lock-free union-find (Components.h): the
// pass in the push constants says which of init, hook or compress to run.
// No bindings: every array by address (CcPush).
// Push constants: CcPush.
#extension GL_EXT_shader_explicit_arithmetic_types_int64 : require
#extension GL_EXT_buffer_reference : require
#extension GL_GOOGLE_include_directive : require
#include "Components.h"

layout(local_size_x = kCcWorkgroupSize) in;

layout(push_constant) uniform Push { CcPush pc; };

// Read by address: the arrays may be larger than one storage-buffer binding
// or one allocation (AddressedArcs.glsl).
#include "AddressedArcs.glsl"
// coherent: other invocations hook and compress while this one climbs; a
// stale pointer still names an ancestor, and the compare-and-swap of a hook
// sees the current value.
layout(buffer_reference, std430, buffer_reference_align = 4) coherent buffer ParentWord { uint word; };
#define parent(i) ParentWord(wordAddress(pc.parent, i)).word
#define offsets(i) addressedWord(pc.offsets, i)
uint arcTarget(uint arc) { return addressedWord(pc.targets, arc); }

// The root of x's tree, splitting the path on the way: each visited vertex
// is pointed at its grandparent (an ancestor, so atomicMin keeps whichever
// of two concurrent shortcuts climbs further).
uint findRoot(uint x) {
  uint p = parent(x);
  while (p != x) {
    const uint grand = parent(p);
    if (grand != p) {
      atomicMin(parent(x), grand);
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
    const uint seen = atomicCompSwap(parent(high), high, low);
    if (seen == high) {
      return;
    }
    // `high` was hooked by another invocation meanwhile: climb again from both.
    ra = findRoot(seen);
    rb = findRoot(low);
  }
}

// The giant component's label: the most frequent label among
// kCcGiantSamples vertices spread over the graph (ties to the smallest), in
// parent(V). One workgroup, after a compression (labels are roots).
shared uint sLabel[kCcGiantSamples];
shared uint sBest;
shared uint sLabelOfBest;

void electGiant(uint V) {
  const uint perInvocation = kCcGiantSamples / kCcWorkgroupSize;
  for (uint k = 0; k < perInvocation; ++k) {
    const uint i = gl_LocalInvocationID.x * perInvocation + k;
    sLabel[i] = parent(uint((uint64_t(i) * uint64_t(V)) / kCcGiantSamples));
  }
  if (gl_LocalInvocationID.x == 0) {
    sBest = 0;
    sLabelOfBest = 0xFFFFFFFFu;
  }
  barrier();
  uint count[kCcGiantSamples / kCcWorkgroupSize];
  for (uint k = 0; k < perInvocation; ++k) {
    const uint label = sLabel[gl_LocalInvocationID.x * perInvocation + k];
    uint n = 0;
    for (uint j = 0; j < kCcGiantSamples; ++j) {
      n += sLabel[j] == label ? 1u : 0u;
    }
    count[k] = n;
    atomicMax(sBest, n);
  }
  barrier();
  for (uint k = 0; k < perInvocation; ++k) {
    if (count[k] == sBest) {
      atomicMin(sLabelOfBest, sLabel[gl_LocalInvocationID.x * perInvocation + k]);
    }
  }
  barrier();
  if (gl_LocalInvocationID.x == 0) {
    parent(V) = sLabelOfBest;
  }
}

void main() {
  const uint stride = pc.groups * kCcWorkgroupSize;
  const uint V = pc.vertexCount;
  if (pc.pass == kCcPassInit) {
    for (uint v = gl_GlobalInvocationID.x; v < V; v += stride) {
      parent(v) = v;
    }
    if (gl_GlobalInvocationID.x == 0) {
      parent(V) = V;      // no giant component elected
      parent(V + 1) = 0;  // arcs the rest pass united
    }
  } else if (pc.pass == kCcPassSample) {
    for (uint v = gl_GlobalInvocationID.x; v < V; v += stride) {
      const uint begin = offsets(v);
      const uint end = min(offsets(v + 1), begin + kCcSampleArcs);
      for (uint arc = begin; arc < end; ++arc) {
        unite(v, arcTarget(arc));
      }
    }
  } else if (pc.pass == kCcPassGiant) {
    electGiant(V);
  } else if (pc.pass == kCcPassRest) {
    const uint giant = parent(V);
    for (uint v = gl_GlobalInvocationID.x; v < V; v += stride) {
      const uint begin = offsets(v) + kCcSampleArcs;
      const uint end = offsets(v + 1);
      if (begin >= end || findRoot(v) == giant) {
        continue;
      }
      atomicAdd(parent(V + 1), end - begin);
      for (uint arc = begin; arc < end; ++arc) {
        unite(v, arcTarget(arc));
      }
    }
  } else if (pc.pass == kCcPassHook) {
    const uint chunks = (pc.arcCount + kCcChunkArcs - 1) / kCcChunkArcs;
    for (uint chunk = gl_GlobalInvocationID.x; chunk < chunks; chunk += stride) {
      const uint first = chunk * kCcChunkArcs;
      const uint end = min(first + kCcChunkArcs, pc.arcCount);
      // The last vertex whose arcs start at or before `first` owns it
      // (offsets(V) = arcs > first, so that vertex has arcs).
      uint lo = 0;
      uint hi = V - 1;
      while (lo < hi) {
        const uint mid = (lo + hi + 1) >> 1;
        if (offsets(mid) <= first) {
          lo = mid;
        } else {
          hi = mid - 1;
        }
      }
      uint v = lo;
      uint vEnd = offsets(v + 1);
      for (uint arc = first; arc < end; ++arc) {
        while (arc >= vEnd) {
          ++v;
          vEnd = offsets(v + 1);
        }
        const uint u = arcTarget(arc);
        if (pc.undirected == 0 || u < v) {
          unite(v, u);
        }
      }
    }
  } else {
    for (uint v = gl_GlobalInvocationID.x; v < V; v += stride) {
      atomicMin(parent(v), findRoot(v));
    }
  }
}
