#pragma once
// Host-side planning of a shortest-path run, pure and unit-tested without a
// GPU: what the weights allow (exact integers or float32), the bucket width,
// pairs grouped into queries by source, and how many queries a batch holds.

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "engine/sssp/SsspOptions.h"
#include "graph/Csr.h"
#include "graph/Pairs.h"

namespace frontier::engine {

struct WeightSummary {
  bool weighted = false;  // false: every arc counts 1
  bool integer = true;    // every weight a whole number below 2^32: exact 64-bit sums on the GPU
  double maxWeight = 0;
  double meanWeight = 0;  // over arcs
  uint64_t zeroArcs = 0;  // arcs of weight 0
  uint64_t arcs = 0;
  uint32_t vertices = 0;
};

// Throws std::invalid_argument for a negative or NaN weight (naming the arc
// by dense ids; the readers already reject them with the file's line) and
// ResourceError when real weights could overflow a float32 sum.
WeightSummary summarizeWeights(const graph::Csr& out);
// The summary of `out`'s arcs each weighing 1 (its weights, if any, unread).
WeightSummary unitWeightSummary(const graph::Csr& out);

// The bucket width used when SsspOptions::delta is 0: about the weight a
// vertex's arcs span in 32 arcs (mean weight * 32 / mean out-degree, at least
// the mean weight), so a bucket holds a few subgroups' worth of arcs per
// vertex on road graphs and a single step on dense ones. Whole for integer
// weights; 1 for unweighted graphs.
double defaultDelta(const WeightSummary& weights);

// The bucket width used when SsspOptions::delta is 0 for the batched engine:
// wider than the per-query default (defaultDelta), because a step of a
// block costs about the same with a wide frontier as with a narrow one, so
// fewer steps (fewer, wider buckets) win over fewer re-relaxations.
// 4 times the per-query default on graphs that chain by default
// (resolveChainRounds), 8 times on denser ones.
double defaultBatchedDelta(const WeightSummary& weights);
// The resident engine's bucket width (ResidentSssp.h): 4 times the
// per-query default where it chains (roads), twice on others; unweighted
// graphs count as weights of 1 here (a bucket of many hops, not one).
double defaultResidentDelta(const WeightSummary& weights);
// The resident engine's chain (SsspOptions::chainRounds): `requested`, or
// for kAutomaticChain 3 on graphs of mean out-degree below 3 (roads), 0
// on others.
uint32_t resolveResidentChain(uint32_t requested, const WeightSummary& weights);
// The resident engine's key width: 32 bits where every distance and every
// candidate (a tentative distance plus one arc) fits 31 bits beside the
// pending bit: always for real weights (float32 bits of a non-negative
// value), for integer weights when maxWeight * vertices < 2^31 - 1 (a
// tentative distance is a simple path's length: at most maxWeight * (V - 1));
// 64 otherwise.
uint32_t residentKeyBits(const WeightSummary& weights);
// The algorithm that runs: `requested`, or for Automatic, Resident on
// road-like graphs whose bitmaps fit the device (`residentFits`), Batched
// elsewhere.
SsspAlgorithm resolveAlgorithm(SsspAlgorithm requested, const WeightSummary& weights, bool residentFits);

// Chain rounds of the batched relax when SsspOptions::chainRounds is
// kAutomaticChain: kDefaultChainRounds on sparse graphs (mean out-degree at
// most 8: roads, grids, where a wave needs hundreds of hops), 0 on denser
// ones (Kronecker: few hops, and hubs would make long chains). Otherwise
// `requested`.
uint32_t resolveChainRounds(uint32_t requested, const WeightSummary& weights);

// Mesa's llvmpipe (lavapipe) silently ends every loop of a shader
// invocation once that invocation's loops have run 65,535 iterations in all
// (its LP_MAX_TGSI_LOOP_ITERATIONS): a search then stops short. On CPU
// devices the engines keep an upper bound on those iterations under this
// budget, or refuse the graph (docs/SSSP.md).
inline constexpr uint64_t kCpuLoopBudget = 60000;

// An upper bound on the loop iterations of one invocation of the batched
// engine's relax (batched/relax.comp): each of up to `groups` workgroups
// takes up to ceil(V * chunks / groups) items, each for up to
// chainRounds + 1 rounds, each walking one vertex's arcs.
uint64_t batchedRelaxLoopBound(uint32_t vertices, uint32_t queriesPerBatch, uint64_t groups, uint32_t chainRounds,
                               uint64_t maxOutDegree);

// The delta actually used: `requested` (or the default when 0) rounded to a
// whole number in 1..2^32 for integer weights, positive for real ones.
// Throws std::invalid_argument for a negative or non-finite request.
double resolveDelta(double requested, const WeightSummary& weights);

// The delta as a 64-bit distance key (the integer, or float32 bits).
uint64_t deltaKey(double delta, bool integer);
// A distance key back to a length (kNoPath, +infinity, for the unreached key).
double keyToLength(uint64_t key, bool integer);

// Pairs grouped into queries: one query per distinct source (in order of
// first appearance), its destinations in pair order.
struct QueryPlan {
  std::vector<uint32_t> sources;       // per query
  std::vector<uint32_t> destOffsets;   // per query + 1, into destinations
  std::vector<uint32_t> destinations;  // per destination entry (one per pair)
  std::vector<uint32_t> pairOfEntry;   // destination entry -> pair index
  std::vector<uint32_t> entryOfPair;   // pair index -> destination entry
  uint32_t queryCount() const noexcept { return static_cast<uint32_t>(sources.size()); }
  uint32_t queryOfEntry(uint32_t entry) const;
};

// Every pair's length from the keys the device wrote per destination entry
// (the results buffer of each engine, in the plan's entry order). Under the
// wrong-length fault injection (vk/FaultInjection.h) the first finite
// length is off by one, for the checks against Dijkstra to notice.
std::vector<double> pairLengths(std::span<const uint64_t> entryKeys, const QueryPlan& plan, bool integer);
QueryPlan groupBySource(std::span<const graph::Pair> pairs);

// The per-query and batched engines check and write a query's destinations
// in one invocation at its phase ends (advance.comp, batched/advance.comp):
// two loops over them. On a CPU device (`cpuDevice`, named `deviceName`)
// that passes lavapipe's loop budget (kCpuLoopBudget) for a source with
// more than about 30,000 destinations, which would end the loops early and
// leave lengths wrong; throws ResourceError naming the source's count then.
void checkPhaseEndDestinations(const QueryPlan& plan, bool cpuDevice, const std::string& deviceName);
// The same plan with its queries in `order` (order[k] = the query that
// becomes query k; a permutation of the queries): sources, destination
// entries and both entry maps follow. Pure.
QueryPlan reorderQueries(const QueryPlan& plan, std::span<const uint32_t> order);

// Device bytes per (query, vertex) entry of a batch for `algorithm`.
uint64_t bytesPerEntry(SsspAlgorithm algorithm);

struct DeviceLimits {
  uint64_t memoryBudget = 0;  // 0 = unknown
  // Automatic batches keep their distances within this many bytes (0: no
  // bound); the engines pass one storage-buffer binding's range. Not a
  // limit of the kernels (the arrays are reached by address, and a batch
  // asked for may be larger): on the H100, Kronecker 20's 1024 queries took
  // 5.6 s as one block with 8 GiB of distances and 1.8 s as three of 342
  // within 4 GiB (docs/BENCHMARKS.md).
  uint64_t automaticDistanceBytes = 0;
  uint64_t graphBytes = 0;    // already taken by the graph and weights
};

// Queries per batch: `requested` (0 = as many as fit, at most
// `automaticMax`, spread evenly over the fewest batches), never more than
// there are queries. Throws
// ResourceError, saying what to lower, when the requested number (or a
// single query) does not fit.
uint32_t queriesPerBatch(uint32_t requested, uint32_t queries, uint32_t vertices, SsspAlgorithm algorithm,
                         const DeviceLimits& limits, const std::string& deviceName,
                         uint32_t automaticMax = kDefaultQueriesPerBatch);

// What a vertex is to one query, for colouring the graph view.
enum class VertexState : uint8_t {
  Unreached,  // no tentative distance yet
  Far,        // tentative distance at or above the near bucket's end (the far pile / later buckets)
  Near,       // tentative distance in the near bucket (Bellman-Ford: every reached vertex until the end)
  Settled,    // distance final
};
// From a vertex's distance key and its query's settledBelow / threshold keys
// (a finished query has settledBelow = infinity: everything reached is final).
VertexState classifyVertex(uint64_t key, uint64_t settledBelow, uint64_t threshold);

} // namespace frontier::engine
