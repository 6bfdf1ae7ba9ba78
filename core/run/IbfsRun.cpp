// The iBFS family: the presets of engine/Strategy.h with their switches, run
// by engine::Search.

#include <algorithm>
#include <cctype>
#include <cstdio>

#include "engine/DeviceGraph.h"
#include "engine/ibfs/Search.h"
#include "engine/sssp/PairHops.h"
#include "engine/sssp/ResidentSssp.h"
#include "reference/Dijkstra.h"
#include "run/DeviceInputs.h"
#include "run/EngineRun.h"
#include "run/Families.h"
#include "vk/Context.h"

namespace frontier::run {

namespace {

class IbfsRun final : public EngineRun<engine::Search> {
public:
  IbfsRun(DeviceInputs& inputs, std::vector<graph::Pair> pairs, const engine::Strategy& strategy,
          const RunOptions& options)
      : EngineRun(inputs.context(),
                  // tuned reads the degrees: computed before the upload, so
                  // that no host work lies between the upload and the first
                  // submission (the component labels come from the device).
                  inputs.deviceGraph(strategy.options.tuned), std::move(pairs),
                  strategy, engine::SearchOptions{options.trackedPair, options.timestamps, options.claimBatch}),
        m_vertices(inputs.graph()->vertexCount()) {}

  engine::Progress progress() const override {
    engine::Progress p;
    p.batch = m_search.currentBatch();
    p.batches = m_search.batchCount();
    p.level = m_search.currentLevel();
    p.pairs = static_cast<uint32_t>(m_search.pairs().size());
    p.pairsDone = m_search.finished() ? p.pairs : std::min(p.pairs, p.batch * m_search.trace().searchesPerBatch);
    return p;
  }

  std::vector<uint32_t> searchedPairs(engine::SearchRange range) const override {
    return m_search.searchedPairs(range);
  }
  uint32_t searchCount() const override { return m_search.searchCount(); }
  uint32_t searchesPerBatch() const override { return m_search.searchesPerBatch(); }

  RunResults results() const override {
    RunResults out;
    out.unit = Unit::Hops;
    out.exact = true;
    for (const graph::Length length : m_search.lengths()) {
      out.lengths.push_back(length == graph::kUnreachable ? reference::kNoPath : static_cast<double>(length));
    }
    return out;
  }

  std::string details() const override {
    const engine::RunTrace& t = m_search.trace();
    char text[256];
    std::snprintf(text, sizeof text, "%u answered without a search, %.3g search-edges/s, %.2f searches per JFQ vertex",
                  t.skippedPairs, t.totals.searchEdgesPerSecond(), t.sharing());
    return text;
  }

