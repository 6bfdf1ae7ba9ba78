#include "EngineWorker.h"

#include "ViewStateCapture.h"

#include <exception>
#include <filesystem>

#include <QFile>
#include <QFileInfo>

#include "run/Comparison.h"
#include "run/DeviceInputs.h"
#include "run/Registry.h"
#include "run/RunPipelines.h"
#include "graph/Generators.h"
#include "graph/GraphStats.h"
#include "vk/Context.h"
#include "vk/DeviceChoice.h"
#include "vk/VulkanError.h"

namespace frontier::ui {

namespace {

using Clock = std::chrono::steady_clock;

// Partial results go to the GUI at most this often while a run or a load goes on.
constexpr auto kUpdateInterval = std::chrono::milliseconds(100);

QString messageOf(const std::exception& error) {
  return QString::fromStdString(error.what());
}

// One set of options for every context the worker opens (its own, a lost
// one opened again, a comparison's other devices), so that they validate alike.
gpu::ContextOptions contextOptions(const QString& deviceRequest, bool pipelineStatistics) {
  gpu::ContextOptions options;
  options.deviceRequest = gpu::resolveDeviceRequest(deviceRequest.toStdString());
  options.pipelineStatistics = pipelineStatistics;
  return options;
}

// Everything of a trace but its growing vectors. A copy then a clear, so
// that no header field added to RunTrace can be forgotten here; the vectors
// are small next to the GPU work of a step.
// The entries of `all` past the first `sent`, which then counts them all.
template <class T> std::vector<T> unsent(const std::vector<T>& all, size_t& sent) {
  std::vector<T> tail(all.begin() + static_cast<std::ptrdiff_t>(sent), all.end());
  sent = all.size();
  return tail;
}

engine::RunTrace headerOf(const engine::RunTrace& trace) {
  engine::RunTrace header = trace;
  header.iterations.clear();
  header.kernels.clear();
  header.queryProgress.clear();
  return header;
}

} // namespace

EngineWorker::EngineWorker(QObject* parent) : QObject(parent) {
  qRegisterMetaType<frontier::gpu::DeviceInfo>();
  qRegisterMetaType<frontier::ui::DeviceList>();
  qRegisterMetaType<frontier::ui::GraphSummary>();
  qRegisterMetaType<frontier::ui::TraceDelta>();
  qRegisterMetaType<frontier::ui::RunResult>();
  qRegisterMetaType<frontier::engine::Progress>();
  qRegisterMetaType<std::shared_ptr<const frontier::ui::ViewState>>();
  qRegisterMetaType<frontier::ui::PairLevels>();
  qRegisterMetaType<frontier::run::ComparedRun>();
  m_thread.setObjectName("EngineWorker");
  m_statsPool.setMaxThreadCount(1);  // its own pool: the global one runs the layouts
}

EngineWorker::~EngineWorker() {
  stop();
  if (m_statsCancel) {
    *m_statsCancel = true;
  }
  m_statsPool.waitForDone();  // its job emits from this object
}

namespace {
std::atomic<uint64_t> g_backgroundStatsArcs{uint64_t{1} << 25U};
} // namespace

uint64_t EngineWorker::backgroundStatsArcs() noexcept { return g_backgroundStatsArcs.load(); }
void EngineWorker::setBackgroundStatsArcs(uint64_t arcs) noexcept { g_backgroundStatsArcs = arcs; }

void EngineWorker::start(const QString& deviceRequest) {
  setParent(nullptr); // a QObject with a parent cannot change threads
  moveToThread(&m_thread);
  m_thread.start();
  openDevice(deviceRequest);
}

void EngineWorker::stop() {
  if (!m_thread.isRunning()) {
    return;
  }
  m_stopping = true;
  cancel();
  // The core objects must die on the thread that used them, the context last.
  QMetaObject::invokeMethod(
      this,
      [this] {
        m_run.reset();
        m_compareDevices.clear();
        m_inputs.reset();
        m_context.reset();
      },
      Qt::BlockingQueuedConnection);
  m_thread.quit();
  m_thread.wait();
}

template <class Work> quint64 EngineWorker::post(Work work) {
  const uint64_t ticket = m_posted.fetch_add(1);
  QMetaObject::invokeMethod(
      this,
      [this, ticket, work]() mutable {
        if (m_stopping) {
          return;
        }
        beginRequest(ticket);
        work();
        emit requestDone();
      },
      Qt::QueuedConnection);
  return ticket;
}

void EngineWorker::beginRequest(uint64_t ticket) {
  m_request = ticket;
  // Cleared first, then set again if cancel() came after this request was
  // posted: a concurrent cancel() is never lost.
  m_cancel = false;
  if (ticket < m_cancelBefore.load()) {
    m_cancel = true;
  }
}

void EngineWorker::cancel() {
  m_cancelBefore = m_posted.load();
  m_cancel = true;
}

void EngineWorker::openDevice(const QString& deviceRequest) {
  post([this, deviceRequest] { doOpenDevice(deviceRequest); });
}

void EngineWorker::loadGraph(const QString& path, const QString& displayName, const graph::LoadOptions& options) {
  post([this, path, displayName, options] { doLoad(path, displayName, options); });
}

void EngineWorker::generateGraph(const QString& spec) {
  post([this, spec] { doGenerate(spec); });
}

void EngineWorker::setPairs(std::shared_ptr<const graph::Graph> graph, std::vector<graph::Pair> pairs) {
  post([this, graph, pairs] {
    if (graph != m_graph) {
      return; // chosen for a graph that has been replaced since
    }
    m_pairs = pairs;
    dropSearch();
    prepareSearch();
  });
}

void EngineWorker::configure(const run::RunSpec& spec) {
  post([this, spec] {
    m_spec = spec;
    dropSearch();
    prepareSearch();
  });
}

void EngineWorker::step() {
  post([this] { doStep(); });
}

void EngineWorker::runToEnd() {
  post([this] { doRunToEnd(); });
}

void EngineWorker::reset() {
  post([this] {
    try {
      if (m_run) {
        m_run->reset();
      }
      emitDelta(true);
      emitViewState();
    } catch (const std::exception& error) {
      failRun(error);
    }
  });
}

void EngineWorker::setTrackedPair(int pair) {
  post([this, pair] {
    if (pair == m_trackedPair) {
      return;
    }
    m_trackedPair = pair;
    if (m_viewsEnabled) {
      dropSearch();
      prepareSearch();
    }
  });
}

void EngineWorker::setViewsEnabled(bool enabled) {
  post([this, enabled] {
    if (enabled == m_viewsEnabled) {
      return;
    }
    m_viewsEnabled = enabled;
    dropSearch();
    prepareSearch();
  });
}

void EngineWorker::setPipelineStatistics(bool on) {
  post([this, on] {
    if (on == m_pipelineStatistics) {
      return;
    }
    m_pipelineStatistics = on;
    if (m_context) {
      doOpenDevice(m_deviceRequest); // the queries are chosen when a device is opened
    }
  });
}

void EngineWorker::requestPairLevels(int pair) {
  post([this, pair] { doPairLevels(pair); });
}

quint64 EngineWorker::compare(std::vector<Variant> variants, run::CompareSettings settings,
                              std::vector<uint32_t> devices) {
  return post([this, variants, settings, devices] { doCompare(variants, settings, devices); });
}

void EngineWorker::doCompare(const std::vector<Variant>& variants, const run::CompareSettings& settings,
                             const std::vector<uint32_t>& devices) {
  if (!m_context || !m_graph || m_pairs.empty()) {
    emit engineFailed(tr("Nothing to compare: open a device, load a graph and choose pairs first."), m_request);
    return;
  }
  try {
    inputs().deviceGraph();
  } catch (const std::exception& error) {
    failRun(error);
    return;
  }
  std::vector<run::DeviceInputs*> perSlot{&inputs()};
  if (devices.empty()) {
    m_compareDevices.clear(); // back to one device: the others' memory is given back
  } else {
    try {
      perSlot = m_compareDevices.prepare(devices, inputs(), contextOptions(m_deviceRequest, m_pipelineStatistics));
    } catch (const std::exception& error) {
      emit engineFailed(messageOf(error), m_request); // the window's own device is untouched
      return;
    }
  }
  std::vector<run::RunSpec> specs;
  for (const Variant& variant : variants) {
    specs.push_back(variant.run);
  }
  run::Comparison comparison(perSlot, m_pairs);
  const int count = static_cast<int>(variants.size());
  auto lastUpdate = Clock::now() - kUpdateInterval;
  int lastIndex = -1;
  // Several devices report their entries in turn: a change of entry is news
  // only when one device runs them one after another.
  const bool oneDevice = perSlot.size() == 1;
  const auto progress = [&](int index, double fraction) {
    if (const auto now = Clock::now(); (oneDevice && index != lastIndex) || now - lastUpdate >= kUpdateInterval) {
      lastUpdate = now;
      lastIndex = index;
      emit compareProgress(index, count, fraction);
    }
  };
  // With several devices both callbacks run on the comparison's device
  // threads, one at a time: they touch only this call's locals and emit,
  // and every receiver is queued (see the header).
  bool anyFailed = false;
  const auto result = [this, &anyFailed](const run::ComparedRun& run) {
    anyFailed = anyFailed || !run.error.empty();
    emit compareRunDone(run);
  };
  const bool finished = comparison.compare(specs, settings, progress, result, &m_cancel);
  if (anyFailed) {
    // A failed entry may have lost its device: the next comparison opens
    // the other devices anew (the window's own is opened again by failRun
    // when a step or run finds it lost).
    m_compareDevices.clear();
  }
  emit compareFinished(!finished);
}

void EngineWorker::doOpenDevice(const QString& deviceRequest) {
  m_deviceRequest = deviceRequest;
  dropSearch();
  dropInputs();
  m_context.reset();
  try {
    m_context = std::make_unique<gpu::Context>(contextOptions(deviceRequest, m_pipelineStatistics));
    emit devicesFound(m_context->instance().devices());
    emit deviceReady(m_context->info());
    prepareSearch();
  } catch (const std::exception& error) {
    emit deviceFailed(messageOf(error));
  }
}

void EngineWorker::doLoad(const QString& path, const QString& displayName, graph::LoadOptions options) {
  const auto started = Clock::now();
  auto lastUpdate = started;
  options.progress = [this, &lastUpdate](double fraction) {
    const auto now = Clock::now();
    if (now - lastUpdate >= kUpdateInterval) {
      lastUpdate = now;
      emit loadProgress(fraction);
    }
    return !m_cancel.load();
  };
  try {
    const std::filesystem::path file(QFile::encodeName(path).toStdString());
    auto loaded = std::make_shared<graph::Graph>(graph::loadGraph(file, options));
    if (m_cancel) {
      throw graph::LoadCancelled();
    }
    const QString name = displayName.isEmpty() ? QFileInfo(path).fileName() : displayName;
    installGraph(std::move(loaded), name, path, started);
  } catch (const graph::LoadCancelled&) {
    emit loadCancelled();
  } catch (const std::exception& error) {
    emit loadFailed(messageOf(error));
  }
}

void EngineWorker::doGenerate(const QString& spec) {
  const auto started = Clock::now();
  try {
    auto generated = std::make_shared<graph::Graph>(graph::generate(spec.toStdString()));
    installGraph(std::move(generated), spec, spec, started);
  } catch (const std::exception& error) {
    emit loadFailed(messageOf(error));
  }
}

void EngineWorker::installGraph(std::shared_ptr<graph::Graph> loaded, const QString& name, const QString& source,
                                Clock::time_point started) {
  loaded->setName(name.toStdString());
  GraphSummary summary;
  summary.stats = graph::computeDegreeStats(*loaded);
  const bool background = loaded->arcCount() > backgroundStatsArcs();
  if (!background) {
    graph::addStructureStats(*loaded, summary.stats);
  }
  summary.structureInLoad = !background;
  summary.name = name;
  summary.source = source;
  summary.graph = std::move(loaded);
  summary.loadMs = std::chrono::duration<double, std::milli>(Clock::now() - started).count();
  // Only now, with everything read, does the new graph replace the old one.
  dropSearch();
  dropInputs();
  m_pairs.clear();
  m_graph = summary.graph;
  if (m_statsCancel) {
    *m_statsCancel = true;  // the graph it works on is gone
  }
  emit graphLoaded(summary);
  emitDelta(true);
  if (background) {
    startStructureStats(std::move(summary));
  }
}

void EngineWorker::startStructureStats(GraphSummary summary) {
  m_statsCancel = std::make_shared<std::atomic<bool>>(false);
  m_statsPool.start([this, summary = std::move(summary), cancel = m_statsCancel]() mutable {
    if (graph::addStructureStats(*summary.graph, summary.stats, cancel.get()) && !cancel->load()) {
      emit graphStatsReady(summary);
    }
  });
}

void EngineWorker::doStep() {
  if (!m_run) {
    emit engineFailed(tr("Nothing to step: load a graph and choose pairs first."), m_request);
    return;
  }
  if (m_run->finished()) {
    emitFinished();
    return;
  }
  try {
    m_run->step();
    emitDelta(false);
    emitViewState();
    if (m_run->finished()) {
      emitFinished();
    }
  } catch (const std::exception& error) {
    failRun(error);
  }
}

void EngineWorker::doRunToEnd() {
  if (!m_run) {
    emit engineFailed(tr("Nothing to run: load a graph and choose pairs first."), m_request);
    return;
  }
  try {
    auto lastUpdate = Clock::now();
    const auto progress = [this, &lastUpdate](const engine::Progress& p) {
      const auto now = Clock::now();
      if (now - lastUpdate >= kUpdateInterval) {
        lastUpdate = now;
        emitDelta(false);
        emit runProgress(p);
      }
    };
    const bool done = m_run->run(progress, &m_cancel);
    emitDelta(false);
    if (done) {
      emitViewState(!replayViewStates());
      emitFinished();
    } else {
      emit runCancelled(); // first: waiting for the submission in flight must not delay the answer to Cancel
      m_run->settle();
      emitDelta(false);
      emitViewState();
    }
  } catch (const std::exception& error) {
    failRun(error);
  }
}

void EngineWorker::failRun(const std::exception& error) {
  dropSearch();
  QString message = messageOf(error);
  const auto* vulkan = dynamic_cast<const gpu::VulkanError*>(&error);
  if (vulkan != nullptr && vulkan->isDeviceLost()) {
    // Nothing runs on a lost device again: open it anew. The graph and the
    // pairs live on the host and stay; the device's copies are made again.
    dropInputs();
    m_context.reset();
    try {
      m_context = std::make_unique<gpu::Context>(contextOptions(m_deviceRequest, m_pipelineStatistics));
      message += tr("\nThe device was opened again; the graph and pairs are kept: Step or Run starts over.");
    } catch (const std::exception& reopen) {
      message += tr("\nThe device could not be opened again: %1").arg(messageOf(reopen));
    }
  }
  emit engineFailed(message, m_request);
  // Ready for the next Step or Run with the same graph, pairs and strategy
  // (a search that cannot be made says so itself); the results of the last
  // finished run stay on screen.
  m_keepResults = true;
  prepareSearch();
  m_keepResults = false;
}

void EngineWorker::dropSearch() {
  m_run.reset();
  m_pipelines.reset();
  m_sentIterations = 0;
  m_sentKernels = 0;
  m_sentProgress = 0;
}

run::DeviceInputs& EngineWorker::inputs() {
  if (!m_inputs) {
    m_inputs = std::make_unique<run::DeviceInputs>(*m_context, m_graph);
  }
  return *m_inputs;
}

void EngineWorker::dropInputs() {
  m_run.reset(); // a run holds the device copies
  m_compareDevices.clear(); // copies of the same graph, and slot 0 may be m_inputs
  m_inputs.reset();
}

void EngineWorker::prepareSearch() {
  if (m_run || !m_context || !m_graph || m_pairs.empty() || !m_spec) {
    emitDelta(true);
    return;
  }
  try {
    run::RunOptions options;
    // The window steps and draws its run level by level (the frontier
    // charts, the status arrays), so tuned stays on the BFS engine here; the
    // comparison window times tuned as frontier-cli does.
    options.levels = true;
    if (m_viewsEnabled && m_trackedPair >= 0 && static_cast<size_t>(m_trackedPair) < m_pairs.size()) {
      options.trackedPair = static_cast<uint32_t>(m_trackedPair);
    }
    run::DeviceInputs& deviceInputs = inputs();
    const size_t firstPipeline = m_context->pipelineReports().size();
    m_run = run::makeRun(deviceInputs, m_pairs, *m_spec, options);
    m_pipelines = run::runPipelines(*m_context, firstPipeline);
    emitDelta(true);
    emitViewState();
  } catch (const std::exception& error) {
    dropSearch();
    emitDelta(true);
    emit engineFailed(messageOf(error), m_request);
  }
}

void EngineWorker::emitDelta(bool restart) {
  TraceDelta delta;
  delta.keepResults = m_keepResults;
  delta.hasSearch = m_run != nullptr;
  if (!m_run) {
    delta.restart = true;
    emit traceChanged(delta);
    return;
  }
  const engine::RunTrace& trace = m_run->trace();
  if (trace.iterations.size() < m_sentIterations || trace.kernels.size() < m_sentKernels ||
      trace.queryProgress.size() < m_sentProgress) {
    restart = true; // the search was reset under us
  }
  if (restart) {
    m_sentIterations = 0;
    m_sentKernels = 0;
    m_sentProgress = 0;
  }
  delta.restart = restart;
  delta.trace = headerOf(trace);
  delta.trace.pipelines = m_pipelines;
  delta.trace.iterations = unsent(trace.iterations, m_sentIterations);
  delta.trace.kernels = unsent(trace.kernels, m_sentKernels);
  delta.trace.queryProgress = unsent(trace.queryProgress, m_sentProgress);
  const engine::Progress position = m_run->progress();
  delta.batch = position.batch;
  delta.batches = position.batches;
  delta.level = position.level;
  delta.finished = m_run->finished();
  emit traceChanged(delta);
}

void EngineWorker::emitFinished() {
  RunResult result;
  result.graph = m_graph;
  result.pairs = m_run->pairs();
  result.results = m_run->results();
  emit runFinished(result);
}

void EngineWorker::emitViewState(bool stepsNotRemade) {
  if (!m_viewsEnabled || !m_run || !m_graph) {
    return;
  }
  try {
    std::shared_ptr<ViewState> state = captureViewState(*m_run, m_graph, m_trackedPair);
    state->stepsNotRemade = stepsNotRemade;
    emit viewStateChanged(std::move(state));
  } catch (const std::exception& error) {
    emit engineFailed(messageOf(error), m_request);
  }
}

bool EngineWorker::replayViewStates() {
  // The run kept no state per level: a second, untimed run steps through
  // the same levels so that Back works after Run to end (the final state
  // follows from the run itself).
  const size_t iterations = m_run ? m_run->trace().iterations.size() : 0;
  if (!m_viewsEnabled || !m_run || !m_graph || iterations < 2 ||
      !replayFits(*m_graph, iterations, m_run->trace().twoSided)) {
    return true; // nothing to remake, or the history keeps no snapshots (it says why)
  }
  if (m_spec && m_spec->unit() == run::Unit::Weight) {
    // Shortest-path steps do not repeat from run to run: remade snapshots
    // would show other steps than the charts and the sentence.
    return false;
  }
  // Tracked as the run was (prepareSearch), so the levels match.
  const bool tracked = m_trackedPair >= 0 && static_cast<size_t>(m_trackedPair) < m_pairs.size();
  try {
    replaySnapshots(inputs(), m_pairs, *m_spec, tracked ? m_trackedPair : -1, iterations - 1, m_cancel,
                    [this](std::shared_ptr<const ViewState> state) { emit viewStateChanged(std::move(state)); });
  } catch (const gpu::VulkanError& error) {
    if (error.isDeviceLost()) {
      throw; // the run's own search is lost with it: failRun
    }
    // Otherwise (no memory for a second search) only stepping back is lost.
  } catch (const engine::ResourceError&) {
  }
  return true;
}

void EngineWorker::doPairLevels(int pair) {
  if (!m_context || !m_graph || pair < 0 || static_cast<size_t>(pair) >= m_pairs.size()) {
    return;
  }
  try {
    // One search on its own, followed to the end: its levels give a path.
    static const run::RunSpec kOnePair = run::parseRunSpec("coalesced+omega=32");
    run::RunOptions options;
    options.trackedPair = 0;
    options.timestamps = false;
    const graph::Pair endpoints = m_pairs[static_cast<size_t>(pair)];
    const std::unique_ptr<run::Run> search = run::makeRun(inputs(), {endpoints}, kOnePair, options);
    if (!search->run({}, &m_cancel)) {
      return;
    }
    PairLevels out;
    out.graph = m_graph;
    out.pair = pair;
    out.endpoints = endpoints;
    out.levels = search->view(1, 1).trackedLevels;
    emit pairLevelsReady(out);
  } catch (const std::exception& error) {
    // The run window's search is not this one: only a lost device (which
    // the run window's search shares) makes it start over.
    const auto* vulkan = dynamic_cast<const gpu::VulkanError*>(&error);
    if (vulkan != nullptr && vulkan->isDeviceLost()) {
      failRun(error);
    } else {
      emit engineFailed(messageOf(error), m_request);
    }
  }
}

} // namespace frontier::ui
