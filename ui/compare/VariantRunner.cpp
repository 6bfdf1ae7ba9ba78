#include "compare/VariantRunner.h"

#include <algorithm>
#include <exception>
#include <numeric>

#include "engine/DeviceGraph.h"
#include "engine/DeviceWeights.h"
#include "engine/SsspSearch.h"
#include "reference/Bfs.h"

namespace frontier::ui {

size_t ComparedRun::timedCount() const noexcept {
  return static_cast<size_t>(std::count_if(samples.begin(), samples.end(), [](const RunSample& s) { return !s.warmup; }));
}

std::vector<double> ComparedRun::timedGpuMs() const {
  std::vector<double> times;
  for (const RunSample& sample : samples) {
    if (!sample.warmup) {
      times.push_back(sample.gpuMs);
    }
  }
  return times;
}

int medianSampleOf(const std::vector<RunSample>& samples) {
  std::vector<int> timed;
  for (size_t i = 0; i < samples.size(); ++i) {
    if (!samples[i].warmup) {
      timed.push_back(static_cast<int>(i));
    }
  }
  if (timed.empty()) {
    return -1;
  }
  // Ties keep the earlier run, so the choice does not depend on the sort.
  std::stable_sort(timed.begin(), timed.end(), [&](int a, int b) {
    return samples[static_cast<size_t>(a)].gpuMs < samples[static_cast<size_t>(b)].gpuMs;
  });
  return timed[(timed.size() - 1) / 2];
}

VariantRunner::VariantRunner(gpu::Context& context, std::shared_ptr<const graph::Graph> graph,
                             std::shared_ptr<const engine::DeviceGraph> deviceGraph,
                             std::shared_ptr<const engine::DeviceWeights>& weights, std::vector<graph::Pair> pairs)
    : m_context(context), m_graph(std::move(graph)), m_deviceGraph(std::move(deviceGraph)), m_weights(weights),
      m_pairs(std::move(pairs)) {}

std::optional<VariantRunner::Outcome>
VariantRunner::runOnce(const Variant& variant, const std::function<void(const engine::Progress&)>& progress,
                       const std::atomic<bool>* cancel) {
  Outcome outcome;
  if (variant.sssp) {
    if (!m_weights) {
      m_weights = std::make_shared<const engine::DeviceWeights>(m_context, *m_graph);
    }
    engine::SsspSearch search(m_context, m_deviceGraph, m_weights, m_pairs, variant.ssspOptions);
    if (!search.run(progress, cancel)) {
      return std::nullopt;
    }
    outcome.trace = search.trace();
    outcome.lengths = search.lengths();
    outcome.integerWeights = search.integerWeights();
  } else {
    engine::Search search(m_context, m_deviceGraph, m_pairs, variant.strategy);
    if (!search.run(progress, cancel)) {
      return std::nullopt;
    }
    outcome.trace = search.trace();
    outcome.hops = search.lengths();
    for (const graph::Length length : outcome.hops) {
      outcome.lengths.push_back(length == graph::kUnreachable ? reference::kNoPath : static_cast<double>(length));
    }
  }
  // The spec names the process in traces and the column in tables, so that
  // two variants of one preset stay apart.
  outcome.trace.strategy = variant.spec;
  return outcome;
}

void VariantRunner::record(ComparedRun& entry, Outcome outcome, int order, int round, bool warmup) {
  RunSample sample;
  sample.order = order;
  sample.round = round;
  sample.warmup = warmup;
  sample.gpuMs = outcome.trace.totals.gpuMs;
  sample.wallMs = outcome.trace.totals.wallMs;
  sample.submittedMs = outcome.trace.totals.submittedMs;
  const std::vector<double> perKind = outcome.trace.nsPerKind();
  for (size_t k = 0; k < perKind.size() && k < sample.kindNs.size(); ++k) {
    sample.kindNs[k] = perKind[k];
  }
  entry.samples.push_back(sample);
  if (entry.checked == 0 && !warmup) {
    // The first timed run against the CPU; its lengths are the entry's.
    entry.lengths = outcome.lengths;
    if (entry.sssp) {
      check(entry, outcome.lengths, outcome.integerWeights);
    } else {
      check(entry, outcome.hops);
    }
  }
}

bool VariantRunner::compare(const std::vector<Variant>& variants, const CompareSettings& settings,
                            const std::function<void(int index, double fraction)>& progress,
                            const std::function<void(const ComparedRun&)>& result, const std::atomic<bool>* cancel) {
  const int count = static_cast<int>(variants.size());
  const int warmups = std::clamp(settings.warmups, 0, kMaxWarmups);
  const int repeats = std::clamp(settings.repeats, kMinRepeats, kMaxRepeats);
  const int total = count * (warmups + repeats);
  std::vector<ComparedRun> entries(variants.size());
  std::vector<std::vector<engine::RunTrace>> traces(variants.size()); // timed runs, as in samples
  // Lengths of runs made before the CPU-checked one (the warm-ups), compared once it is known.
  std::vector<std::vector<std::vector<double>>> early(variants.size());
  for (int i = 0; i < count; ++i) {
    ComparedRun& entry = entries[static_cast<size_t>(i)];
    entry.index = i;
    entry.spec = variants[static_cast<size_t>(i)].spec;
    entry.sssp = variants[static_cast<size_t>(i)].sssp;
    entry.repeats = repeats;
  }
  int order = 0;
  // One run of entry i; false when cancelled. A failure ends the entry.
  const auto runEntry = [&](int i, int round, bool warmup) {
    ComparedRun& entry = entries[static_cast<size_t>(i)];
    const int done = order;
    const auto onProgress = [&](const engine::Progress& p) {
      progress(i, (done + p.fraction()) / static_cast<double>(total));
    };
    progress(i, done / static_cast<double>(total));
    try {
      std::optional<Outcome> outcome = runOnce(variants[static_cast<size_t>(i)], onProgress, cancel);
      if (!outcome) {
        return false;
      }
      const bool checkedBefore = entry.checked > 0;
      std::vector<double> lengths = outcome->lengths;
      engine::RunTrace trace = warmup ? engine::RunTrace{} : outcome->trace;
      record(entry, std::move(*outcome), order, round, warmup);
      if (!checkedBefore && entry.checked == 0) {
        early[static_cast<size_t>(i)].push_back(std::move(lengths)); // a warm-up: compared later
      } else if (!checkedBefore) {
        for (const std::vector<double>& before : early[static_cast<size_t>(i)]) {
          entry.differingRuns += before != entry.lengths ? 1U : 0U;
        }
        early[static_cast<size_t>(i)].clear();
      } else {
        entry.differingRuns += lengths != entry.lengths ? 1U : 0U;
      }
      if (!warmup) {
        traces[static_cast<size_t>(i)].push_back(std::move(trace));
      }
    } catch (const std::exception& error) {
      entry.error = error.what(); // the entry runs no more; the others go on
      entry.trace = {};
      entry.medianSample = -1;
      result(entry);
    }
    ++order;
    return true;
  };

  for (int w = 0; w < warmups; ++w) {
    for (int i = 0; i < count; ++i) {
      if (entries[static_cast<size_t>(i)].error.empty() && !runEntry(i, -1 - w, true)) {
        return false;
      }
    }
  }
  for (int round = 0; round < repeats; ++round) {
    for (int i = 0; i < count; ++i) {
      ComparedRun& entry = entries[static_cast<size_t>(i)];
      if (!entry.error.empty()) {
        continue;
      }
      if (!runEntry(i, round, false)) {
        return false;
      }
      if (!entry.error.empty()) {
        continue;
      }
      // The median so far: its trace is what the views show.
      entry.medianSample = medianSampleOf(entry.samples);
      int timedIndex = 0;
      for (int s = 0; s < entry.medianSample; ++s) {
        timedIndex += entry.samples[static_cast<size_t>(s)].warmup ? 0 : 1;
      }
      entry.trace = traces[static_cast<size_t>(i)][static_cast<size_t>(timedIndex)];
      result(entry);
    }
  }
  return true;
}

void VariantRunner::check(ComparedRun& result, const std::vector<graph::Length>& hops) {
  if (!m_bfs) {
    m_bfs = reference::pathLengths(*m_graph, m_pairs);
  }
  result.checked = hops.size();
  for (size_t i = 0; i < hops.size(); ++i) {
    result.mismatches += hops[i] != (*m_bfs)[i] ? 1U : 0U;
  }
}

void VariantRunner::check(ComparedRun& result, const std::vector<double>& lengths, bool integerWeights) {
  if (!m_dijkstra) {
    m_dijkstra = reference::shortestPaths(*m_graph, m_pairs);
  }
  result.checked = lengths.size();
  for (size_t i = 0; i < lengths.size(); ++i) {
    result.mismatches += reference::agrees((*m_dijkstra)[i], lengths[i], integerWeights) ? 0U : 1U;
  }
}

} // namespace frontier::ui
