#pragma once
// The switches of the shortest-path engine (SsspSearch) and the names the CLI
// and the GUI show for its algorithms.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace frontier::engine {

enum class SsspAlgorithm : uint8_t {
  NearFar,        // two buckets: near (below the bucket end) and the far pile, compacted at each phase end
  DeltaStepping,  // buckets of width delta found by scanning distances; light arcs per step, heavy once per bucket
  BellmanFord,    // topology-driven: every reached vertex relaxes all its arcs each iteration until nothing changes
  Batched,        // a block of queries advances together over one vertex frontier, distances interleaved
                  // (dist[v * Q + q]), buckets shared by the block's minimum (BatchedSssp.h)
  Resident,       // one workgroup per query runs it to its end in one dispatch, its buckets as
                  // bitmaps in shared memory (ResidentSssp.h); graphs whose bitmaps fit
  Pairs,          // hop counts only: one workgroup per pair searches it from both ends until
                  // the two sides meet (PairHops.h); `tuned` on graphs with hubs
  Automatic,      // Resident on road-like graphs (mean out-degree at most 8) whose bitmaps fit
                  // the device, Batched elsewhere (resolveAlgorithm, SsspPlan.h)
};

// "near-far", "delta-step", "bellman-ford", "batched", "resident", "pairs", "auto".
std::string_view algorithmName(SsspAlgorithm algorithm);
std::vector<std::string> algorithmNames();
// Accepts the names above (and "nearfar", "delta-stepping", "bf",
// "interleaved", ...);
// throws std::invalid_argument naming the known algorithms.
SsspAlgorithm algorithmByName(std::string_view name);

inline constexpr uint32_t kMaxIterationsPerSubmit = 64;
inline constexpr uint32_t kDefaultChainRounds = 12;
inline constexpr uint32_t kAutomaticChain = 0xFFFFFFFFU;
inline constexpr uint32_t kMaxChainRounds = 4096;

struct SsspOptions {
  // Automatic is the default: on the H100, Resident answers 1024 road
  // queries 2 to 3 times faster than Batched, which is 3 to 9 times faster
  // than Near-Far, and Batched is 9 times faster than Resident on Kronecker
  // graphs (docs/BENCHMARKS.md).
  SsspAlgorithm algorithm = SsspAlgorithm::Automatic;
  // Bucket width in weight units (Near-Far and Delta-Stepping); 0 = chosen
  // from the weights (see defaultDelta). Rounded to a whole number >= 1 for
  // integer weights.
  double delta = 0;
  // B: relax iterations recorded in one submission and run with no host
  // round trip in between (1..64). step() always runs one.
  uint32_t iterationsPerSubmit = 16;
  // Q: queries (distinct sources) per batch (Pairs: workgroups, each
  // answering a pair at a time); 0 = as many as fit the device,
  // at most kDefaultQueriesPerBatch (Batched: kDefaultBatchedQueries, the
  // queries spread evenly over the fewest blocks).
  uint32_t queriesPerBatch = 0;
  // Batched: frontier items a workgroup may relax right away after each
  // item it was given, from the targets it improved (depth first, in the same
  // step), before the rest waits for the next step. Resident: vertices an
  // invocation relaxes on after each listed vertex, from the first target it
  // improved below the bucket end. 0: one hop per step (round);
  // kAutomaticChain: chosen from the graph (resolveChainRounds,
  // resolveResidentChain).
  uint32_t chainRounds = kAutomaticChain;
  // A pair whose query is followed to the last vertex it can reach (never
  // stopped early), so that trackedState() covers the graph.
  std::optional<uint32_t> trackedPair;
  bool timestamps = true;  // per-kernel GPU timestamps (when the device has them)
  // The name the trace gives the run (empty: the algorithm's). The resident
  // engine answers `tuned`'s hop counts on road-like graphs (run/IbfsRun.cpp),
  // and its trace then says so.
  std::string runName;
};

inline constexpr uint32_t kDefaultQueriesPerBatch = 256;
inline constexpr uint32_t kDefaultBatchedQueries = 1024;

} // namespace frontier::engine
