#pragma once
// Vertex orders for locality: the ids a graph is searched with decide which
// status words and arcs lie next to each other in memory. A file's own order
// can scatter a road network's neighbours over the whole id range; reverse
// Cuthill-McKee (RCM) numbers each vertex's neighbours close to it.
//
// Renumbering keeps every vertex's file id (GraphBuilder::relabel), so pairs
// and results read and print the same vertices in any order.

#include <span>
#include <string>
#include <vector>

#include "Graph.h"

namespace frontier::graph {

enum class VertexOrder { File, Rcm };

// "file" or "rcm"; nullopt-like: throws std::invalid_argument naming the value.
VertexOrder parseVertexOrder(const std::string& name);

// Reverse Cuthill-McKee over the undirected view (out- and in-arcs): per
// component (in order of its smallest id), a breadth-first order from a
// pseudo-peripheral vertex (George and Liu: repeated BFS from a vertex of
// least degree of the last level while the eccentricity grows), each
// vertex's unnumbered neighbours by increasing degree, ties by id; the whole
// order reversed. Returns oldOf: the vertex that gets id i. O(E log d).
std::vector<VertexId> reverseCuthillMcKee(const Graph& graph);

// The graph renumbered in `order` (File: unchanged).
Graph withVertexOrder(Graph graph, VertexOrder order);

// The largest |u - v| over the arcs u -> v: how far apart neighbours are.
uint64_t bandwidth(const Graph& graph);

} // namespace frontier::graph
