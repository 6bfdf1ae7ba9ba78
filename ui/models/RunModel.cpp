#include "models/RunModel.h"

#include <algorithm>

namespace frontier::ui {

namespace {

uint64_t keyOf(uint32_t batch, uint32_t level) {
  return (uint64_t{batch} << 32U) | level;
}

// Host pauses at least this long are marked where they were cut out.
constexpr double kReportedCutNs = 1e6;

// `kept` with `more` after it.
template <class T> std::vector<T> appended(std::vector<T> kept, const std::vector<T>& more) {
  kept.insert(kept.end(), more.begin(), more.end());
  return kept;
}

} // namespace

RunModel::RunModel(QObject* parent) : QObject(parent) {}

void RunModel::clear() {
  m_trace = {};
  m_kernelTimes.clear();
  m_extent.clear();
  m_spanIteration.clear();
  m_timeline.clear();
  m_cuts.clear();
  m_cutNs = 0;
  m_lastRawEnd = 0;
  m_iterationIndex.clear();
  m_endNs = 0;
  m_selected = -1;
  m_selectedKernel.reset(); // a pick belongs to its run (views hear of it by cleared())
}

int RunModel::iterationOf(uint32_t batch, uint32_t level) const {
  const auto it = m_iterationIndex.find(keyOf(batch, level));
  return it == m_iterationIndex.end() ? -1 : it->second;
}

void RunModel::apply(const TraceDelta& delta) {
  if (delta.restart) {
    clear();
    emit cleared();
  }
  const auto firstIteration = m_trace.iterations.size();
  const auto firstKernel = m_trace.kernels.size();
  engine::RunTrace kept = std::move(m_trace);
  m_trace = delta.trace; // the header and totals in full
  m_trace.iterations = appended(std::move(kept.iterations), delta.trace.iterations);
  m_trace.kernels = appended(std::move(kept.kernels), delta.trace.kernels);
  m_trace.queryProgress = appended(std::move(kept.queryProgress), delta.trace.queryProgress);

  for (size_t i = firstIteration; i < m_trace.iterations.size(); ++i) {
    const engine::IterationStats& it = m_trace.iterations[i];
    m_iterationIndex[keyOf(it.batch, it.level)] = static_cast<int>(i);
    m_kernelTimes.push_back({});
    m_extent.emplace_back(0.0, 0.0);
  }
  for (size_t k = firstKernel; k < m_trace.kernels.size(); ++k) {
    engine::KernelSpan span = m_trace.kernels[k];
    if (span.startNs > m_lastRawEnd) {
      if (span.startNs - m_lastRawEnd >= kReportedCutNs && !m_timeline.empty()) {
        m_cuts.push_back(m_lastRawEnd - m_cutNs);
      }
      m_cutNs += span.startNs - m_lastRawEnd;
    }
    m_lastRawEnd = std::max(m_lastRawEnd, span.endNs);
    span.startNs -= m_cutNs;
    span.endNs -= m_cutNs;
    m_timeline.push_back(span);
    // Spans recorded after a batch's last identified level (a final readback)
    // belong to that batch's last iteration.
    int index = iterationOf(span.batch, span.level);
    for (uint32_t level = span.level; index < 0 && level > 0; --level) {
      index = iterationOf(span.batch, level - 1);
    }
    m_spanIteration.push_back(index);
    m_endNs = std::max(m_endNs, span.endNs);
    if (index < 0) {
      continue;
    }
    const auto i = static_cast<size_t>(index);
    m_kernelTimes[i][static_cast<size_t>(span.kind)] += span.durationNs();
    auto& [start, end] = m_extent[i];
    const bool empty = start == 0 && end == 0;
    start = empty ? span.startNs : std::min(start, span.startNs);
    end = empty ? span.endNs : std::max(end, span.endNs);
  }

  const bool moved = m_hasSearch != delta.hasSearch || m_batch != delta.batch || m_batches != delta.batches ||
                     m_level != delta.level || m_finished != delta.finished || delta.restart;
  m_hasSearch = delta.hasSearch;
  m_batch = delta.batch;
  m_batches = delta.batches;
  m_level = delta.level;
  m_finished = delta.finished;

  const auto added = m_trace.iterations.size() - firstIteration;
  if (added > 0) {
    emit iterationsAppended(static_cast<int>(firstIteration), static_cast<int>(added));
  }
  if (m_trace.kernels.size() > firstKernel) {
    emit kernelsAppended(firstKernel, m_trace.kernels.size() - firstKernel);
  }
  if (moved) {
    emit positionChanged();
  }
  if (added > 0) {
    selectIteration(iterationCount() - 1); // the newest iteration, as a debugger shows the current line
  }
}

QString RunModel::describeIteration(int index) const {
  const engine::IterationStats& it = iteration(index);
  // Named as every view names the step (StepCursor::stepName).
  return tr("Step %1 (level %2), batch %3, %4")
      .arg(index + 1)
      .arg(it.level)
      .arg(it.batch + 1)
      .arg(toQString(engine::directionName(it.direction)));
}

void RunModel::selectIteration(int index) {
  index = iterationCount() == 0 ? -1 : std::clamp(index, -1, iterationCount() - 1);
  if (index == m_selected) {
    return;
  }
  m_selected = index;
  emit selectionChanged(index);
}

void RunModel::selectKernel(std::optional<engine::KernelKind> kind) {
  if (kind == m_selectedKernel) {
    return;
  }
  m_selectedKernel = kind;
  emit kernelSelectionChanged();
}

} // namespace frontier::ui
