#pragma once
// Reading and writing graph files. Formats are described in docs/FORMATS.md.
//
// loadGraph() detects the format from the file's first bytes and its
// extension (Format::Auto) unless told, decompresses gzip input of every text
// format (detected by the gzip magic), and returns a finished Graph or
// throws:
//   GraphError     the file is missing, unreadable or malformed: the message
//                  names the file, line and column and what was expected;
//   LoadCancelled  options.progress returned false.
// Nothing half-built ever escapes. Safe to call from any thread; one call
// uses that thread only (the progress callback runs on it).
//
// Direction: each format has one (Matrix Market general, DIMACS: directed;
// Matrix Market symmetric, METIS: undirected; SNAP: its "# Directed graph" /
// "# Undirected graph" header line, else undirected; LDBC: undirected;
// .fgraph: stored). Direction::Directed / Undirected override it: an
// undirected graph read as directed gets both arcs of every edge; a directed
// graph read as undirected is symmetrised. Graph::directionSource() says which
// rule decided, Graph::loadNotes() what a user should know about it.

#include <cstdint>
#include <filesystem>
#include <functional>
#include <optional>
#include <string>
#include <string_view>

#include "Graph.h"
#include "GraphError.h"

namespace frontier::graph {

enum class Format { Auto, Snap, MatrixMarket, Dimacs, Metis, Ldbc, Binary };
enum class Direction { FromFormat, Directed, Undirected };

struct LoadOptions {
  Format format = Format::Auto;
  Direction direction = Direction::FromFormat;
  bool removeSelfLoops = false;
  bool relabelByDegree = false;
  // Called from the loading thread with the fraction done (0..1) now and then
  // (at least every ~50 ms of work, at most every ~20 ms); return false to
  // cancel -> throws LoadCancelled.
  std::function<bool(double)> progress;
  // A header declaring more vertices than this is rejected before anything is
  // allocated (a corrupt count must not ask for terabytes). The default is the
  // most that 32-bit dense ids allow.
  uint64_t vertexLimit = UINT32_MAX - 1;
  // Workers that check a .fgraph's arrays, parse text (see parseRangeBytes)
  // and sort the built adjacency lists (0 = one per hardware thread); the
  // graph and any error are the same for every number.
  unsigned threads = 0;
  // Parallel text parsing (every text format): after the header, the lines
  // are parsed in ranges of about this many bytes, cut at line ends, on
  // `threads` workers. 0 = automatic: ranges of 1 MiB for uncompressed text
  // files of at least 2 MiB; smaller files and gzip input are parsed on the
  // loading thread. Any other value forces the split, for every text input
  // (1 makes every line a range of its own: tests). The graph, the errors
  // and their line numbers are the same for every value.
  uint64_t parseRangeBytes = 0;
};

// What a load read (for benchmarks).
struct LoadStats {
  Format format = Format::Auto;
  bool compressed = false;
  uint64_t inputBytes = 0;  // bytes parsed, after decompression
  uint64_t inputEdges = 0;  // edge lines / entries read, duplicates included
};

// `path` may also be a folder of LDBC CSV files: every Person_knows_Person*.csv
// (or .csv.gz) in it is read into one graph.
Graph loadGraph(const std::filesystem::path& path, const LoadOptions& options = {});
Graph loadGraph(const std::filesystem::path& path, const LoadOptions& options, LoadStats& stats);

// The same from a buffer (gzip detected as for files); `name` is used in
// error messages. DIMACS coordinates cannot be given this way.
Graph parseGraph(std::string_view bytes, Format format, const LoadOptions& options = {},
                 const std::string& name = "<memory>");

// The format of a file from its first bytes (a few KiB, decompressed) and its
// name; never Auto. Content that identifies itself (the binary cache magic,
// a %%MatrixMarket banner) wins over the extension.
Format detectFormat(const std::filesystem::path& path, std::string_view firstBytes);

// "snap", "mtx", "dimacs", "metis", "ldbc", "fgraph" ("auto" for Auto).
std::string formatName(Format format);
// Accepts the names above and common aliases ("edgelist", "matrix-market",
// "mm", "gr", "binary", ...); nullopt when unknown.
std::optional<Format> parseFormat(std::string_view name);

// Writes Binary (.fgraph), Snap or MatrixMarket (Auto: from the extension);
// a name ending in .gz is gzip-compressed (text formats). Written to a
// temporary file beside `path`, then renamed, so a failed write leaves no
// partial file. Throws GraphError when the file cannot be written and
// std::invalid_argument for a format without a writer.
// What survives: the binary cache keeps everything but the name. SNAP keeps
// file ids, direction and weights but not isolated vertices or coordinates.
// Matrix Market keeps isolated vertices, direction and weights; its ids are
// 1..V, so file ids survive only when they are 1..V already (else the
// dense order is written and a comment says so).
void saveGraph(const Graph& graph, const std::filesystem::path& path, Format format = Format::Auto);

} // namespace frontier::graph
