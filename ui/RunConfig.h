#pragma once
// The settings of the window's runs, owned by LabController: the panels edit
// and show them, sessions save and restore them, scripted runs set them; no
// one reads a setting back out of a widget.
//
// Pure values, GUI thread.

#include <cstdint>
#include <optional>
#include <vector>

#include <QString>
#include <QStringList>

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
  // The comparison's entries (2 to 4), in the comparison window's order;
  // empty until the window first opens or a session or --compare sets them.
  std::vector<run::RunSpec> comparison;
  // `comparison` is the default offered for the graph, not a choice: a graph
  // of the other kind (weighted or not) replaces it with its own default.
  bool comparisonOffered = false;
  // The comparison's devices (indices, as gpu::chooseDevices gives them):
  // entry i runs on compareDevices[i mod n], the devices at the same time;
  // empty = every entry on the window's device.
  std::vector<uint32_t> compareDevices;
  // Count invocations (pipeline-statistics queries) and read each
  // pipeline's registers, shared memory and spills where the driver tells
  // them (Run > Count invocations and pipeline statistics,
  // --pipeline-statistics); a measuring choice of this window, not saved
  // in sessions.
  bool pipelineStatistics = false;

  const run::RunSpec& spec() const noexcept { return paths ? *paths : strategy; }
  // The comparison's specs as given (each one's text).
  QStringList comparisonSpecs() const;
};

// A comparison's entries from their specs: 2 to 4, each of the one grammar
// (run::parseRunSpec). run::SpecError naming the bad spec, or the count.
std::vector<run::RunSpec> parseComparison(const QStringList& specs);

// The entries offered before any are chosen: the iBFS presets, or on a
// weighted graph the shortest-path algorithms.
std::vector<run::RunSpec> defaultComparison(bool weighted);

} // namespace frontier::ui
