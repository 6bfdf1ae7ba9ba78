// The shortest-path family: Near-Far, Delta-Stepping, Bellman-Ford and
// batched with their knobs, run by engine::SsspSearch.

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>
#include <cstdio>

#include "engine/sssp/SsspSearch.h"
#include "run/DeviceInputs.h"
#include "run/EngineRun.h"
#include "run/Families.h"

namespace frontier::run {

namespace {

constexpr std::string_view kSwitches = "delta=D (bucket width, positive), B=N (relax iterations per submission, 1..64, "
                                       "0 = adaptive), Q=N (queries per batch, 0 = as many as fit), chain=N (batched: items a workgroup "
                                       "relaxes on from its own targets within a step; resident: vertices an invocation "
                                       "relaxes on after each listed one; 0..4096; default from the graph)";

class SsspRun final : public EngineRun<engine::SsspSearch> {
public:
  // Unit::Hops: every arc weighs 1, whatever the graph's weights.
  SsspRun(DeviceInputs& inputs, std::vector<graph::Pair> pairs, engine::SsspOptions options, Unit unit = Unit::Weight)
      : EngineRun(inputs.context(), inputs.deviceGraph(), unit == Unit::Hops ? inputs.unitWeights() : inputs.weights(),
                  std::move(pairs), options),
        m_unit(unit) {}

  engine::Progress progress() const override {
    engine::Progress p;
    p.batch = m_search.currentBatch();
    p.batches = m_search.batchCount();
    p.level = m_search.currentIteration();
    p.pairs = static_cast<uint32_t>(m_search.pairs().size());
    p.pairsDone = m_search.finished() || p.batches == 0
                      ? p.pairs
                      : static_cast<uint32_t>(uint64_t{p.pairs} * p.batch / p.batches);
    return p;
  }

  RunResults results() const override {
    RunResults out;
    out.unit = m_unit;
    out.exact = m_search.integerWeights();
    out.lengths = m_search.lengths();
    return out;
  }

  std::string details() const override {
    const std::string hops = m_unit == Unit::Hops ? "hop counts by the " +
                                                        std::string(engine::algorithmName(m_search.options().algorithm)) +
                                                        " engine (every arc weighs 1): "
                                                  : std::string();
    char text[320];
    std::snprintf(text, sizeof text, "%s%u queries in %u batches of %u, delta %g, %s weights, %.4f ms GPU per query",
                  hops.c_str(),
                  m_search.queryCount(), m_search.batchCount(), m_search.queriesPerBatch(), m_search.delta(),
                  !m_search.integerWeights() ? "float32" : m_unit == Unit::Hops ? "unit" : "integer",
                  m_search.queryCount() > 0 ? m_search.trace().totals.gpuMs / m_search.queryCount() : 0.0);
    return text;
  }

