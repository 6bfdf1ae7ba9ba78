#pragma once
// Owns the core objects (the Vulkan context, the loaded graph, its copies on
// the device and the run, one run::Run whatever the engine) on its own thread. The GUI calls the request
// functions below; each is queued to the worker thread and answered by
// signals carrying plain values (EngineMessages.h). No Vulkan handle and no
// mutable core object leaves this thread.
//
// Thread affinity: construct, connect and call the requests on the GUI
// thread; start() moves the object onto its own thread. cancel() may be called
// from any thread and takes effect at once (it is not queued).
//
// Protocol: every request ends with exactly one requestDone(), emitted after
// the signals that answer it, so the caller can count what is in flight.
// engineFailed carries the id of the request that failed (the one compare()
// returns, say), so that its answer reaches whoever asked.
//   openDevice     -> deviceReady + devicesFound | deviceFailed
//   loadGraph,
//   generateGraph  -> loadProgress* then graphLoaded | loadFailed | loadCancelled;
//                     on success also traceChanged(restart, no search yet);
//                     for a graph of more than backgroundStatsArcs() arcs,
//                     graphLoaded carries the degrees only and graphStatsReady
//                     follows (from a thread of its own, outside the request
//                     protocol) once components and diameter are known
//   setPairs,
//   configure      -> traceChanged(restart) | engineFailed
//   step           -> traceChanged, then runFinished after the last level | engineFailed
//   runToEnd       -> traceChanged and runProgress a few times a second, then
//                     runFinished | runCancelled | engineFailed
//   reset          -> traceChanged(restart)
//   setPipelineStatistics -> as openDevice when it changes anything
//   compare        -> compareProgress* and compareRunDone per entry and round, then
//                     compareFinished(cancelled) | engineFailed (no graph or pairs,
//                     a device of its list that cannot be opened)
// With a comparison spread over several devices, compareProgress and
// compareRunDone are emitted from the comparison's device threads (one at a
// time): connect them queued (to receivers on the GUI thread, as
// LabController's are), never directly to code that touches the worker.
// A failed load leaves the previous graph, pairs and search as they were.

#include <atomic>
#include <chrono>
#include <cstdint>
#include <exception>
#include <memory>
#include <optional>
#include <vector>

#include <QObject>
#include <QString>
#include <QThread>
#include <QThreadPool>

#include "CompareDevices.h"
#include "EngineMessages.h"
#include "compare/Variant.h"
#include "graph/GraphIO.h"
#include "run/RunSpec.h"

namespace frontier::gpu {
class Context;
}
namespace frontier::run {
class DeviceInputs;
class Run;
} // namespace frontier::run

namespace frontier::ui {

class EngineWorker : public QObject {
  Q_OBJECT
public:
  explicit EngineWorker(QObject* parent = nullptr);
  ~EngineWorker() override;

  // Moves the worker onto its own thread and opens the device there.
  void start(const QString& deviceRequest);
  // Cancels what runs, drops what is queued and stops the thread; blocks until
  // the current request has returned.
  void stop();

  // Requests (GUI thread).
  void openDevice(const QString& deviceRequest); // an index or a name substring; "" = the best
  // `displayName` is what the user sees (a demo's title); empty = the file name.
  void loadGraph(const QString& path, const QString& displayName, const graph::LoadOptions& options = {});
  void generateGraph(const QString& spec);
  // Pairs in dense ids of `graph`; ignored when that is no longer the loaded graph.
  void setPairs(std::shared_ptr<const graph::Graph> graph, std::vector<graph::Pair> pairs);
  // What the runs that follow run: any spec of the one grammar (iBFS or
  // shortest paths).
  void configure(const run::RunSpec& spec);
  void step();
  void runToEnd();
  void reset();
  // The views (graph, status arrays): the pair whose search is followed to
  // the end of its component (-1: none); remakes the search. A view state
  // follows every step, reset and finished run while views are on.
  void setTrackedPair(int pair);
  void setViewsEnabled(bool enabled);
  // Runs pair `pair` on its own to the end -> pairLevelsReady | engineFailed.
  void requestPairLevels(int pair);
  // Pipeline-statistics queries (invocation counts) and, where the device
  // has VK_KHR_pipeline_executable_properties, each pipeline's registers,
  // shared memory and spills (gpu::ContextOptions::pipelineStatistics).
  // A change opens the device again, as choosing a device does: the run
  // starts over with the queries on or off. Call before start() to open
  // the device with them on.
  void setPipelineStatistics(bool on);
  // Runs every entry to the end over the current graph and pairs: warm-ups,
  // then the timed runs in interleaved rounds (run::Comparison::compare), each
  // checked; the step-by-step search is left as it was.
  // `devices`: device indices, entry i running on devices[i mod n], the
  // devices running their entries of a round at the same time
  // (run::Comparison); empty = the window's own device only. The devices
  // other than the window's are opened on first need and kept until the
  // list, the graph or the window's device changes.
  // Returns the request's id, as engineFailed names it.
  quint64 compare(std::vector<Variant> variants, run::CompareSettings settings = {},
                  std::vector<uint32_t> devices = {});

