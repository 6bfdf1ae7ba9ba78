// Host/shader interface of the connected-components kernel
// (shaders/cc/components.comp, core/engine/components/DeviceComponents).
//
// Lock-free union-find over the out-arcs (weak components: the arcs'
// directions are ignored, as graph::componentLabels does). parent[v] <= v
// always: a union hooks the larger of two roots under the smaller with a
// compare-and-swap, so every path climbs to smaller ids, a root is the
// smallest vertex of its tree, and compression may lower a pointer to any
// ancestor with atomicMin. Passes of one pipeline:
//   kCcPassInit     parent[v] = v
//   kCcPassHook     each arc unites its ends (a chunk of arcs per invocation)
//   kCcPassCompress parent[v] = root of v: the label, the smallest vertex id
//                   of v's component
// Undirected graphs of at least kCcAfforestArcs arcs take the sampling
// order of Afforest (Sutton et al., 2018) instead of one hook over every
// arc: most vertices of a Kronecker or social graph belong to one giant
// component, whose vertices then need not unite their remaining arcs:
//   kCcPassInit, kCcPassSample (each vertex unites its first kCcSampleArcs
//   arcs), kCcPassCompress, kCcPassGiant (one workgroup: the most frequent
//   label among kCcGiantSamples spread vertices, into parent[V]),
//   kCcPassRest (each vertex outside that component unites its other arcs),
//   kCcPassCompress.
// Skipping is exact: an arc (v, u) with v in the giant component and u
// outside it is also stored as (u, v), which u unites (in the sample or in
// the rest); a vertex seen in the giant component stays in it.
// No subgroup operations: the result does not depend on the subgroup size.
#ifndef FRONTIER_SHADER_COMPONENTS_H
#define FRONTIER_SHADER_COMPONENTS_H
#include "Common.h"

FRONTIER_SHADER_NAMESPACE_BEGIN

// No bindings: the offsets, the targets and the parent words are reached by
// address (CcPush), so none of them is bounded by one binding's range.
// parent: uint[V + 2]: parent pointers, labels after kCcPassCompress;
// parent[V]: the giant component's label (undirected graphs); parent[V + 1]:
// arcs kCcPassRest united (for the bytes model).

FRONTIER_CONST kCcWorkgroupSize = 256;
// Arcs per invocation of the hook pass: one binary search over the offsets
// finds the chunk's first vertex, the rest of the chunk walks forward, so
// hubs are split over many invocations and isolated vertices cost nothing.
FRONTIER_CONST kCcChunkArcs = 16;

FRONTIER_CONST kCcPassInit = 0;
FRONTIER_CONST kCcPassHook = 1;
FRONTIER_CONST kCcPassCompress = 2;
FRONTIER_CONST kCcPassSample = 3;
FRONTIER_CONST kCcPassGiant = 4;
FRONTIER_CONST kCcPassRest = 5;

// Below this many arcs the sampling's extra passes cost more than the arcs
// they skip (H100, Kronecker 18, 7.6 M arcs: 0.33 ms against 0.24 ms for
// one hook; Kronecker 20, 31 M arcs: 0.45 against 0.76).
FRONTIER_CONST kCcAfforestArcs = 1u << 24;
FRONTIER_CONST kCcSampleArcs = 2;       // arcs per vertex united before the giant component is found
// Vertices whose labels elect the giant component (one workgroup; each
// compares its label with all the others: 1,024 took 70-130 us on an H100).
FRONTIER_CONST kCcGiantSamples = 256;

struct CcPush {
  uint64_t targets;   // device addresses (AddressedArcs.glsl) of the out-arc targets (uint[arcs]),
  uint64_t offsets;   // the out-arc offsets (uint[V + 1])
  uint64_t parent;    // and the parent words (uint[V + 2])
  uint vertexCount;
  uint arcCount;
  uint pass;          // kCcPass*
  uint undirected;    // 1: each edge is stored both ways, so only arcs to smaller ids are united
  uint groups;        // workgroups dispatched (grid-stride loops)
  uint pad;
};
FRONTIER_PUSH_CONSTANTS_FIT(CcPush);

FRONTIER_SHADER_NAMESPACE_END

#endif
