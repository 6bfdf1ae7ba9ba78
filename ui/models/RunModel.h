#pragma once
// One run as the views see it: a RunTrace snapshot that grows by the deltas
// EngineWorker sends, the search's position, the iteration selected in
// every view (charts, timeline, time bars) and the kernel kind picked in the
// pseudocode pane or on the timeline. Views read it and listen to its
// signals; only the owner applies deltas.
//
// Iterations are numbered 0.. over the whole run (all batches); a kernel span
// belongs to the iteration with its batch and level.
//
// Timeline time: the trace's span times run from the run's first timestamp,
// so the host's pauses between submissions (a user stepping slowly) are in
// them. The timeline shows GPU busy time instead, like RunTotals::gpuMs: every
// gap between one submission's last span and the next one's first is cut
// out. timelineSpans() are the trace's spans in that time.
//
// Thread affinity: GUI thread.

#include <array>
#include <cstdint>
#include <optional>
#include <unordered_map>
#include <vector>

#include <QObject>
#include <QString>

#include "EngineMessages.h"
#include "engine/Trace.h"

namespace frontier::ui {

inline constexpr size_t kKernelKinds = static_cast<size_t>(engine::KernelKind::Count_);
using KernelTimes = std::array<double, kKernelKinds>; // nanoseconds per kernel kind

class RunModel : public QObject {
  Q_OBJECT
public:
  explicit RunModel(QObject* parent = nullptr);

  // Appends a delta (or starts again on a restart) and emits the signals below.
  void apply(const TraceDelta& delta);

  const engine::RunTrace& trace() const noexcept { return m_trace; }
  bool hasSearch() const noexcept { return m_hasSearch; }
  int iterationCount() const noexcept { return static_cast<int>(m_trace.iterations.size()); }
  const engine::IterationStats& iteration(int index) const { return m_trace.iterations[static_cast<size_t>(index)]; }
  // GPU time of each kernel kind within an iteration.
  const KernelTimes& kernelTimes(int index) const { return m_kernelTimes[static_cast<size_t>(index)]; }
  // The iteration a kernel span belongs to, -1 when none.
  int spanIteration(size_t span) const { return m_spanIteration[span]; }
  // The spans in timeline time (same order and indices as trace().kernels).
  const std::vector<engine::KernelSpan>& timelineSpans() const noexcept { return m_timeline; }
  // Timeline times where a pause of the host of at least a millisecond was cut out.
  const std::vector<double>& cuts() const noexcept { return m_cuts; }
  // First and last timeline time of an iteration's spans (0, 0 when it has none).
  double iterationStartNs(int index) const { return m_extent[static_cast<size_t>(index)].first; }
  double iterationEndNs(int index) const { return m_extent[static_cast<size_t>(index)].second; }
  // The largest end of any span in timeline time.
  double endNs() const noexcept { return m_endNs; }
  // "Step 12 (level 11), batch 1, bottom-up" (steps count from 1 for people).
  QString describeIteration(int index) const;

  // The search's position: the batch and level the next step works on.
  uint32_t batch() const noexcept { return m_batch; }
  uint32_t batches() const noexcept { return m_batches; }
  uint32_t level() const noexcept { return m_level; }
  bool finished() const noexcept { return m_finished; }

  int selectedIteration() const noexcept { return m_selected; }
  // Selects an iteration in every view (-1 for none); out-of-range values are clamped.
  void selectIteration(int index);
  // The kernel kind picked in the pseudocode pane or on the timeline, none
  // before a pick and after a new run: the timeline marks its dispatches of
  // the selected iteration, the pane the line that names it.
  std::optional<engine::KernelKind> selectedKernel() const noexcept { return m_selectedKernel; }
  void selectKernel(std::optional<engine::KernelKind> kind);

signals:
  void cleared();                                // a new or reset run: views drop what they drew
  void iterationsAppended(int first, int count); // iterations and their spans were appended
  void kernelsAppended(size_t first, size_t count);
  void positionChanged(); // batch, level, finished or hasSearch changed
  void selectionChanged(int iteration);
  void kernelSelectionChanged(); // selectedKernel() changed

private:
  void clear();
  int iterationOf(uint32_t batch, uint32_t level) const;

  engine::RunTrace m_trace;
  bool m_hasSearch = false;
  std::vector<KernelTimes> m_kernelTimes;
  std::vector<std::pair<double, double>> m_extent;
  std::vector<int> m_spanIteration;
  std::vector<engine::KernelSpan> m_timeline;
  std::vector<double> m_cuts;
  double m_cutNs = 0;                                 // host time cut out so far
  double m_lastRawEnd = 0;                            // the latest span end in trace time
  std::unordered_map<uint64_t, int> m_iterationIndex; // (batch << 32 | level) -> iteration
  double m_endNs = 0;
  uint32_t m_batch = 0;
  uint32_t m_batches = 0;
  uint32_t m_level = 0;
  bool m_finished = false;
  int m_selected = -1;
  std::optional<engine::KernelKind> m_selectedKernel;
};

} // namespace frontier::ui
