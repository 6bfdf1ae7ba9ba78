#include "GraphViewPanel.h"

#include <algorithm>

#include <QComboBox>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QLabel>
#include <QPointer>
#include <QProgressBar>
#include <QPushButton>
#include <QSpinBox>
#include <QStringList>
#include <QVBoxLayout>
#include <QtConcurrent/QtConcurrentRun>

#include "LabController.h"
#include "models/RunModel.h"
#include "models/ShortestPath.h"
#include "models/StepCursor.h"
#include "models/TeachingText.h"
#include "models/VertexStates.h"
#include "models/ViewHistory.h"
#include "widgets/GraphView.h"
#include "widgets/StepScrubber.h"

namespace frontier::ui {

struct GraphViewPanel::Job {
  QFutureWatcher<Positions> watcher;
  std::shared_ptr<std::atomic<bool>> cancel = std::make_shared<std::atomic<bool>>(false);
  QString cacheKey; // empty: not cached (the radial layout depends on the source)
  LayoutKind kind = LayoutKind::Force;
};

GraphViewPanel::GraphViewPanel(LabController* controller, ViewHistory* history, StepCursor* cursor, QWidget* parent)
    : QWidget(parent), m_controller(controller), m_history(history), m_cursor(cursor), m_view(new GraphView),
      m_layout(new QComboBox), m_colouring(new QComboBox), m_pair(new QSpinBox), m_progress(new QProgressBar),
      m_cancel(new QPushButton(tr("Cancel"))), m_teaching(new QLabel), m_back(new QPushButton(tr("◀ Back"))),
      m_forward(new QPushButton(tr("Forward ▶"))), m_pathLabel(new QLabel),
      m_scrubber(new StepScrubber(controller->run(), cursor)) {
  m_layout->addItems({tr("File coordinates"), tr("Force-directed"), tr("Radial by BFS level")});
  m_layout->setPlaceholderText(tr("Choose a layout"));  // shown while nothing is drawn
  m_layout->setToolTip(
      tr("Where vertices are drawn. Radial: rings of equal distance from the selected pair's source."));
  m_colouring->addItems({tr("Selected search"), tr("Reached by searches")});
  m_colouring->setToolTip(tr("Colour by the selected pair's search (levels, frontier, JFQ) or by how many "
                             "searches of the batch have reached each vertex."));
  m_pair->setRange(1, 1);
  m_pair->setPrefix(tr("pair "));
  m_pair->setToolTip(tr("The pair whose search is coloured; its search runs to the end of its component. "
                        "Changing it starts the run again."));
  // The combo boxes give way to the view in a narrow dock (1024-pixel screens).
  for (QComboBox* box : {m_layout, m_colouring}) {
    box->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    box->setMinimumContentsLength(8);
  }
  m_progress->setRange(0, 1000);
  m_progress->setVisible(false);
  m_cancel->setVisible(false);
  m_teaching->setObjectName("teachingLine");
  m_teaching->setWordWrap(true);
  m_teaching->setTextInteractionFlags(Qt::TextSelectableByMouse);

  auto* tools = new QHBoxLayout;
  tools->addWidget(m_layout);
  tools->addWidget(m_colouring);
  tools->addWidget(m_pair);
  auto* fit = new QPushButton(tr("Fit"));
  tools->addWidget(fit);
  tools->addWidget(m_progress, 1);
  tools->addWidget(m_cancel);
  tools->addStretch();
  auto* teachingRow = new QHBoxLayout;
  teachingRow->addWidget(m_back);
  teachingRow->addWidget(m_forward);
  teachingRow->addWidget(m_teaching, 1);
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(2, 2, 2, 2);
  layout->addLayout(tools);
  layout->addWidget(m_view, 1);
  layout->addWidget(m_pathLabel);
  layout->addWidget(m_scrubber);
  layout->addLayout(teachingRow);
  m_pathLabel->setVisible(false);

  connect(fit, &QPushButton::clicked, m_view, &GraphView::fitAll);
  connect(m_cancel, &QPushButton::clicked, this, &GraphViewPanel::cancelLayout);
  // activated: also when the layout already shown in the box is chosen
  // again (a large graph's, which was not computed on load).
  connect(m_layout, &QComboBox::activated, this, [this] { layOutIfMissing(); });
  connect(m_layout, &QComboBox::currentIndexChanged, this, [this] { startLayout(); });
  connect(m_colouring, &QComboBox::currentIndexChanged, this, [this] { showStates(); });
  connect(m_pair, &QSpinBox::valueChanged, this, [this](int value) {
    m_controller->setTrackedPair(value - 1);
    updateEndpoints();
    if (static_cast<LayoutKind>(m_layout->currentIndex()) == LayoutKind::Radial) {
      startLayout();
    }
  });
  connect(m_back, &QPushButton::clicked, this, [this] { m_history->back(); });
  connect(m_forward, &QPushButton::clicked, this, [this] {
    if (!m_history->forward() && m_controller->canStep()) {
      m_controller->step();
    }
  });
  connect(m_view, &GraphView::vertexPicked, this, &GraphViewPanel::onVertexPicked);
  connect(m_controller, &LabController::graphChanged, this, &GraphViewPanel::onGraphChanged);
  connect(m_controller, &LabController::viewStateChanged, m_history, &ViewHistory::push);
  connect(m_controller, &LabController::pairLevelsReady, this, &GraphViewPanel::onPairLevels);
  connect(m_controller, &LabController::stateChanged, this, [this] {
    const int pairs = static_cast<int>(m_controller->pairs().size());
    if (pairs > 0 && m_pair->maximum() != pairs) {
      const QSignalBlocker block(m_pair);
      m_pair->setRange(1, pairs);
    }
    updateEndpoints();
    m_forward->setEnabled(!m_history->atLatest() || m_controller->canStep());
  });
  connect(m_cursor, &StepCursor::moved, this, &GraphViewPanel::onStepMoved);
  connect(m_controller->run(), &RunModel::cleared, this, &GraphViewPanel::clearPath);
  onStepMoved();
}

GraphViewPanel::~GraphViewPanel() {
  cancelLayout();
  if (m_job) {
    m_job->watcher.waitForFinished();
  }
}

QString GraphViewPanel::attributionFor(const QString& source) {
  const QString name = QFileInfo(source).fileName().toLower();
  const bool osm = name.contains(QStringLiteral("osm")) || name.contains(QStringLiteral("openstreetmap")) ||
                   name.startsWith(QStringLiteral("amsterdam-roads"));
  return osm ? tr("© OpenStreetMap contributors") : QString();
}

int GraphViewPanel::selectedPair() const {
  return m_pair->value() - 1;
}

QString GraphViewPanel::pathCaption() const {
  return m_pathLabel->isVisible() ? m_pathLabel->text() : QString();
}

QString GraphViewPanel::teachingText() const {
  return m_teaching->text();
}

QString GraphViewPanel::layoutShown() const {
  return m_layout->currentIndex() < 0 ? m_layout->placeholderText() : m_layout->currentText();
}

void GraphViewPanel::setLayoutKind(LayoutKind kind) {
  if (m_layout->currentIndex() == static_cast<int>(kind)) {
    layOutIfMissing();  // the kind shown but not computed (a large graph's, a cancelled one)
    return;
  }
  m_layout->setCurrentIndex(static_cast<int>(kind));
}

void GraphViewPanel::setColouring(Colouring colouring) {
  m_colouring->setCurrentIndex(static_cast<int>(colouring));
}

void GraphViewPanel::selectPair(int pair) {
  m_pair->setValue(pair + 1);
}

void GraphViewPanel::showPath(int pair) {
  if (pair < 0 || static_cast<size_t>(pair) >= m_controller->pairs().size()) {
    return;
  }
  m_controller->requestPairLevels(pair);
}

void GraphViewPanel::cancelLayout() {
  if (m_job) {
    m_job->cancel->store(true);
  }
}

void GraphViewPanel::onGraphChanged(const GraphSummary& summary) {
  cancelLayout();
  m_graph = summary.graph;
  m_drawnKind.reset();
  m_view->setGraph(summary.graph);
  m_view->setAttribution(attributionFor(summary.source));
  clearPath();
  {
    const QSignalBlocker block(m_pair);
    m_pair->setValue(1);
  }
  const bool coordinates = summary.graph && summary.graph->hasCoordinates();
  const QSignalBlocker block(m_layout);
  m_layout->setCurrentIndex(static_cast<int>(coordinates ? LayoutKind::Coordinates : LayoutKind::Force));
  // (Not even the cache is looked at: its key is a checksum of every arc.)
  if (!coordinates && summary.graph && summary.graph->vertexCount() > autoLayoutVertices()) {
    // Nothing is drawn, and the box says so. The panel is free for a
    // layout of this graph at once.
    m_layout->setCurrentIndex(-1);
    letCancelledJobEnd();
    m_progress->setVisible(false);
    m_cancel->setVisible(false);
    m_view->setMessage(tr("%L1 vertices: more than the view lays out by itself (%L2).\n"
                          "Choose a layout above to compute one anyway (the force layout takes minutes at this "
                          "size);\nthe charts, the kernel timeline and the status array show the search meanwhile.")
                           .arg(summary.graph->vertexCount())
                           .arg(autoLayoutVertices()));
    return;
  }
  startLayout();
}

namespace {
std::atomic<uint32_t> g_autoLayoutVertices{GraphViewPanel::kDefaultAutoLayoutVertices};
} // namespace

uint32_t GraphViewPanel::autoLayoutVertices() noexcept { return g_autoLayoutVertices.load(); }
void GraphViewPanel::setAutoLayoutVertices(uint32_t vertices) noexcept { g_autoLayoutVertices = vertices; }

void GraphViewPanel::startLayout() {
  if (!m_graph) {
    return;
  }
  if (m_layout->currentIndex() < 0) {
    return;  // none chosen yet (a large graph)
  }
  auto kind = static_cast<LayoutKind>(m_layout->currentIndex());
  if (kind == LayoutKind::Coordinates && !m_graph->hasCoordinates()) {
    const QSignalBlocker block(m_layout);
    m_layout->setCurrentIndex(static_cast<int>(LayoutKind::Force));
    kind = LayoutKind::Force;
  }
  cancelLayout();
  m_view->setRings(false); // the radial layout's, when it is ready
  if (kind == LayoutKind::Coordinates) {
    m_view->setPositions(std::make_shared<const Positions>(fileCoordinates(*m_graph)));
    m_drawnKind = kind;
    m_progress->setVisible(false);
    m_cancel->setVisible(false);
    emit layoutReady();
    return;
  }
  auto job = std::make_unique<Job>();
  job->kind = kind;
  std::shared_ptr<const graph::Graph> graph = m_graph;
  if (kind == LayoutKind::Force) {
    job->cacheKey = LayoutCache::key(*graph);
    if (auto cached = m_cache.find(job->cacheKey)) {
      m_view->setPositions(cached);
      m_drawnKind = kind;
      emit layoutReady();
      return;
    }
  }
  const graph::VertexId source = m_controller->pairs().empty()
                                     ? 0
                                     : m_controller->pairs()[static_cast<size_t>(std::max(0, selectedPair()))].source;
  m_view->setMessage(tr("Computing the layout…"));
  m_progress->setValue(0);
  m_progress->setVisible(true);
  m_cancel->setVisible(true);
  const auto cancel = job->cancel;
  const QString key = job->cacheKey;
  QPointer<QProgressBar> bar(m_progress);
  job->watcher.setFuture(QtConcurrent::run([graph, kind, source, cancel, key, bar]() -> Positions {
    if (kind == LayoutKind::Radial) {
      return radialLayout(*graph, source);
    }
    if (auto stored = LayoutCache::readDisk(key, graph->vertexCount())) {
      return *stored;
    }
    Positions positions = forceLayout(
        *graph,
        [bar](double fraction) {
          QMetaObject::invokeMethod(bar, [bar, fraction] {
            if (bar) {
              bar->setValue(static_cast<int>(fraction * 1000));
            }
          });
        },
        cancel.get());
    if (!positions.empty()) {
      LayoutCache::writeDisk(key, positions);
    }
    return positions;
  }));
  Job* raw = job.get();
  connect(&job->watcher, &QFutureWatcher<Positions>::finished, this, [this, raw] {
    if (m_job.get() != raw) {
      return;
    }
    std::unique_ptr<Job> done = std::move(m_job);
    m_progress->setVisible(false);
    m_cancel->setVisible(false);
    if (done->cancel->load()) {
      // The view keeps what it drew: the box names that again, and a
      // radial drawing gets its rings back (startLayout took them away).
      const QSignalBlocker block(m_layout);
      m_layout->setCurrentIndex(m_drawnKind ? static_cast<int>(*m_drawnKind) : -1);
      m_view->setRings(m_drawnKind == LayoutKind::Radial);
      m_view->setMessage(tr("Layout cancelled."));
      return;
    }
    auto positions = std::make_shared<const Positions>(done->watcher.result());
    if (!done->cacheKey.isEmpty()) {
      m_cache.insert(done->cacheKey, positions);
    }
    m_drawnKind = done->kind;
    m_view->setRings(*m_drawnKind == LayoutKind::Radial);
    m_view->setPositions(positions);
    updateEndpoints();
    emit layoutReady();
  });
  letCancelledJobEnd();
  m_job = std::move(job);
}

void GraphViewPanel::letCancelledJobEnd() {
  if (m_job) {
    // Cancelled by the caller: it finishes on its own and deletes itself.
    Job* old = m_job.release();
    connect(&old->watcher, &QFutureWatcher<Positions>::finished, this, [old] { delete old; });
  }
}

void GraphViewPanel::layOutIfMissing() {
  if (m_job == nullptr && !m_view->hasPositions()) {
    startLayout();
  }
}

void GraphViewPanel::onStepMoved() {
  const std::shared_ptr<const ViewState> state = m_history->current();
  const RunModel* run = m_controller->run();
  const int step = m_cursor->step();
  if (step >= 0 && step < run->iterationCount()) {
    QString text = describeStep(run->iteration(step), StepCursor::stepName(*run, step));
    const auto& pairs = m_controller->pairs();
    if (m_cursor->shownBySnapshots() && state->trackedPair >= 0 &&
        static_cast<size_t>(state->trackedPair) < pairs.size() && m_graph == state->graph && m_graph) {
      const graph::Pair& pair = pairs[static_cast<size_t>(state->trackedPair)];
      // From both ends: which side advanced and why, then where they met.
      const bool twoSided = !state->trackedBackward.empty();
      for (const QString& line :
           twoSided ? QStringList{describeSides(run->iteration(step)),
                                  describeMeeting(*m_graph, state->trackedLevels, state->trackedBackward, pair.source,
                                                  pair.destination, state->trackedDone)}
                    : QStringList{describeFound(*m_graph, state->trackedLevels, pair.source, pair.destination,
                                                run->iteration(step).level)}) {
        text += line.isEmpty() ? QString() : QLatin1Char(' ') + line;
      }
    }
    if (!m_cursor->shownBySnapshots() && state && state->iteration >= 0) {
      text += QLatin1Char(' ') + tr("(The graph view and status arrays still show %1: %2)")
                                     .arg(StepCursor::stepName(*run, state->iteration), m_history->stepBackReason());
    }
    m_teaching->setText(text);
  } else {
    m_teaching->setText(tr("Press Forward (or Step) to run the first level of the search."));
  }
  m_back->setEnabled(m_history->canStepBack());
  m_back->setToolTip(m_history->canStepBack() ? tr("Show the previous step") : m_history->stepBackReason());
  m_forward->setEnabled(!m_history->atLatest() || m_controller->canStep());
  showStates();
}

void GraphViewPanel::showStates() {
  const std::shared_ptr<const ViewState> state = m_history->current();
  if (!state || state->graph != m_graph) {
    m_view->setStates(nullptr);
    return;
  }
  // Shortest paths: settled / near / far of the selected query (no reached counts).
  if (!state->trackedSssp.empty()) {
    m_view->setStates(VertexStates::fromSssp(state->trackedDistances, state->trackedSssp));
    return;
  }
  if (static_cast<Colouring>(m_colouring->currentIndex()) == Colouring::ReachedCount) {
    m_view->setStates(VertexStates::fromReachedCounts(state->reachedBy, state->bins.searches));
    return;
  }
  if (state->trackedLevels.empty()) {
    m_view->setStates(nullptr);
    return;
  }
  if (!state->trackedBackward.empty()) {
    m_view->setStates(
        VertexStates::fromTwoSides(state->trackedLevels, state->trackedBackward, state->trackedDone, state->jfq));
    return;
  }
  // After the step of level k the search's frontier is level k; `level` is k + 1.
  // A finished search has no frontier: every level it reached is visited.
  uint32_t frontier = state->level > 0 ? state->level - 1 : 0;
  if (state->trackedDone) {
    uint32_t deepest = 0;
    for (const uint32_t l : state->trackedLevels) {
      deepest = l != UINT32_MAX ? std::max(deepest, l) : deepest;
    }
    frontier = deepest + 1;
  }
  m_view->setStates(VertexStates::fromLevels(state->trackedLevels, frontier, state->jfq));
}

void GraphViewPanel::updateEndpoints() {
  const auto& pairs = m_controller->pairs();
  const int pair = selectedPair();
  if (pair < 0 || static_cast<size_t>(pair) >= pairs.size()) {
    m_view->setEndpoints(std::nullopt, std::nullopt);
    return;
  }
  m_view->setEndpoints(pairs[static_cast<size_t>(pair)].source, pairs[static_cast<size_t>(pair)].destination);
}

void GraphViewPanel::clearPath() {
  m_view->setPath({});
  m_pathLabel->clear();
  m_pathLabel->setVisible(false);
}

void GraphViewPanel::onPairLevels(const PairLevels& levels) {
  // An answer for pairs that have changed since it was asked for is stale.
  const auto& pairs = m_controller->pairs();
  const bool samePair = levels.pair >= 0 && static_cast<size_t>(levels.pair) < pairs.size() &&
                        pairs[static_cast<size_t>(levels.pair)].source == levels.endpoints.source &&
                        pairs[static_cast<size_t>(levels.pair)].destination == levels.endpoints.destination;
  if (levels.graph != m_graph || !samePair) {
    return;
  }
  std::vector<graph::VertexId> path =
      shortestPathFromLevels(*m_graph, levels.levels, levels.endpoints.source, levels.endpoints.destination);
  const int hops = path.empty() ? -1 : static_cast<int>(path.size()) - 1;
  m_pathLabel->setText(describePath(*m_graph, levels.pair, path));
  m_pathLabel->setVisible(true);
  m_view->setEndpoints(levels.endpoints.source, levels.endpoints.destination);
  m_view->setPath(std::move(path));
  emit pathShown(hops);
}

void GraphViewPanel::onVertexPicked(graph::VertexId vertex, bool destination) {
  std::vector<graph::Pair> pairs = m_controller->pairs();
  const int pair = selectedPair();
  if (pair < 0 || static_cast<size_t>(pair) >= pairs.size()) {
    return;
  }
  graph::Pair& chosen = pairs[static_cast<size_t>(pair)];
  (destination ? chosen.destination : chosen.source) = vertex;
  const QString what = destination ? tr("destination") : tr("source");
  m_controller->setPairs(pairs, tr("%1, pair %2's %3 set to %4 in the graph view")
                                    .arg(m_controller->pairsDescription())
                                    .arg(pair + 1)
                                    .arg(what)
                                    .arg(m_graph ? m_graph->fileId(vertex) : vertex));
  updateEndpoints();
}

} // namespace frontier::ui
