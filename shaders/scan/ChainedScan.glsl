// Single-pass chained scan with decoupled look-back and fallback (Merrill and
// Garland; Smith, Levien and Owens, "Decoupled Fallback"). Included by
// chained_scan.comp (64-bit status words) and chained_scan_packed32.comp
// (32-bit status words) after they define STATUS_WORD and the packing helpers
// pack / statusFlag / statusValue.
//
// Each workgroup takes a tile id from a ticket, so every tile with a smaller
// id belongs to a workgroup that has started. It reduces its tile and
// publishes AGGREGATE (tile 0: INCLUSIVE), then looks back over its
// predecessors a window at a time, adding aggregates until it meets an
// inclusive prefix. A predecessor still NOT READY after push.spinLimit
// re-reads is reduced by the waiting workgroup itself from the (read-only)
// input, and the result offered to its status word by compare-and-swap. So no
// workgroup ever waits for another to make progress: the scan finishes even
// when workgroups run one after another in any order.
//
// Values and prefixes by address (ChainedScanPush::values, prefixes);
// bindings: kChainedBindingStatus, Control, Length (Scan.h).
// Specialization: kScanSpecWorkgroupSize, kScanSpecItemsPerThread (tile =
//   their product; any subgroup size, see ScanCommon.glsl).
// Push constants: ChainedScanPush {values, prefixes, count, lengthIndex, spinLimit, flags}; with
//   a device-side length, tickets past its last tile end at once.
#extension GL_KHR_shader_subgroup_basic : require
#extension GL_KHR_shader_subgroup_arithmetic : require
#extension GL_KHR_shader_subgroup_ballot : require
#extension GL_KHR_memory_scope_semantics : require
#extension GL_EXT_shader_explicit_arithmetic_types_int64 : require
#extension GL_EXT_buffer_reference : require
#extension GL_GOOGLE_include_directive : require
#include "Scan.h"

layout(local_size_x_id = kScanSpecWorkgroupSize) in;
layout(constant_id = kScanSpecItemsPerThread) const uint kItems = 16;

layout(std430, set = 0, binding = kChainedBindingStatus) buffer Status { STATUS_WORD status[]; };
layout(std430, set = 0, binding = kChainedBindingControl) buffer Control { uint control[]; };
layout(std430, set = 0, binding = kChainedBindingLength) readonly buffer Length { uint lengthWords[]; };
layout(push_constant) uniform Push { ChainedScanPush push; };

#include "ScanCommon.glsl"
#include "ScanLength.glsl"

shared uint sTile;
shared uint sAggregate;
shared STATUS_WORD sWindow[kChainedWindow];

// The value travels in the same atomic word as its flag, so relaxed atomics
// suffice: no other memory is published through the status words.
STATUS_WORD loadStatus(uint tile) {
  return atomicLoad(status[tile], gl_ScopeDevice, gl_StorageSemanticsBuffer, gl_SemanticsRelaxed);
}
void storeStatus(uint tile, STATUS_WORD word) {
  atomicStore(status[tile], word, gl_ScopeDevice, gl_StorageSemanticsBuffer, gl_SemanticsRelaxed);
}

// This invocation's values of a tile: kItems consecutive ones.
uint firstIndex(uint tile) { return (tile * gl_WorkGroupSize.x + gl_LocalInvocationIndex) * kItems; }

// The sum of a tile's input (all invocations, uniform control flow).
uint reduceTile(uint tile, uint count) {
  const uint first = firstIndex(tile);
  uint sum = 0;
  for (uint k = 0; k < kItems; ++k) {
    sum += first + k < count ? scanInput(first + k) : 0u;
  }
  return workgroupAdd(sum);
}

void main() {
  if (gl_LocalInvocationIndex == 0) {
    sTile = (push.flags & kChainedFlagReverseTiles) != 0 ? gl_NumWorkGroups.x - 1u - gl_WorkGroupID.x
                                                          : atomicAdd(control[kChainedControlTicket], 1u);
  }
  barrier();
  const uint tile = sTile;
  const uint count = scanCount();
  if (tile >= scanTiles(gl_WorkGroupSize.x * kItems)) {
    return;  // past a device-side length; tickets are taken in order, so every tile below it is taken
  }

  const uint first = firstIndex(tile);
  uint values[kItems];
  uint sum = 0;
  for (uint k = 0; k < kItems; ++k) {
    values[k] = first + k < count ? scanInput(first + k) : 0u;
    sum += values[k];
  }
  const uint inclusive = workgroupInclusiveAdd(sum);
  if (gl_LocalInvocationIndex == gl_WorkGroupSize.x - 1) {
    sAggregate = inclusive;
  }
  barrier();
  const uint aggregate = sAggregate;
  if (gl_LocalInvocationIndex == 0) {
    storeStatus(tile, pack(tile == 0 ? kChainedStatusInclusive : kChainedStatusAggregate, aggregate));
  }

  // Look-back: every invocation walks the same shared window, so the loop
  // and its barriers stay uniform across the workgroup.
  uint exclusive = 0;
  uint next = tile;  // predecessors next-1, next-2, ... are still to be added
  uint spins = 0;
  while (next > 0) {
    if (gl_LocalInvocationIndex < kChainedWindow) {
      const uint lane = gl_LocalInvocationIndex;
      // Past tile 0 the window holds an inclusive zero: it stops the walk.
      sWindow[lane] = lane < next ? loadStatus(next - 1u - lane) : pack(kChainedStatusInclusive, 0u);
      if (lane == 0 && (push.flags & kChainedFlagCountLookbacks) != 0) {
        atomicAdd(control[kChainedControlLookbacks], 1u);
      }
    }
    barrier();
    uint taken = 0;
    bool complete = false;
    for (; taken < kChainedWindow; ++taken) {
      const STATUS_WORD word = sWindow[taken];
      const uint flag = statusFlag(word);
      if (flag == kChainedStatusNotReady) {
        break;
      }
      exclusive += statusValue(word);
      if (flag == kChainedStatusInclusive) {
        complete = true;
        break;
      }
    }
    barrier();  // sWindow is rewritten by the next step
    if (complete) {
      break;
    }
    next -= taken;
    if (taken > 0) {
      spins = 0;
      continue;
    }
    if (++spins <= push.spinLimit) {
      continue;
    }
    // Fallback: tile next-1 is not ready and may never run before us.
    const uint waitedFor = next - 1u;
    const uint reduced = reduceTile(waitedFor, count);
    if (gl_LocalInvocationIndex == 0) {
      atomicCompSwap(status[waitedFor], pack(kChainedStatusNotReady, 0u), pack(kChainedStatusAggregate, reduced));
      atomicAdd(control[kChainedControlFallbacks], 1u);
    }
    exclusive += reduced;
    next = waitedFor;
    spins = 0;
  }
  if (gl_LocalInvocationIndex == 0 && tile > 0) {
    storeStatus(tile, pack(kChainedStatusInclusive, exclusive + aggregate));
  }

  uint running = exclusive + inclusive - sum;
  for (uint k = 0; k < kItems; ++k) {
    if (first + k < count) {
      scanOutput(first + k) = running;
    }
    running += values[k];
  }
}
