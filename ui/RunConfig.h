#pragma once
// The settings of the window's runs, owned by LabController: the panels edit
// and show them, sessions save and restore them, scripted runs set them; no
// one reads a setting back out of a widget.
//
// Pure values, GUI thread.

#include <cstdint>
#include <optional>

#include <QString>

#include "run/RunSpec.h"

namespace frontier::ui {

struct RunConfig {
  QString graph;  // the path or generator spec the graph came from; empty before one is loaded
  // The iBFS strategy (the strategy panel's), and shortest paths when chosen
  // instead (the weighted-paths panel's): spec() is what runs.
  run::RunSpec strategy = run::parseRunSpec("coalesced");
  std::optional<run::RunSpec> paths;
  // How the pairs were chosen: "random:N" with `seed`, or a description of
  // pairs given one by one (a file, typed, clicked).
  QString pairs;
  uint64_t seed = 1;
  QString device;  // the device request: an index or a name substring, "" = the best

  const run::RunSpec& spec() const noexcept { return paths ? *paths : strategy; }
};

} // namespace frontier::ui
