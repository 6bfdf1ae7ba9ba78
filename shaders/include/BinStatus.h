// Host/shader interface of the status-array binning kernel
// (shaders/ibfs/bin_status.comp): the status words of one batch reduced to a
// grid of rows (searches) by columns (vertices), so that a view of the whole
// array never reads the array back.
//
// Row r covers searches [r * S / rows, (r + 1) * S / rows), column c covers
// vertices [c * V / cols, (c + 1) * V / cols) (integer division, S = the
// batch's searches, V = the vertices). Each cell holds two counts of
// (search, vertex) pairs: visited (bit set in S_k) and frontier (set in
// S_{k+1} but not in S_k, what the last expand found).
#ifndef FRONTIER_SHADER_BIN_STATUS_H
#define FRONTIER_SHADER_BIN_STATUS_H
#include "Common.h"

FRONTIER_SHADER_NAMESPACE_BEGIN

FRONTIER_CONST kBinBindingCells = 0;    // uint[2 * rows * cols]: visited, frontier per cell (row-major)
FRONTIER_CONST kBinBindingCount = 1;
FRONTIER_CONST kBinWorkgroupSize = 64;

struct BinPush {
  uint vertexCount;
  uint words;       // vertex-major: words per vertex
  uint layoutKind;  // kIbfsLayoutVertexMajor or kIbfsLayoutInstanceMajor (Ibfs.h)
  uint searches;    // searches in the batch
  uint rows;
  uint cols;
  uint cellPerInvocation;  // 1: each invocation sums one cell (many small cells);
                           // 0: each workgroup sums one cell (few large cells)
  uint pad;
  // Device addresses of the status words (Ibfs.h layouts), read as in
  // IbfsPush: the arrays may exceed one binding's range.
  uint64_t current;  // S_k
  uint64_t next;     // S_{k+1}
};
FRONTIER_PUSH_CONSTANTS_FIT(BinPush);

FRONTIER_SHADER_NAMESPACE_END
#endif
