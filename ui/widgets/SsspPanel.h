#pragma once
// Weighted paths: on a weighted graph, the choice between hop counts (iBFS,
// with the strategy above) and the shortest-path algorithms of SsspSearch
// (Near-Far, Delta-Stepping, Bellman-Ford) with their knobs: delta (bucket
// width, 0 = chosen from the weights), B (relax iterations per submission)
// and Q (queries per batch, 0 = as many as fit). Hidden for unweighted graphs.
// Changing anything asks for a new search.
//
// Thread affinity: GUI thread.

#include <optional>

#include <QGroupBox>

#include "engine/sssp/SsspOptions.h"
#include "run/RunSpec.h"

class QComboBox;
class QDoubleSpinBox;
class QSpinBox;

namespace frontier::ui {

class SsspPanel : public QGroupBox {
  Q_OBJECT
public:
  explicit SsspPanel(QWidget* parent = nullptr);

  // A new graph: shown for weighted graphs; otherwise back to hop counts.
  void setWeighted(bool weighted);
  // nullopt: hop counts (iBFS).
  std::optional<engine::SsspOptions> options() const;
  // "near-far+delta=D+batch=B+queries=Q" or "ibfs"; false (nothing changes)
  // when not understood.
  bool selectSpec(const QString& spec);
  // Shows a choice made elsewhere (the run's configuration) without
  // announcing it; nullopt or an iBFS spec: hop counts.
  void show(const std::optional<run::RunSpec>& paths);
  // The current choice in selectSpec()'s words.
  QString spec() const;
  QComboBox* algorithmBox() const noexcept { return m_algorithm; }

signals:
  void ssspChanged(const std::optional<frontier::engine::SsspOptions>& options);

private:
  void updateEnabled();
  void emitChanged();

  QComboBox* m_algorithm;
  QDoubleSpinBox* m_delta;
  QSpinBox* m_batch;
  QSpinBox* m_queries;
  bool m_updating = false;
};

} // namespace frontier::ui
