#include "StrategyNotes.h"

#include <algorithm>
#include <cstdio>
#include <vector>

namespace frontier::engine {

namespace {

bool instanceMajor(const RunTrace& t) { return t.options.find("instance-major") != std::string::npos; }
bool probes(const RunTrace& t) { return t.options.find(" probe") != std::string::npos; }

size_t pulledLevels(const RunTrace& t) {
  return static_cast<size_t>(std::count_if(t.iterations.begin(), t.iterations.end(),
                                           [](const IterationStats& it) { return it.direction == Direction::BottomUp; }));
}

std::string count(uint64_t value) {
  char text[32];
  if (value >= 10'000'000) {
    std::snprintf(text, sizeof text, "%.0f M", static_cast<double>(value) / 1e6);
  } else if (value >= 10'000) {
    std::snprintf(text, sizeof text, "%.0f k", static_cast<double>(value) / 1e3);
  } else {
    std::snprintf(text, sizeof text, "%llu", static_cast<unsigned long long>(value));
  }
  return text;
}

std::string ratio(uint64_t a, uint64_t b) {
  char text[32];
  const double r = static_cast<double>(a) / static_cast<double>(b);
  std::snprintf(text, sizeof text, "%.*f", r < 10 ? 1 : 0, r);
  return text;
}

// The layouts: instance-major walks each arc once per instance of 32
// searches, vertex-major once for all searches of a batch.
void layouts(const std::string& aName, const RunTrace& a, const std::string& bName, const RunTrace& b,
             std::vector<std::string>& out) {
  if (instanceMajor(a) == instanceMajor(b)) {
    return;
  }
  const bool aInstance = instanceMajor(a);
  const std::string& instName = aInstance ? aName : bName;
  const std::string& vertName = aInstance ? bName : aName;
  const RunTrace& inst = aInstance ? a : b;
  const RunTrace& vert = aInstance ? b : a;
  const uint32_t searches = inst.pairs - std::min(inst.pairs, inst.skippedPairs);
  if (searches <= 32) {
    out.push_back(instName + " and " + vertName + " both walk each arc once here (" + std::to_string(searches) +
                  " searches fit one instance of 32); the difference is in how their invocations are laid out");
    return;
  }
  std::string line = instName + " walks each level's arcs once per instance of 32 searches, " + vertName +
                     " once for all searches of a batch";
  if (inst.totals.edgesExamined > 0 && vert.totals.edgesExamined > 0) {
    line += ": " + count(inst.totals.edgesExamined) + " arcs examined against " + count(vert.totals.edgesExamined);
    if (inst.totals.edgesExamined > vert.totals.edgesExamined) {
      line += " (" + ratio(inst.totals.edgesExamined, vert.totals.edgesExamined) + "×)";
    }
  }
  out.push_back(line + ". Few pairs favour " + instName + ", many pairs " + vertName);
}

void pulls(const std::string& name, const RunTrace& t, const RunTrace& other, std::vector<std::string>& out) {
  if (t.options.find("direction=top-down") != std::string::npos || t.options.find("direction=") == std::string::npos) {
    return;
  }
  const size_t pulled = pulledLevels(t);
  if (pulled == 0) {
    if (pulledLevels(other) == 0 && other.options.find("direction=top-down") != std::string::npos) {
      out.push_back(name + " never pulled (no level's frontier reached its threshold), so it ran the same kernels "
                           "as a top-down search");
    }
    return;
  }
  out.push_back(name + " pulled on " + std::to_string(pulled) + " of " + std::to_string(t.iterations.size()) +
                " levels: a level that reaches most vertices costs less from the unvisited side");
}

void skipped(const std::string& name, const RunTrace& t, const RunTrace& other, std::vector<std::string>& out) {
  if (t.skippedPairs == 0 || t.skippedPairs == other.skippedPairs) {
    return;
  }
  out.push_back(name + " answered " + std::to_string(t.skippedPairs) + " of " + std::to_string(t.pairs) +
                " pairs without a search (their ends lie in different components)");
}

void probe(const std::string& name, const RunTrace& t, const RunTrace& other, std::vector<std::string>& out) {
  if (probes(t) && !probes(other)) {
    out.push_back(name + "'s destination probe stopped each search one level before its last expand");
  }
}

// Word lists: the JFQ lengths count status words, not vertices.
void wordLists(const std::string& name, const RunTrace& t, const RunTrace& other, std::vector<std::string>& out) {
  const auto uses = [](const RunTrace& r) { return r.options.find(" word-lists") != std::string::npos; };
  if (!uses(t) || uses(other) || t.iterations.empty()) {
    return;
  }
  uint64_t words = 0;
  for (const IterationStats& it : t.iterations) {
    words += it.jfqLength;
  }
  out.push_back(name + " identified and expanded only the status words that changed, " + count(words) +
                " words over " + std::to_string(t.iterations.size()) + " levels (" +
                count(words / t.iterations.size()) +
                " per level; its JFQ lengths count words), instead of every word of each vertex it examined");
}

} // namespace

std::string explainStrategies(const std::string& baselineName, const RunTrace& baseline, const std::string& runName,
                              const RunTrace& run) {
  if (baseline.algorithm != "ibfs" || run.algorithm != "ibfs") {
    return {};
  }
  std::vector<std::string> lines;
  layouts(runName, run, baselineName, baseline, lines);
  pulls(runName, run, baseline, lines);
  pulls(baselineName, baseline, run, lines);
  skipped(runName, run, baseline, lines);
  skipped(baselineName, baseline, run, lines);
  probe(runName, run, baseline, lines);
  probe(baselineName, baseline, run, lines);
  wordLists(runName, run, baseline, lines);
  wordLists(baselineName, baseline, run, lines);
  std::string text;
  for (const std::string& line : lines) {
    text += (text.empty() ? "" : " ") + line + ".";
  }
  return text;
}

} // namespace frontier::engine
