#include "compare/CompareModel.h"

#include "engine/ibfs/StrategyNotes.h"
#include "models/RunModel.h"

namespace frontier::ui {

namespace {

// The iteration of `to` at the batch and level of `from`'s iteration
// `iteration`, so that runs with other batch sizes or levels per batch
// (another build, omega, a saved report) line up by level; `iteration`
// itself (clamped by the run) when `to` has no such level.
int matchingIteration(const engine::RunTrace& from, int iteration, const engine::RunTrace& to) {
  if (iteration < 0 || static_cast<size_t>(iteration) >= from.iterations.size()) {
    return iteration;
  }
  const engine::IterationStats& at = from.iterations[static_cast<size_t>(iteration)];
  for (size_t i = 0; i < to.iterations.size(); ++i) {
    if (to.iterations[i].batch == at.batch && to.iterations[i].level == at.level) {
      return static_cast<int>(i);
    }
  }
  return iteration;
}

} // namespace

CompareModel::CompareModel(QObject* parent) : QObject(parent) {}

void CompareModel::start(const std::vector<Variant>& variants) {
  for (RunModel* model : m_models) {
    model->deleteLater(); // views may still hold it until they rebuild
  }
  m_models.clear();
  m_variants = variants;
  m_results.assign(variants.size(), std::nullopt);
  m_cancelled = false;
  m_baseline = 0;
  m_cursor = -1;
  for (size_t i = 0; i < variants.size(); ++i) {
    auto* model = new RunModel(this);
    connect(model, &RunModel::selectionChanged, this, [this, i](int iteration) {
      if (!m_propagating) {
        propagate(iteration, static_cast<int>(i));
      }
    });
    m_models.push_back(model);
  }
  emit started();
}

void CompareModel::setCancelled() {
  m_cancelled = true;
  for (int i = 0; i < count(); ++i) {
    if (!m_results[static_cast<size_t>(i)]) {
      emit runChanged(i);
    }
  }
}

void CompareModel::setRun(const run::ComparedRun& run) {
  if (run.index < 0 || run.index >= count()) {
    return;
  }
  m_results[static_cast<size_t>(run.index)] = run;
  TraceDelta delta;
  delta.restart = true;
  delta.hasSearch = run.error.empty();
  delta.trace = run.trace;
  delta.batches = run.trace.batches;
  delta.finished = true;
  m_propagating = true; // apply() selects the newest iteration: keep the shared cursor instead
  RunModel* model = m_models[static_cast<size_t>(run.index)];
  model->apply(delta);
  model->selectIteration(m_cursor);
  m_propagating = false;
  emit runChanged(run.index);
}

QString CompareModel::name(int index) const {
  // The same spec twice (to see the noise between runs) gets a number, so
  // the table, the panels and the overlaid charts tell the runs apart.
  const std::string& spec = m_variants[static_cast<size_t>(index)].spec;
  int same = 0;
  int before = 0;
  for (int i = 0; i < count(); ++i) {
    same += m_variants[static_cast<size_t>(i)].spec == spec ? 1 : 0;
    before += i < index && m_variants[static_cast<size_t>(i)].spec == spec ? 1 : 0;
  }
  const QString text = QString::fromStdString(spec);
  return same > 1 ? tr("%1 (#%2)").arg(text).arg(before + 1) : text;
}

const std::optional<run::ComparedRun>& CompareModel::result(int index) const {
  static const std::optional<run::ComparedRun> none;
  return index >= 0 && index < count() ? m_results[static_cast<size_t>(index)] : none;
}

bool CompareModel::complete() const {
  for (const auto& result : m_results) {
    if (!result) {
      return false;
    }
  }
  return !m_results.empty();
}

int CompareModel::verifiedCount() const {
  int verified = 0;
  for (const auto& result : m_results) {
    verified += result && result->verified() ? 1 : 0;
  }
  return verified;
}

RunSummary CompareModel::summary(int index) const {
  const auto& run = result(index);
  return run ? summarize(*run) : RunSummary{};
}

std::vector<engine::RunTrace> CompareModel::traces() const {
  std::vector<engine::RunTrace> traces;
  for (const auto& result : m_results) {
    if (result && result->error.empty()) {
      traces.push_back(result->trace);
      if (!result->device.empty()) {
        // The trace names the physical device; two logical devices of one
        // (a list such as 0,0) are told apart only by the entry's slot.
        traces.back().device = result->device;
      }
    }
  }
  return traces;
}

QString CompareModel::device(int index) const {
  const auto& run = result(index);
  return run ? QString::fromStdString(run->device) : QString();
}

bool CompareModel::severalDevices() const {
  const std::string* first = nullptr;
  for (const auto& result : m_results) {
    if (result && !result->device.empty()) {
      if (first != nullptr && *first != result->device) {
        return true;
      }
      first = first != nullptr ? first : &result->device;
    }
  }
  return false;
}

void CompareModel::setBaseline(int index) {
  if (index < 0 || index >= count() || index == m_baseline) {
    return;
  }
  m_baseline = index;
  emit baselineChanged(index);
}

QString CompareModel::explanation(int index) const {
  if (index == m_baseline || !result(index) || !result(m_baseline)) {
    return {};
  }
  const QString difference = explainDifference(name(m_baseline), summary(m_baseline), name(index), summary(index));
  // What the strategies cost on this graph, read from the two traces.
  const std::string why = engine::explainStrategies(name(m_baseline).toStdString(), result(m_baseline)->trace,
                                                    name(index).toStdString(), result(index)->trace);
  return why.empty() ? difference : difference + QLatin1Char(' ') + QString::fromStdString(why);
}

void CompareModel::selectIteration(int iteration) {
  propagate(iteration);
}

void CompareModel::propagate(int iteration, int source) {
  m_propagating = true;
  m_cursor = iteration;
  for (size_t i = 0; i < m_models.size(); ++i) {
    const bool lineUp = source >= 0 && static_cast<int>(i) != source;
    // Clamped to the run's own iterations by selectIteration().
    m_models[i]->selectIteration(
        lineUp ? matchingIteration(m_models[static_cast<size_t>(source)]->trace(), iteration, m_models[i]->trace())
               : iteration);
  }
  m_propagating = false;
  emit cursorChanged(iteration);
}

} // namespace frontier::ui
