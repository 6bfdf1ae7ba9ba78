#pragma once
// The readers behind loadGraph(), one per format (one .cpp each). Internal to
// core/graph; the fuzz targets reach them through parseGraph().

#include <memory>
#include <vector>

#include "ByteSource.h"
#include "GraphBuilder.h"
#include "GraphIO.h"
#include "Progress.h"
#include "TextInput.h"
#include "TextScanner.h"

namespace frontier::graph::detail {

// What every reader gets: the options, the progress of its part of the load
// and the statistics to fill in.
struct ReadContext {
  const LoadOptions& options;
  Progress progress;
  LoadStats& stats;
};

Graph readSnap(TextInput& input, ReadContext& context);
Graph readMatrixMarket(TextInput& input, ReadContext& context);
// `coordinates` is the .co file beside the .gr, or null.
Graph readDimacs(TextInput& input, TextInput* coordinates, ReadContext& context);
Graph readMetis(TextInput& input, ReadContext& context);
Graph readLdbc(std::vector<std::unique_ptr<TextInput>>& inputs, ReadContext& context);
Graph readBinaryCache(ByteSource& source, ReadContext& context);
void writeBinaryCache(const Graph& graph, const std::filesystem::path& path);

// Directed or not: the format's own choice unless the options override it.
inline bool resolveDirected(const LoadOptions& options, bool formatDirected) {
  switch (options.direction) {
  case Direction::Directed: return true;
  case Direction::Undirected: return false;
  case Direction::FromFormat: break;
  }
  return formatDirected;
}

// Builder options that follow from the load options.
inline BuildOptions buildOptions(const LoadOptions& options, bool directed, bool weighted) {
  return {directed, weighted, options.removeSelfLoops, options.relabelByDegree};
}

// Rejects a declared vertex count above options.vertexLimit (at the current
// position of `scan`).
void checkDeclaredVertices(const TextScanner& scan, const char* at, uint64_t count, const LoadOptions& options);

// Lowercase copy (ASCII), for case-insensitive keywords.
std::string lowercase(std::string_view text);

} // namespace frontier::graph::detail
