#pragma once
// The statistics of one submission's steps, as the SSSP engines read them
// back (shader::SsspStats per step), turned into the trace's iterations.
// Steps that did not run (their batch had ended) are skipped. And the
// trace every SSSP engine starts a run with.

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "engine/Trace.h"
#include "graph/Graph.h"
#include "Sssp.h"

namespace frontier::engine {

// What a shortest-path run's trace says before its first iteration.
struct SsspTraceHeader {
  std::string_view strategy;  // the algorithm's name
  std::string options;        // its settings, as text
  std::string device;
  uint32_t pairs = 0;
  uint32_t batches = 0;
  uint32_t queriesPerBatch = 0;
  uint64_t deviceBytes = 0;
  uint64_t deviceBudget = 0;
};

inline RunTrace freshSsspTrace(const graph::Graph& g, const SsspTraceHeader& h) {
  return RunTrace{.algorithm = "sssp",
                  .strategy = std::string(h.strategy),
                  .options = h.options,
                  .device = h.device,
                  .graph = g.name(),
                  .vertices = g.vertexCount(),
                  .arcs = g.arcCount(),
                  .directed = g.directed(),
                  .directionSource = g.directionSource(),
                  .pairs = h.pairs,
                  .batches = h.batches,
                  .searchesPerBatch = h.queriesPerBatch,
                  .deviceBytes = h.deviceBytes,
                  .deviceBudget = h.deviceBudget,
                  .iterations = {},
                  .kernels = {},
                  .totals = {}};
}

class StepIterations {
public:
  // `batchSettled` carries the batch's cumulative settled count from one
  // submission to the next.
  StepIterations(std::span<const shader::SsspStats> stats, uint64_t& batchSettled);

  bool executed(uint32_t step) const { return m_executed[step]; }
  const IterationStats& at(uint32_t step) const { return m_its[step]; }
  // The last step that ran, if any.
  const IterationStats* last() const;
  // Adds a kept span to the trace and its time to the iteration with its
  // batch and level, so that the iterations' GPU times add up to the run's.
  void addSpan(RunTrace& trace, const KernelSpan& span);
  // Appends the steps that ran to the trace's iterations and totals.
  void appendTo(RunTrace& trace) const;

private:
  std::vector<IterationStats> m_its;
  std::vector<bool> m_executed;
};

inline StepIterations::StepIterations(std::span<const shader::SsspStats> stats, uint64_t& batchSettled)
    : m_its(stats.size()), m_executed(stats.size(), false) {
  for (size_t j = 0; j < stats.size(); ++j) {
    const shader::SsspStats& s = stats[j];
    if (s.executed == 0) {
      continue;
    }
    m_executed[j] = true;
    batchSettled += s.settled;
    IterationStats& it = m_its[j];
    it.batch = s.batch;
    it.level = s.iteration;
    it.jfqLength = s.nearSize;
    it.nearSize = s.nearSize;
    it.farSize = s.farSize;
    it.settled = batchSettled;
    it.newlyVisited = s.settled;
    it.edgesExamined = s.edgesRelaxed;
    it.searchEdges = s.edgesRelaxed;
    it.activeSearches = s.activeQueries;
  }
}

inline const IterationStats* StepIterations::last() const {
  for (size_t j = m_its.size(); j > 0; --j) {
    if (m_executed[j - 1]) {
      return &m_its[j - 1];
    }
  }
  return nullptr;
}

inline void StepIterations::addSpan(RunTrace& trace, const KernelSpan& span) {
  for (size_t j = 0; j < m_its.size(); ++j) {
    if (m_executed[j] && m_its[j].batch == span.batch && m_its[j].level == span.level) {
      m_its[j].gpuNs += span.durationNs();
      break;
    }
  }
  trace.totals.gpuMs += span.durationNs() / 1e6;  // GPU time: the kept spans
  trace.kernels.push_back(span);
}

inline void StepIterations::appendTo(RunTrace& trace) const {
  for (size_t j = 0; j < m_its.size(); ++j) {
    if (!m_executed[j]) {
      continue;
    }
    trace.iterations.push_back(m_its[j]);
    trace.totals.iterations += 1;
    trace.totals.edgesExamined += m_its[j].edgesExamined;
    trace.totals.searchEdges += m_its[j].searchEdges;
    trace.totals.newlyVisited += m_its[j].newlyVisited;
  }
}

} // namespace frontier::engine
