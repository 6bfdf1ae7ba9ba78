#include "ViewHistory.h"

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
  m_states.push_back(std::move(state));
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

} // namespace frontier::ui