  // Any thread: the running load or run, and every request queued before this
  // call, stop as soon as they can (within one GPU submission).
  void cancel();

  // Graphs with more arcs than this get their components and diameter (a
  // union-find and two BFS over every arc: seconds at a billion arcs) after
  // graphLoaded, on a thread of their own, so that the graph is there at once
  // and the worker free for the next request. Default 2^25 arcs (about a
  // second of that work). Tests lower it.
  static uint64_t backgroundStatsArcs() noexcept;
  static void setBackgroundStatsArcs(uint64_t arcs) noexcept;

signals:
  void deviceReady(const frontier::gpu::DeviceInfo& device);
  void devicesFound(const frontier::ui::DeviceList& devices);
  void deviceFailed(const QString& message);
  void loadProgress(double fraction);
  void graphLoaded(const frontier::ui::GraphSummary& summary);
  // The structure of `summary.graph` (stats.structureKnown), which
  // graphLoaded left out; never for a graph whose load was superseded.
  void graphStatsReady(const frontier::ui::GraphSummary& summary);
  void loadFailed(const QString& message);
  void loadCancelled();
  void traceChanged(const frontier::ui::TraceDelta& delta);
  void runProgress(const frontier::engine::Progress& progress);
  void runFinished(const frontier::ui::RunResult& result);
  void runCancelled();
  // `request`: the id of the request that failed (post order, from 0).
  void engineFailed(const QString& message, quint64 request);
  void compareProgress(int index, int count, double fraction);
  void compareRunDone(const frontier::run::ComparedRun& run);
  void compareFinished(bool cancelled);
  void requestDone();
  void viewStateChanged(std::shared_ptr<const frontier::ui::ViewState> state);
  void pairLevelsReady(const frontier::ui::PairLevels& levels);

private:
  template <class Work> quint64 post(Work work); // returns the request's id
  void beginRequest(uint64_t ticket);

  // Worker thread only.
  void doOpenDevice(const QString& deviceRequest);
  void doLoad(const QString& path, const QString& displayName, graph::LoadOptions options);
  void doGenerate(const QString& spec);
  void installGraph(std::shared_ptr<graph::Graph> graph, const QString& name, const QString& source,
                    std::chrono::steady_clock::time_point started);
  void doStep();
  void doRunToEnd();
  void doCompare(const std::vector<Variant>& variants, const run::CompareSettings& settings,
                 const std::vector<uint32_t>& devices);
  // A failed step, run or comparison: engineFailed with the reason, the
  // device opened again when it was lost, and a fresh search prepared.
  void failRun(const std::exception& error);
  void dropSearch();
  void prepareSearch(); // makes the run when graph, pairs, spec and device are there
  // The graph's device copies, made on first need (device and graph loaded).
  run::DeviceInputs& inputs();
  void dropInputs(); // before the graph or the device goes
  void emitDelta(bool restart);
  void emitFinished();
  void emitViewState(bool stepsNotRemade = false);
  // After Run to end: a snapshot per level, for Back; false when the run's
  // steps cannot be remade (weighted runs).
  bool replayViewStates();
  void doPairLevels(int pair);
  // Components and diameter of `summary.graph` on m_statsPool, ending the one
  // started for the graph before.
  void startStructureStats(GraphSummary summary);

  QThread m_thread;
  std::atomic<uint64_t> m_posted{0};       // tickets handed out (GUI thread)
  std::atomic<uint64_t> m_cancelBefore{0}; // requests with a lower ticket are cancelled
  std::atomic<bool> m_cancel{false};       // the running request's flag
  std::atomic<bool> m_stopping{false};
  quint64 m_request = 0; // the request being answered (worker thread)

  // Touched only on m_thread.
  std::unique_ptr<gpu::Context> m_context;
  QString m_deviceRequest; // the last openDevice request, to open a lost device again
  std::shared_ptr<const graph::Graph> m_graph;
  std::unique_ptr<run::DeviceInputs> m_inputs; // m_graph on m_context, made on first need
  CompareDevices m_compareDevices;             // a comparison's other devices, dropped with m_inputs
  std::vector<graph::Pair> m_pairs;
  std::optional<run::RunSpec> m_spec;
  std::unique_ptr<run::Run> m_run;
  size_t m_sentIterations = 0;
  size_t m_sentKernels = 0;
  size_t m_sentProgress = 0;  // trace().queryProgress entries sent
  int m_trackedPair = 0;
  bool m_viewsEnabled = false;
  bool m_pipelineStatistics = false; // every context opened from now on counts (setPipelineStatistics)
  // The pipelines the search made, as the driver describes them: the
  // context's reports made while the search was made (run::runPipelines).
  std::optional<std::vector<engine::PipelineResources>> m_pipelines;
  bool m_keepResults = false; // set while failRun() prepares a search anew

  // The background statistics (startStructureStats): one job at a time, its
  // flag set when the graph is replaced or the worker goes.
  QThreadPool m_statsPool;
  std::shared_ptr<std::atomic<bool>> m_statsCancel;
};

} // namespace frontier::ui
