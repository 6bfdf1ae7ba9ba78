#pragma once
// The body of `frontier-cli run` and its synonym `sssp`: any spec (iBFS or
// shortest paths) over a graph and pairs on the GPU, with the results file,
// the reports, --verify against the CPU reference and --step.

#include <string>

#include "EngineCli.h"
#include "SsspInput.h"
#include "run/RunSpec.h"

namespace CLI {
class App;
}

namespace frontier::cli {

struct SpecRunOptions {
  WeightedInput input;
  PairsChoice pairs;
  std::string device;
  std::string devices;      // --devices: "all" or indices; empty = one device
  uint32_t chunkPairs = 0;  // --chunk-pairs; 0 = the default (run/MultiDevice.h)
  std::string output;
  std::string json;
  std::string trace;
  std::string iterationsCsv;
  bool verify = false;
  bool step = false;
  bool validation = false;
  bool pipelineStatistics = false;  // count invocations per dispatch (idle-lane share)
};

// The graph input, the pairs, --device and the outputs and flags above.
void addSpecRunOptions(CLI::App& command, SpecRunOptions& options);

// Runs `spec`; the exit status (1 when a length differs from the reference
// or the validation layers reported errors).
int runSpec(const run::RunSpec& spec, const SpecRunOptions& options);

} // namespace frontier::cli
