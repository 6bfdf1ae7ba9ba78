#pragma once
// The command line's scripted demo: open a graph, choose the strategy and the
// pairs, run to the end, wait for the CPU reference check, save a screenshot
// of the window and report an exit status. Drives the window through the same
// objects a user does.
//
// Thread affinity: GUI thread.

#include <cstdint>
#include <optional>

#include <QObject>
#include <QString>

#include "PairsSpec.h"
#include "session/Session.h"

namespace frontier::ui {

class MainWindow;

struct ScriptOptions {
  QString graph;    // a path, "demo:NAME" or a generator spec; empty: none
  QString strategy; // a preset (with switches) or a shortest-path spec (near-far+delta=D); empty: the default
  QString pairs;    // "random:N" or a file of pairs; empty: the default random pairs
  std::optional<uint64_t> seed; // of the random pairs (RunConfig::pairs), 0 to kMaxPairSeed
  bool run = false;             // run to the end once the search is ready
  QString screenshot;           // save the window here when done
  bool quit = false;            // for the caller: exit once done() is emitted
  QString compare;              // "S1,S2[,...]": compare these (with `run`: run them), screenshot the comparison
  QString exportTrace;          // after a comparison: its Chrome trace, one process per strategy
  std::optional<int> repeats;   // timed runs per compared entry (after a warm-up each); empty: the window's
  QString compareDevices;       // "all" or indices ("0,1", "0,0"): the compared entries' devices in turn
  bool lesson = false;          // the lesson preset (LessonMode) once the graph is loaded
  QString exportAnimation;      // when done: the graph view at every step (AnimationExport.h)...
  QString animationSteps;       // ...or at these ("3-7", counted from 1; parseAnimationSteps)
  bool animationWithCharts = false; // ...with the charts beside the graph view in each frame
};

class ScriptedRun : public QObject {
  Q_OBJECT
public:
  ScriptedRun(MainWindow* window, ScriptOptions options, QObject* parent = nullptr);

  // Checks the options and starts; done() follows (at once on a bad option).
  void start();
  const QString& error() const noexcept { return m_error; }

signals:
  // 0 on success; otherwise the reason is in error(): 1 a failure, 2 a bad
  // option, 3 results that differ from the CPU reference.
  void done(int exitCode);

private:
  enum class Phase { Idle, Loading, Preparing, Running, Comparing, Checking, Done };
  void onStateChanged();
  void onGraphLoaded();
  void onRunFinished();
  void onCompared(bool cancelled);
  bool readSessionFile();
  bool choosePairs(); // sets the run's pairs from the session and the options; false after fail()
  // --compare-devices against the devices found, once they are; false after fail().
  bool chooseCompareDevices();
  void finish();
  void fail(const QString& message, int exitCode = 1);

  MainWindow* m_window;
  ScriptOptions m_options;
  Phase m_phase = Phase::Idle;
  int m_layoutWaitMs = 0;                // spent waiting for the graph view's layout before the screenshot
  QString m_pairsFile;                   // pairs to read once the graph is there
  std::optional<PairsSpec> m_givenPairs; // a session's pairs, chosen once the graph is there
  QString m_pathsSpec;                   // a shortest-path choice for the Weighted paths panel
  bool m_compareDevicesPending = false;  // --compare-devices waits for the devices found
  std::optional<Session> m_session;
  QString m_error;
};

} // namespace frontier::ui
