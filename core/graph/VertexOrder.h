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

// Auto: Rcm where longGraph() holds, else File.
enum class VertexOrder { File, Rcm, Auto };

// "file", "rcm" or "auto"; throws std::invalid_argument naming the value.
VertexOrder parseVertexOrder(const std::string& name);

// A long, thin graph, where the pair engine gains from RCM (H100, 1024
// pairs: a 1000 x 1000 grid 51-55 -> 39 ms, Luxembourg's roads 4.7-5.0 ->
// 4.6, Amsterdam's 2.0-2.1 -> 1.9; docs/BENCHMARKS.md): at least 1000
// vertices, at most 8 arcs per vertex on average and no hub (no vertex
// with more than 16 times the mean), the engines' own test for hubs. (Not
// the default: ring lattices already in ring order lost 5-6%.)
bool longGraph(const Graph& graph);
// The order Auto stands for on `graph` (File and Rcm stand for themselves).
VertexOrder resolvedOrder(const Graph& graph, VertexOrder order);

// Reverse Cuthill-McKee over the undirected view (out- and in-arcs): per
// component (in order of its smallest id), a breadth-first order from a
// pseudo-peripheral vertex (George and Liu: repeated BFS from a vertex of
// least degree of the last level while the eccentricity grows), each
// vertex's unnumbered neighbours by increasing degree, ties by id; the whole
// order reversed. Returns oldOf: the vertex that gets id i. O(E log d).
std::vector<VertexId> reverseCuthillMcKee(const Graph& graph);

// The graph renumbered in `order` (File: unchanged; Auto: resolvedOrder()).
Graph withVertexOrder(Graph graph, VertexOrder order);

// The largest |u - v| over the arcs u -> v: how far apart neighbours are.
uint64_t bandwidth(const Graph& graph);

} // namespace frontier::graph
