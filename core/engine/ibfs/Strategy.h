#pragma once
// The engine's switches and the named presets (strategies) over them.

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "engine/scan/ScanKind.h"

namespace frontier::graph {
class Graph;
struct GraphStats;
} // namespace frontier::graph

namespace frontier::engine {

enum class Layout : uint8_t {
  InstanceMajor,  // `workgroups`: BSA[instance * V + v], one 32-search word per vertex per instance
  VertexMajor,    // `coalesced`: BSA[v * W + w], W words of 32 searches per vertex
};

enum class DirectionPolicy : uint8_t {
  TopDown,       // always push
  JfqThreshold,  // pull when the JFQ holds more than jfqThreshold * V vertices (the thesis)
  Beamer,        // Beamer et al.: pull when frontier arcs > unexplored arcs / alpha, push again when JFQ < V / beta
};

// Which ends of a pair a search starts from.
enum class SearchEnds : uint8_t {
  Auto,  // one-way, except where `tuned` chooses both
  One,   // from the source only (`one-way`)
  Both,  // from both ends, the smaller frontier first (`bidir`, BidirLevels.h)
};

struct EngineOptions {
  Layout layout = Layout::VertexMajor;
  uint32_t searchesPerBatch = 1024;  // omega: 32..1024, a multiple of 32
  DirectionPolicy direction = DirectionPolicy::TopDown;
  double jfqThreshold = 0.83;
  double beamerAlpha = 14.0;
  double beamerBeta = 24.0;
  // Throughput switches (see docs/ENGINE.md).
  uint32_t levelsPerSubmit = 1;   // levels recorded per submission; 0 = adaptive
  bool aggregatedAppends = false; // one atomic per subgroup for JFQ appends
  bool loadBalancedExpand = false;
  // Scan-built JFQ: identify writes entry counts, a device-wide scan orders
  // the JFQ by the identify's vertex list (vertex-major layout only).
  bool scanBuiltJfq = false;
  ScanKind scanKind = ScanKind::Chained;
  bool sparseIdentify = false;
  bool groupBy = false;
  // The destination check also stops a search whose destination is one arc
  // beyond S_k (an in-neighbour in S_k), a level before the expand would
  // reach it (`probe`).
  bool probeDestinations = false;
  // Work lists of status words (`worklist`, vertex-major, top-down): the
  // expand lists each word of S_{k+1} it changes, once; identify and expand
  // run over those words instead of every vertex's W words, and identify
  // sweeps every word when the list outgrows a quarter of them
  // (shaders/ibfs/WordLists.glsl). The JFQ switches (agg, lb, scan, sparse)
  // do not apply to it.
  bool wordLists = false;
  // Pairs whose ends lie in different weakly connected components are
  // unreachable: answer them without a search (components are computed once
  // per graph on the host).
  bool componentFilter = false;
  // Two-sided search (vertex-major, top-down only). It has kernels of its
  // own: the JFQ switches (agg, lb, scan, sparse, probe) do not apply to it.
  SearchEnds ends = SearchEnds::Auto;
  // Both ends advance in the same level when their frontiers' arcs are within
  // this factor (`bidir=R`; 0 = always the smaller side alone).
  double bidirBothRatio = 2.0;
  // Replace every switch by the choice of tunedOptions() for the graph and
  // the pair count when the search starts.
  bool tuned = false;

  std::string describe() const;  // "omega=1024 direction=jfq(0.83) ..."
};

struct Strategy {
  std::string name;
  std::string description;
  EngineOptions options;
};

// The `tuned` preset's choice for a graph (its shape from graph::computeStats)
// and a pair count; see docs/ENGINE.md for the rules.
EngineOptions tunedOptions(const graph::GraphStats& shape, size_t pairs);

// The presets, in display order: workgroups, coalesced, coalesced-bottom-up, ...
const std::vector<Strategy>& strategies();
std::vector<std::string> strategyNames();
// The switches strategyFromSpec() takes, in words (for messages and --help).
std::string_view strategySwitches();
// Throws std::invalid_argument naming the known strategies.
Strategy strategyByName(std::string_view name);

// A preset with switches, "name[+switch...]", e.g.
// "coalesced-bottom-up+beamer+lb+k=8". Switches: top-down, jfq[=F], beamer,
// omega=N, k=N (levels per submission), adaptive, agg (aggregated appends),
// lb (load-balanced expand), scan (scan-built JFQ, chained scan), scan-rts
// (scan-built JFQ, reduce-then-scan), sparse (sparse identify), cf (component
// filter), groupby (GroupBy batching), probe (destination probe), worklist
// (identify and expand over lists of changed status words), bidir (a
// search from both ends), one-way (never from both ends; with `tuned`). The result is named after the whole
// spec, so variants stay apart in comparisons. std::invalid_argument for
// anything else, and for combinations validateOptions() rejects.
Strategy strategyFromSpec(std::string_view spec);
// Throws std::invalid_argument when a '+' of `spec` (any family's
// HEAD+SWITCH... spec) has no switch after it: "tuned+", "a++b" are typos,
// not specs with nothing to say.
void requireSwitchAfterEveryPlus(std::string_view spec);

// Throws std::invalid_argument naming the conflict when the switches cannot
// work together (e.g. the scan-built JFQ on the instance-major layout).
// `what` names the strategy in the message.
void validateOptions(const EngineOptions& options, std::string_view what);

} // namespace frontier::engine
