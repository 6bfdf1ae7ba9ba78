#pragma once
// One grammar for every run, iBFS or shortest paths:
//
//   spec   := head ( '+' switch )*
//   head   := an iBFS strategy (workgroups, coalesced, coalesced-bottom-up,
//             tuned) or a shortest-path algorithm (near-far, delta-step,
//             bellman-ford)
//   switch := name [ '=' value ]
//
// e.g. "coalesced+adaptive+lb", "tuned", "near-far+delta=500+B=16+Q=256",
// "delta-step+delta=3000", "bellman-ford". Which switches a head takes comes
// from its family in the registry (Registry.h); the spec text, trimmed, names
// the run everywhere (panels, tables, traces), so that two variants of one
// preset stay apart.
//
// Errors: SpecError (a std::invalid_argument) naming the bad part of the
// spec and listing what is allowed there.

#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "engine/sssp/SsspOptions.h"
#include "engine/ibfs/Strategy.h"
#include "run/Run.h"

namespace frontier::run {

enum class Engine : uint8_t {
  Ibfs,          // engine::Search: hop counts by concurrent BFS
  ShortestPaths, // engine::SsspSearch: weighted lengths
};

struct RunSpec {
  std::string text; // as given, trimmed
  Engine engine = Engine::Ibfs;
  engine::Strategy strategy; // Engine::Ibfs
  engine::SsspOptions sssp;  // Engine::ShortestPaths
  // Options were set past the text (frontier-cli's --searches-per-batch,
  // --direction, ...): the run is the engine the spec names, as configured.
  bool optionsOverridden = false;
  Unit unit() const noexcept { return engine == Engine::Ibfs ? Unit::Hops : Unit::Weight; }
};

class SpecError : public std::invalid_argument {
public:
  using std::invalid_argument::invalid_argument;
};

RunSpec parseRunSpec(std::string_view text);

// A comma-separated list of specs ("workgroups,coalesced+lb"); the message
// names the first bad one. SpecError when there are fewer than `least` or
// more than `most`.
std::vector<RunSpec> parseRunSpecList(std::string_view list, size_t least, size_t most);

// The spec of a strategy or of shortest-path options chosen elsewhere (the
// window's panels): the strategy's name (its spec when it came from one), or
// "ALGORITHM[+delta=D]+batch=B[+queries=Q]" (the long names of B and Q).
RunSpec specOf(const engine::Strategy& strategy);
RunSpec specOf(const engine::SsspOptions& options);

// Every head by family with the switches it takes, for --help.
std::string specGrammar();

} // namespace frontier::run
