#include "LabController.h"

#include <algorithm>
#include <exception>
#include <filesystem>
#include <stdexcept>

#include <QFile>
#include <QFileInfo>

#include "EngineWorker.h"
#include "engine/MemoryNeeds.h"
#include "graph/Pairs.h"
#include "models/PairsText.h"
#include "models/ResultsModel.h"
#include "models/RunModel.h"
#include "vk/DeviceChoice.h"

namespace frontier::ui {

namespace {

// Callers check the random setting's ranges and name a bad value; this only
// keeps the setting one the pairs panel can show.
void keepInBounds(PairsSpec& spec) {
  spec.count = std::clamp<uint32_t>(spec.count, 1, kMaxRandomPairs);
  spec.seed = std::min(spec.seed, kMaxPairSeed);
}

} // namespace

LabController::LabController(QObject* parent)
    : QObject(parent), m_worker(new EngineWorker), m_run(new RunModel(this)), m_results(new ResultsModel(this)) {
  m_playTimer.setInterval(250);
  connect(&m_playTimer, &QTimer::timeout, this, &LabController::onPlayTick);

  connect(m_worker, &EngineWorker::requestDone, this, &LabController::onRequestDone);
  connect(m_worker, &EngineWorker::deviceReady, this, [this](const gpu::DeviceInfo& device) {
    m_device = device;
    if (m_compareOnEveryDevice) {
      setCompareOnDevices(true); // the window's device comes first
    }
    emit deviceReady(device);
  });
  connect(m_worker, &EngineWorker::devicesFound, this, [this](const DeviceList& devices) {
    m_devices = devices;
    emit devicesFound(devices);
  });
  connect(m_worker, &EngineWorker::deviceFailed, this, &LabController::deviceFailed);
  connect(m_worker, &EngineWorker::loadProgress, this, &LabController::loadProgress);
  connect(m_worker, &EngineWorker::graphLoaded, this, &LabController::onGraphLoaded);
  connect(m_worker, &EngineWorker::graphStatsReady, this, &LabController::onGraphStatsReady);
  connect(m_worker, &EngineWorker::loadFailed, this, [this](const QString& message) {
    finishLoad();
    emit loadFailed(message);
  });
  connect(m_worker, &EngineWorker::loadCancelled, this, [this] {
    finishLoad();
    emit statusMessage(tr("Loading cancelled; the previous graph stays."));
    emit loadCancelled();
  });
  connect(m_worker, &EngineWorker::viewStateChanged, this, &LabController::viewStateChanged);
  connect(m_worker, &EngineWorker::pairLevelsReady, this, &LabController::pairLevelsReady);
  connect(m_worker, &EngineWorker::traceChanged, this, &LabController::onTraceChanged);
  connect(m_worker, &EngineWorker::runProgress, this, &LabController::runProgress);
  connect(m_worker, &EngineWorker::runFinished, this, &LabController::onRunFinished);
  connect(m_worker, &EngineWorker::runCancelled, this, [this] {
    finishRun();
    emit statusMessage(tr("Run cancelled at batch %1, level %2; Step or Run goes on from there.")
                           .arg(m_run->batch() + 1)
                           .arg(m_run->level()));
    emit runCancelled();
  });
  connect(m_worker, &EngineWorker::compareProgress, this, &LabController::compareProgress);
  connect(m_worker, &EngineWorker::compareRunDone, this, &LabController::compareRunDone);
  connect(m_worker, &EngineWorker::compareFinished, this, [this](bool cancelled) {
    m_comparing = false;
    m_compareRequest.reset();
    emit stateChanged();
    emit compareFinished(cancelled);
  });
  connect(m_worker, &EngineWorker::engineFailed, this, [this](const QString& message, quint64 request) {
    if (m_compareRequest && request == *m_compareRequest) {
      m_comparing = false;
      m_compareRequest.reset();
      emit stateChanged();
      emit compareFailed(message);
      return;
    }
    finishRun();
    setPlaying(false);
    emit engineFailed(message);
  });
}

LabController::~LabController() {
  m_playTimer.stop();
  m_worker->stop();
  delete m_worker;
}

void LabController::start(const QString& deviceRequest) {
  m_config.device = deviceRequest;
  track();
  m_worker->start(deviceRequest);
}

bool LabController::canStep() const {
  return m_run->hasSearch() && !m_run->finished();
}

void LabController::track() {
  ++m_inFlight;
  if (m_inFlight == 1) {
    emit stateChanged();
  }
}

void LabController::onRequestDone() {
  m_inFlight = std::max(0, m_inFlight - 1);
  if (m_inFlight == 0) {
    emit stateChanged();
  }
}

void LabController::openFile(const QString& path, const QString& displayName, const graph::LoadOptions& options) {
  m_loading = true;
  track();
  emit loadStarted(displayName.isEmpty() ? QFileInfo(path).fileName() : displayName);
  m_worker->loadGraph(path, displayName, options);
}

void LabController::generate(const QString& spec) {
  m_loading = true;
  track();
  emit loadStarted(spec);
  m_worker->generateGraph(spec);
}

void LabController::openDevice(uint32_t index) {
  setPlaying(false);
  m_config.device = QString::number(index);
  track();
  m_worker->openDevice(m_config.device);
}

void LabController::chooseDevice(const QString& request) {
  if (request == m_config.device) {
    return;
  }
  setPlaying(false);
  m_config.device = request;
  track();
  m_worker->openDevice(request);
}

void LabController::setPipelineStatistics(bool on) {
  if (on == m_config.pipelineStatistics) {
    return;
  }
  m_config.pipelineStatistics = on;
  setPlaying(false);
  track();
  m_worker->setPipelineStatistics(on);
  emit pipelineStatisticsChanged(on);
}

void LabController::finishLoad() {
  m_loading = false;
  emit stateChanged();
}

void LabController::finishRun() {
  if (m_running) {
    m_running = false;
    emit stateChanged();
  }
}

void LabController::onGraphStatsReady(const GraphSummary& summary) {
  if (!m_graph || m_graph->graph != summary.graph) {
    return;  // a graph loaded since
  }
  m_graph->stats = summary.stats;
  emit graphStatsChanged(*m_graph);
}

void LabController::onGraphLoaded(const GraphSummary& summary) {
  m_graph = summary;
  m_config.graph = summary.source;
  finishLoad();
  // A new graph starts with the random setting's pairs, drawn before anyone
  // hears of the graph, so that a session or a script can replace them.
  m_config.pairs.given.reset();
  drawRandomPairs();
  if (m_config.comparisonOffered) {
    offerComparison(); // the new graph's kind decides the default
  }
  emit graphChanged(summary);
  QString message = tr("Loaded %1: %2 vertices, %3 edges in %4 ms.")
                        .arg(summary.name)
                        .arg(summary.stats.vertices)
                        .arg(summary.stats.edges)
                        .arg(summary.loadMs, 0, 'f', 0);
  // The load's notes (a header that disagrees with the direction used, a
  // directed graph that is symmetric) belong in the same line.
  for (const std::string& note : summary.graph->loadNotes()) {
    message += QLatin1Char(' ') + tr("Note: %1.").arg(QString::fromStdString(note));
  }
  emit statusMessage(message);
}

QString LabController::pairsDescription() const {
  const PairsSpec& spec = m_config.pairs;
  if (spec.given) {
    return spec.given->description;
  }
  if (m_graph && m_graph->graph->vertexCount() == 0) {
    return tr("No pairs: the graph has no vertices.");
  }
  return tr("%n random pair(s), seed %1", nullptr, static_cast<int>(spec.count)).arg(spec.seed);
}

void LabController::drawRandomPairs() {
  m_pairs.clear();
  if (m_graph && m_graph->graph->vertexCount() > 0) {
    m_pairs = graph::randomPairs(*m_graph->graph, m_config.pairs.count, m_config.pairs.seed);
  }
  sendPairs();
}

void LabController::sendPairs() {
  if (m_graph && m_graph->graph->vertexCount() > 0) {
    setPlaying(false);
    track();
    m_worker->setPairs(m_graph->graph, m_pairs);
  }
  emit pairsChanged(m_config.pairs, pairsDescription());
}

void LabController::chooseRandomPairs(uint32_t count, uint64_t seed) {
  m_config.pairs.count = count;
  m_config.pairs.seed = seed;
  m_config.pairs.given.reset();
  keepInBounds(m_config.pairs);
  drawRandomPairs();
}

bool LabController::choosePairs(const PairsSpec& spec, QString* error) {
  if (!spec.given) {
    chooseRandomPairs(spec.count, spec.seed);
    return true;
  }
  if (!m_graph) {
    *error = tr("no graph is loaded");
    return false;
  }
  const graph::Graph& g = *m_graph->graph;
  std::vector<graph::Pair> pairs;
  pairs.reserve(spec.given->ids.size());
  for (const auto& [source, destination] : spec.given->ids) {
    const std::optional<graph::VertexId> s = g.denseId(source);
    const std::optional<graph::VertexId> d = g.denseId(destination);
    if (!s || !d) {
      *error = tr("pair %1 %2: %3 is not a vertex of the graph").arg(source).arg(destination).arg(s ? destination : source);
      return false;
    }
    pairs.push_back({*s, *d});
  }
  m_config.pairs = spec;
  keepInBounds(m_config.pairs);
  m_pairs = std::move(pairs);
  sendPairs();
  return true;
}

bool LabController::chooseGivenPairs(const GivenPairs& given, QString* error) {
  PairsSpec spec = m_config.pairs;
  spec.given = given;
  return choosePairs(spec, error);
}

bool LabController::choosePairsFile(const QString& path, QString* error) {
  if (!m_graph) {
    *error = tr("no graph is loaded");
    return false;
  }
  try {
    std::vector<graph::Pair> pairs =
        graph::readPairsFile(*m_graph->graph, std::filesystem::path(QFile::encodeName(path).toStdString()));
    const auto n = static_cast<int>(pairs.size());
    setPairs(pairs, tr("%n pair(s) from %1", nullptr, n).arg(QFileInfo(path).fileName()));
    return true;
  } catch (const std::exception& e) {
    *error = QString::fromStdString(e.what());
    return false;
  }
}

bool LabController::chooseTypedPairs(const QString& text, QString* error) {
  if (!m_graph) {
    *error = tr("no graph is loaded");
    return false;
  }
  try {
    std::vector<graph::Pair> pairs = parsePairsText(*m_graph->graph, text);
    const auto n = static_cast<int>(pairs.size());
    setPairs(pairs, tr("%n typed pair(s)", nullptr, n));
    return true;
  } catch (const std::exception& e) {
    *error = tr("Typed pairs: %1").arg(QString::fromStdString(e.what()));
    return false;
  }
}

void LabController::setPairs(const std::vector<graph::Pair>& pairs, const QString& description) {
  if (!m_graph) {
    return;
  }
  const graph::Graph& g = *m_graph->graph;
  GivenPairs given;
  given.description = description;
  given.ids.reserve(pairs.size());
  for (const graph::Pair& pair : pairs) {
    given.ids.emplace_back(g.fileId(pair.source), g.fileId(pair.destination));
  }
  m_config.pairs.given = std::move(given);
  m_pairs = pairs;
  sendPairs();
}

void LabController::setRunSpec(const run::RunSpec& spec) {
  if (spec.engine == run::Engine::Ibfs) {
    m_config.strategy = spec;
    m_config.paths.reset();
  } else {
    m_config.paths = spec;
  }
  configure();
  emit configChanged(m_config);
}

void LabController::chooseStrategy(const run::RunSpec& strategy) {
  if (strategy.engine != run::Engine::Ibfs) {
    return;
  }
  m_config.strategy = strategy;
  configure();
  emit configChanged(m_config);
}

void LabController::clearPaths() {
  m_config.paths.reset();
  configure();
  emit configChanged(m_config);
}

bool LabController::choosePaths(const QString& spec) {
  if (spec == QStringLiteral("ibfs")) {
    clearPaths();
    return true;
  }
  try {
    const run::RunSpec paths = run::parseRunSpec(spec.toStdString());
    if (paths.engine != run::Engine::ShortestPaths) {
      return false;
    }
    setRunSpec(paths);
    return true;
  } catch (const run::SpecError&) {
    return false;
  }
}

void LabController::setStrategy(const engine::Strategy& strategy) {
  m_config.strategy = run::specOf(strategy);
  configure();
}

void LabController::setSssp(const std::optional<engine::SsspOptions>& options) {
  m_config.paths = options ? std::optional<run::RunSpec>(run::specOf(*options)) : std::nullopt;
  configure();
}

bool LabController::chooseComparison(const QStringList& specs, QString* error) {
  try {
    std::vector<run::RunSpec> entries = parseComparison(specs);
    const QStringList before = m_config.comparisonSpecs();
    m_config.comparison = std::move(entries);
    m_config.comparisonOffered = false;
    if (m_config.comparisonSpecs() != before) {
      emit comparisonChanged(m_config.comparisonSpecs());
    }
    return true;
  } catch (const run::SpecError& failure) {
    if (error != nullptr) {
      *error = QString::fromStdString(failure.what());
    }
    return false;
  }
}

void LabController::offerComparison() {
  if (!m_config.comparison.empty() && !m_config.comparisonOffered) {
    return; // chosen: a graph of another kind keeps it
  }
  m_config.comparison = defaultComparison(m_graph && m_graph->graph->weighted());
  m_config.comparisonOffered = true;
  emit comparisonChanged(m_config.comparisonSpecs());
}

std::vector<uint32_t> LabController::suitableDevices() const {
  std::vector<uint32_t> suitable;
  for (const gpu::DeviceInfo& info : m_devices) {
    if (gpu::unsuitableReason(info).empty()) {
      suitable.push_back(info.index);
    }
  }
  if (m_device) {
    const auto own = std::find(suitable.begin(), suitable.end(), m_device->index);
    if (own != suitable.end()) {
      std::rotate(suitable.begin(), own, own + 1);
    }
  }
  return suitable;
}

void LabController::setCompareOnDevices(bool on) {
  std::vector<uint32_t> devices = on ? suitableDevices() : std::vector<uint32_t>{};
  m_compareOnEveryDevice = on && devices.size() > 1;
  setCompareDevices(m_compareOnEveryDevice ? std::move(devices) : std::vector<uint32_t>{});
}

bool LabController::chooseCompareDevices(const QString& list, QString* error) {
  try {
    std::vector<uint32_t> devices = gpu::chooseDevices(m_devices, list.trimmed().toStdString());
    m_compareOnEveryDevice = false; // a list of its own: kept as given
    setCompareDevices(std::move(devices));
    return true;
  } catch (const std::invalid_argument& failure) {
    if (error != nullptr) {
      *error = QString::fromStdString(failure.what());
    }
    return false;
  }
}

void LabController::setCompareDevices(std::vector<uint32_t> devices) {
  if (devices != m_config.compareDevices) {
    m_config.compareDevices = std::move(devices);
    emit compareDevicesChanged();
  }
}

void LabController::configure() {
  setPlaying(false);
  track();
  m_worker->configure(m_config.spec());
}

void LabController::step() {
  if (!canStep()) {
    return;
  }
  track();
  m_worker->step();
}

void LabController::runToEnd() {
  if (!canStep() || m_running) {
    return;
  }
  setPlaying(false);
  m_running = true;
  track();
  m_worker->runToEnd();
  emit runStarted();
  emit stateChanged();
}

void LabController::reset() {
  setPlaying(false);
  track();
  m_worker->reset();
}

void LabController::compare(const std::vector<Variant>& variants, const run::CompareSettings& settings) {
  if (m_comparing || m_running) {
    return;
  }
  setPlaying(false);
  m_comparing = true;
  track();
  m_compareRequest = m_worker->compare(variants, settings, m_config.compareDevices);
  emit stateChanged();
}

void LabController::cancel() {
  setPlaying(false);
  m_worker->cancel();
}

void LabController::setPlaying(bool playing) {
  if (playing == m_playTimer.isActive()) {
    return;
  }
  if (playing && !canStep()) {
    return;
  }
  if (playing) {
    m_playTimer.start();
    onPlayTick();
  } else {
    m_playTimer.stop();
  }
  emit stateChanged();
}

void LabController::setPlayInterval(int milliseconds) {
  m_playTimer.setInterval(std::max(0, milliseconds));
}

void LabController::onPlayTick() {
  if (!canStep()) {
    setPlaying(false);
    return;
  }
  // One step at a time: a slow step delays the next tick instead of piling up requests.
  if (!busy()) {
    step();
  }
}

void LabController::onTraceChanged(const TraceDelta& delta) {
  if (delta.restart && !delta.keepResults) {
    m_results->clear();
  }
  m_run->apply(delta);
  emit stateChanged();
}

void LabController::onRunFinished(const RunResult& result) {
  finishRun();
  setPlaying(false);
  m_results->setResult(result);
  const engine::RunTrace& trace = m_run->trace();
  emit statusMessage(tr("Finished: %1 iterations, %2 ms GPU time; device memory: %3.")
                         .arg(m_run->iterationCount())
                         .arg(trace.totals.gpuMs, 0, 'f', 2)
                         .arg(QString::fromStdString(engine::describeNeed(trace.deviceBytes, trace.deviceBudget))));
  emit runFinished();
}

void LabController::setViewsEnabled(bool enabled) {
  track();
  m_worker->setViewsEnabled(enabled);
}

void LabController::setTrackedPair(int pair) {
  track();
  m_worker->setTrackedPair(pair);
}

void LabController::requestPairLevels(int pair) {
  track();
  m_worker->requestPairLevels(pair);
}

} // namespace frontier::ui
