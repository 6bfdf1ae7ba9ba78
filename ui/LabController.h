#pragma once
// What the window asks of the engine, and the state it shows: the loaded
// graph, the run (RunModel), its results (ResultsModel), whether a request is
// in flight, and Play. Owns the EngineWorker and speaks its protocol, so the
// window, the command-line demo and the tests drive the same object.
//
// Thread affinity: GUI thread.

#include <optional>
#include <vector>

#include <QObject>
#include <QString>
#include <QTimer>

#include "EngineMessages.h"
#include "RunConfig.h"
#include "compare/Variant.h"
#include "engine/sssp/SsspOptions.h"
#include "graph/GraphIO.h"

namespace frontier::ui {

class EngineWorker;
class ResultsModel;
class RunModel;

class LabController : public QObject {
  Q_OBJECT
public:
  explicit LabController(QObject* parent = nullptr);
  ~LabController() override;

  // Starts the worker thread and opens the device ("" = the best one).
  void start(const QString& deviceRequest);

  RunModel* run() const noexcept { return m_run; }
  ResultsModel* results() const noexcept { return m_results; }
  const std::optional<GraphSummary>& graph() const noexcept { return m_graph; }
  const std::optional<gpu::DeviceInfo>& device() const noexcept { return m_device; }
  // Every device the engine found (devicesFound); empty before it has looked.
  const DeviceList& devices() const noexcept { return m_devices; }
  // The indices of the devices that can run the engine (gpu::unsuitableReason):
  // the window's own first, then the others in index order.
  std::vector<uint32_t> suitableDevices() const;
  // The run's settings: graph, spec, pairs and device (RunConfig.h).
  const RunConfig& config() const noexcept { return m_config; }
  // The pairs last chosen (dense ids of graph()), empty before any.
  const std::vector<graph::Pair>& pairs() const noexcept { return m_pairs; }

  bool busy() const noexcept { return m_inFlight > 0; }
  bool loading() const noexcept { return m_loading; }
  bool running() const noexcept { return m_running; }
  bool playing() const noexcept { return m_playTimer.isActive(); }
  bool comparing() const noexcept { return m_comparing; }
  // A search is ready and has levels left.
  bool canStep() const;

  // Requests. A load replaces the graph only when it succeeds.
  void openFile(const QString& path, const QString& displayName = {}, const graph::LoadOptions& options = {});
  void generate(const QString& spec);
  void openDevice(uint32_t index);
  // A device request (an index or a name substring, RunConfig::device) from
  // a session; nothing happens when it is the one asked for already.
  void chooseDevice(const QString& request);

  // The pairs (RunConfig::pairs). Each choice sends the pairs to the engine
  // (the run starts again) and emits pairsChanged; the ones that can fail
  // return false with the reason in `error` and change nothing.
  // N random pairs drawn with `seed`; before any graph only the setting is
  // kept, and every graph loaded starts with the setting's pairs.
  void chooseRandomPairs(uint32_t count, uint64_t seed);
  // Pairs by ids of the graph's file (a session's, the pairs panel's).
  bool chooseGivenPairs(const GivenPairs& given, QString* error);
  // A CSV file of pairs (graph::readPairsFile) or typed text (PairsText.h).
  bool choosePairsFile(const QString& path, QString* error);
  bool chooseTypedPairs(const QString& text, QString* error);
  // The random setting and, when given, the given pairs of `spec` (a lesson
  // putting back what it replaced).
  bool choosePairs(const PairsSpec& spec, QString* error);
  // Pairs of dense ids, picked in a view or by the lesson.
  void setPairs(const std::vector<graph::Pair>& pairs, const QString& description);
  // What runs, set from outside the panels (a session, the command line): an
  // iBFS spec becomes the strategy (and hop counts are run), a shortest-path
  // spec the weighted paths. configChanged() tells the panels to show it.
  void setRunSpec(const run::RunSpec& spec);
  // Back to hop counts with the strategy (RunConfig::paths cleared), from outside.
  void clearPaths();
  // The iBFS strategy set from outside the panels (the lesson), the
  // weighted-paths choice kept; ignored for a spec of another engine.
  void chooseStrategy(const run::RunSpec& strategy);
  // A session's or the command line's weighted-paths choice: "ibfs" (hop
  // counts) or a shortest-path spec; false (nothing changes) when it is neither.
  bool choosePaths(const QString& spec);
  // The iBFS strategy of the runs (RunConfig::strategy), from the strategy panel.
  void setStrategy(const engine::Strategy& strategy);
  // Weighted shortest paths instead of hop counts (nullopt: back to iBFS;
  // RunConfig::paths).
  void setSssp(const std::optional<engine::SsspOptions>& options);
  // The comparison's entries (RunConfig::comparison), from the comparison
  // window's editor, a session or --compare: 2 to 4 specs of the one
  // grammar. False (nothing changes) with the reason in `error`, naming the
  // bad spec; comparisonChanged follows a change.
  bool chooseComparison(const QStringList& specs, QString* error);
  // Before any are chosen: the default entries for the graph
  // (defaultComparison), replaced by the next graph's default until chosen.
  void offerComparison();
  // The comparison's devices (RunConfig::compareDevices). On: the window's
  // device followed by every other suitable device, kept so when the
  // window's device or the devices found change (nothing when fewer than two
  // are suitable); off: the window's device only.
  void setCompareOnDevices(bool on);
  // RunConfig::pipelineStatistics. A change opens the device again (the run
  // starts over); before start() it only sets how the device is opened.
  void setPipelineStatistics(bool on);
  // A list as --compare-devices takes it: "all" or indices, an index that
  // repeats opening that device again ("0,0": two logical devices of one),
  // parsed by gpu::chooseDevices against devices(). False (nothing changes)
  // with the reason, naming the bad entry, in `error`.
  bool chooseCompareDevices(const QString& list, QString* error);
  void step();
  void runToEnd();
  void reset();
  // Runs 2 to 4 entries over the current graph and pairs (EngineWorker::compare),
  // on RunConfig::compareDevices when it names any; cancel() stops it.
  // compareFinished, or compareFailed when it cannot run.
  void compare(const std::vector<Variant>& variants, const run::CompareSettings& settings = {});
  // Stops a load or a run within a GPU submission, and Play.
  void cancel();
  void setPlaying(bool playing);
  void setPlayInterval(int milliseconds); // between steps while playing
  int playInterval() const { return m_playTimer.interval(); }

