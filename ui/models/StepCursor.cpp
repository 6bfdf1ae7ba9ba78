#include "models/StepCursor.h"

#include <algorithm>

#include "models/RunModel.h"
#include "models/ViewHistory.h"

namespace frontier::ui {

StepCursor::StepCursor(RunModel* run, ViewHistory* history, QObject* parent)
    : QObject(parent), m_run(run), m_history(history) {
  connect(m_run, &RunModel::selectionChanged, this, &StepCursor::onSelectionChanged);
  connect(m_history, &ViewHistory::changed, this, &StepCursor::onHistoryChanged);
}

int StepCursor::step() const {
  return m_run->selectedIteration();
}

bool StepCursor::shownBySnapshots() const {
  const auto state = m_history->current();
  return state && state->iteration == step();
}

void StepCursor::moveTo(int iteration) {
  m_run->selectIteration(iteration);
}

QString StepCursor::stepName(const RunModel& run, int iteration) {
  if (iteration < 0 || iteration >= run.iterationCount()) {
    return tr("Before the first step");
  }
  const auto& it = run.iteration(iteration);
  if (run.batches() > 1) {
    return tr("Step %1 (batch %2, level %3)").arg(iteration + 1).arg(it.batch + 1).arg(it.level);
  }
  return tr("Step %1 (level %2)").arg(iteration + 1).arg(it.level);
}

void StepCursor::onSelectionChanged(int iteration) {
  // A chart, timeline or time-bar click: the snapshot of that step, when kept.
  if (iteration >= 0) {
    m_history->moveTo(iteration);
  }
  emit moved(step());
}

void StepCursor::onHistoryChanged() {
  // Back, Forward or a new state: the RunModel follows when it has that
  // iteration (a state may arrive before the delta that appends its iteration).
  const auto state = m_history->current();
  if (state && state->iteration >= 0 && state->iteration < m_run->iterationCount() &&
      state->iteration != m_run->selectedIteration()) {
    m_run->selectIteration(state->iteration); // emits moved through onSelectionChanged
    return;
  }
  emit moved(step());
}

int StepCursor::batchOfPair(int pair) const {
  if (m_run->batches() <= 1) {
    return 0;
  }
  // Pairs may be reordered into batches (grouping): the snapshots know which
  // pairs each batch searched.
  for (int i = m_history->size() - 1; i >= 0; --i) {
    const auto state = m_history->at(i);
    const auto& pairs = state->batchPairs;
    if (std::find(pairs.begin(), pairs.end(), static_cast<uint32_t>(pair)) != pairs.end()) {
      return static_cast<int>(state->bins.batch);
    }
  }
  return -1;
}

bool StepCursor::moveToPairFound(int pair, int length) {
  const int batch = batchOfPair(pair);
  if (batch < 0 || length < 0) {
    return false;
  }
  for (int i = 0; i < m_run->iterationCount(); ++i) {
    const auto& it = m_run->iteration(i);
    if (static_cast<int>(it.batch) == batch && static_cast<int>(it.level) == length) {
      moveTo(i);
      return true;
    }
  }
  return false;
}

} // namespace frontier::ui
