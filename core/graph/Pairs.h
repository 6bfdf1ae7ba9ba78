#pragma once
// Path-length queries: (source, destination) pairs and their hop counts.
// Pairs hold dense ids; every file and every printed result uses file ids.

#include <cstdint>
#include <filesystem>
#include <iosfwd>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "Graph.h"

namespace frontier::graph {

struct Pair {
  VertexId source;       // dense ids
  VertexId destination;
  bool operator==(const Pair&) const = default;
};

// Hops from source to destination; 0 when they are the same vertex.
using Length = int32_t;
inline constexpr Length kUnreachable = -1;

// `count` pairs, source and destination each uniform over all vertices,
// deterministic by seed (SplitMix64), drawn by file-id rank: the same
// vertices whatever the graph's numbering (--vertex-order).
// std::invalid_argument for a graph without vertices.
std::vector<Pair> randomPairs(const Graph& graph, uint32_t count, uint64_t seed);

// The --pairs option of the CLIs and of frontier-lab: "random:N" (N random
// pairs, with `seed`). std::invalid_argument for anything else.
std::vector<Pair> parsePairsSpec(const Graph& graph, std::string_view spec, uint64_t seed);
// The N of "random:N", before any graph is there; std::invalid_argument as above.
uint32_t randomPairCount(std::string_view spec);

// A CSV file with the header "source,destination" and one pair of file ids
// per line (gzip accepted). GraphError naming the line and the id for an id
// the graph does not have, and for any malformed line.
std::vector<Pair> readPairsFile(const Graph& graph, const std::filesystem::path& path);
// The same from a buffer; `name` is used in error messages.
std::vector<Pair> parsePairs(const Graph& graph, std::string_view bytes, const std::string& name = "<memory>");

// "source,destination" and one line per pair, file ids.
void writePairsCsv(std::ostream& out, const Graph& graph, std::span<const Pair> pairs);
// "source,destination,length" and one line per pair, file ids, -1 for
// unreachable. std::invalid_argument when the spans differ in length.
void writeResultsCsv(std::ostream& out, const Graph& graph, std::span<const Pair> pairs,
                     std::span<const Length> lengths);

} // namespace frontier::graph
