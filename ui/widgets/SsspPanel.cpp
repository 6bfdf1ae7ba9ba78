#include "widgets/SsspPanel.h"

#include <stdexcept>

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QSignalBlocker>
#include <QSpinBox>

#include "run/RunSpec.h"

namespace frontier::ui {

namespace {

constexpr int kHops = -1; // the combo's data for iBFS hop counts

} // namespace

SsspPanel::SsspPanel(QWidget* parent)
    : QGroupBox(tr("Weighted paths"), parent), m_algorithm(new QComboBox), m_delta(new QDoubleSpinBox),
      m_batch(new QSpinBox), m_queries(new QSpinBox) {
  setObjectName("ssspPanel");
  auto* form = new QFormLayout(this);
  m_algorithm->setObjectName("algorithm");
  m_algorithm->addItem(tr("Hop counts (iBFS)"), kHops);
  m_algorithm->addItem(tr("Automatic (resident on road-like graphs, else batched)"),
                       static_cast<int>(engine::SsspAlgorithm::Automatic));
  m_algorithm->addItem(tr("Resident (a workgroup per query)"), static_cast<int>(engine::SsspAlgorithm::Resident));
  m_algorithm->addItem(tr("Batched (interleaved queries)"), static_cast<int>(engine::SsspAlgorithm::Batched));
  m_algorithm->addItem(tr("Near-Far"), static_cast<int>(engine::SsspAlgorithm::NearFar));
  m_algorithm->addItem(tr("Delta-Stepping"), static_cast<int>(engine::SsspAlgorithm::DeltaStepping));
  m_algorithm->addItem(tr("Bellman-Ford"), static_cast<int>(engine::SsspAlgorithm::BellmanFord));
  m_algorithm->setToolTip(tr("Hop counts ignore the weights; the others compute weighted shortest paths on the "
                             "GPU, checked against a CPU Dijkstra"));
  form->addRow(tr("Algorithm:"), m_algorithm);
  m_delta->setObjectName("delta");
  m_delta->setRange(0, 1e12);
  m_delta->setDecimals(2);
  m_delta->setSpecialValueText(tr("auto"));
  m_delta->setToolTip(tr("Bucket width in weight units: small = fewer re-relaxations, more iterations"));
  form->addRow(tr("Delta:"), m_delta);
  m_batch->setObjectName("batch");
  m_batch->setRange(0, static_cast<int>(engine::kMaxIterationsPerSubmit));
  m_batch->setSpecialValueText(tr("adaptive"));
  m_batch->setValue(static_cast<int>(engine::SsspOptions{}.iterationsPerSubmit));
  m_batch->setToolTip(tr("B: relax iterations per GPU submission when running to the end (Step runs one)"));
  form->addRow(tr("Iterations per submit:"), m_batch);
  m_queries->setObjectName("queries");
  m_queries->setRange(0, 4096);
  m_queries->setSpecialValueText(tr("as many as fit"));
  m_queries->setToolTip(tr("Q: queries (distinct sources) that run together in one batch"));
  form->addRow(tr("Queries per batch:"), m_queries);

  connect(m_algorithm, &QComboBox::currentIndexChanged, this, &SsspPanel::emitChanged);
  connect(m_delta, &QDoubleSpinBox::editingFinished, this, &SsspPanel::emitChanged);
  connect(m_batch, &QSpinBox::editingFinished, this, &SsspPanel::emitChanged);
  connect(m_queries, &QSpinBox::editingFinished, this, &SsspPanel::emitChanged);
  updateEnabled();
  setVisible(false);
}

void SsspPanel::setWeighted(bool weighted) {
  setVisible(weighted);
  if (!weighted && m_algorithm->currentData().toInt() != kHops) {
    m_algorithm->setCurrentIndex(0); // emits: back to iBFS
  }
}

std::optional<engine::SsspOptions> SsspPanel::options() const {
  const int algorithm = m_algorithm->currentData().toInt();
  if (algorithm == kHops) {
    return std::nullopt;
  }
  engine::SsspOptions options;
  options.algorithm = static_cast<engine::SsspAlgorithm>(algorithm);
  options.delta = m_delta->value();
  options.iterationsPerSubmit = static_cast<uint32_t>(m_batch->value());
  options.queriesPerBatch = static_cast<uint32_t>(m_queries->value());
  return options;
}

bool SsspPanel::selectSpec(const QString& spec) {
  std::optional<run::RunSpec> chosen;
  if (spec != QStringLiteral("ibfs")) {
    try {
      chosen = run::parseRunSpec(spec.toStdString());
    } catch (const std::invalid_argument&) {
      return false;
    }
    if (chosen->engine != run::Engine::ShortestPaths) {
      return false;
    }
  }
  show(chosen);
  emitChanged();
  return true;
}

void SsspPanel::show(const std::optional<run::RunSpec>& paths) {
  const QSignalBlocker blockAlgorithm(m_algorithm);
  const QSignalBlocker blockDelta(m_delta);
  const QSignalBlocker blockBatch(m_batch);
  const QSignalBlocker blockQueries(m_queries);
  if (!paths || paths->engine != run::Engine::ShortestPaths) {
    m_algorithm->setCurrentIndex(0);
  } else {
    const engine::SsspOptions& o = paths->sssp;
    m_algorithm->setCurrentIndex(m_algorithm->findData(static_cast<int>(o.algorithm)));
    m_delta->setValue(o.delta);
    m_batch->setValue(static_cast<int>(o.iterationsPerSubmit));
    m_queries->setValue(static_cast<int>(o.queriesPerBatch));
  }
  updateEnabled();
}

QString SsspPanel::spec() const {
  const std::optional<engine::SsspOptions> chosen = options();
  return chosen ? QString::fromStdString(run::specOf(*chosen).text) : QStringLiteral("ibfs");
}

void SsspPanel::updateEnabled() {
  const int algorithm = m_algorithm->currentData().toInt();
  m_delta->setEnabled(algorithm != kHops && algorithm != static_cast<int>(engine::SsspAlgorithm::BellmanFord));
  // The resident engine runs a batch per dispatch: no iterations per submit.
  m_batch->setEnabled(algorithm != kHops && algorithm != static_cast<int>(engine::SsspAlgorithm::Resident));
  m_queries->setEnabled(algorithm != kHops);
}

void SsspPanel::emitChanged() {
  updateEnabled();
  emit ssspChanged(options());
}

} // namespace frontier::ui
