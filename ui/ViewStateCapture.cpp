#include "ViewStateCapture.h"

#include "engine/ibfs/Search.h"
#include "models/ViewHistory.h"

namespace frontier::ui {

std::shared_ptr<ViewState> captureViewState(engine::Search& search, std::shared_ptr<const graph::Graph> graph,
                                            int trackedPair) {
  // Grid of the status-array view: at most this many rows (searches) and
  // columns (vertices), so the read-back stays small whatever the graph.
  constexpr uint32_t kMaxRows = 64;
  constexpr uint32_t kMaxCols = 512;
  auto state = std::make_shared<ViewState>();
  state->graph = std::move(graph);
  state->iteration = static_cast<int>(search.trace().iterations.size()) - 1;
  state->level = search.currentLevel();
  state->trackedLevels = search.trackedLevels();
  state->trackedPair = state->trackedLevels.empty() ? -1 : trackedPair;
  state->trackedDone = search.trackedDone();
  state->jfq = search.lastJfq();
  state->bins = search.binStatus(kMaxRows, kMaxCols);
  if (state->bins.searches > 0) {
    state->batchPairs = search.batchPairs(state->bins.batch);
    // One cell per vertex: how many searches of the batch reached it.
    const engine::StatusBins perVertex = search.binStatus(1, state->graph->vertexCount());
    state->reachedBy.resize(perVertex.cols);
    for (uint32_t v = 0; v < perVertex.cols; ++v) {
      state->reachedBy[v] = static_cast<uint16_t>(perVertex.visited(0, v) + perVertex.frontier(0, v));
    }
  }
  return state;
}

bool replayFits(const graph::Graph& graph, size_t iterations) {
  // Per snapshot: levels (4 bytes a vertex), reached counts (2), the JFQ at
  // most (4) and the binned grid; a generous estimate, so the budget holds.
  const uint64_t vertices = graph.vertexCount();
  const uint64_t perState = vertices * 10 + 64 * 512 * 8;
  return vertices <= ViewHistory::kMaxVertices && perState * iterations <= kReplayBudgetBytes;
}

void replaySnapshots(gpu::Context& context, std::shared_ptr<const engine::DeviceGraph> deviceGraph,
                     std::shared_ptr<const graph::Graph> graph, const std::vector<graph::Pair>& pairs,
                     const engine::Strategy& strategy, int trackedPair, size_t iterations,
                     const std::atomic<bool>& cancel,
                     const std::function<void(std::shared_ptr<const ViewState>)>& deliver) {
  engine::SearchOptions options;
  options.timestamps = false;
  if (trackedPair >= 0) {
    options.trackedPair = static_cast<uint32_t>(trackedPair);
  }
  engine::Search search(context, std::move(deviceGraph), pairs, strategy, options);
  while (!search.finished() && search.trace().iterations.size() < iterations && !cancel.load()) {
    search.step();
    std::shared_ptr<ViewState> state = captureViewState(search, graph, trackedPair);
    state->replayed = true;
    deliver(std::move(state));
  }
}

} // namespace frontier::ui