  // The views (graph view, status arrays): see EngineWorker.
  void setViewsEnabled(bool enabled);
  void setTrackedPair(int pair);
  void requestPairLevels(int pair);
  // How the pairs were chosen ("64 random pairs, seed 1").
  QString pairsDescription() const;

signals:
  void deviceReady(const frontier::gpu::DeviceInfo& device);
  void devicesFound(const frontier::ui::DeviceList& devices);
  void deviceFailed(const QString& message);
  void loadStarted(const QString& what);
  void loadProgress(double fraction);
  void graphChanged(const frontier::ui::GraphSummary& summary);
  // The current graph's components and diameter, computed after graphChanged
  // for large graphs (EngineWorker::backgroundStatsArcs): graph()->stats now
  // has them.
  void graphStatsChanged(const frontier::ui::GraphSummary& summary);
  void loadFailed(const QString& message);
  void loadCancelled();
  void runStarted();
  void runProgress(const frontier::engine::Progress& progress);
  void runFinished();
  void runCancelled();
  void compareProgress(int index, int count, double fraction);
  void compareRunDone(const frontier::run::ComparedRun& run);
  void compareFinished(bool cancelled);
  // The comparison's own failure (no graph or pairs, no device memory): only
  // the comparison hears of it.
  void compareFailed(const QString& message);
  // A failure of any request but a comparison (those: compareFailed).
  void engineFailed(const QString& message);
  // Busy, loading, running, playing or the search's position changed.
  void stateChanged();
  // The configuration was set from outside the panels (setRunSpec, clearPaths).
  void configChanged(const frontier::ui::RunConfig& config);
  // RunConfig::comparison changed (chosen, offered, or replaced with a graph).
  void comparisonChanged(const QStringList& specs);
  // RunConfig::compareDevices changed.
  void compareDevicesChanged();
  // RunConfig::pipelineStatistics changed.
  void pipelineStatisticsChanged(bool on);
  // The pairs changed (any choice above, or a new graph's random pairs): the
  // pairs panel shows `spec` and the description.
  void pairsChanged(const frontier::ui::PairsSpec& spec, const QString& description);
  void statusMessage(const QString& message);
  void viewStateChanged(std::shared_ptr<const frontier::ui::ViewState> state);
  void pairLevelsReady(const frontier::ui::PairLevels& levels);

private:
  void track(); // counts a posted request
  void onRequestDone();
  void onGraphLoaded(const GraphSummary& summary);
  void onGraphStatsReady(const GraphSummary& summary);
  void onTraceChanged(const TraceDelta& delta);
  void onRunFinished(const RunResult& result);
  void onPlayTick();
  void finishLoad();
  void finishRun();
  void configure(); // the worker runs m_config.spec() from now on
  void drawRandomPairs(); // the random setting's pairs on the graph
  void sendPairs();       // m_pairs to the worker; pairsChanged
  void setCompareDevices(std::vector<uint32_t> devices);

  EngineWorker* m_worker;
  RunModel* m_run;
  ResultsModel* m_results;
  std::optional<GraphSummary> m_graph;
  std::optional<gpu::DeviceInfo> m_device;
  DeviceList m_devices;
  bool m_compareOnEveryDevice = false; // setCompareOnDevices(true): the list follows the devices
  RunConfig m_config;
  std::vector<graph::Pair> m_pairs;
  QTimer m_playTimer;
  int m_inFlight = 0;
  bool m_loading = false;
  bool m_running = false;
  bool m_comparing = false;
  std::optional<quint64> m_compareRequest; // the comparison in flight, as the worker names it
};

} // namespace frontier::ui
