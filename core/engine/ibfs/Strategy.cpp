#include "engine/ibfs/Strategy.h"

#include <sstream>
#include <stdexcept>

#include "graph/GraphStats.h"

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
  {
    Strategy s{"tuned",
               "Picks the switches from the graph's shape and the pair count: coalesced layout, load-balanced "
               "expand, aggregated appends, adaptive outlining, component filter, sparse identify, GroupBy and "
               "a search from both ends (bidir) on skewed degrees. On the command line (run, bench), road networks "
               "and meshes that fit go to the resident engine, every arc weighing 1.",
               {}};
    s.options.tuned = true;
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
    text << " scan-jfq(" << scanKindName(scanKind) << ")";
  }
  if (sparseIdentify) {
    text << " sparse-identify";
  }
  if (probeDestinations) {
    text << " probe";
  }
  if (wordLists) {
    text << " word-lists";
  }
  if (groupBy) {
    text << " group-by";
  }
  if (componentFilter) {
    text << " component-filter";
  }
  if (ends == SearchEnds::Both) {
    text << " bidir(both within " << bidirBothRatio << "x)";
  } else if (ends == SearchEnds::One) {
    text << " one-way";
  }
  if (tuned) {
    text << " tuned";
  }
  return text.str();
}

EngineOptions tunedOptions(const graph::GraphStats& shape, size_t pairs) {
  EngineOptions o;
  o.layout = Layout::VertexMajor;
  o.direction = DirectionPolicy::TopDown;  // pulling lost to the load-balanced push on every graph measured
  o.levelsPerSubmit = 0;                   // adaptive outlining: few read-backs
  o.aggregatedAppends = true;
  o.loadBalancedExpand = true;
  o.sparseIdentify = true;                 // cheap when a level touches few vertices, free otherwise
  o.componentFilter = shape.components > 1;
  // Sources that share a hub share frontiers: group them on skewed degrees.
  const bool skewed = shape.degreeMean > 0 && static_cast<double>(shape.degreeMax) > 16 * shape.degreeMean;
  o.groupBy = skewed;
  // Both ends where a search's side without hubs meets the other within a
  // few levels: faster on every Kronecker row measured (H100: k20 1024 pairs
  // 3.43 -> 2.50 ms, k22 8192 69.0 -> 43.4); on a grid the halved levels do
  // not pay: its frontier lists hold most vertices at every level (315 ms
  // one way with word lists, 836 both ways), so lattices and roads stay one
  // way (docs/BENCHMARKS.md).
  o.ends = skewed ? SearchEnds::Both : SearchEnds::One;
  o.probeDestinations = true;             // a search ends a level early: its widest sweep is skipped
  // Lists of changed status words on lattices and roads (low degrees, no
  // hubs, thousands of levels that each change a few bits of many words):
  // H100, 1024 pairs, grid 1000x1000 613 -> 486 ms, luxembourg_osm 104 -> 66
  // (docs/BENCHMARKS.md). On hubs a word's arcs serialise on one invocation
  // (Kronecker 20: 142 ms against 3.4), so skewed graphs keep the JFQ.
  o.wordLists = !skewed && shape.degreeMean <= 8;
  if (o.wordLists) {
    // The JFQ switches do not apply to the word lists' kernels: off, so the
    // trace's options say what runs.
    o.aggregatedAppends = false;
    o.loadBalancedExpand = false;
    o.sparseIdentify = false;
  }
  o.searchesPerBatch = 1024;
  (void)pairs;  // batches shrink to the pairs on their own; kept for rules on the pair count
  return o;
}

