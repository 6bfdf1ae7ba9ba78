// Host/shader interface of the connected-components kernel
// (shaders/cc/components.comp, core/engine/components/DeviceComponents).
//
// Lock-free union-find over the out-arcs (weak components: the arcs'
// directions are ignored, as graph::componentLabels does). parent[v] <= v
// always: a union hooks the larger of two roots under the smaller with a
// compare-and-swap, so every path climbs to smaller ids, a root is the
// smallest vertex of its tree, and compression may lower a pointer to any
// ancestor with atomicMin. Three passes, one pipeline:
//   kCcPassInit     parent[v] = v
//   kCcPassHook     each arc unites its ends (a chunk of arcs per invocation)
//   kCcPassCompress parent[v] = root of v: the label, the smallest vertex id
//                   of v's component
// No subgroup operations: the result does not depend on the subgroup size.
#ifndef FRONTIER_SHADER_COMPONENTS_H
#define FRONTIER_SHADER_COMPONENTS_H
#include "Common.h"

FRONTIER_SHADER_NAMESPACE_BEGIN

FRONTIER_CONST kCcBindingOffsets = 0;  // uint[V + 1], out-arc offsets
FRONTIER_CONST kCcBindingParent = 1;   // uint[V]: parent pointers, labels after kCcPassCompress
FRONTIER_CONST kCcBindingCount = 2;

FRONTIER_CONST kCcWorkgroupSize = 256;
// Arcs per invocation of the hook pass: one binary search over the offsets
// finds the chunk's first vertex, the rest of the chunk walks forward, so
// hubs are split over many invocations and isolated vertices cost nothing.
FRONTIER_CONST kCcChunkArcs = 16;

FRONTIER_CONST kCcPassInit = 0;
FRONTIER_CONST kCcPassHook = 1;
FRONTIER_CONST kCcPassCompress = 2;

struct CcPush {
  uint64_t targets;   // device address of the out-arc targets (uint[arcs])
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
