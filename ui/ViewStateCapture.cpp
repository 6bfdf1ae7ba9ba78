#include "ViewStateCapture.h"

#include "run/DeviceInputs.h"
#include "run/Registry.h"
#include "models/ViewHistory.h"

namespace frontier::ui {

std::shared_ptr<ViewState> captureViewState(run::Run& run, std::shared_ptr<const graph::Graph> graph,
                                            int trackedPair) {
  // Grid of the status-array view: at most this many rows (searches) and
  // columns (vertices), so the read-back stays small whatever the graph.
  constexpr uint32_t kMaxRows = 64;
  constexpr uint32_t kMaxCols = 512;
  run::RunView view = run.view(kMaxRows, kMaxCols);
  auto state = std::make_shared<ViewState>();
  state->graph = std::move(graph);
  state->iteration = view.iteration;
  state->level = view.level;
  state->trackedPair = view.tracked ? trackedPair : -1;
  state->trackedLevels = std::move(view.trackedLevels);
  state->trackedBackward = std::move(view.trackedBackward);
  state->trackedDone = view.trackedDone;
  state->trackedDistances = std::move(view.trackedDistances);
  state->trackedSssp = std::move(view.trackedStates);
  state->jfq = std::move(view.jfq);
  state->bins = std::move(view.bins);
  state->batchPairs = std::move(view.batchPairs);
  state->reachedBy = std::move(view.reachedBy);
  return state;
}

bool replayFits(const graph::Graph& graph, size_t iterations, bool twoSided) {
  // Per snapshot: levels (4 bytes a vertex, 8 from both ends), reached
  // counts (2), the JFQ at most (4) and the binned grid; a generous
  // estimate, so the budget holds.
  const uint64_t vertices = graph.vertexCount();
  const uint64_t perState = vertices * (twoSided ? 14 : 10) + 64 * 512 * 8;
  return vertices <= ViewHistory::kMaxVertices && perState * iterations <= kReplayBudgetBytes;
}

void replaySnapshots(run::DeviceInputs& inputs, const std::vector<graph::Pair>& pairs, const run::RunSpec& spec,
                     int trackedPair, size_t iterations, const std::atomic<bool>& cancel,
                     const std::function<void(std::shared_ptr<const ViewState>)>& deliver) {
  run::RunOptions options;
  options.timestamps = false;
  options.levels = true;  // as the window's run (EngineWorker::prepareSearch)
  if (trackedPair >= 0) {
    options.trackedPair = static_cast<uint32_t>(trackedPair);
  }
  const std::unique_ptr<run::Run> replay = run::makeRun(inputs, pairs, spec, options);
  while (!replay->finished() && replay->trace().iterations.size() < iterations && !cancel.load()) {
    replay->step();
    std::shared_ptr<ViewState> state = captureViewState(*replay, inputs.graph(), trackedPair);
    state->replayed = true;
    deliver(std::move(state));
  }
}

} // namespace frontier::ui
