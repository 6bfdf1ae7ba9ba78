#pragma once
// Summary statistics of a graph (`frontier-cli info`).
//
// Degree: the arcs a vertex stores: the out-degree of a directed graph; the
// number of neighbours in an undirected graph, a self-loop counting once.
// Components are weak (directions ignored). The diameter estimate is a lower
// bound from a double sweep (two BFS, directions ignored) in the largest
// component: from its vertex of highest degree to the farthest vertex found,
// then from there; exact on trees, usually exact or close on real graphs.

#include <atomic>
#include <cstdint>
#include <vector>

#include "Graph.h"

namespace frontier::graph {

struct TopVertex {
  FileId id;
  uint64_t degree;
};

struct GraphStats {
  uint64_t vertices = 0;
  uint64_t edges = 0;  // Graph::edgeCount()
  bool directed = false;
  bool weighted = false;
  uint64_t selfLoops = 0;
  uint64_t degreeMin = 0;
  uint64_t degreeMax = 0;
  double degreeMean = 0;
  double degreeMedian = 0;       // mean of the two middle values for an even count
  std::vector<TopVertex> top;    // highest degree first, ties by file id
  // The structure: a union-find over every arc and two BFS, seconds on a
  // graph of a billion arcs; valid once `structureKnown`.
  bool structureKnown = false;
  uint64_t components = 0;       // weakly connected
  uint64_t largestComponent = 0; // vertices
  uint64_t diameterEstimate = 0; // hops
};

// Everything: O(V log V + E); single-threaded.
GraphStats computeStats(const Graph& graph, unsigned topCount = 10);

// The counts and the degrees only (O(V log V), no pass over the arcs); the
// structure left unknown.
GraphStats computeDegreeStats(const Graph& graph, unsigned topCount = 10);

// Adds the structure to what computeDegreeStats gave. Returns false, with the
// structure left unknown, once `cancel` is set (checked every 64 Ki vertices).
bool addStructureStats(const Graph& graph, GraphStats& stats, const std::atomic<bool>* cancel = nullptr);

// The weakly connected component of every vertex, as the id of one vertex of
// it (equal labels = same component). O(E α(V)); single-threaded.
std::vector<VertexId> componentLabels(const Graph& graph);

} // namespace frontier::graph
