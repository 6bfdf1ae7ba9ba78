#pragma once
// A comparison as the views see it: the entries (specs), one RunModel per
// entry (so each panel reuses the run's charts and time bars), the verified
// results, the pinned baseline and one iteration cursor shared by every run:
// selecting an iteration in any panel selects the iteration at the same
// batch and level in all of them (the same index where a run has no such
// level, clamped to each run's last iteration).
//
// Thread affinity: GUI thread.

#include <optional>
#include <vector>

#include <QObject>
#include <QString>

#include "compare/CompareSummary.h"
#include "compare/Variant.h"
#include "run/Comparison.h"

namespace frontier::ui {

class RunModel;

class CompareModel : public QObject {
  Q_OBJECT
public:
  explicit CompareModel(QObject* parent = nullptr);

  // A new comparison: one empty RunModel per entry; the baseline is the first.
  void start(const std::vector<Variant>& variants);
  // An entry's result so far arrived from the engine (after each timed round:
  // the runs made so far, the trace of their median).
  void setRun(const run::ComparedRun& run);

  int count() const noexcept { return static_cast<int>(m_variants.size()); }
  const std::vector<Variant>& variants() const noexcept { return m_variants; }
  QString name(int index) const;
  RunModel* runModel(int index) const { return m_models[static_cast<size_t>(index)]; }
  // The entry's result; empty while it has not run (or for an index out of range).
  const std::optional<run::ComparedRun>& result(int index) const;
  // Every entry has its result.
  bool complete() const;
  // The comparison was cancelled: entries without a result will not get one
  // (their views say "cancelled", not "waiting").
  void setCancelled();
  bool cancelled() const noexcept { return m_cancelled; }
  int verifiedCount() const;
  // The device that ran the entry (run::ComparedRun::device; a saved
  // report's device), empty while it has not run.
  QString device(int index) const;
  // The results came from more than one device (a comparison spread over
  // devices, reports of several machines): the views then name each
  // entry's device.
  bool severalDevices() const;
  // Median GPU time and spreads over the entry's timed runs (CompareSummary).
  RunSummary summary(int index) const;
  // Each entry's median run, in order, its device the entry's (the device
  // that ran it, "[slot] name" with several, as the exports should say).
  std::vector<engine::RunTrace> traces() const;

  int baseline() const noexcept { return m_baseline; }
  void setBaseline(int index);
  // The run's difference from the baseline in one line (empty for the
  // baseline itself or while either has no result).
  QString explanation(int index) const;

  int cursor() const noexcept { return m_cursor; } // the index last selected, in the run it was selected in
  void selectIteration(int iteration); // the same index in every run

signals:
  void started(); // new entries: views rebuild their panels
  void runChanged(int index);
  void baselineChanged(int index);
  void cursorChanged(int iteration);

private:
  // Selects `iteration` in every run; with a `source` run, each other run
  // selects its iteration at the same batch and level.
  void propagate(int iteration, int source = -1);

  std::vector<Variant> m_variants;
  std::vector<RunModel*> m_models; // children of this
  std::vector<std::optional<run::ComparedRun>> m_results;
  int m_baseline = 0;
  int m_cursor = -1;
  bool m_propagating = false;
  bool m_cancelled = false;
};

} // namespace frontier::ui
