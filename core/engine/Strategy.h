#pragma once
// The engine's switches and the named presets (strategies) over them.

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace frontier::graph { class Graph; }

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
  bool scanBuiltJfq = false;
  bool sparseIdentify = false;
  bool groupBy = false;
  // Pairs whose ends lie in different weakly connected components are
  // unreachable: answer them without a search (components are computed once
  // per graph on the host).
  bool componentFilter = false;

  std::string describe() const;  // "omega=1024 direction=jfq(0.83) ..."
};

struct Strategy {
  std::string name;
  std::string description;
  EngineOptions options;
};

// The presets, in display order: workgroups, coalesced, coalesced-bottom-up, ...
const std::vector<Strategy>& strategies();
std::vector<std::string> strategyNames();
// Throws std::invalid_argument naming the known strategies.
Strategy strategyByName(std::string_view name);

// A preset with switches, "name[+switch...]", e.g.
// "coalesced-bottom-up+beamer+lb+k=8". Switches: top-down, jfq[=F], beamer,
// omega=N, k=N (levels per submission), adaptive, agg (aggregated appends),
// lb (load-balanced expand), sparse (sparse identify), cf (component filter). The result is named after the whole spec, so
// variants stay apart in comparisons. std::invalid_argument for anything else.
Strategy strategyFromSpec(std::string_view spec);

} // namespace frontier::engine
