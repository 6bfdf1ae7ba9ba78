#pragma once
// The settings of the window's runs, owned by LabController: the panels edit
// and show them, sessions save and restore them, scripted runs set them; no
// one reads a setting back out of a widget.
//
// Pure values, GUI thread.

#include <optional>

#include <QString>

#include "PairsSpec.h"
#include "run/RunSpec.h"

namespace frontier::ui {

struct RunConfig {
  QString graph;  // the path or generator spec the graph came from; empty before one is loaded
  // The iBFS strategy (the strategy panel's), and shortest paths when chosen
  // instead (the weighted-paths panel's): spec() is what runs.
  // The window's default: the strategy that shows the most (direction switching).
  run::RunSpec strategy = run::parseRunSpec("coalesced-bottom-up");
  std::optional<run::RunSpec> paths;
  PairsSpec pairs;
  QString device;  // the device request: an index or a name substring, "" = the best

  const run::RunSpec& spec() const noexcept { return paths ? *paths : strategy; }
};

} // namespace frontier::ui
