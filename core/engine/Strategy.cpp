#include "Strategy.h"

#include <sstream>
#include <stdexcept>

namespace frontier::engine {

namespace {

std::vector<Strategy> makeStrategies() {
  std::vector<Strategy> out;
  {
    Strategy s{"workgroups",
               "The thesis' first scheme: instances of 32 searches, one status word per vertex per instance "
               "(instance-major), a JFQ per instance, strided loops, the expand's arc loop spread over the "
               "workgroup's y dimension.",
               {}};
    s.options.layout = Layout::InstanceMajor;
    s.options.searchesPerBatch = 1024;
    out.push_back(s);
  }
  {
    Strategy s{"coalesced",
               "Vertex-major status words (W words of 32 searches per vertex): a team of W invocations per "
               "vertex, so every arc update is one contiguous run of words; one vote per vertex builds a joint "
               "frontier queue.",
               {}};
    s.options.layout = Layout::VertexMajor;
    out.push_back(s);
  }
  {
    Strategy s{"coalesced-bottom-up",
               "Coalesced plus direction switching: pull over the reverse CSR when the JFQ holds more than "
               "0.83 V vertices (the thesis' threshold); Beamer's arc-count heuristic as an option.",
               {}};
    s.options.layout = Layout::VertexMajor;
    s.options.direction = DirectionPolicy::JfqThreshold;
    out.push_back(s);
  }
  return out;
}

std::string policyText(const EngineOptions& o) {
  std::ostringstream text;
  switch (o.direction) {
  case DirectionPolicy::TopDown: return "top-down";
  case DirectionPolicy::JfqThreshold: text << "jfq(" << o.jfqThreshold << ")"; break;
  case DirectionPolicy::Beamer: text << "beamer(alpha=" << o.beamerAlpha << ",beta=" << o.beamerBeta << ")"; break;
  }
  return text.str();
}

} // namespace

std::string EngineOptions::describe() const {
  std::ostringstream text;
  text << "layout=" << (layout == Layout::VertexMajor ? "vertex-major" : "instance-major")
       << " searches/batch=" << searchesPerBatch << " direction=" << policyText(*this);
  text << " levels/submit=" << (levelsPerSubmit == 0 ? std::string("adaptive") : std::to_string(levelsPerSubmit));
  if (aggregatedAppends) {
    text << " aggregated-appends";
  }
  if (loadBalancedExpand) {
    text << " load-balanced";
  }
  if (scanBuiltJfq) {
    text << " scan-jfq";
  }
  if (sparseIdentify) {
    text << " sparse-identify";
  }
  if (groupBy) {
    text << " group-by";
  }
  return text.str();
}

const std::vector<Strategy>& strategies() {
  static const std::vector<Strategy> all = makeStrategies();
  return all;
}

std::vector<std::string> strategyNames() {
  std::vector<std::string> names;
  for (const Strategy& s : strategies()) {
    names.push_back(s.name);
  }
  return names;
}

Strategy strategyByName(std::string_view name) {
  for (const Strategy& s : strategies()) {
    if (s.name == name) {
      return s;
    }
  }
  std::string known;
  for (const Strategy& s : strategies()) {
    known += (known.empty() ? "" : ", ") + s.name;
  }
  throw std::invalid_argument("unknown strategy '" + std::string(name) + "' (known: " + known + ")");
}

} // namespace frontier::engine
