#pragma once
// Plain values that EngineWorker sends to the GUI thread through queued
// signals. Everything here is a copy or a pointer to an immutable object
// (a loaded graph::Graph is never changed after building), so the GUI may read
// it freely while the worker goes on.

#include <cstdint>
#include <memory>
#include <string_view>
#include <vector>

#include <QMetaType>
#include <QString>

#include "engine/ibfs/Search.h"
#include "engine/ibfs/Strategy.h"
#include "engine/Trace.h"
#include "graph/Graph.h"
#include "graph/GraphStats.h"
#include "graph/Pairs.h"
#include "run/Comparison.h"
#include "run/Run.h"
#include "vk/DeviceInfo.h"

namespace frontier::ui {

// A loaded or generated graph and what the graph panel shows about it.
struct GraphSummary {
  std::shared_ptr<const graph::Graph> graph; // shared read-only with the worker
  graph::GraphStats stats;
  QString name;      // what the user sees: a file name, a demo's title or a generator spec
  QString source;    // the path or generator spec it came from
  double loadMs = 0; // wall clock, reading and statistics together
  // Whether loadMs includes the components and diameter (false when they
  // were computed after the load, EngineWorker::backgroundStatsArcs).
  bool structureInLoad = true;
};

// What changed in the search since the previous delta: the iterations and
// kernel spans appended, plus the search's position. One per step, a few per
// second while running to the end, one after a reset or a new configuration.
struct TraceDelta {
  bool restart = false;   // a new or reset search: drop everything received before
  // With restart: the results of the last finished run stay (a search made
  // anew after a fault, over the same graph and pairs).
  bool keepResults = false;
  bool hasSearch = false; // false when no search can be made yet (no graph, no pairs)
  // Header fields and totals in full; `iterations`, `kernels` and
  // `queryProgress` hold only the entries appended since the previous delta.
  engine::RunTrace trace;
  uint32_t batch = 0; // the batch the next step works on
  uint32_t batches = 0;
  uint32_t level = 0; // the level the next step computes
  bool finished = false;
};

// The lengths of a finished run, with what they answer.
struct RunResult {
  std::shared_ptr<const graph::Graph> graph;
  std::vector<graph::Pair> pairs; // dense ids
  run::RunResults results;        // one length per pair, with its unit (hops or weight units)
  bool weighted() const noexcept { return results.unit == run::Unit::Weight; }
};

// What the graph view and the status-array view show after a step: the
// selected (tracked) search's levels, the joint frontier queue and the status
// arrays binned on the device (never the whole array). Immutable once sent.
struct ViewState {
  std::shared_ptr<const graph::Graph> graph;
  int iteration = -1;         // index of the last iteration in the trace, -1 before the first
  uint32_t level = 0;         // the level the next step computes
  int trackedPair = -1;       // the pair whose search trackedLevels follows, -1 when none
  std::vector<uint32_t> trackedLevels; // per vertex, UINT32_MAX where not (yet) reached; may be empty
  // Searched from both ends: hops to the destination of the tracked search's
  // backward side per vertex (trackedLevels is its forward side); empty one way.
  std::vector<uint32_t> trackedBackward;
  bool trackedDone = false;           // the tracked search has finished: its levels are final
  // Shortest-path runs instead: the tracked query's distance per vertex
  // (+infinity where not reached) and engine::VertexState per vertex.
  std::vector<double> trackedDistances;
  std::vector<uint8_t> trackedSssp;
  std::vector<graph::VertexId> jfq;    // the last level's joint frontier queue
  engine::StatusBins bins;             // searches x vertices, binned
  std::vector<uint32_t> batchPairs;    // the pair of each search of the binned batch
  std::vector<uint16_t> reachedBy;     // per vertex: searches of the binned batch that reached it
  // Remade after Run to end for stepping back (ViewStateCapture.h): kept in
  // the history, not shown on arrival.
  bool replayed = false;
  // The final state of a Run to end whose steps were not remade: a weighted
  // run's steps depend on the GPU's timing (workgroups racing to improve a
  // distance), so a second run would not show the same steps.
  bool stepsNotRemade = false;
};

// The levels of one pair's search, run on its own to the end (for the path).
struct PairLevels {
  std::shared_ptr<const graph::Graph> graph;
  int pair = -1;
  graph::Pair endpoints;
  std::vector<uint32_t> levels; // per vertex, UINT32_MAX where not reached
};

using DeviceList = std::vector<gpu::DeviceInfo>;

// The engine's names ("expand-top-down", "bottom-up") as Qt text.
inline QString toQString(std::string_view text) {
  return QString::fromUtf8(text.data(), static_cast<qsizetype>(text.size()));
}

} // namespace frontier::ui

Q_DECLARE_METATYPE(frontier::gpu::DeviceInfo)
Q_DECLARE_METATYPE(frontier::ui::DeviceList)
Q_DECLARE_METATYPE(frontier::ui::GraphSummary)
Q_DECLARE_METATYPE(frontier::ui::TraceDelta)
Q_DECLARE_METATYPE(frontier::ui::RunResult)
Q_DECLARE_METATYPE(frontier::engine::Progress)
Q_DECLARE_METATYPE(std::shared_ptr<const frontier::ui::ViewState>)
Q_DECLARE_METATYPE(frontier::ui::PairLevels)
Q_DECLARE_METATYPE(frontier::run::ComparedRun)
