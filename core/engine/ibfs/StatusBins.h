#pragma once
// The status arrays of one batch as a view sees them: binned into a grid of
// searches by vertices on the device (StatusBinner), or in full (tests and
// small graphs). shaders/include/BinStatus.h defines the cell ranges.

#include <cstdint>
#include <vector>

namespace frontier::engine {

struct StatusBins {
  uint32_t batch = 0;    // the batch binned
  uint32_t searches = 0; // searches in that batch; 0 when no batch has started
  uint32_t rows = 0;
  uint32_t cols = 0;
  // Two counts per cell, row-major: (search, vertex) pairs visited (in S_k)
  // and on the frontier (in S_{k+1}, not in S_k).
  std::vector<uint32_t> cells;
  uint32_t visited(uint32_t row, uint32_t col) const { return cells[2 * (size_t{row} * cols + col)]; }
  uint32_t frontier(uint32_t row, uint32_t col) const { return cells[2 * (size_t{row} * cols + col) + 1]; }
};

// The full status words S_k (current) and S_{k+1} (next) of one batch, in the
// engine's layout (shaders/include/Ibfs.h).
struct StatusWords {
  uint32_t batch = 0;
  uint32_t searches = 0; // 0 when no batch has started
  uint32_t vertices = 0;
  uint32_t words = 1;    // vertex-major: words per vertex
  bool vertexMajor = true;
  std::vector<uint32_t> current;
  std::vector<uint32_t> next;
  size_t index(uint32_t search, uint32_t vertex) const {
    return vertexMajor ? size_t{vertex} * words + search / 32 : size_t{search / 32} * vertices + vertex;
  }
  bool bit(const std::vector<uint32_t>& array, uint32_t search, uint32_t vertex) const {
    return ((array[index(search, vertex)] >> (search % 32)) & 1U) != 0;
  }
};

} // namespace frontier::engine