  RunView view(uint32_t /*rows*/, uint32_t /*cols*/) override {
    // Distances and vertex states (settled, near bucket, far pile); no
    // status arrays: shortest paths keep distances, not bits.
    RunView v;
    v.iteration = static_cast<int>(m_search.trace().iterations.size()) - 1;
    v.level = m_search.currentIteration();
    v.trackedDistances = m_search.trackedDistances();
    for (const engine::VertexState s : m_search.trackedState()) {
      v.trackedStates.push_back(static_cast<uint8_t>(s));
    }
    v.tracked = !v.trackedStates.empty();
    return v;
  }

private:
  Unit m_unit;
};

std::string lower(std::string_view text) {
  std::string out(text);
  std::transform(out.begin(), out.end(), out.begin(), [](unsigned char c) { return std::tolower(c); });
  return out;
}

template <class T> T number(const RunSpec& spec, std::string_view item, std::string_view text) {
  T value{};
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (text.empty() || error != std::errc() || end != text.data() + text.size()) {
    throw SpecError("'" + std::string(item) + "' in '" + spec.text +
                    "' needs a number (shortest-path switches: " + std::string(kSwitches) + ")");
  }
  return value;
}

void parseSssp(RunSpec& spec, std::string_view head, std::string_view switches) {
  engine::SsspOptions& o = spec.sssp;
  o.algorithm = engine::algorithmByName(head);
  if (o.algorithm == engine::SsspAlgorithm::Batched || o.algorithm == engine::SsspAlgorithm::Automatic) {
    // Blocks run for hundreds to thousands of steps: adaptive B (2, 4, ...,
    // 64 per submission) unless the spec says otherwise (the resident
    // engine, which Automatic may pick, runs a batch per dispatch).
    o.iterationsPerSubmit = 0;
  }
  while (!switches.empty()) {
    const size_t plus = switches.find('+');
    const std::string_view item = switches.substr(0, plus);
    switches = plus == std::string_view::npos ? std::string_view() : switches.substr(plus + 1);
    const size_t eq = item.find('=');
    const std::string key = lower(item.substr(0, eq));
    const std::string_view value = eq == std::string_view::npos ? std::string_view() : item.substr(eq + 1);
    if (key == "delta") {
      const auto delta = number<double>(spec, item, value);
      if (!(delta > 0) || !std::isfinite(delta)) {
        throw SpecError("'" + std::string(item) + "' in '" + spec.text + "': delta must be a positive number (" +
                        std::string(kSwitches) + ")");
      }
      o.delta = delta;
    } else if (key == "b" || key == "batch") {
      const auto batch = number<uint32_t>(spec, item, value);
      if (batch > engine::kMaxIterationsPerSubmit) {
        throw SpecError("'" + std::string(item) + "' in '" + spec.text + "': B must be 1.." +
                        std::to_string(engine::kMaxIterationsPerSubmit) + " or 0 (adaptive)");
      }
      o.iterationsPerSubmit = batch;
    } else if (key == "q" || key == "queries") {
      o.queriesPerBatch = number<uint32_t>(spec, item, value);
    } else if (key == "chain") {
      const auto chain = number<uint32_t>(spec, item, value);
      if (chain > engine::kMaxChainRounds) {
        throw SpecError("'" + std::string(item) + "' in '" + spec.text + "': chain must be 0.." +
                        std::to_string(engine::kMaxChainRounds));
      }
      o.chainRounds = chain;
    } else {
      throw SpecError("unknown switch '" + std::string(item) + "' in '" + spec.text +
                      "' (shortest-path switches: " + std::string(kSwitches) + ")");
    }
  }
}

std::unique_ptr<Run> makeSssp(DeviceInputs& inputs, std::vector<graph::Pair> pairs, const RunSpec& spec,
                              const RunOptions& options) {
  engine::SsspOptions o = spec.sssp;
  o.trackedPair = options.trackedPair;
  o.timestamps = options.timestamps;
  // pairs counts hops whatever the graph's weights.
  return std::make_unique<SsspRun>(inputs, std::move(pairs), o,
                                   o.algorithm == engine::SsspAlgorithm::Pairs ? Unit::Hops : Unit::Weight);
}

} // namespace

std::unique_ptr<Run> makeHopCounts(DeviceInputs& inputs, std::vector<graph::Pair> pairs, const RunOptions& options,
                                   engine::SsspAlgorithm algorithm, std::string runName) {
  engine::SsspOptions o;
  o.algorithm = algorithm;
  o.trackedPair = options.trackedPair;
  o.timestamps = options.timestamps;
  o.runName = std::move(runName);
  return std::make_unique<SsspRun>(inputs, std::move(pairs), o, Unit::Hops);
}

namespace {

void prepareSssp(DeviceInputs& inputs, const RunSpec&) {
  inputs.deviceGraph();
  inputs.weights();
}

std::string ssspStepLine(const engine::IterationStats& it) {
  char text[256];
  std::snprintf(text, sizeof text, "batch %u iteration %5u near %9u far %9u settled %11llu arcs %10llu active %5u",
                it.batch, it.level, it.nearSize, it.farSize, static_cast<unsigned long long>(it.settled),
                static_cast<unsigned long long>(it.edgesExamined), it.activeSearches);
  return text;
}

bool acceptsSssp(std::string_view head) {
  try {
    engine::algorithmByName(head);
    return true;
  } catch (const std::invalid_argument&) {
    return false;
  }
}

} // namespace

Family shortestPathsFamily() {
  return Family{Engine::ShortestPaths, "shortest paths", engine::algorithmNames, kSwitches,
                acceptsSssp,           parseSssp,        ssspStepLine,           makeSssp,
                prepareSssp};
}

} // namespace frontier::run
