#pragma once
// The view states of a run, one per step, and the cursor the views show: the
// graph view, the status-array view and the teaching line all follow it, so
// stepping back shows the previous iteration everywhere. Snapshots are kept
// for graphs of at most kMaxVertices vertices; larger graphs keep only the
// latest state and cannot step back (stepBackReason() says why). After Run to
// end the engine replays the levels (ViewStateCapture.h) so that the history
// holds every step there too.
//
// Thread affinity: GUI thread.

#include <memory>
#include <vector>

#include <QObject>
#include <QString>

#include "EngineMessages.h"

namespace frontier::ui {

class ViewHistory : public QObject {
  Q_OBJECT
public:
  static constexpr uint32_t kMaxVertices = 100'000;

  explicit ViewHistory(QObject* parent = nullptr);

  // A new state from the engine: a new run (its iteration is not after the
  // latest one) starts the history again. The cursor moves to it.
  void push(std::shared_ptr<const ViewState> state);
  void clear();

  std::shared_ptr<const ViewState> current() const;
  std::shared_ptr<const ViewState> at(int index) const { return m_states[static_cast<size_t>(index)]; }
  int size() const noexcept { return static_cast<int>(m_states.size()); }
  int cursor() const noexcept { return m_cursor; }
  bool atLatest() const noexcept { return m_cursor + 1 >= size(); }
  bool keepsSnapshots() const noexcept { return m_keep; }

  bool canStepBack() const noexcept { return m_keep && m_cursor > 0; }
  // Why stepping back is not possible now ("" when it is).
  QString stepBackReason() const;
  // Moves the cursor; false when it cannot move that way.
  bool back();
  bool forward();
  // Moves the cursor to the snapshot of `iteration`; false when none is kept.
  bool moveTo(int iteration);

signals:
  void changed(); // the cursor or the state it shows changed

private:
  std::vector<std::shared_ptr<const ViewState>> m_states;
  int m_cursor = -1;
  bool m_keep = true;
};

} // namespace frontier::ui
