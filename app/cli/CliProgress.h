#pragma once
// Progress of long work on standard error, and Ctrl-C.
//
// ProgressLine draws one line that redraws itself ("run  [#####-----]  47%
// 0:12 left  batch 3/8") when standard error is a terminal; otherwise it
// prints a plain line at the start, at every tenth of the work and at the end,
// so logs stay readable. Main thread only.
//
// Ctrl-C: the first SIGINT sets a flag that the long stages poll (graph
// loading through its progress callback, the engines through their cancel
// flag, the bench between runs); they stop and throw Interrupted, which
// guarded() turns into exit status 130 (128 + SIGINT). Output files are
// written whole or not at all (a temporary file renamed at the end), so a
// stopped command leaves none behind. A second Ctrl-C ends the process at
// once, for the stages that cannot stop in between; so does a Ctrl-C while
// no ProgressLine is alive (no stage would look at the flag).

#include <atomic>
#include <chrono>
#include <functional>
#include <stdexcept>
#include <string>

#include "engine/ibfs/Search.h"

namespace frontier::cli {

// The work was stopped by Ctrl-C.
class Interrupted : public std::runtime_error {
public:
  Interrupted() : std::runtime_error("interrupted") {}
};

// Installs the SIGINT handler (once; later calls do nothing).
void installInterruptHandler();
// Set by the first Ctrl-C; the engines' cancel flag.
const std::atomic<bool>& interruptFlag();
bool interrupted();
// Throws Interrupted when Ctrl-C was pressed.
void throwIfInterrupted();

// Runs an engine's search (anything with run(progress, cancel)) to the end
// with Ctrl-C as its cancel flag; Interrupted when it was stopped.
template <class Search>
void runOrStop(Search& search, const std::function<void(const engine::Progress&)>& progress = {}) {
  if (!search.run(progress, &interruptFlag())) {
    throw Interrupted();
  }
}

class ProgressLine {
public:
  // `what` names the work: "loading karate.txt", "run coalesced".
  explicit ProgressLine(std::string what);
  ~ProgressLine();
  ProgressLine(const ProgressLine&) = delete;
  ProgressLine& operator=(const ProgressLine&) = delete;

  // `fraction` of the work done (0..1); `detail` a few words of where it is.
  void update(double fraction, const std::string& detail = {});
  // The last update: 100% and the time it took (once; the destructor calls it).
  void finish();

  // For graph::LoadOptions::progress: updates, false once interrupted.
  std::function<bool(double)> loadCallback();
  // For the engines' run(progress, cancel): updates with batch and level.
  std::function<void(const engine::Progress&)> searchCallback();

private:
  void draw(double fraction, const std::string& detail, bool last);

  std::string m_what;
  bool m_terminal;
  bool m_finished = false;
  int m_lastTenth = -1;
  double m_fraction = 0;
  std::chrono::steady_clock::time_point m_start;
  std::chrono::steady_clock::time_point m_lastDraw{};
};

} // namespace frontier::cli
