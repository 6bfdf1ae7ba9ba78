#pragma once
// Synthetic graphs, deterministic by seed on every platform (Random.h). All
// are undirected and unweighted with file ids 0..n-1; each throws
// std::invalid_argument for parameters out of range. The graph's name() is
// the canonical spec that generate() reads back.

#include <cstdint>
#include <string>
#include <string_view>

#include "Graph.h"
#include "Progress.h"

namespace frontier::graph {

// Graph500 Kronecker (R-MAT) graph: 2^scale vertices (isolated ones kept),
// edgeFactor * 2^scale generated edges before duplicates and self-loops are
// merged. Follows the reference generator (kronecker_generator.m): per bit,
// the row bit is 1 with probability 1 - (A+B), the column bit with C/(1-A-B)
// or A/(A+B) given it; then the vertex labels are permuted at random.
struct KroneckerParams {
  uint32_t scale = 16;       // 1..31
  uint32_t edgeFactor = 16;  // >= 1
  double a = 0.57;
  double b = 0.19;
  double c = 0.19;
  uint64_t seed = 1;
  unsigned threads = 0;  // 0 = hardware concurrency; the result does not depend on it
  // Edges made side by side in vector lanes where the CPU allows (AVX-512,
  // AVX2); false makes them one at a time. The same graph either way (tests
  // compare the two).
  bool vectorLanes = true;
};
// `progress`: the fraction done (0..1), called on the calling thread;
// returning false cancels (LoadCancelled).
Graph generateKronecker(const KroneckerParams& params, const ProgressCallback& progress = {});

// rows x cols lattice; vertex r*cols + c has coordinate (c, r). Diameter
// rows + cols - 2.
Graph generateGrid(uint32_t rows, uint32_t cols);
// G(n, m): m distinct edges, uniform among all graphs without self-loops.
Graph generateErdosRenyi(uint32_t n, uint64_t m, uint64_t seed);
// Preferential attachment as in networkx: a star of m+1 vertices, then each
// new vertex joins m distinct vertices chosen in proportion to degree.
// m * (n - m) edges.
Graph generateBarabasiAlbert(uint32_t n, uint32_t m, uint64_t seed);
// Ring of n vertices each joined to its k nearest (k even, k < n), each edge
// rewired with probability beta to a uniform new end; n * k / 2 edges.
Graph generateWattsStrogatz(uint32_t n, uint32_t k, double beta, uint64_t seed);
Graph generatePath(uint32_t n);
Graph generateStar(uint32_t n);  // vertex 0 joined to 1..n-1
// Complete `branching`-ary tree: the parent of vertex v > 0 is (v-1)/branching.
Graph generateTree(uint32_t n, uint32_t branching);
Graph generateComplete(uint32_t n);

// One spec string for the CLI and the GUI: "kind[:params]", params either
// key=value pairs or positional values, comma-separated:
//   kronecker:scale=16,edgefactor=16[,a=,b=,c=,seed=]   (or kronecker:16,16)
//   grid:40x40 | grid:rows=40,cols=40
//   er:n=1000,m=5000[,seed=]     ba:n=1000,m=3[,seed=]
//   ws:n=1000,k=10,beta=0.1[,seed=]
//   path:100  star:100  tree:n=100,branching=2  complete:10
// Throws std::invalid_argument naming the problem. `progress` as for
// generateKronecker() (only the Kronecker generator, the one that takes long,
// reports; LoadCancelled when it returns false).
Graph generate(std::string_view spec, const ProgressCallback& progress = {});
// One line per kind, for --help texts.
std::string generatorHelp();

// A copy of `graph` with integer weights 1..maxWeight, deterministic by seed;
// both arcs of an undirected edge get the same weight.
Graph withRandomWeights(Graph graph, uint32_t maxWeight, uint64_t seed);

} // namespace frontier::graph
