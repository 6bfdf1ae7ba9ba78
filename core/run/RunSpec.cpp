#include "run/RunSpec.h"

#include <charconv>
#include <sstream>
#include <stdexcept>

#include "engine/ibfs/Strategy.h"
#include "run/Registry.h"

namespace frontier::run {

namespace {

std::string_view trim(std::string_view text) {
  while (!text.empty() && (text.front() == ' ' || text.front() == '\t')) {
    text.remove_prefix(1);
  }
  while (!text.empty() && (text.back() == ' ' || text.back() == '\t')) {
    text.remove_suffix(1);
  }
  return text;
}

std::string joined(const std::vector<std::string>& names) {
  std::string out;
  for (const std::string& name : names) {
    out += (out.empty() ? "" : ", ") + name;
  }
  return out;
}

std::string knownHeads() {
  std::string out;
  for (const Family& family : families()) {
    out += (out.empty() ? "" : "; ") + std::string(family.name) + ": " + joined(family.heads());
  }
  return out;
}

} // namespace

RunSpec parseRunSpec(std::string_view text) {
  const std::string_view spec = trim(text);
  if (spec.empty()) {
    throw SpecError("an empty strategy spec (" + knownHeads() + ")");
  }
  const size_t plus = spec.find('+');
  const std::string_view head = spec.substr(0, plus);
  const std::string_view switches = plus == std::string_view::npos ? std::string_view() : spec.substr(plus + 1);
  try {
    engine::requireSwitchAfterEveryPlus(spec);
  } catch (const std::invalid_argument& error) {
    throw SpecError(error.what());
  }
  for (const Family& family : families()) {
    if (family.accepts(head)) {
      RunSpec out;
      out.text = std::string(spec);
      out.engine = family.engine;
      family.parse(out, head, switches);
      return out;
    }
  }
  throw SpecError("unknown strategy '" + std::string(head) + "' in '" + std::string(spec) + "' (" + knownHeads() + ")");
}

std::vector<RunSpec> parseRunSpecList(std::string_view list, size_t least, size_t most) {
  std::vector<RunSpec> specs;
  while (true) {
    const size_t comma = list.find(',');
    specs.push_back(parseRunSpec(list.substr(0, comma)));
    if (comma == std::string_view::npos) {
      break;
    }
    list = list.substr(comma + 1);
  }
  if (specs.size() < least || specs.size() > most) {
    throw SpecError("a comparison takes " + std::to_string(least) + " to " + std::to_string(most) +
                    " strategies, not " + std::to_string(specs.size()));
  }
  return specs;
}

RunSpec specOf(const engine::Strategy& strategy) {
  RunSpec out;
  out.text = strategy.name;
  out.engine = Engine::Ibfs;
  out.strategy = strategy;
  return out;
}

RunSpec specOf(const engine::SsspOptions& options) {
  std::ostringstream text;
  text << engine::algorithmName(options.algorithm);
  if (options.delta != 0) {
    // The shortest text that reads back as the same double.
    char number[32];
    const auto written = std::to_chars(number, number + sizeof number, options.delta);
    text << "+delta=" << std::string_view(number, static_cast<size_t>(written.ptr - number));
  }
  text << "+batch=" << options.iterationsPerSubmit;
  if (options.queriesPerBatch > 0) {
    text << "+queries=" << options.queriesPerBatch;
  }
  if (options.chainRounds != engine::kAutomaticChain) {
    text << "+chain=" << options.chainRounds;
  }
  RunSpec out;
  out.text = text.str();
  out.engine = Engine::ShortestPaths;
  out.sssp = options;
  return out;
}

std::string specGrammar() {
  std::string out;
  bool first = true;
  for (const Family& family : families()) {
    out += std::string(first ? "" : "; ") + std::string(family.name) + ": " + joined(family.heads()) +
           " with switches " + std::string(family.switches);
    first = false;
  }
  return out;
}

} // namespace frontier::run
