#version 460
// Bins the status words of one batch into a rows x cols grid of counts
// (BinStatus.h gives the cell ranges). Few large cells: one workgroup per
// cell strides over the cell's (vertex, word) items and sums in shared
// memory. Many small cells: one invocation per cell. No atomics, a
// deterministic result, and no subgroup operations, so it is correct for
// every subgroup size.
// Bindings: BinStatus.h (writes cells; reads current and next by address).
// Push constants: BinPush (all fields).
#extension GL_GOOGLE_include_directive : require
#extension GL_EXT_shader_explicit_arithmetic_types_int64 : require
#extension GL_EXT_buffer_reference : require
#include "Ibfs.h"
#include "BinStatus.h"

layout(local_size_x = kBinWorkgroupSize) in;

layout(std430, set = 0, binding = kBinBindingCells) writeonly buffer Cells { uint cells[]; };
layout(push_constant) uniform Push { BinPush pc; };
#include "StatusByAddress.glsl"
#define current(i) WORD_AT(pc.current, i)
#define next(i) WORD_AT(pc.next, i)

// floor(index * total / parts) without 32-bit overflow.
uint boundary(uint index, uint total, uint parts) {
  return uint((uint64_t(index) * uint64_t(total)) / uint64_t(parts));
}

// Bits lo..hi-1 of a 32-bit word (0 <= lo < hi <= 32).
uint bitRange(uint lo, uint hi) {
  const uint upper = hi >= 32u ? 0xFFFFFFFFu : (1u << hi) - 1u;
  return upper & ~((1u << lo) - 1u);
}

struct CellRange {
  uint vBegin;
  uint wBegin;
  uint wCount;
  uint sBegin;
  uint sEnd;
  uint items;  // (vertex, word) pairs
};

CellRange cellRange(uint cell) {
  const uint row = cell / pc.cols;
  const uint col = cell % pc.cols;
  CellRange r;
  r.sBegin = boundary(row, pc.searches, pc.rows);
  r.sEnd = boundary(row + 1u, pc.searches, pc.rows);
  r.vBegin = boundary(col, pc.vertexCount, pc.cols);
  const uint vEnd = boundary(col + 1u, pc.vertexCount, pc.cols);
  r.wBegin = r.sBegin >> 5u;
  r.wCount = r.sEnd > r.sBegin ? ((r.sEnd + 31u) >> 5u) - r.wBegin : 0u;
  r.items = (vEnd - r.vBegin) * r.wCount;
  return r;
}

// Adds item i of a cell (its vertex, its word) to the two counts.
void count(CellRange r, uint item, inout uint visited, inout uint frontier) {
  const uint v = r.vBegin + item / r.wCount;
  const uint w = r.wBegin + item % r.wCount;
  const uint lo = w == r.wBegin ? (r.sBegin & 31u) : 0u;
  const uint hi = min(32u, r.sEnd - w * 32u);
  const uint mask = bitRange(lo, hi);
  const uint index = pc.layoutKind == kIbfsLayoutVertexMajor ? v * pc.words + w : w * pc.vertexCount + v;
  const uint c = current(index) & mask;
  const uint n = next(index) & mask;
  visited += bitCount(c);
  frontier += bitCount(n & ~c);
}

shared uint sVisited[kBinWorkgroupSize];
shared uint sFrontier[kBinWorkgroupSize];

void main() {
  // Workgroups are spread over a 2D grid (each dimension <= 65535).
  const uint group = gl_WorkGroupID.y * gl_NumWorkGroups.x + gl_WorkGroupID.x;
  const uint cellCount = pc.rows * pc.cols;
  if (pc.cellPerInvocation != 0u) {
    const uint cell = group * kBinWorkgroupSize + gl_LocalInvocationIndex;
    if (cell >= cellCount) {
      return;
    }
    const CellRange r = cellRange(cell);
    uint visited = 0;
    uint frontier = 0;
    for (uint item = 0; item < r.items; ++item) {
      count(r, item, visited, frontier);
    }
    cells[2u * cell] = visited;
    cells[2u * cell + 1u] = frontier;
    return;
  }
  const uint cell = group;
  if (cell >= cellCount) {
    return;  // uniform across the workgroup
  }
  const CellRange r = cellRange(cell);
  uint visited = 0;
  uint frontier = 0;
  for (uint item = gl_LocalInvocationIndex; item < r.items; item += kBinWorkgroupSize) {
    count(r, item, visited, frontier);
  }
  // Tree reduction in shared memory: no subgroup operations, so any subgroup size works.
  sVisited[gl_LocalInvocationIndex] = visited;
  sFrontier[gl_LocalInvocationIndex] = frontier;
  barrier();
  for (uint stride = kBinWorkgroupSize / 2u; stride > 0u; stride >>= 1u) {
    if (gl_LocalInvocationIndex < stride) {
      sVisited[gl_LocalInvocationIndex] += sVisited[gl_LocalInvocationIndex + stride];
      sFrontier[gl_LocalInvocationIndex] += sFrontier[gl_LocalInvocationIndex + stride];
    }
    barrier();
  }
  if (gl_LocalInvocationIndex == 0u) {
    cells[2u * cell] = sVisited[0];
    cells[2u * cell + 1u] = sFrontier[0];
  }
}
