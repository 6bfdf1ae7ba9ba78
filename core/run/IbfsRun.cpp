// The iBFS family: the presets of engine/Strategy.h with their switches, run
// by engine::Search.

#include <algorithm>
#include <cctype>
#include <cstdio>

#include "engine/DeviceGraph.h"
#include "engine/ibfs/Search.h"
#include "reference/Dijkstra.h"
#include "run/DeviceInputs.h"
#include "run/EngineRun.h"
#include "run/Families.h"

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

std::unique_ptr<Run> makeIbfs(DeviceInputs& inputs, std::vector<graph::Pair> pairs, const RunSpec& spec,
                              const RunOptions& options) {
  return std::make_unique<IbfsRun>(inputs, std::move(pairs), spec.strategy, options);
}

void prepareIbfs(DeviceInputs& inputs, const RunSpec& spec) {
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
