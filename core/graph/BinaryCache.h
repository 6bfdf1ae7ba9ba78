#pragma once
// The project's binary graph cache (.fgraph), laid out in docs/FORMATS.md: a
// 64-byte header (magic, version, flags, counts, two checksums) and the
// arrays of the Graph as they are in memory, 8-byte aligned. Loading is one
// read per array straight into the Graph's vectors, checksummed while the
// data is in cache, then checked for structure (offsets, id bounds, sorted
// lists, the id map) so that a file that passes can never make a search
// read out of bounds. Use loadGraph()/saveGraph(); this class is their implementation.

#include <cstdint>
#include <filesystem>

#include "ByteSource.h"
#include "Graph.h"
#include "GraphIO.h"

namespace frontier::graph {

class BinaryCache {
public:
  static constexpr char kMagic[8] = {'\x89', 'F', 'G', 'R', 'A', 'P', 'H', '\n'};
  static constexpr uint32_t kVersion = 1;
  static constexpr size_t kHeaderSize = 64;

  // Throws GraphError (wrong magic, version, size, checksum or structure).
  static Graph read(ByteSource& source, const LoadOptions& options);
  static void write(const Graph& graph, const std::filesystem::path& path);
};

} // namespace frontier::graph