std::string_view strategySwitches() {
  return "top-down, jfq[=F], beamer, omega=N, k=N, adaptive, agg, lb, scan, scan-rts, sparse, cf, groupby, probe, "
         "worklist, "
         "bidir[=R], one-way";
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

void requireSwitchAfterEveryPlus(std::string_view spec) {
  const size_t plus = spec.find('+');
  if (plus == std::string_view::npos) {
    return;
  }
  const std::string_view switches = spec.substr(plus + 1);
  if (switches.empty() || switches.front() == '+' || switches.back() == '+' ||
      switches.find("++") != std::string_view::npos) {
    throw std::invalid_argument("an empty switch in '" + std::string(spec) + "': every '+' is followed by a switch");
  }
}

Strategy strategyFromSpec(std::string_view spec) {
  requireSwitchAfterEveryPlus(spec);
  const size_t plus = spec.find('+');
  Strategy strategy = strategyByName(spec.substr(0, plus));
  EngineOptions& o = strategy.options;
  std::string_view rest = plus == std::string_view::npos ? std::string_view() : spec.substr(plus + 1);
  while (!rest.empty()) {
    const size_t next = rest.find('+');
    const std::string_view item = rest.substr(0, next);
    rest = next == std::string_view::npos ? std::string_view() : rest.substr(next + 1);
    const size_t equals = item.find('=');
    const std::string key(item.substr(0, equals));
    const std::string value = equals == std::string_view::npos ? std::string() : std::string(item.substr(equals + 1));
    const auto number = [&]() {
      size_t used = 0;
      double parsed = 0;
      try {
        parsed = std::stod(value, &used);
      } catch (const std::exception&) {
        used = 0;
      }
      if (value.empty() || used != value.size() || parsed < 0) {
        throw std::invalid_argument("switch '" + key + "' in '" + std::string(spec) + "' needs a number");
      }
      return parsed;
    };
    if (key == "top-down") {
      o.direction = DirectionPolicy::TopDown;
    } else if (key == "jfq") {
      o.direction = DirectionPolicy::JfqThreshold;
      if (equals != std::string_view::npos) {
        o.jfqThreshold = number();
      }
    } else if (key == "beamer") {
      o.direction = DirectionPolicy::Beamer;
    } else if (key == "omega") {
      o.searchesPerBatch = static_cast<uint32_t>(number());
    } else if (key == "k") {
      o.levelsPerSubmit = static_cast<uint32_t>(number());
    } else if (key == "adaptive") {
      o.levelsPerSubmit = 0;
    } else if (key == "agg") {
      o.aggregatedAppends = true;
    } else if (key == "lb") {
      o.loadBalancedExpand = true;
    } else if (key == "scan" || key == "scan-rts") {
      o.scanBuiltJfq = true;
      o.scanKind = key == "scan" ? ScanKind::Chained : ScanKind::ReduceThenScan;
    } else if (key == "sparse") {
      o.sparseIdentify = true;
    } else if (key == "groupby") {
      o.groupBy = true;
    } else if (key == "cf") {
      o.componentFilter = true;
    } else if (key == "probe") {
      o.probeDestinations = true;
    } else if (key == "worklist") {
      o.wordLists = true;
    } else if (key == "bidir") {
      o.ends = SearchEnds::Both;
      if (equals != std::string_view::npos) {
        o.bidirBothRatio = number();
      }
    } else if (key == "one-way") {
      o.ends = SearchEnds::One;
    } else {
      throw std::invalid_argument("unknown switch '" + std::string(item) + "' in '" + std::string(spec) +
                                  "' (" + std::string(strategySwitches()) + ")");
    }
    // A known switch that takes no value was given one: "probe=0" would
    // otherwise turn the probe on. (A new switch with a value belongs here.)
    const bool takesValue = key == "jfq" || key == "omega" || key == "k" || key == "bidir";
    if (equals != std::string_view::npos && !takesValue) {
      throw std::invalid_argument("switch '" + key + "' in '" + std::string(spec) +
                                  "' takes no value: give it alone to turn it on, leave it out to turn it off");
    }
  }
  validateOptions(o, spec);
  strategy.name = std::string(spec);
  return strategy;
}

void validateOptions(const EngineOptions& o, std::string_view what) {
  if (o.tuned) {
    return;  // tunedOptions() replaces the switches when the search starts
  }
  if (o.direction != DirectionPolicy::TopDown && o.layout != Layout::VertexMajor) {
    throw std::invalid_argument("'" + std::string(what) + "': the instance-major layout has no bottom-up expand");
  }
  if (o.ends == SearchEnds::Both && (o.layout != Layout::VertexMajor || o.direction != DirectionPolicy::TopDown ||
                                     o.scanBuiltJfq)) {
    throw std::invalid_argument("'" + std::string(what) +
                                "': bidir (a search from both ends) needs the vertex-major layout, top-down "
                                "expands and no scan-built JFQ; use a coalesced strategy without jfq, beamer "
                                "and scan");
  }
  if (o.wordLists && (o.layout != Layout::VertexMajor || o.direction != DirectionPolicy::TopDown ||
                      o.scanBuiltJfq || o.ends == SearchEnds::Both)) {
    throw std::invalid_argument("'" + std::string(what) +
                                "': worklist (lists of changed status words) needs the vertex-major layout, "
                                "top-down expands, no scan-built JFQ and a one-way search; use a coalesced "
                                "strategy without jfq, beamer, scan and bidir");
  }
  if (o.scanBuiltJfq && o.layout != Layout::VertexMajor) {
    throw std::invalid_argument("'" + std::string(what) +
                                "': the scan-built JFQ needs the vertex-major layout (the instance-major layout "
                                "keeps one queue per instance); use a coalesced strategy");
  }
}

} // namespace frontier::engine
