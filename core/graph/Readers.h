#pragma once
// The readers behind loadGraph(), one per format (one .cpp each). Internal to
// core/graph; the fuzz targets reach them through parseGraph().

#include <memory>
#include <utility>
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

// What a file says about its direction: directed or not, and the header
// line that says so (0: nothing in the file, the format's default).
struct DeclaredDirection {
  bool directed = false;
  uint64_t line = 0;
};

// The direction a graph is built with, where it came from (Graph's
// directionSource()) and the notes a user should read about it.
struct DirectionChoice {
  bool directed = false;
  std::string source;
  std::vector<std::string> notes;
};

// The file's own direction unless the options override it.
DirectionChoice chooseDirection(const LoadOptions& options, DeclaredDirection declared);
// After the build: records the choice on the graph, and notes a graph read as
// directed whose every arc has its reverse.
void recordDirection(Graph& graph, DirectionChoice choice);
// A cached graph (.fgraph, whose header stores the direction) with the
// direction the options ask for: symmetrised or doubled when it differs.
Graph withDirection(Graph graph, const LoadOptions& options);

// Builder options that follow from the load options (the load's worker
// count also bounds the builder's sorting workers).
inline BuildOptions buildOptions(const LoadOptions& options, bool directed, bool weighted) {
  return {directed, weighted, options.removeSelfLoops, options.relabelByDegree, options.threads};
}

// Rejects a declared vertex count above options.vertexLimit (at the current
// position of `scan`).
void checkDeclaredVertices(const TextScanner& scan, const char* at, uint64_t count, const LoadOptions& options);

// The smallest and the largest file id (in any numbering; {0, 0} for no
// vertices): with n vertices, they are one range when they differ by n - 1.
std::pair<FileId, FileId> fileIdBounds(const Graph& graph);

// Lowercase copy (ASCII), for case-insensitive keywords.
std::string lowercase(std::string_view text);

} // namespace frontier::graph::detail
