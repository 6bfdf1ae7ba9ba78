#include "ViewHistory.h"

#include <algorithm>

namespace frontier::ui {

ViewHistory::ViewHistory(QObject* parent) : QObject(parent) {}

void ViewHistory::push(std::shared_ptr<const ViewState> state) {
  if (!state) {
    return;
  }
  const bool restart = m_states.empty() || state->graph != m_states.back()->graph ||
                       state->iteration <= m_states.back()->iteration ||
                       state->trackedPair != m_states.back()->trackedPair;
  if (restart) {
    m_states.clear();
  }
  m_keep = !state->graph || state->graph->vertexCount() <= kMaxVertices;
  if (!m_keep) {
    m_states.clear(); // only the latest state of a large graph is kept
  }
  // A replayed snapshot (after Run to end) fills the history quietly; the
  // run's own final state follows it and moves the cursor.
  const bool quiet = state->replayed;
  m_states.push_back(std::move(state));
  if (quiet) {
    m_cursor = std::min(m_cursor, size() - 1);
    return;
  }
  m_cursor = size() - 1;
  emit changed();
}

void ViewHistory::clear() {
  m_states.clear();
  m_cursor = -1;
  emit changed();
}

std::shared_ptr<const ViewState> ViewHistory::current() const {
  return m_cursor >= 0 ? m_states[static_cast<size_t>(m_cursor)] : nullptr;
}

QString ViewHistory::stepBackReason() const {
  if (!m_keep) {
    return tr("Stepping back keeps a snapshot per iteration, which is done for graphs of up to %L1 vertices; "
              "this graph is larger.")
        .arg(kMaxVertices);
  }
  if (m_cursor <= 0 && current() && current()->stepsNotRemade) {
    return tr("A weighted run's steps depend on the GPU's timing and do not repeat, so the steps of Run to end "
              "cannot be shown again; Step through the run to keep each step.");
  }
  if (m_cursor <= 0) {
    return tr("This is the first iteration kept.");
  }
  return {};
}

bool ViewHistory::back() {
  if (!canStepBack()) {
    return false;
  }
  --m_cursor;
  emit changed();
  return true;
}

bool ViewHistory::forward() {
  if (atLatest()) {
    return false;
  }
  ++m_cursor;
  emit changed();
  return true;
}

bool ViewHistory::moveTo(int iteration) {
  for (int i = 0; i < size(); ++i) {
    if (m_states[static_cast<size_t>(i)]->iteration == iteration) {
      if (i != m_cursor) {
        m_cursor = i;
        emit changed();
      }
      return true;
    }
  }
  return false;
}

} // namespace frontier::ui
