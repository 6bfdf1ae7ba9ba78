// Host/shader interface of the device-wide scans (shaders/scan/): the
// reduce-then-scan kernels and the single-pass chained scan. Both compute an
// exclusive prefix sum of `count` uint values, wrapping modulo 2^32 (the
// chained scan's 32-bit variant modulo 2^30, see below).
#ifndef FRONTIER_SHADER_SCAN_H
#define FRONTIER_SHADER_SCAN_H
#include "Common.h"

FRONTIER_SHADER_NAMESPACE_BEGIN

// Both scans read their input values and write their prefixes by device
// address (ScanPush::values, prefixes; ChainedScanPush), not through bindings:
// a scan of one value per vertex (the scan-built JFQ's counts) would
// otherwise bound the graph by one binding's range.

// Reduce-then-scan bindings (set 0). Input and output may be one buffer (in
// place): each invocation reads its values before it writes them.
FRONTIER_CONST kScanBindingPartials = 0;  // one value per tile
FRONTIER_CONST kScanBindingLength = 1;    // uint words: the device-side length (see below)
FRONTIER_CONST kScanBindingCount = 2;

// Specialization constants (both scans).
FRONTIER_CONST kScanSpecWorkgroupSize = 0;  // invocations per workgroup
FRONTIER_CONST kScanSpecItemsPerThread = 1; // values per invocation in a tile

// ScanPush::count / ChainedScanPush::count: the number of values, or this
// value: the number is read when the scan runs from word `lengthIndex` of the
// length binding (written by an earlier dispatch); the host then dispatches
// enough tiles for the capacity and tiles past the length do nothing.
FRONTIER_CONST kScanLengthOnDevice = 0xFFFFFFFFu;

struct ScanPush {
  uint64_t values;    // device address of the count input values (uint)
  uint64_t prefixes;  // device address of the count exclusive prefixes (uint)
  uint count;
  uint lengthIndex;
};
FRONTIER_PUSH_CONSTANTS_FIT(ScanPush);

// Chained scan (chained_scan*.comp): one dispatch, out of place (a workgroup
// may reduce a predecessor's input tile while that tile writes its output,
// so input and output must differ).
FRONTIER_CONST kChainedBindingStatus = 0;   // one status word per tile, zero before the dispatch
FRONTIER_CONST kChainedBindingControl = 1;  // uint[kChainedControlWords], zero before the dispatch
FRONTIER_CONST kChainedBindingLength = 2;   // uint words: the device-side length (kScanLengthOnDevice)
FRONTIER_CONST kChainedBindingCount = 3;

// Control words.
FRONTIER_CONST kChainedControlTicket = 0;     // next tile id (atomic counter)
FRONTIER_CONST kChainedControlFallbacks = 1;  // predecessor tiles reduced by a waiting workgroup
FRONTIER_CONST kChainedControlLookbacks = 2;  // status windows read (with kChainedFlagCountLookbacks)
FRONTIER_CONST kChainedControlWords = 4;

// Tile status: a flag packed with a value in one atomic word, so a reader
// never sees a flag without its value. 64-bit words (flag << 32 | value) where
// the device has 64-bit buffer atomics; otherwise 32-bit words
// (flag << 30 | value mod 2^30): the prefixes are then exact while the total
// stays below 2^30.
FRONTIER_CONST kChainedStatusNotReady = 0;
FRONTIER_CONST kChainedStatusAggregate = 1;  // the tile's own sum
FRONTIER_CONST kChainedStatusInclusive = 2;  // the sum of every value up to the tile's end
FRONTIER_CONST kChainedPackedValueBits = 30;
// Predecessors read per look-back step (one per invocation).
FRONTIER_CONST kChainedWindow = 32;

// ChainedScanPush::flags
// Testing: tile = (workgroups - 1 - workgroup id) instead of a ticket, so that
// on a device running workgroups in launch order every look-back meets
// predecessors that have not started and must take the fallback.
FRONTIER_CONST kChainedFlagReverseTiles = 1;
// Testing: count look-back windows in kChainedControlLookbacks (an atomic on
// one word per window read; off in production).
FRONTIER_CONST kChainedFlagCountLookbacks = 2;

struct ChainedScanPush {
  uint64_t values;   // device addresses of the input values and the output prefixes (uint)
  uint64_t prefixes;
  uint count;        // or kScanLengthOnDevice
  uint lengthIndex;
  uint spinLimit;  // re-reads of a not-ready predecessor before reducing its tile
  uint flags;      // kChainedFlag* bits above
};
FRONTIER_PUSH_CONSTANTS_FIT(ChainedScanPush);

FRONTIER_SHADER_NAMESPACE_END
#endif