  RunView view(uint32_t rows, uint32_t cols) override {
    RunView v;
    v.iteration = static_cast<int>(m_search.trace().iterations.size()) - 1;
    v.level = m_search.currentLevel();
    v.trackedLevels = m_search.trackedLevels();
    v.trackedBackward = m_search.trackedBackwardLevels();
    v.tracked = !v.trackedLevels.empty();
    v.trackedDone = m_search.trackedDone();
    v.jfq = m_search.lastJfq();
    if (rows == 0 || cols == 0) {
      return v; // no status arrays asked for
    }
    v.bins = m_search.binStatus(rows, cols);
    if (v.bins.searches > 0) {
      v.batchPairs = m_search.batchPairs(v.bins.batch);
      // One cell per vertex: how many searches of the batch reached it.
      const engine::StatusBins perVertex = m_search.binStatus(1, m_vertices);
      v.reachedBy.resize(perVertex.cols);
      for (uint32_t i = 0; i < perVertex.cols; ++i) {
        v.reachedBy[i] = static_cast<uint16_t>(perVertex.visited(0, i) + perVertex.frontier(0, i));
      }
    }
    return v;
  }

private:
  uint32_t m_vertices;
};

bool isShortestPathSwitch(std::string_view key) {
  std::string lower(key);
  std::transform(lower.begin(), lower.end(), lower.begin(), [](unsigned char c) { return std::tolower(c); });
  return lower == "delta" || lower == "b" || lower == "q" || lower == "batch" || lower == "queries";
}

void parseIbfs(RunSpec& spec, std::string_view /*head*/, std::string_view switches) {
  // A shortest-path knob on a BFS strategy is a likely slip: say so rather
  // than only "unknown switch".
  while (!switches.empty()) {
    const size_t plus = switches.find('+');
    const std::string_view item = switches.substr(0, plus);
    switches = plus == std::string_view::npos ? std::string_view() : switches.substr(plus + 1);
    if (isShortestPathSwitch(item.substr(0, item.find('=')))) {
      throw SpecError("'" + std::string(item) + "' in '" + spec.text +
                      "' is a shortest-path switch (near-far, delta-step, bellman-ford); iBFS strategies take " +
                      std::string(engine::strategySwitches()));
    }
  }
  try {
    spec.strategy = engine::strategyFromSpec(spec.text);
  } catch (const std::invalid_argument& error) {
    throw SpecError(error.what());
  }
}

// `tuned` on road-like graphs whose bitmaps fit the device (the rule of the
// shortest-path engines' automatic choice, engine::residentSuits) and whose
// diameter is long for their size (below): pair hop
// counts by the resident engine with every arc weighing 1, one workgroup per
// query from its source to its end inside one dispatch, instead of hundreds
// to thousands of level-synchronous sweeps over every search's status words.
// H100, 1024 random pairs (docs/BENCHMARKS.md): Luxembourg 17.2 ms against
// 45.6, Amsterdam 5.9 against 16.9, a 300x300 grid 9.7 against 23.3,
// identical lengths.
bool tunedGoesResident(DeviceInputs& inputs, size_t pairs) {
  const std::shared_ptr<const engine::DeviceGraph> g = inputs.deviceGraph(true);
  const engine::WeightSummary hops = engine::unitWeightSummary(g->host().out());
  const gpu::DeviceInfo& device = inputs.context().info();
  const engine::ResidentShape shape =
      engine::residentShape(device, *g, engine::resolveResidentChain(engine::kAutomaticChain, hops), pairs);
  if (!engine::residentSuits(device, shape, hops)) {
    return false;
  }
  // Levels against reach: a level-synchronous sweep costs about the same
  // whatever its frontier holds, a resident query about the vertices it
  // reaches. H100, 1024 random pairs: resident won where the diameter
  // estimate is at least one hop per 500 vertices of the largest component
  // (4elt: 101 hops in 15,606 vertices, 1.6 ms against 4.0; Watts-Strogatz
  // n=30000 k=6 beta=0.01: 70 in 30,000, 1.8 against 3.1) and lost below
  // it (Watts-Strogatz n=100000 k=4 beta=0.01: 162 in 100,000, 8.4 against
  // 7.7; Erdos-Renyi n=100000 m=120000: 30 hops, 37.0 against 1.5).
  const graph::GraphStats& structure = g->shape();
  return structure.diameterEstimate * 500 >= structure.largestComponent;
}

// `tuned` wherever the pair engine fits the device (every GPU; on CPU
// devices graphs whose pairs stay within the loop budget): pair hop counts,
// one workgroup per pair from both ends until they meet, inside one
// dispatch, instead of level-synchronous sweeps over every search's status
// words, and no component labels (a side in another component than the
// other end runs dry). H100 (docs/BENCHMARKS.md, "Pairs from both ends"):
// faster than the BFS engine and than the resident engine on every graph
// measured, Kronecker 20 with 1024 pairs 0.15 ms against 2.5, the 1000 x
// 1000 grid 52 against 216, Luxembourg 4.8 against the resident 17.2,
// Erdos-Renyi and Watts-Strogatz graphs 10 to 15 times.
bool tunedGoesPairs(DeviceInputs& inputs) {
  return engine::pairHopsFit(inputs.context(), *inputs.deviceGraph(true));
}

std::unique_ptr<Run> makeIbfs(DeviceInputs& inputs, std::vector<graph::Pair> pairs, const RunSpec& spec,
                              const RunOptions& options) {
  // The plain preset (its name, and no option set past it: frontier-cli's
  // --searches-per-batch, --direction, ... keep the name), where nobody
  // steps or draws its levels and its batches are not shared between
  // devices, may hand its pairs to another engine.
  const bool plain = spec.text == "tuned" && !spec.optionsOverridden;
  if (plain && !options.levels && !options.trackedPair && !options.claimBatch && !pairs.empty()) {
    if (tunedGoesPairs(inputs)) {
      return makeHopCounts(inputs, std::move(pairs), options, engine::SsspAlgorithm::Pairs, spec.text);
    }
    // CPU devices, where a graph's pairs may pass the pair engine's loop budget.
    if (tunedGoesResident(inputs, pairs.size())) {
      return makeHopCounts(inputs, std::move(pairs), options, engine::SsspAlgorithm::Resident, spec.text);
    }
  }
  return std::make_unique<IbfsRun>(inputs, std::move(pairs), spec.strategy, options);
}

void prepareIbfs(DeviceInputs& inputs, const RunSpec& spec) {
  // (A run that tuned hands to the resident engine makes its unit weights
  // in its warm-up: whether it does depends on the run's options.)
  inputs.deviceGraph(spec.strategy.options.tuned);
}

std::string ibfsStepLine(const engine::IterationStats& it) {
  char text[256];
  std::snprintf(text, sizeof text, "batch %u level %3u %-9s jfq %9u new %11llu edges %11llu active %5u", it.batch,
                it.level, std::string(engine::directionName(it.direction)).c_str(), it.jfqLength,
                static_cast<unsigned long long>(it.newlyVisited), static_cast<unsigned long long>(it.edgesExamined),
                it.activeSearches);
  return text;
}

bool acceptsIbfs(std::string_view head) {
  const std::vector<std::string> names = engine::strategyNames();
  return std::find(names.begin(), names.end(), head) != names.end();
}

} // namespace

Family ibfsFamily() {
  return Family{Engine::Ibfs, "iBFS",    engine::strategyNames, engine::strategySwitches(),
                acceptsIbfs,  parseIbfs, ibfsStepLine,          makeIbfs,
                prepareIbfs};
}

} // namespace frontier::run
