#pragma once
// The families of runs: which spec heads each takes, how its switches are
// read and how its run is made. Adding a strategy to an existing engine
// touches only that engine's room (a preset in engine/ibfs, an algorithm in
// engine/sssp); adding an engine adds one family here and its adapter, and
// the CLI, the bench, the worker and the comparison take it as they are.

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "run/Run.h"
#include "run/RunSpec.h"

namespace frontier::run {

class DeviceInputs;

struct Family {
  Engine engine;
  std::string_view name; // "iBFS", "shortest paths", as messages show it
  // The heads this family takes ("coalesced", "near-far", ...), in display order.
  std::vector<std::string> (*heads)();
  // The switches in words, for messages and --help.
  std::string_view switches;
  // Whether `head` is one of this family's (aliases included).
  bool (*accepts)(std::string_view head);
  // Fills `spec` from the head and the switches (the text after the first
  // '+', possibly empty). SpecError naming the bad switch.
  void (*parse)(RunSpec& spec, std::string_view head, std::string_view switches);
  // One iteration in a terminal line (frontier-cli run --step), without the
  // kernel times.
  std::string (*stepLine)(const engine::IterationStats& iteration);
  std::unique_ptr<Run> (*make)(DeviceInputs& inputs, std::vector<graph::Pair> pairs, const RunSpec& spec,
                               const RunOptions& options);
  // Makes the device copies a run of `spec` reads (graph, weights) ahead of
  // the first run, so that a caller can time runs without the upload.
  void (*prepare)(DeviceInputs& inputs, const RunSpec& spec);
};

const std::vector<Family>& families();
const Family& familyOf(Engine engine);

// Makes the run a spec names over `inputs`' graph (its device copies are made
// on first need and kept there for the next run). Errors as the engine's.
std::unique_ptr<Run> makeRun(DeviceInputs& inputs, std::vector<graph::Pair> pairs, const RunSpec& spec,
                             const RunOptions& options = {});

// Whether runs of `spec` can share their batches between devices
// (RunOptions::claimBatch): the iBFS engine's can.
bool sharesBatches(const RunSpec& spec);

} // namespace frontier::run
